/*
 * test_lineprof.c - the line table cut to the entries the reports can
 * show (lineprof.h) gives every kept entry what the whole table gives
 * it: samples, calls, propagated times, block counts and the call
 * graph's index number (index_skip).
 *
 * Each case builds a random table of functions and line symbols (names
 * shared by pointer, equal names at other pointers, names with and
 * without a leading '_'), a sparse histogram whose bins straddle
 * entries, arcs (cycles and calls from and into line symbols) and
 * block counts, then runs lineprof_compute() twice: with the plan's
 * line_cut (the default options' -l reports) and without (the whole
 * table), and compares entry by entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lineprof.h"
#include "model.h"
#include "modelbuild.h"
#include "plan.h"

#define MAXN 80

static uint64_t rng;

static uint32_t
rnd(uint32_t n)
{
	rng = rng * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(rng >> 33) % n;
}

/* Names: two strings at two pointers each, with and without '_'. */
static char pool[8][8] = { "alpha", "alpha", "_beta", "_beta",
			   "gamma", "Zeta",  "_a",    "b" };

struct fixture {
	struct linemode lm;
	struct symtab funcs;
	struct gmon g;
	struct gmon_hist h;
	uint64_t bins[512];
	struct gmon_arc arcs[24];
	struct gmon_bb bbs[6];
};

static void
setup(struct fixture *f, uint64_t seed)
{
	size_t n = 20 + seed % (MAXN - 20), nf = 0;
	uint64_t at = 0x1000;
	const char *fname = pool[0];
	struct sym *v;

	memset(f, 0, sizeof(*f));
	rng = seed;
	v = calloc(n, sizeof(*v));
	f->lm.st.syms = v;
	f->lm.st.n = n;
	f->lm.is_line = calloc(n, sizeof(bool));
	f->lm.files = calloc(n, sizeof(char *));
	f->lm.lines = calloc(n, sizeof(int));
	f->funcs.syms = calloc(n, sizeof(struct sym));
	for (size_t i = 0; i < n; i++) {
		bool line = i > 0 && rnd(10) < 7;

		v[i].addr = at;
		at += 1 + rnd(9);
		if (!line)
			fname = pool[rnd(8)];
		/* A line symbol is mostly named after its function (the
		 * same pointer), sometimes after an inlined one. */
		v[i].name = line && rnd(4) == 0 ? pool[rnd(8)] : fname;
		v[i].is_func = !line;
		f->lm.is_line[i] = line;
		f->lm.files[i] = "a.c";
		f->lm.lines[i] = (int)i + 1;
		if (!line)
			f->funcs.syms[nf++] = v[i];
	}
	for (size_t i = 0; i + 1 < n; i++)
		v[i].end = v[i + 1].addr - 1;
	v[n - 1].end = v[n - 1].addr + 3;
	f->funcs.n = nf;
	for (size_t i = 0; i + 1 < nf; i++)
		f->funcs.syms[i].end = f->funcs.syms[i + 1].addr - 1;
	f->funcs.syms[nf - 1].end = v[n - 1].end;
	f->lm.built = true;

	/* One histogram over the table, 2 or 3 units a bin (so bins
	 * straddle entries), about one bin in six nonzero. */
	f->h.lowpc = 0x1000;
	f->h.highpc = at + 4;
	f->h.nbins = (uint32_t)((f->h.highpc - f->h.lowpc) / 2 / (2 + rnd(2)));
	if (f->h.nbins > ARRAY_SIZE(f->bins))
		f->h.nbins = ARRAY_SIZE(f->bins);
	for (uint32_t i = 0; i < f->h.nbins; i++)
		f->bins[i] = rnd(6) == 0 ? 1 + rnd(9) : 0;
	f->h.bins = f->bins;
	f->g.word = 8;
	f->g.hists = &f->h;
	f->g.nhists = 1;
	/* Arcs anywhere in the table (and some past it), a few repeated
	 * backwards to make cycles. */
	for (size_t i = 0; i < ARRAY_SIZE(f->arcs); i++) {
		struct gmon_arc *a = &f->arcs[i];

		a->from = 0x1000 + rnd((uint32_t)(at - 0x1000 + 8));
		a->self = 0x1000 + rnd((uint32_t)(at - 0x1000 + 8));
		a->count = rnd(3) == 0 ? 0 : 1 + rnd(50);
		if (i % 5 == 4) {
			a->from = f->arcs[i - 1].self;
			a->self = f->arcs[i - 1].from;
		}
	}
	f->g.arcs = f->arcs;
	f->g.narcs = ARRAY_SIZE(f->arcs);
	for (size_t i = 0; i < ARRAY_SIZE(f->bbs); i++) {
		f->bbs[i].addr = 0x1000 + rnd((uint32_t)(at - 0x1000));
		f->bbs[i].count = rnd(5);
	}
	f->g.bbs = f->bbs;
	f->g.nbbs = ARRAY_SIZE(f->bbs);
}

static void
teardown(struct fixture *f)
{
	free(f->lm.st.syms);
	free(f->lm.is_line);
	free(f->lm.files);
	free(f->lm.lines);
	free(f->funcs.syms);
}

static void
model_of(struct model *m, const struct lineprof *lp)
{
	struct model_in in = {
		.st = &lp->lt.st,
		.cg = &lp->lt.cg,
		.total_ticks = lp->lt.total_ticks,
		.flat_excluded = lp->lt.flat_excluded,
		.exec_hidden = lp->lt.exec_hidden,
		.files = lp->files,
		.lines = lp->lines,
		.is_line = lp->is_line,
		.bbs = lp->bbs,
		.nbbs = lp->nbbs,
		.index_skip = lp->index_skip,
	};
	struct model_opts mo = { .graph = true };

	model_build(m, &in, &mo);
}

/* Whether entry I of LP owns anything the reports show. */
static bool
used(const struct lineprof *lp, size_t i)
{
	const struct cg_node *c = &lp->lt.cg.nodes[i];
	bool bb = false;

	for (size_t k = 0; k < lp->nbbs; k++)
		bb |= symtab_find(&lp->lt.st, lp->bbs[k].addr) == i;
	return lp->lt.ticks[i] != 0 || c->ncalls || c->self_calls ||
	       c->first_child != CG_NONE || c->first_parent != CG_NONE || bb;
}

static void
compare(uint64_t seed)
{
	struct fixture f;
	struct options o;
	struct plan cut = { .line_cut = true }, whole = { 0 };
	struct lineprof a, b;
	struct model ma, mb;
	struct gp_err err;
	size_t j = 0;

	setup(&f, seed);
	memset(&o, 0, sizeof(o));
	check_true(
	    lineprof_compute(&a, &f.lm, &f.funcs, &f.g, &o, &cut, &err) == 0,
	    "cut");
	check_true(
	    lineprof_compute(&b, &f.lm, &f.funcs, &f.g, &o, &whole, &err) == 0,
	    "whole");
	check_true(a.index_skip != NULL && b.index_skip == NULL,
		   "only the plan's line_cut cuts");
	check_u64(b.lt.st.n, f.lm.st.n, "whole table");
	model_of(&ma, &a);
	model_of(&mb, &b);
	check_dbl(a.lt.total_ticks, b.lt.total_ticks, "total");
	check_u64(a.lt.cg.ncycles, b.lt.cg.ncycles, "cycles");
	for (size_t i = 0; i < b.lt.st.n; i++) {
		const struct cg_node *x, *y;
		char what[64];

		if (j < a.lt.st.n &&
		    a.lt.st.syms[j].addr == b.lt.st.syms[i].addr)
			j++;
		else {
			snprintf(what, sizeof(what), "entry %zu left out", i);
			check_true(!used(&b, i) && f.lm.is_line[i], what);
			continue;
		}
		x = &a.lt.cg.nodes[j - 1];
		y = &b.lt.cg.nodes[i];
		snprintf(what, sizeof(what), "entry %zu", i);
		check_dbl(a.lt.ticks[j - 1], b.lt.ticks[i], what);
		check_u64(x->ncalls, y->ncalls, what);
		check_u64(x->self_calls, y->self_calls, what);
		check_dbl(x->prop_self, y->prop_self, what);
		check_dbl(x->prop_child, y->prop_child, what);
		check_u64(x->cycle, y->cycle, what);
		snprintf(what, sizeof(what), "entry %zu index", i);
		check_u64(ma.index[j - 1], mb.index[i], what);
	}
	for (size_t k = 0; k < a.lt.cg.ncycles; k++)
		check_u64(ma.index[a.lt.st.n + k], mb.index[b.lt.st.n + k],
			  "cycle index");
	check_u64(j, a.lt.st.n, "kept entries are the table's");
	check_u64(a.nbbs, b.nbbs, "block slots");
	for (size_t k = 0; k < a.nbbs && k < b.nbbs; k++) {
		check_u64(a.bbs[k].addr, b.bbs[k].addr, "block address");
		check_u64(a.bbs[k].count, b.bbs[k].count, "block count");
	}
	model_free(&ma);
	model_free(&mb);
	lineprof_free(&a);
	lineprof_free(&b);
	teardown(&f);
}

static void
random_tables(void)
{
	/* 300 tables, 30 to a case (the first failure names its
	 * entry). */
	for (uint64_t first = 1; first <= 300; first += 30) {
		t_begin("lineprof/cut-same-as-whole-%llu-%llu",
			(unsigned long long)first,
			(unsigned long long)first + 29);
		for (uint64_t seed = first; seed < first + 30; seed++)
			compare(seed);
		t_end();
	}
}

T_MODULE(lineprof)
{
	t_run("lineprof/cut", random_tables);
}
