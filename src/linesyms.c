/*
 * linesyms.c - line-symbol boundaries from DWARF (see linesyms.h).
 *
 * Instead of a lookup per byte, we sweep the points where anything can
 * change (line rows, function range ends) once: rows give the line, and
 * a heap of the function ranges that hold the point gives the innermost
 * function (the shortest range; the later DIE on ties, as BFD picks).
 * Cost O((rows + ranges) log).
 */
#include "srcline.h"
#include "linesyms.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "dieranges.h"
#include "dwarfmode.h"
#include "lineorder.h"
#include "sort.h"

/* A function's range (dieranges.h): the lean reader's and libdw's
 * walk's are the same records. */
#define range die_range

/*
 * Every row of CU's line table, in program order, but a sequence's rows
 * at its end address (BFD's sequences end there, so such a row must not
 * outlive its end: a static program's library code after a unit's last
 * row would get that row's line), as stretches of unit UNIT.  TABLES
 * keeps the tables, whose names the rows borrow.
 */
static void
add_rows(struct exe *x, Dwarf_Die *cu, uint32_t unit, struct gp_vec *rows,
	 struct gp_vec *stretches, struct gp_vec *tables)
{
	struct dwline_table *t = gp_vec_push(tables, sizeof(*t), 256);
	struct line_stretch *st = NULL;

	if (srcline_line_program(x, cu, t) != 0)
		return;
	/* Room for all of them at once. */
	if (rows->cap - rows->n < t->nrows) {
		size_t cap = rows->cap ? 2 * rows->cap : 256;

		if (cap < rows->n + t->nrows)
			cap = rows->n + t->nrows;
		rows->p = xreallocarray(rows->p, cap, sizeof(struct line_row));
		rows->cap = cap;
	}
	for (size_t i = 0; i < t->nrows;) {
		size_t e = i; /* the sequence's end row (the last row kept
				 ends a sequence) */
		uint64_t end_at;

		while (e + 1 < t->nrows && !t->rows[e].end)
			e++;
		end_at = t->rows[e].addr;
		st = NULL;
		for (; i <= e; i++) {
			const struct dwline_row *ln = &t->rows[i];
			struct line_row *r;

			if (!ln->end && ln->addr == end_at)
				continue;
			r = (struct line_row *)rows->p + rows->n;
			if (st == NULL || ln->addr < r[-1].addr) {
				st = gp_vec_push(stretches, sizeof(*st), 256);
				*st = (struct line_stretch){ rows->n, 0, unit };
			}
			r->addr = ln->addr;
			r->file = dwline_file(t, ln);
			if (r->file == NULL)
				r->file = "";
			r->line = ln->line;
			r->end = ln->end;
			rows->n++;
			st->n++;
		}
	}
	/* Only the file names are borrowed: the rows go now, so that at
	 * most one unit's rows are held twice. */
	free(t->rows);
	t->rows = NULL;
	t->nrows = 0;
}

/*
 * Languages whose names BFD takes as they are (not mangled): in them a
 * DW_AT_name counts as the linkage name.
 */
static bool
plain_names(int lang)
{
	switch (lang) {
	case DW_LANG_C89:
	case DW_LANG_C:
	case DW_LANG_C99:
	case DW_LANG_C11:
	case DW_LANG_Ada83:
	case DW_LANG_Ada95:
	case DW_LANG_Cobol74:
	case DW_LANG_Cobol85:
	case DW_LANG_Fortran77:
	case DW_LANG_Pascal83:
	case DW_LANG_PLI:
	case DW_LANG_UPC:
	case DW_LANG_Mips_Assembler:
		return true;
	default:
		return false;
	}
}

/* DIE's name; *LINKAGE says whether it is the linkage name. */
static const char *
func_name(Dwarf_Die *die, bool plain, bool *linkage)
{
	static const unsigned at[] = { DW_AT_linkage_name,
				       DW_AT_MIPS_linkage_name, DW_AT_name };
	Dwarf_Attribute attr;

	for (size_t i = 0; i < ARRAY_SIZE(at); i++) {
		const char *s;
		if (dwarf_attr_integrate(die, at[i], &attr) != NULL &&
		    (s = dwarf_formstring(&attr)) != NULL) {
			*linkage = at[i] != DW_AT_name || plain;
			return s;
		}
	}
	*linkage = false;
	return NULL;
}

static void
add_ranges(struct exe *x, Dwarf_Die *die, bool plain, struct gp_vec *ranges)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;
	bool linkage;
	const char *name = func_name(die, plain, &linkage);
	Dwarf_Attribute a;

	/* BFD 2.40 does not place a function whose DW_AT_ranges is a
	 * DW_FORM_rnglistx index (clang's DWARF 5 for inlined code split
	 * in parts): found by comparing gmon.sum files on clang programs. */
	if (dwarf_attr(die, DW_AT_ranges, &a) != NULL &&
	    dwarf_whatform(&a) == DW_FORM_rnglistx)
		return;
	while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0)
		die_range_push(ranges, lo, hi, name, linkage);
	if (off < 0)
		srcline_note(x, EXE_BAD_RANGES, ".debug_info",
			     "entry at offset 0x%llx: bad address ranges (%s)",
			     (unsigned long long)dwarf_dieoffset(die),
			     dwarf_errmsg(-1));
}

/*
 * Every subprogram and inlined subroutine of CU, without recursion.
 * DIEs are visited in file order, and one that is not past the last one
 * visited is skipped: a DW_AT_sibling that points back (malformed) would
 * otherwise make the walk loop forever.
 */
static void
walk_dies(struct exe *x, Dwarf_Die *cu, struct gp_vec *ranges)
{
	struct gp_vec stack = { 0 };
	Dwarf_Die child;
	Dwarf_Off last = dwarf_dieoffset(cu);
	bool plain = plain_names(dwarf_srclang(cu)), bad = false;

	if (dwarf_child(cu, &child) != 0)
		return;
	*(Dwarf_Die *)gp_vec_push(&stack, sizeof(Dwarf_Die), 256) = child;
	while (stack.n > 0) {
		Dwarf_Die die = ((Dwarf_Die *)stack.p)[--stack.n];
		Dwarf_Die sib, kid;
		int tag, rc;

		if (dwarf_dieoffset(&die) <= last)
			continue;
		last = dwarf_dieoffset(&die);
		tag = dwarf_tag(&die);
		if (tag == DW_TAG_subprogram ||
		    tag == DW_TAG_inlined_subroutine)
			add_ranges(x, &die, plain, ranges);
		/* Push the sibling first so that children come out first:
		 * DIEs are visited in file order. */
		if ((rc = dwarf_siblingof(&die, &sib)) == 0)
			*(Dwarf_Die *)gp_vec_push(&stack, sizeof(Dwarf_Die),
						  256) = sib;
		if (rc < 0 || tag == DW_TAG_invalid)
			bad = true;
		if (dwarf_haschildren(&die) &&
		    (rc = dwarf_child(&die, &kid)) == 0)
			*(Dwarf_Die *)gp_vec_push(&stack, sizeof(Dwarf_Die),
						  256) = kid;
		if (rc < 0)
			bad = true;
	}
	free(stack.p);
	if (bad)
		srcline_note(
		    x, EXE_BAD_DIE, ".debug_info",
		    "unit at offset 0x%llx: entries libdw cannot read are "
		    "skipped",
		    (unsigned long long)dwarf_dieoffset(cu));
}

/* The sections dieranges.c reads, from the ELF file libdw reads. */
static void
lean_sections(struct exe *x, Dwarf *dw, struct dieranges_secs *s)
{
	Elf *elf = dwarf_getelf(dw);

	memset(s, 0, sizeof(*s));
	s->big_endian = x->big_endian;
	if (elf == NULL)
		return;
	s->info = srcline_section(elf, ".debug_info", &s->ninfo);
	s->abbrev = srcline_section(elf, ".debug_abbrev", &s->nabbrev);
	s->str = srcline_section(elf, ".debug_str", &s->nstr);
	s->line_str = srcline_section(elf, ".debug_line_str", &s->nline_str);
	s->str_offsets =
	    srcline_section(elf, ".debug_str_offsets", &s->nstr_offsets);
	s->addr = srcline_section(elf, ".debug_addr", &s->naddr);
	s->ranges = srcline_section(elf, ".debug_ranges", &s->nranges);
	s->rnglists = srcline_section(elf, ".debug_rnglists", &s->nrnglists);
}

/*
 * The function ranges of CU: by dieranges.c when it reads the unit and
 * LIBDW (GPROF_DWARF=libdw) does not ask for the reference, else by the
 * walk with libdw (whose messages are the reference).  Returns whether
 * dieranges.c read it.
 */
static bool
unit_ranges(struct exe *x, const struct dieranges_secs *s, Dwarf_Die *cu,
	    bool libdw, struct gp_vec *ranges)
{
	uint64_t unit = dwarf_dieoffset(cu) - dwarf_cuoffset(cu);

	if (!libdw && s->info != NULL &&
	    dieranges_unit(s, unit, plain_names, ranges) == 0)
		return true;
	walk_dies(x, cu, ranges);
	return false;
}

bool
linesyms_unit_ranges(struct exe *x, void *cu_die, bool libdw,
		     struct gp_vec *ranges)
{
	struct dieranges_secs secs;

	lean_sections(x, srcline_dwarf(x), &secs);
	return unit_ranges(x, &secs, cu_die, libdw, ranges);
}

static int
range_cmp(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Heap order: shortest range first, then the later DIE. */
static bool
before(const struct range *a, const struct range *b)
{
	uint64_t la = a->hi - a->lo, lb = b->hi - b->lo;

	return la != lb ? la < lb : a->order > b->order;
}

static void
heap_push(const struct range **h, size_t *n, const struct range *r)
{
	size_t i = (*n)++;

	h[i] = r;
	while (i > 0 && before(h[i], h[(i - 1) / 2])) {
		const struct range *t = h[i];
		h[i] = h[(i - 1) / 2];
		h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static void
heap_pop(const struct range **h, size_t *n)
{
	size_t i = 0;

	h[0] = h[--*n];
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		if (l < *n && before(h[l], h[m]))
			m = l;
		if (l + 1 < *n && before(h[l + 1], h[m]))
			m = l + 1;
		if (m == i)
			break;
		const struct range *t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

struct elfsym {
	uint64_t addr;
	const char *name;
	size_t order;
};

static int
elfsym_cmp(const void *a, const void *b)
{
	const struct elfsym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * Where DWARF names no function (padding between functions, code
 * without debug information), BFD takes the name of the nearest code
 * symbol at or below the address in the ELF symbol table, whatever its
 * size, the first of several at one address; so do we.  (Found by
 * comparing gmon.sum files with GNU gprof's.)
 */
static struct elfsym *
code_symbols(const struct exe *x, size_t *n)
{
	struct elfsym *v = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < x->nsyms; i++) {
		char c = x->syms[i].letter;
		if (c != 'T' && c != 't' && c != 'W')
			continue;
		v[*n].addr = x->syms[i].addr;
		v[*n].name = x->syms[i].name;
		v[*n].order = i;
		(*n)++;
	}
	qsort(v, *n, sizeof(*v), elfsym_cmp);
	return v;
}

/*
 * The position of each address Q[i] (ascending) from the cleaned rows
 * RV[0..NROWS): the last row at or below it, unless that one ends a
 * sequence or has line 0 (then FILES[i] stays NULL), as a lookup in the
 * unit's own table gives it.
 */
static void
place(const struct line_row *rv, size_t nrows, const uint64_t *q, size_t nq,
      const char **files, int *lines)
{
	size_t r = 0;

	for (size_t i = 0; i < nq; i++) {
		while (r < nrows && rv[r].addr <= q[i])
			r++;
		if (r == 0 || rv[r - 1].end || rv[r - 1].line == 0)
			continue;
		files[i] = rv[r - 1].file;
		lines[i] = rv[r - 1].line;
	}
}

void
linesyms_build(struct exe *x, struct linesyms *ls, const uint64_t *q, size_t nq)
{
	Dwarf *dw = srcline_dwarf(x);
	struct gp_vec rows = { 0 }, ranges = { 0 }, tables = { 0 };
	struct gp_vec stretches = { 0 };
	struct line_row *rv;
	struct dieranges_secs secs;
	Dwarf_Die cu;
	uint64_t off = 0;
	size_t nrows, nranges, nheap = 0, ri = 0, gi = 0, ne, ei = 0;
	size_t efirst = 0;
	struct elfsym *ev;
	const struct range **heap;
	const char *pfile = NULL, *pname = NULL;
	int pline = 0;
	uint64_t at;
	bool libdw = (dwarfmode_get() & DWARFMODE_LIBDW) != 0;

	memset(ls, 0, sizeof(*ls));
	if (dw == NULL || !x->text_found) {
		ls->qfiles = xcalloc(nq ? nq : 1, sizeof(*ls->qfiles));
		ls->qlines = xcalloc(nq ? nq : 1, sizeof(*ls->qlines));
		return;
	}
	lean_sections(x, dw, &secs);
	while (srcline_next_unit(x, dw, &off, &cu)) {
		add_rows(x, &cu, (uint32_t)tables.n, &rows, &stretches,
			 &tables);
		unit_ranges(x, &secs, &cu, libdw, &ranges);
	}
	nrows = lineorder_rows(rows.p, rows.n, stretches.p, stretches.n, &rv);
	if (rv != (struct line_row *)rows.p)
		free(rows.p);
	free(stretches.p);
	/* qsort must not see the NULL of an empty vector (no rows, or no
	 * functions: assembly with -g; or damaged DWARF). */
	if (ranges.n > 1)
		qsort(ranges.p, ranges.n, sizeof(struct range), range_cmp);
	nranges = ranges.n;
	heap = xcalloc(nranges ? nranges : 1, sizeof(*heap));
	ev = code_symbols(x, &ne);
	/* Each visit below is at a distinct point (a row, a range's start
	 * or end, a symbol, or .text's start) and makes one symbol at
	 * most: room for them all, given back at the end. */
	size_t cap = nrows + 2 * nranges + ne + 1, no = 0;
	uint64_t *oa = xreallocarray(NULL, cap, sizeof(*oa));
	const char **on = xreallocarray(NULL, cap, sizeof(*on));
	const char **of = xreallocarray(NULL, cap, sizeof(*of));
	int *ol = xreallocarray(NULL, cap, sizeof(*ol));
	const struct range *gv = ranges.p;
	/* Visit each point where the row or the set of ranges changes. */
	for (at = x->text_lo; at < x->text_hi;) {
		const struct line_row *cur;
		const char *name;
		uint64_t nxt = x->text_hi;

		while (ri < nrows && rv[ri].addr <= at)
			ri++;
		while (ei < ne && ev[ei].addr <= at) {
			/* Of several symbols at one address, the first. */
			if (ei == 0 || ev[ei].addr != ev[ei - 1].addr)
				efirst = ei;
			ei++;
		}
		while (gi < nranges && gv[gi].lo <= at)
			heap_push(heap, &nheap, &gv[gi++]);
		while (nheap > 0 && heap[0]->hi <= at)
			heap_pop(heap, &nheap);
		cur = ri > 0 ? &rv[ri - 1] : NULL;
		name = nheap > 0 ? heap[0]->name : NULL;
		/* Like BFD, a DWARF name that is not a linkage name (C++ and
		 * other mangling languages) of a function a symbol starts gives
		 * way to the symbol's name: a C++ function in an anonymous
		 * namespace is known mangled. */
		if (name != NULL && !heap[0]->linkage && ei > 0 &&
		    ev[efirst].addr == heap[0]->lo)
			name = ev[efirst].name;
		if (name == NULL && ei > 0)
			name = ev[efirst].name;
		if (cur != NULL && !cur->end && cur->line != 0 &&
		    name != NULL && no < cap &&
		    !(pfile != NULL && cur->line == pline &&
		      strcmp(cur->file, pfile) == 0 &&
		      strcmp(name, pname) == 0)) {
			oa[no] = at;
			on[no] = name;
			of[no] = cur->file;
			ol[no] = cur->line;
			no++;
			pfile = cur->file;
			pline = cur->line;
			pname = name;
		}
		/* The next point: a row, a range start, or an end in the heap
		 * (ends further down cannot change the top before it does). */
		if (ri < nrows && rv[ri].addr < nxt)
			nxt = rv[ri].addr;
		if (gi < nranges && gv[gi].lo < nxt)
			nxt = gv[gi].lo;
		if (nheap > 0 && heap[0]->hi < nxt)
			nxt = heap[0]->hi;
		if (ei < ne && ev[ei].addr < nxt)
			nxt = ev[ei].addr;
		if (nxt <= at)
			nxt = at + 1;
		at = nxt;
	}
	free(heap);
	free(ev);
	ls->qfiles = xcalloc(nq ? nq : 1, sizeof(*ls->qfiles));
	ls->qlines = xcalloc(nq ? nq : 1, sizeof(*ls->qlines));
	place(rv, nrows, q, nq, ls->qfiles, ls->qlines);
	free(rv);
	free(ranges.p);
	srcline_warn_pending(x);
	ls->addrs = xreallocarray(oa, no ? no : 1, sizeof(*oa));
	ls->names = xreallocarray(on, no ? no : 1, sizeof(*on));
	ls->files = xreallocarray(of, no ? no : 1, sizeof(*of));
	ls->lines = xreallocarray(ol, no ? no : 1, sizeof(*ol));
	ls->n = no;
	ls->tables = tables.p;
	ls->ntables = tables.n;
}

void
linesyms_free(struct linesyms *ls)
{
	for (size_t i = 0; i < ls->ntables; i++)
		dwline_free(&ls->tables[i]);
	free(ls->tables);
	free(ls->addrs);
	free(ls->names);
	free(ls->files);
	free(ls->lines);
	free(ls->qfiles);
	free(ls->qlines);
	memset(ls, 0, sizeof(*ls));
}

size_t
linesyms_starts(struct exe *x, uint64_t **addrs, const char ***names)
{
	struct linesyms ls;
	size_t n;

	linesyms_build(x, &ls, NULL, 0);
	*addrs = ls.addrs;
	*names = ls.names;
	n = ls.n;
	ls.addrs = NULL;
	ls.names = NULL;
	linesyms_free(&ls);
	return n;
}
