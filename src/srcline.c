/*
 * srcline.c - source positions from an executable's DWARF: one batched
 * pass over the compilation units (maybe on a second thread while the
 * profile is read), line tables through dwline, units and DIEs through
 * libdw, and the warnings damaged DWARF deserves.
 *
 * Invariant: the background pass is the only thread that touches X's
 * ELF and DWARF data while it runs, and every public entry point waits
 * for it first; static helpers are the thread's own.
 */
#include "srcline.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarfmode.h"
#include "sort.h"

static void prefetch_wait(struct exe *x);
static Dwarf *dwarf_of(struct exe *x);

/* The kinds of damage check_sections() finds in a section header. */
static const struct {
	unsigned kind;
	const char *what;
} header_damage[] = {
	{ EXE_BAD_NOBITS, "a NOBITS section: it has no bytes in the file" },
	{ EXE_BAD_EXTENT, "its bytes run past the end of the file" },
	{ EXE_BAD_COMPRESSED, "flagged compressed, but it does not "
			      "decompress" },
};

/* Which of header_damage[] section SCN (header SH) has; -1: none. */
static int
header_fault(Elf_Scn *scn, const GElf_Shdr *sh, size_t file_size)
{
	if (sh->sh_type == SHT_NOBITS)
		return 0;
	if (file_size > 0 && (sh->sh_offset > file_size ||
			      sh->sh_size > file_size - sh->sh_offset))
		return 1;
	/* Decompressed in place, as libdw and srcline_section() would. */
	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return 2;
	return -1;
}

/*
 * Note the .debug_* sections whose headers leave them without bytes to
 * read (NOBITS, past the end of the file, or compressed and not
 * decompressing): libdw and srcline_section() take each for a missing
 * section, so without this the information in it would be lost without
 * a word.  One note per kind of damage (its first section, and how many
 * more have it); the kinds' bits in X->warned make it once per X.
 */
static void
check_sections(struct exe *x)
{
	const char *first[ARRAY_SIZE(header_damage)] = { NULL };
	const char *why[ARRAY_SIZE(header_damage)] = { NULL };
	GElf_Shdr at[ARRAY_SIZE(header_damage)];
	size_t more[ARRAY_SIZE(header_damage)] = { 0 };
	size_t shstrndx, file_size = 0;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(x->elf, &shstrndx) != 0)
		return;
	if (elf_rawfile(x->elf, &file_size) == NULL)
		file_size = 0; /* not known: that check is skipped */
	while ((scn = elf_nextscn(x->elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		int k;

		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		name = elf_strptr(x->elf, shstrndx, sh.sh_name);
		if (name == NULL || strncmp(name, ".debug_", 7) != 0 ||
		    (k = header_fault(scn, &sh, file_size)) < 0 ||
		    (x->warned & header_damage[k].kind))
			continue;
		if (first[k] == NULL) {
			first[k] = name;
			at[k] = sh;
			why[k] = elf_errmsg(-1); /* elf_compress()'s reason */
		} else {
			more[k]++;
		}
	}
	for (size_t k = 0; k < ARRAY_SIZE(header_damage); k++) {
		char others[64] = "", detail[128] = "";

		if (first[k] == NULL)
			continue;
		if (more[k] > 0)
			snprintf(others, sizeof(others),
				 " (%zu more .debug_* section%s too)", more[k],
				 more[k] == 1 ? "" : "s");
		if (header_damage[k].kind == EXE_BAD_COMPRESSED)
			snprintf(detail, sizeof(detail), " (%s)",
				 why[k] != NULL ? why[k] : "no reason given");
		if (header_damage[k].kind == EXE_BAD_EXTENT)
			snprintf(detail, sizeof(detail),
				 " (%llu bytes at offset %llu, in a file of "
				 "%zu bytes)",
				 (unsigned long long)at[k].sh_size,
				 (unsigned long long)at[k].sh_offset,
				 file_size);
		srcline_note(x, header_damage[k].kind, first[k],
			     "%s%s; what it holds is unknown%s",
			     header_damage[k].what, detail, others);
	}
}

/*
 * A libdw handle on X, or NULL: without a note when X has no DWARF at
 * all, with one when it has a .debug_info that libdw cannot take.
 * Damaged section headers are noted first (check_sections).
 */
static Dwarf *
open_dwarf(struct exe *x)
{
	Dwarf *dw;
	size_t n;

	check_sections(x);
	dw = dwarf_begin_elf(x->elf, DWARF_C_READ, NULL);
	if (dw == NULL && srcline_section(x->elf, ".debug_info", &n) != NULL)
		srcline_note(x, EXE_BAD_DWARF, ".debug_info",
			     "unreadable debugging information (%s); source "
			     "files are unknown",
			     dwarf_errmsg(-1));
	return dw;
}

const unsigned char *
srcline_section(Elf *elf, const char *want, size_t *n)
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
	s->line = srcline_section(x->elf, ".debug_line", &s->nline);
	s->line_str = srcline_section(x->elf, ".debug_line_str", &s->nline_str);
	s->str = srcline_section(x->elf, ".debug_str", &s->nstr);
	s->big_endian = x->big_endian;
}

void
srcline_note(struct exe *x, unsigned kind, const char *section, const char *fmt,
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

static void
warn_pending(struct exe *x)
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

/* CU's line program: its offset in .debug_line and DW_AT_comp_dir;
 * -1 (noted when damaged) when it has none. */
static int
line_program(struct exe *x, Dwarf_Die *cu, Dwarf_Word *off,
	     const char **comp_dir)
{
	Dwarf_Attribute a;

	*comp_dir = NULL;
	if (dwarf_attr(cu, DW_AT_stmt_list, &a) == NULL)
		return -1;
	if (dwarf_formudata(&a, off) != 0) {
		srcline_note(
		    x, DWLINE_BAD_OFFSET, ".debug_info",
		    "unit at offset 0x%llx: bad line table offset (%s)",
		    (unsigned long long)dwarf_dieoffset(cu), dwarf_errmsg(-1));
		return -1;
	}
	if (dwarf_attr(cu, DW_AT_comp_dir, &a) != NULL)
		*comp_dir = dwarf_formstring(&a);
	load_sections(x);
	return 0;
}

/* A damaged line program: note it, saying whether rows were kept. */
static void
line_damage(struct exe *x, unsigned kind, const struct gp_err *err,
	    size_t nrows)
{
	srcline_note(x, kind, ".debug_line", "%s%s", err->msg,
		     nrows > 0 ? "; the rows before it are used"
			       : "; it is ignored");
}

/* CU_DIE's line table, sorted (dwline_read) or in program order. */
static int
line_table(struct exe *x, void *cu_die, struct dwline_table *t, bool sort)
{
	Dwarf_Word off;
	const char *comp_dir;
	struct gp_err err;
	unsigned kind;

	memset(t, 0, sizeof(*t));
	if (line_program(x, cu_die, &off, &comp_dir) != 0)
		return -1;
	if ((sort ? dwline_read : dwline_read_program)(&x->dbg, off, comp_dir,
						       t, &kind, &err) != 0)
		line_damage(x, kind, &err, t->nrows);
	return t->nrows > 0 ? 0 : -1;
}

/* Keep S for the life of X; returns the copy. */
static const char *
keep(struct exe *x, const char *s)
{
	/* Room doubles at each power of two (one name per unit's file). */
	if ((x->nkept & (x->nkept - 1)) == 0)
		x->kept = xreallocarray(x->kept, x->nkept ? 2 * x->nkept : 1,
					sizeof(char *));
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
	if (line_table(x, &cu, &t, true) == 0 &&
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

/* Add to Q the queries (indexes into X->src) in [lo, hi) that no unit
 * has answered yet. */
static void
range_queries(struct exe *x, struct gp_vec *q, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = x->nsrc;

	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (x->src[m].addr < lo)
			a = m + 1;
		else
			b = m;
	}
	for (; a < x->nsrc && x->src[a].addr < hi; a++)
		if (x->src[a].file == NULL)
			*(size_t *)gp_vec_push(q, sizeof(size_t), 64) = a;
}

static int
index_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* Answer queries Q (indexes into X->src, ascending, distinct) from CU's
 * line program, read once without keeping its rows (or as a whole table
 * when TABLE, GPROF_DWARF=table: the same answers, see dwarfmode.h). */
static void
answer_queries(struct exe *x, Dwarf_Die *cu, const size_t *q, size_t n,
	       bool table)
{
	uint64_t *addrs = xcalloc(n, sizeof(*addrs));
	struct dwline_answer *ans = xcalloc(n, sizeof(*ans));
	struct dwline_table t = { 0 };
	const char *last = NULL, *last_kept = NULL, *comp_dir;
	Dwarf_Word off;
	struct gp_err err;
	size_t nrows;
	unsigned kind;

	for (size_t i = 0; i < n; i++)
		addrs[i] = x->src[q[i]].addr;
	if (line_program(x, cu, &off, &comp_dir) == 0) {
		int rc =
		    table ? dwline_lookup_table(&x->dbg, off, comp_dir, addrs,
						n, ans, &t, &nrows, &kind, &err)
			  : dwline_lookup(&x->dbg, off, comp_dir, addrs, n, ans,
					  &t, &nrows, &kind, &err);

		if (rc != 0)
			line_damage(x, kind, &err, nrows);
		for (size_t i = 0; i < n; i++) {
			const char *f = ans[i].file < t.nfiles
					    ? t.files[ans[i].file]
					    : NULL;

			if (f == NULL)
				continue;
			/* The queries of a unit mostly share one file. */
			if (f != last) {
				last = f;
				last_kept = keep(x, f);
			}
			x->src[q[i]].file = last_kept;
			x->src[q[i]].line = ans[i].line;
		}
	}
	dwline_free(&t);
	free(addrs);
	free(ans);
}

static int
next_unit(struct exe *x, void *dw, uint64_t *off, void *cu_die)
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
			srcline_note(
			    x, EXE_BAD_DIE, ".debug_info",
			    "unit at offset 0x%llx: cannot read its first "
			    "entry; the unit is skipped",
			    (unsigned long long)at);
			continue;
		}
		return 1;
	}
	if (rc < 0)
		srcline_note(x, EXE_BAD_UNIT, ".debug_info",
			     "bad unit header at offset 0x%llx (%s); the units "
			     "from there on are ignored",
			     (unsigned long long)*off, dwarf_errmsg(-1));
	return 0;
}

/*
 * The ranges of CU: calls answer_range for each and notes a failure.
 */
static void
answer_unit(struct exe *x, Dwarf_Die *cu, bool table)
{
	struct gp_vec q = { 0 };
	Dwarf_Addr base, lo, hi;
	ptrdiff_t r = 0;
	size_t n = 0;

	while ((r = dwarf_ranges(cu, r, &base, &lo, &hi)) > 0)
		range_queries(x, &q, lo, hi);
	if (r < 0)
		srcline_note(x, EXE_BAD_RANGES, ".debug_info",
			     "unit at offset 0x%llx: bad address ranges (%s)",
			     (unsigned long long)dwarf_dieoffset(cu),
			     dwarf_errmsg(-1));
	if (q.n > 0) {
		size_t *v = q.p;

		/* Ranges may come in any order, and overlap. */
		qsort(v, q.n, sizeof(*v), index_cmp);
		for (size_t i = 0; i < q.n; i++)
			if (n == 0 || v[n - 1] != v[i])
				v[n++] = v[i];
		answer_queries(x, cu, v, n, table);
	}
	free(q.p);
}

static void
prefetch_sources(struct exe *x)
{
	Dwarf *dw;
	uint64_t off = 0;
	size_t n = 0;
	Dwarf_Die cu;
	bool table;

	uint64_t *addr = xcalloc(x->nsyms, sizeof(*addr));
	uint32_t *ids = xcalloc(x->nsyms, sizeof(*ids));

	x->src = xcalloc(x->nsyms, sizeof(*x->src));
	for (size_t i = 0; i < x->nsyms; i++)
		if (x->syms[i].letter == 't' ||
		    (!x->src_static_only &&
		     (x->syms[i].letter == 'T' || x->syms[i].letter == 'W')))
			addr[n++] = x->syms[i].addr;
	gp_sort_u64(addr, n, ids); /* a radix sort: no comparisons */
	x->nsrc = 0;
	for (size_t i = 0; i < n; i++)
		if (x->nsrc == 0 || x->src[x->nsrc - 1].addr != addr[ids[i]])
			x->src[x->nsrc++].addr = addr[ids[i]];
	free(addr);
	free(ids);
	dw = open_dwarf(x);
	table = (dwarfmode_get() & DWARFMODE_TABLE) != 0;
	while (dw != NULL && next_unit(x, dw, &off, &cu))
		answer_unit(x, &cu, table);
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
srcline_prefetch_start(struct exe *x, bool static_only)
{
	pthread_t *t;

	if (x->src_done || x->prefetch != NULL)
		return;
	x->src_static_only = static_only;
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
srcline_none(struct exe *x)
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

/* What srcline_find() answers, given the entry HIT (NULL: none) the
 * pass made for ADDR. */
static int
answer(struct exe *x, const struct exe_src *hit, uint64_t addr,
       const char **file, int *line)
{
	int rc;

	if (hit != NULL && hit->file != NULL) {
		*file = hit->file;
		*line = hit->line;
		return 0;
	}
	/* Not a symbol address, or outside every unit's ranges: ask libdw
	 * directly (its address index may know better). */
	if (dwarf_of(x) == NULL)
		return -1;
	rc = direct_source(x, addr, file, line);
	warn_pending(x);
	return rc;
}

/* The pass made (and waited for), and its notes printed. */
static void
sources_ready(struct exe *x)
{
	prefetch_wait(x);
	if (!x->src_done) {
		x->src_done = true;
		prefetch_sources(x);
	}
	if (x->nnotes > 0)
		warn_pending(x);
}

int
srcline_find(struct exe *x, uint64_t addr, const char **file, int *line)
{
	struct exe_src key = { addr, NULL, 0 }, *hit;

	sources_ready(x);
	hit = x->nsrc ? bsearch(&key, x->src, x->nsrc, sizeof(*x->src), src_cmp)
		      : NULL;
	return answer(x, hit, addr, file, line);
}

int
srcline_find_next(struct exe *x, uint64_t addr, size_t *cursor,
		  const char **file, int *line)
{
	size_t i = *cursor;

	sources_ready(x);
	if (i > x->nsrc || (i > 0 && x->src[i - 1].addr > addr))
		i = 0; /* not ascending: from the start */
	while (i < x->nsrc && x->src[i].addr < addr)
		i++;
	*cursor = i;
	return answer(x,
		      i < x->nsrc && x->src[i].addr == addr ? &x->src[i] : NULL,
		      addr, file, line);
}

static Dwarf *
dwarf_of(struct exe *x)
{
	if (!x->dwarf_tried) {
		x->dwarf_tried = true;
		x->dwarf = open_dwarf(x);
	}
	return x->dwarf;
}

/*
 * The public entry points: each waits for the background pass first, so
 * no caller can race the thread on X's ELF or DWARF data.
 */
void
srcline_wait(struct exe *x)
{
	prefetch_wait(x);
}

int
srcline_line_table(struct exe *x, void *cu_die, struct dwline_table *t)
{
	prefetch_wait(x);
	return line_table(x, cu_die, t, true);
}

int
srcline_line_program(struct exe *x, void *cu_die, struct dwline_table *t)
{
	prefetch_wait(x);
	return line_table(x, cu_die, t, false);
}

int
srcline_next_unit(struct exe *x, void *dw, uint64_t *off, void *cu_die)
{
	prefetch_wait(x);
	return next_unit(x, dw, off, cu_die);
}

void
srcline_warn_pending(struct exe *x)
{
	prefetch_wait(x);
	warn_pending(x);
}

void *
srcline_dwarf(struct exe *x)
{
	prefetch_wait(x);
	return dwarf_of(x);
}

void
srcline_close(struct exe *x)
{
	prefetch_wait(x);
	if (x->dwarf)
		dwarf_end(x->dwarf);
	x->dwarf = NULL;
	free(x->src); /* the file names are in X->kept */
	x->src = NULL;
	x->nsrc = 0;
	warn_pending(x);
	for (size_t i = 0; i < x->nkept; i++)
		free(x->kept[i]);
	free(x->kept);
	x->kept = NULL;
	x->nkept = 0;
}
