/*
 * fuzz_staticcalls.c - libFuzzer target for -c: the input is an
 * executable (written to a memfd); its function table is built and
 * static_calls() scans its code for calls inside histograms chosen by
 * the input's size modulo 4:
 *   0  one over .text          1  one over the loaded segments
 *   2  one over every address  3  two, each over half of .text
 * then the call graph is assembled.
 *
 * Checks: every arc found has a count of 0 and a callee that starts
 * inside a histogram.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "callgraph.h"
#include "diag.h"
#include "exe.h"
#include "gmon.h"
#include "staticcalls.h"
#include "symtab.h"

#include "memfd_exe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
add_hist(struct gmon *g, uint64_t lo, uint64_t hi)
{
	g->hists = xreallocarray(g->hists, g->nhists + 1, sizeof(*g->hists));
	g->hists[g->nhists++] = (struct gmon_hist){ .lowpc = lo, .highpc = hi };
	if (lo <
	    hi) /* gmon_covers() looks ranges up, as a read would add them */
		ranges_add(&g->ranges, lo, hi);
}

static void
pick_hists(struct gmon *g, const struct exe *x, size_t size)
{
	uint64_t mid = x->text_lo + (x->text_hi - x->text_lo) / 2;

	switch (size % 4) {
	case 0:
		add_hist(g, x->text_lo, x->text_hi);
		break;
	case 1:
		add_hist(g, x->load_lo, x->load_hi);
		break;
	case 2:
		add_hist(g, 0, UINT64_MAX);
		break;
	default:
		add_hist(g, x->text_lo, mid);
		add_hist(g, mid, x->text_hi);
		break;
	}
}

static bool
in_hist(const struct gmon *g, uint64_t addr)
{
	for (size_t i = 0; i < g->nhists; i++)
		if (addr >= g->hists[i].lowpc && addr < g->hists[i].highpc)
			return true;
	return false;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct symtab_opts opts = { false, false, NULL };
	struct exe x;
	struct symtab st = { 0 };
	struct gmon g;
	struct callgraph cg;
	struct cg_select sel = { 0 };
	struct gp_err err;
	double *ticks;
	int fd = memfd_exe_open(&x, data, size);

	if (fd < 0)
		return 0;
	if (symtab_build(&st, &x, &opts, &err) != 0)
		goto out;
	gmon_init(&g, x.word, x.big_endian);
	pick_hists(&g, &x, size);
	cg_init(&cg, &st);
	(void)static_calls(&cg, &x, &g);
	for (size_t i = 0; i < cg.narcs; i++)
		if (cg.arcs[i].count != 0 ||
		    !in_hist(&g, st.syms[cg.arcs[i].child].addr))
			abort();
	ticks = xcalloc(st.n ? st.n : 1, sizeof(*ticks));
	cg_assemble(&cg, ticks, &sel);
	free(ticks);
	cg_free(&cg);
	gmon_free(&g);
	symtab_free(&st);
out:
	exe_close(&x);
	close(fd);
	return 0;
}
