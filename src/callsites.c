/*
 * callsites.c - call-site lines of the call graph's arcs (callsites.h).
 */
#include "callsites.h"

#include <elf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#include "dwline.h"
#include "exe.h"
#include "gmon.h"
#include "insn.h"
#include "srcline.h"

/* One raw arc record, then its line. */
struct raw {
	uint64_t addr; /* the call instruction (or the recorded site) */
	uint64_t from; /* the recorded call site */
	uint64_t count;
	uint32_t arc; /* the call graph's arc */
	size_t rec;   /* its place among the profile's records */
	int line;
	const char *file;
};

static int
by_addr(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* By arc, then the profile's order: the records' order. */
static int
by_record(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;

	if (x->arc != y->arc)
		return x->arc < y->arc ? -1 : 1;
	return (x->rec > y->rec) - (x->rec < y->rec);
}

/* By arc, then file name (unknown first), then line: the output order. */
static int
by_site(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;
	int c;

	if (x->arc != y->arc)
		return x->arc < y->arc ? -1 : 1;
	if (x->file != y->file) {
		if (x->file == NULL || y->file == NULL)
			return x->file == NULL ? -1 : 1;
		if ((c = strcmp(x->file, y->file)) != 0)
			return c;
	}
	return (x->line > y->line) - (x->line < y->line);
}

/* The code section of the last lookup (exe_code_at scans sections). */
struct code_cache {
	const unsigned char *code;
	uint64_t base;
	size_t n;
};

/*
 * Where the call to TARGET recorded at FROM is: glibc records the
 * return address rounded down to 16 bytes, so look for a direct call to
 * TARGET (x86 CALL rel32, aarch64 BL but not B, which returns nowhere:
 * insn.h) returning to FROM .. FROM + 15 in X's code and answer its
 * address; FROM itself when there is none (an indirect call, another
 * architecture, no code).
 */
static uint64_t
call_before(struct exe *x, struct code_cache *cc, uint64_t from,
	    uint64_t target)
{
	uint64_t base;
	size_t n;
	const unsigned char *code;
	const struct insn_isa isa = { x->machine, x->word, false };
	unsigned len = insn_call_len(&isa);

	if (len == 0 || x->big_endian || from < len)
		return from;
	if (cc->code == NULL || from < cc->base || from - cc->base >= cc->n)
		cc->code = exe_code_at(x, from, &cc->base, &cc->n);
	if ((code = cc->code) == NULL)
		return from;
	base = cc->base;
	n = cc->n;
	for (uint64_t ret = from; ret < from + 16; ret++) {
		uint64_t pc = ret - len, dest;

		/* aarch64 instructions are aligned words. */
		if (pc < base || ret > base + n ||
		    (x->machine == EM_AARCH64 && ret % 4 != 0))
			continue;
		if (insn_direct_call(&isa, code + (pc - base), base + n - pc,
				     pc, &dest) == len &&
		    dest == target)
			return pc;
	}
	return from;
}

/* The raw records in [LO, HI) of the sorted V[0..N): look up their lines
 * in CU's line table, read (into T) when first needed. */
static void
lines_in_range(struct callsites *cs, struct exe *x, Dwarf_Die *cu,
	       struct dwline_table *t, bool *tried, struct raw *v, size_t n,
	       uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = n;

	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (v[mid].addr < lo)
			a = mid + 1;
		else
			b = mid;
	}
	for (; a < n && v[a].addr < hi; a++) {
		const struct dwline_row *row;
		const char *f;

		if (v[a].file != NULL)
			continue;
		if (!*tried) {
			*tried = true;
			srcline_line_table(x, cu, t);
		}
		row = dwline_find(t, v[a].addr);
		if (row == NULL || (f = dwline_file(t, row)) == NULL)
			continue;
		/* The same file as the record before it, most of the time. */
		if (a > 0 && v[a - 1].file != NULL &&
		    strcmp(v[a - 1].file, f) == 0)
			v[a].file = v[a - 1].file;
		else
			v[a].file = intern_str(&cs->files,
					       intern_id(&cs->files, f, NULL));
		v[a].line = row->line;
	}
}

/* Every record's line, in one pass over X's compilation units. */
static void
find_lines(struct callsites *cs, struct exe *x, struct raw *v, size_t n)
{
	void *dw = srcline_dwarf(x);
	uint64_t off = 0;
	Dwarf_Die cu;

	if (dw == NULL || n == 0)
		return;
	while (srcline_next_unit(x, dw, &off, &cu)) {
		struct dwline_table t = { 0 };
		bool tried = false;
		Dwarf_Addr base, lo, hi;
		ptrdiff_t r = 0;

		while ((r = dwarf_ranges(&cu, r, &base, &lo, &hi)) > 0)
			lines_in_range(cs, x, &cu, &t, &tried, v, n, lo, hi);
		dwline_free(&t);
	}
	srcline_warn_pending(x);
}

/* CS's records: V (sorted by_record) in order, grouped by arc. */
static void
keep_records(struct callsites *cs, const struct callgraph *cg,
	     const struct raw *v, size_t n)
{
	cs->rec = xcalloc(n ? n : 1, sizeof(*cs->rec));
	cs->rec_first = xcalloc(cg->narcs + 1, sizeof(*cs->rec_first));
	cs->nrec = n;
	for (size_t i = 0; i < n; i++) {
		cs->rec[i] = (struct callsite_rec){ v[i].from, v[i].count,
						    v[i].file, v[i].line };
		cs->rec_first[v[i].arc + 1]++;
	}
	for (size_t a = 0; a < cg->narcs; a++)
		cs->rec_first[a + 1] += cs->rec_first[a];
}

/* CS's lines: V (sorted by_site) summed per arc and line; counts of 0
 * left out. */
static void
sum_lines(struct callsites *cs, const struct callgraph *cg, const struct raw *v,
	  size_t n)
{
	size_t out = 0;
	const struct raw *prev = NULL;

	cs->v = xcalloc(n ? n : 1, sizeof(*cs->v));
	cs->first = xcalloc(cg->narcs + 1, sizeof(*cs->first));
	for (size_t i = 0; i < n; i++) {
		if (v[i].count == 0)
			continue;
		if (prev != NULL && prev->arc == v[i].arc &&
		    prev->file == v[i].file && prev->line == v[i].line) {
			cs->v[out - 1].count += v[i].count;
			continue;
		}
		prev = &v[i];
		cs->v[out++] =
		    (struct callsite){ v[i].file, v[i].line, v[i].count };
		cs->first[v[i].arc + 1] = out; /* fixed up below */
	}
	/* first[a + 1] holds the end of arc a's sites, or 0 for none. */
	for (size_t a = 1; a <= cg->narcs; a++)
		if (cs->first[a] < cs->first[a - 1])
			cs->first[a] = cs->first[a - 1];
	cs->n = out;
}

void
callsites_find(struct callsites *cs, const struct callgraph *cg,
	       const struct gmon *g, struct exe *x)
{
	struct raw *v = xcalloc(g->narcs ? g->narcs : 1, sizeof(*v));
	size_t n = 0;
	struct code_cache cc = { NULL, 0, 0 };

	memset(cs, 0, sizeof(*cs));
	intern_init(&cs->files);
	for (size_t i = 0; i < g->narcs; i++) {
		const struct gmon_arc *r = &g->arcs[i];
		uint32_t p, c, a;

		if (!cg_map_arc(cg, r->from, r->self, &p, &c))
			continue;
		if ((a = cg_find_arc(cg, p, c)) == CG_NONE)
			continue;
		v[n++] = (struct raw){ call_before(x, &cc, r->from,
						   cg->st->syms[c].addr),
				       r->from,
				       r->count,
				       a,
				       i,
				       0,
				       NULL };
	}
	qsort(v, n, sizeof(*v), by_addr);
	find_lines(cs, x, v, n);
	qsort(v, n, sizeof(*v), by_record);
	keep_records(cs, cg, v, n);
	qsort(v, n, sizeof(*v), by_site);
	sum_lines(cs, cg, v, n);
	free(v);
}

void
callsites_free(struct callsites *cs)
{
	free(cs->v);
	free(cs->first);
	free(cs->rec);
	free(cs->rec_first);
	intern_free(&cs->files);
	memset(cs, 0, sizeof(*cs));
}
