/*
 * exe.c - read an ELF executable with libelf: header facts, the static
 * symbol table classified the way nm letters do, and code bytes.  Its
 * DWARF half (source positions) is srcline.c.
 *
 * Invariant: nothing here decides which symbols are functions; that is
 * symtab.c's job.  This module only reports what the file says.
 */
#include "exe.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader.h"
#include "srcline.h"

struct secinfo {
	bool code;  /* SHF_EXECINSTR */
	bool alloc; /* SHF_ALLOC */
	bool ok;    /* a real section */
};

static char
classify(const GElf_Sym *s, const struct secinfo *sec)
{
	unsigned bind = GELF_ST_BIND(s->st_info);
	unsigned type = GELF_ST_TYPE(s->st_info);
	bool local = bind == STB_LOCAL;

	if (type == STT_SECTION || type == STT_FILE)
		return 'N';
	if (s->st_shndx == SHN_COMMON)
		return 'C';
	if (s->st_shndx == SHN_UNDEF)
		return bind == STB_WEAK ? (type == STT_OBJECT ? 'v' : 'w')
					: 'U';
	if (type == STT_GNU_IFUNC)
		return 'i';
	if (bind == STB_WEAK)
		return type == STT_OBJECT ? 'V' : 'W';
	if (bind == STB_GNU_UNIQUE)
		return 'u';
	if (bind != STB_LOCAL && bind != STB_GLOBAL)
		return '?';
	if (s->st_shndx == SHN_ABS)
		return local ? 'a' : 'A';
	if (sec == NULL || !sec->ok)
		return '?';
	if (sec->code)
		return local ? 't' : 'T';
	return local ? 'd' : 'D';
}

static int
read_sections(struct exe *x, Elf *elf, struct secinfo **out, size_t *nout,
	      Elf_Scn **symscn, Elf_Scn **dynscn, struct gp_err *err)
{
	size_t nsec, shstrndx;
	struct secinfo *si;
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(elf, &nsec) != 0 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return gp_fail(err, "%s: bad section headers", x->path);
	si = xcalloc(nsec ? nsec : 1, sizeof(*si));
	*symscn = *dynscn = NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		size_t idx = elf_ndxscn(scn);
		const char *name;

		if (gelf_getshdr(scn, &sh) == NULL || idx >= nsec)
			continue;
		si[idx].ok = true;
		si[idx].code = (sh.sh_flags & SHF_EXECINSTR) != 0;
		si[idx].alloc = (sh.sh_flags & SHF_ALLOC) != 0;
		if (sh.sh_type == SHT_SYMTAB && *symscn == NULL)
			*symscn = scn;
		if (sh.sh_type == SHT_DYNSYM && *dynscn == NULL)
			*dynscn = scn;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name != NULL && strcmp(name, ".text") == 0 &&
		    !x->text_found && sh.sh_addr <= UINT64_MAX - sh.sh_size) {
			x->text_found = true;
			x->text_lo = sh.sh_addr;
			x->text_hi = sh.sh_addr + sh.sh_size;
		}
	}
	*out = si;
	*nout = nsec;
	return 0;
}

static void
read_segments(struct exe *x, Elf *elf)
{
	size_t nph;

	x->load_lo = x->exec_lo = UINT64_MAX;
	x->load_hi = x->exec_hi = 0;
	if (elf_getphdrnum(elf, &nph) != 0)
		nph = 0;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD)
			continue;
		if (ph.p_vaddr < x->load_lo)
			x->load_lo = ph.p_vaddr;
		if (ph.p_vaddr + ph.p_memsz > x->load_hi &&
		    ph.p_vaddr <= UINT64_MAX - ph.p_memsz)
			x->load_hi = ph.p_vaddr + ph.p_memsz;
		if ((ph.p_flags & PF_X) && ph.p_memsz > 0 &&
		    ph.p_vaddr <= UINT64_MAX - ph.p_memsz) {
			if (ph.p_vaddr < x->exec_lo)
				x->exec_lo = ph.p_vaddr;
			if (ph.p_vaddr + ph.p_memsz > x->exec_hi)
				x->exec_hi = ph.p_vaddr + ph.p_memsz;
		}
	}
	if (x->load_lo > x->load_hi)
		x->load_lo = x->load_hi = 0;
	if (x->exec_lo > x->exec_hi)
		x->exec_lo = x->exec_hi = 0;
}

static int
read_symbols(struct exe *x, Elf *elf, Elf_Scn *scn, const struct secinfo *si,
	     size_t nsec, struct gp_err *err)
{
	GElf_Shdr sh;
	Elf_Data *data, *strdata, *xdata = NULL;
	Elf_Scn *strscn, *s = NULL;
	size_t n;

	if (gelf_getshdr(scn, &sh) == NULL || sh.sh_entsize == 0)
		return gp_fail(err, "%s: bad symbol table", x->path);
	data = elf_getdata(scn, NULL);
	strscn = elf_getscn(elf, sh.sh_link);
	strdata = strscn ? elf_getdata(strscn, NULL) : NULL;
	if (data == NULL || strdata == NULL || strdata->d_buf == NULL)
		return gp_fail(err, "%s: bad symbol table", x->path);
	while ((s = elf_nextscn(elf, s)) != NULL) {
		GElf_Shdr xs;
		if (gelf_getshdr(s, &xs) != NULL &&
		    xs.sh_type == SHT_SYMTAB_SHNDX &&
		    xs.sh_link == elf_ndxscn(scn))
			xdata = elf_getdata(s, NULL);
	}
	n = data->d_size / sh.sh_entsize;
	x->syms = xcalloc(n ? n : 1, sizeof(*x->syms));
	x->nsyms = 0;
	for (size_t i = 1; i < n; i++) {
		GElf_Sym sym;
		Elf32_Word shx;
		struct exe_sym *e;
		size_t shndx;

		if (gelf_getsymshndx(data, xdata, (int)i, &sym, &shx) == NULL)
			continue;
		if (sym.st_name >= strdata->d_size)
			continue;
		shndx = sym.st_shndx == SHN_XINDEX ? shx : sym.st_shndx;
		e = &x->syms[x->nsyms++];
		e->name = (const char *)strdata->d_buf + sym.st_name;
		e->name_room = strdata->d_size - sym.st_name;
		if (memchr(e->name, '\0', e->name_room) == NULL) {
			x->nsyms--;
			continue;
		}
		e->addr = sym.st_value;
		e->size = sym.st_size;
		e->bind = GELF_ST_BIND(sym.st_info);
		e->type = GELF_ST_TYPE(sym.st_info);
		e->letter = classify(&sym, (sym.st_shndx < SHN_LORESERVE ||
					    sym.st_shndx == SHN_XINDEX) &&
						   shndx < nsec
					       ? &si[shndx]
					       : NULL);
	}
	return 0;
}

static int open_elf(struct exe *x, const char *path, bool dynsym,
		    struct gp_err *err);

int
exe_open(struct exe *x, const char *path, struct gp_err *err)
{
	return open_elf(x, path, false, err);
}

int
exe_open_object(struct exe *x, const char *path, struct gp_err *err)
{
	return open_elf(x, path, true, err);
}

static int
open_elf(struct exe *x, const char *path, bool dynsym, struct gp_err *err)
{
	Elf *elf;
	GElf_Ehdr eh;
	struct secinfo *si = NULL;
	size_t nsec = 0;
	Elf_Scn *symscn = NULL, *dynscn = NULL;
	int rc;

	memset(x, 0, sizeof(*x));
	x->path = path;
	x->fd = open_regular(path, NULL, err);
	if (x->fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	elf = elf_begin(x->fd, ELF_C_READ_MMAP, NULL);
	if (elf == NULL || elf_kind(elf) != ELF_K_ELF ||
	    gelf_getehdr(elf, &eh) == NULL) {
		if (elf)
			elf_end(elf);
		close(x->fd);
		return gp_fail(err, "%s: not an ELF executable", path);
	}
	x->elf = elf;
	x->word = eh.e_ident[EI_CLASS] == ELFCLASS32 ? 4 : 8;
	x->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	x->machine = eh.e_machine;
	rc = read_sections(x, elf, &si, &nsec, &symscn, &dynscn, err);
	if (rc == 0 && symscn == NULL && dynsym)
		symscn =
		    dynscn; /* a stripped library: its exported functions */
	if (rc == 0 && symscn == NULL)
		rc = gp_fail(err, "%s: no symbols", path);
	if (rc == 0)
		rc = read_symbols(x, elf, symscn, si, nsec, err);
	free(si);
	read_segments(x, elf);
	if (rc != 0) {
		exe_close(x);
		return -1;
	}
	return 0;
}

void
exe_close(struct exe *x)
{
	srcline_close(x);
	if (x->elf)
		elf_end(x->elf);
	if (x->fd >= 0)
		close(x->fd);
	free(x->syms);
	memset(x, 0, sizeof(*x));
	x->fd = -1;
}

const unsigned char *
exe_code_at(struct exe *x, uint64_t addr, uint64_t *base, size_t *n)
{
	Elf_Scn *scn = NULL;

	srcline_wait(x); /* libelf is not shared with the DWARF pass */
	while ((scn = elf_nextscn(x->elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		if (addr < sh.sh_addr || addr - sh.sh_addr >= sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL)
			return NULL;
		*base = sh.sh_addr;
		*n = d->d_size < sh.sh_size ? d->d_size : sh.sh_size;
		return d->d_buf;
	}
	return NULL;
}
