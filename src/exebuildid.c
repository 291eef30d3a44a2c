/*
 * exebuildid.c - the NT_GNU_BUILD_ID note, through libelf.
 */
#include "exebuildid.h"

#include <gelf.h>
#include <string.h>

#include "srcline.h"

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

/* The build id in note section data D, as hex into HEX; 0 or -1. */
static int
note_id(Elf_Data *d, char *hex, size_t room)
{
	static const char digits[] = "0123456789abcdef";
	GElf_Nhdr nh;
	size_t off = 0, next, name_off, desc_off;

	while ((next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		const unsigned char *p = d->d_buf;

		off = next;
		if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
		    memcmp(p + name_off, "GNU", 4) != 0)
			continue;
		if (nh.n_descsz == 0 || nh.n_descsz * 2 + 1 > room)
			return -1;
		for (size_t i = 0; i < nh.n_descsz; i++) {
			hex[2 * i] = digits[p[desc_off + i] >> 4];
			hex[2 * i + 1] = digits[p[desc_off + i] & 15];
		}
		hex[2 * nh.n_descsz] = '\0';
		return 0;
	}
	return -1;
}

int
exe_build_id(struct exe *x, char *hex, size_t room)
{
	Elf_Scn *scn = NULL;

	if (room > 0)
		hex[0] = '\0';
	if (x == NULL || x->elf == NULL || room == 0)
		return -1;
	srcline_wait(x);
	while ((scn = elf_nextscn(x->elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (d != NULL && d->d_buf != NULL && note_id(d, hex, room) == 0)
			return 0;
	}
	hex[0] = '\0';
	return -1;
}
