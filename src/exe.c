/*
 * exe.c - read an ELF executable with libelf: header facts, the static
 * symbol table classified the way nm letters do, and lazy DWARF source
 * lookups with libdw.
 *
 * Invariant: nothing here decides which symbols are functions; that is
 * symtab.c's job.  This module only reports what the file says.
 */
#include "exe.h"

#include <elf.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader.h"

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
	      Elf_Scn **symscn, struct gp_err *err)
{
	size_t nsec, shstrndx;
	struct secinfo *si;
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(elf, &nsec) != 0 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return gp_fail(err, "%s: bad section headers", x->path);
	si = xcalloc(nsec ? nsec : 1, sizeof(*si));
	*symscn = NULL;
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

	x->load_lo = UINT64_MAX;
	x->load_hi = 0;
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
	}
	if (x->load_lo > x->load_hi)
		x->load_lo = x->load_hi = 0;
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

int
exe_open(struct exe *x, const char *path, struct gp_err *err)
{
	Elf *elf;
	GElf_Ehdr eh;
	struct secinfo *si = NULL;
	size_t nsec = 0;
	Elf_Scn *symscn = NULL;
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
	rc = read_sections(x, elf, &si, &nsec, &symscn, err);
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

static void prefetch_wait(struct exe *x);

void
exe_close(struct exe *x)
{
	prefetch_wait(x);
	if (x->dwarf)
		dwarf_end(x->dwarf);
	if (x->elf)
		elf_end(x->elf);
	if (x->fd >= 0)
		close(x->fd);
	free(x->syms);
	for (size_t i = 0; i < x->nsrc; i++)
		free(x->src[i].file);
	free(x->src);
	exe_warn_pending(x);
	for (size_t i = 0; i < x->nkept; i++)
		free(x->kept[i]);
	free(x->kept);
	memset(x, 0, sizeof(*x));
	x->fd = -1;
}

static const unsigned char *section_bytes(Elf *elf, const char *want,
					  size_t *n);

/*
 * A libdw handle on X, or NULL: without a note when X has no DWARF at
 * all, with one when it has a .debug_info that libdw cannot take.
 */
static Dwarf *
open_dwarf(struct exe *x)
{
	Dwarf *dw = dwarf_begin_elf(x->elf, DWARF_C_READ, NULL);
	size_t n;

	if (dw == NULL && section_bytes(x->elf, ".debug_info", &n) != NULL)
		exe_note(x, EXE_BAD_DWARF, ".debug_info",
			 "unreadable debugging information (%s); source "
			 "files are unknown",
			 dwarf_errmsg(-1));
	return dw;
}

/* The bytes of section WANT of ELF, decompressed; NULL when absent. */
static const unsigned char *
section_bytes(Elf *elf, const char *want, size_t *n)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	*n = 0;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name == NULL || strcmp(name, want) != 0)
			continue;
		if ((sh.sh_flags & SHF_COMPRESSED) &&
		    elf_compress(scn, 0, 0) < 0)
			return NULL;
		d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL)
			return NULL;
		*n = d->d_size;
		return d->d_buf;
	}
	return NULL;
}

static void
load_sections(struct exe *x)
{
	struct dwline_sections *s = &x->dbg;

	if (x->dbg_done)
		return;
	x->dbg_done = true;
	s->line = section_bytes(x->elf, ".debug_line", &s->nline);
	s->line_str = section_bytes(x->elf, ".debug_line_str", &s->nline_str);
	s->str = section_bytes(x->elf, ".debug_str", &s->nstr);
	s->big_endian = x->big_endian;
}

void
exe_note(struct exe *x, unsigned kind, const char *section, const char *fmt,
	 ...)
{
	char msg[512], *out;
	size_t n;
	va_list ap;

	if (x->warned & kind)
		return;
	x->warned |= kind;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	n = strlen(x->path) + strlen(section) + strlen(msg) + 8;
	out = xmalloc(n);
	snprintf(out, n, "%s: %s: %s", x->path, section, msg);
	x->notes = xreallocarray(x->notes, x->nnotes + 1, sizeof(char *));
	x->notes[x->nnotes++] = out;
}

void
exe_warn_pending(struct exe *x)
{
	for (size_t i = 0; i < x->nnotes; i++) {
		char buf[1024];
		gp_warn("%s", sanitize_name(x->notes[i], buf, sizeof(buf)));
		free(x->notes[i]);
	}
	free(x->notes);
	x->notes = NULL;
	x->nnotes = 0;
}

int
exe_line_table(struct exe *x, void *cu_die, struct dwline_table *t)
{
	Dwarf_Die *cu = cu_die;
	Dwarf_Attribute a;
	Dwarf_Word off;
	const char *comp_dir = NULL;
	struct gp_err err;
	unsigned kind;

	memset(t, 0, sizeof(*t));
	if (dwarf_attr(cu, DW_AT_stmt_list, &a) == NULL)
		return -1;
	if (dwarf_formudata(&a, &off) != 0) {
		exe_note(x, DWLINE_BAD_OFFSET, ".debug_info",
			 "unit at offset 0x%llx: bad line table offset (%s)",
			 (unsigned long long)dwarf_dieoffset(cu),
			 dwarf_errmsg(-1));
		return -1;
	}
	if (dwarf_attr(cu, DW_AT_comp_dir, &a) != NULL)
		comp_dir = dwarf_formstring(&a);
	load_sections(x);
	if (dwline_read(&x->dbg, off, comp_dir, t, &kind, &err) != 0) {
		exe_note(x, kind, ".debug_line", "%s%s", err.msg,
			 t->nrows > 0 ? "; the rows before it are used"
				      : "; it is ignored");
	}
	return t->nrows > 0 ? 0 : -1;
}

/* Keep S for the life of X; returns the copy. */
static const char *
keep(struct exe *x, const char *s)
{
	x->kept = xreallocarray(x->kept, x->nkept + 1, sizeof(char *));
	return x->kept[x->nkept++] = xstrdup(s);
}

static int
direct_source(struct exe *x, uint64_t addr, const char **file, int *line)
{
	Dwarf_Die cu;
	struct dwline_table t;
	const struct dwline_row *row;
	const char *f;
	int rc = -1;

	if (dwarf_addrdie(x->dwarf, addr, &cu) == NULL)
		return -1;
	if (exe_line_table(x, &cu, &t) == 0 &&
	    (row = dwline_find(&t, addr)) != NULL &&
	    (f = dwline_file(&t, row)) != NULL) {
		*file = keep(x, f);
		*line = row->line;
		rc = 0;
	}
	dwline_free(&t);
	return rc;
}

static int
src_cmp(const void *a, const void *b)
{
	const struct exe_src *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* A unit's line table, read when a query first needs it. */
struct lazy_lines {
	Dwarf_Die *cu;
	bool tried;
	struct dwline_table t;
};

/* Answer the queries in [lo, hi) of the sorted table from CU's lines. */
static void
answer_range(struct exe *x, struct lazy_lines *ll, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = x->nsrc;

	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (x->src[m].addr < lo)
			a = m + 1;
		else
			b = m;
	}
	for (; a < x->nsrc && x->src[a].addr < hi; a++) {
		struct exe_src *q = &x->src[a];
		const struct dwline_row *row;
		const char *f;

		if (q->file != NULL)
			continue;
		if (!ll->tried) {
			ll->tried = true;
			exe_line_table(x, ll->cu, &ll->t);
		}
		row = dwline_find(&ll->t, q->addr);
		if (row == NULL || (f = dwline_file(&ll->t, row)) == NULL)
			continue;
		q->file = xstrdup(f);
		q->line = row->line;
	}
}

int
exe_next_unit(struct exe *x, void *dw, uint64_t *off, void *cu_die)
{
	Dwarf_Off next;
	size_t hsize;
	int rc;

	while ((rc = dwarf_nextcu(dw, *off, &next, &hsize, NULL, NULL, NULL)) ==
	       0) {
		Dwarf_Die *cu = cu_die;
		uint64_t at = *off;
		int tag;

		*off = next;
		if (dwarf_offdie(dw, at + hsize, cu) == NULL ||
		    ((tag = dwarf_tag(cu)) != DW_TAG_compile_unit &&
		     tag != DW_TAG_partial_unit && tag != DW_TAG_type_unit &&
		     tag != DW_TAG_skeleton_unit)) {
			exe_note(x, EXE_BAD_DIE, ".debug_info",
				 "unit at offset 0x%llx: cannot read its first "
				 "entry; the unit is skipped",
				 (unsigned long long)at);
			continue;
		}
		return 1;
	}
	if (rc < 0)
		exe_note(x, EXE_BAD_UNIT, ".debug_info",
			 "bad unit header at offset 0x%llx (%s); the units "
			 "from there on are ignored",
			 (unsigned long long)*off, dwarf_errmsg(-1));
	return 0;
}

/*
 * The ranges of CU: calls answer_range for each and notes a failure.
 */
static void
answer_unit(struct exe *x, Dwarf_Die *cu)
{
	struct lazy_lines ll = { cu, false, { 0 } };
	Dwarf_Addr base, lo, hi;
	ptrdiff_t r = 0;

	while ((r = dwarf_ranges(cu, r, &base, &lo, &hi)) > 0)
		answer_range(x, &ll, lo, hi);
	if (r < 0)
		exe_note(x, EXE_BAD_RANGES, ".debug_info",
			 "unit at offset 0x%llx: bad address ranges (%s)",
			 (unsigned long long)dwarf_dieoffset(cu),
			 dwarf_errmsg(-1));
	dwline_free(&ll.t);
}

static void
prefetch_sources(struct exe *x)
{
	Dwarf *dw;
	uint64_t off = 0;
	size_t n = 0;
	Dwarf_Die cu;

	x->src = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*x->src));
	for (size_t i = 0; i < x->nsyms; i++)
		if (x->syms[i].letter == 'T' || x->syms[i].letter == 't' ||
		    x->syms[i].letter == 'W')
			x->src[n++].addr = x->syms[i].addr;
	qsort(x->src, n, sizeof(*x->src), src_cmp);
	x->nsrc = 0;
	for (size_t i = 0; i < n; i++)
		if (x->nsrc == 0 || x->src[x->nsrc - 1].addr != x->src[i].addr)
			x->src[x->nsrc++] = x->src[i];
	dw = open_dwarf(x);
	while (dw != NULL && exe_next_unit(x, dw, &off, &cu))
		answer_unit(x, &cu);
	if (dw != NULL)
		dwarf_end(dw);
}

static void *
prefetch_main(void *arg)
{
	prefetch_sources(arg);
	return NULL;
}

void
exe_prefetch_start(struct exe *x)
{
	pthread_t *t;

	if (x->src_done || x->prefetch != NULL)
		return;
	t = xmalloc(sizeof(*t));
	x->src_done = true; /* from now on only the thread fills x->src */
	if (pthread_create(t, NULL, prefetch_main, x) != 0) {
		free(t);
		x->src_done = false;
		return;
	}
	x->prefetch = t;
}

void
exe_no_sources(struct exe *x)
{
	x->dwarf_tried = true;
	x->src_done = true;
}

/* Wait for the background pass, if one runs. */
static void
prefetch_wait(struct exe *x)
{
	if (x->prefetch == NULL)
		return;
	pthread_join(*(pthread_t *)x->prefetch, NULL);
	free(x->prefetch);
	x->prefetch = NULL;
}

int
exe_source(struct exe *x, uint64_t addr, const char **file, int *line)
{
	struct exe_src key = { addr, NULL, 0 }, *hit;
	int rc;

	prefetch_wait(x);
	if (!x->src_done) {
		x->src_done = true;
		prefetch_sources(x);
	}
	if (x->nnotes > 0)
		exe_warn_pending(x);
	hit = x->nsrc ? bsearch(&key, x->src, x->nsrc, sizeof(*x->src), src_cmp)
		      : NULL;
	if (hit != NULL && hit->file != NULL) {
		*file = hit->file;
		*line = hit->line;
		return 0;
	}
	/* Not a symbol address, or outside every unit's ranges: ask libdw
	 * directly (its address index may know better). */
	if (exe_dwarf(x) == NULL)
		return -1;
	rc = direct_source(x, addr, file, line);
	exe_warn_pending(x);
	return rc;
}

const unsigned char *
exe_code_at(struct exe *x, uint64_t addr, uint64_t *base, size_t *n)
{
	Elf_Scn *scn = NULL;

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

const char *
exe_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void *
exe_dwarf(struct exe *x)
{
	if (!x->dwarf_tried) {
		x->dwarf_tried = true;
		x->dwarf = open_dwarf(x);
	}
	return x->dwarf;
}
