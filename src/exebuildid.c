/*
 * exebuildid.c - the NT_GNU_BUILD_ID note, through libelf.
 */
#include "exebuildid.h"

#include <gelf.h>
#include <stdint.h>
#include <string.h>

#include "srcline.h"

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

/* The build id in note data DATA, up to CAP bytes into BUF; its length or 0. */
static size_t
find_build_id(Elf_Data *data, uint8_t *buf, size_t cap)
{
	GElf_Nhdr nh;
	size_t off = 0, name_off, desc_off, next;

	while (data != NULL && (next = gelf_getnote(data, off, &nh, &name_off,
						    &desc_off)) > 0) {
		const char *base = data->d_buf;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp(base + name_off, "GNU", 4) == 0 && nh.n_descsz > 0) {
			size_t n = nh.n_descsz < cap ? nh.n_descsz : cap;
			memcpy(buf, base + desc_off, n);
			return n;
		}
		off = next;
	}
	return 0;
}

size_t
exe_build_id_bytes(struct exe *x, uint8_t *buf, size_t cap)
{
	Elf *elf = x->elf;
	Elf_Scn *scn = NULL;
	size_t n = 0, nph = 0;

	if (elf == NULL)
		return 0;
	srcline_wait(x);
	while (n == 0 && (scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) != NULL && sh.sh_type == SHT_NOTE)
			n = find_build_id(elf_getdata(scn, NULL), buf, cap);
	}
	if (n == 0 && elf_getphdrnum(elf, &nph) == 0) {
		for (size_t i = 0; n == 0 && i < nph; i++) {
			GElf_Phdr ph;
			if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
			    ph.p_type != PT_NOTE)
				continue;
			n = find_build_id(
			    elf_getdata_rawchunk(elf, (int64_t)ph.p_offset,
						 ph.p_filesz, ELF_T_NHDR),
			    buf, cap);
		}
	}
	return n;
}

const char *
build_id_hex(const uint8_t *id, size_t n, char *hex, size_t room)
{
	static const char digits[] = "0123456789abcdef";

	if (room > 0)
		hex[0] = '\0';
	if (room == 0 || n * 2 + 1 > room)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		hex[2 * i] = digits[id[i] >> 4];
		hex[2 * i + 1] = digits[id[i] & 15];
	}
	hex[2 * n] = '\0';
	return hex;
}

int
exe_build_id(struct exe *x, char *hex, size_t room)
{
	uint8_t id[64];
	size_t n;

	if (room > 0)
		hex[0] = '\0';
	if (x == NULL || room == 0)
		return -1;
	n = exe_build_id_bytes(x, id, sizeof(id));
	if (n == 0 || build_id_hex(id, n, hex, room) == NULL)
		return -1;
	return 0;
}
