/*
 * lineprof.c - the analysis over GNU's line-mode table (see
 * lineprof.h): the same stages as analysis.c's, in the same order, on
 * the table of functions and line symbols.
 */
#include "lineprof.h"

#include <stdlib.h>
#include <string.h>

#include "bbsum.h"
#include "hist.h"

/* cg_tally's filter: the arc lists of -q/-Q/-k, on the table. */
static bool
arc_selected(void *ctx, uint32_t parent, uint32_t child)
{
	return select_arc(ctx, parent, child);
}

/* LP's table: LM's entries that own some address. */
static void
copy_table(struct lineprof *lp, const struct linemode *lm)
{
	size_t n = lm->st.n, k = 0;

	lp->lt.st.syms = xcalloc(n ? n : 1, sizeof(*lp->lt.st.syms));
	lp->files = xcalloc(n ? n : 1, sizeof(*lp->files));
	lp->lines = xcalloc(n ? n : 1, sizeof(*lp->lines));
	lp->is_line = xcalloc(n ? n : 1, sizeof(*lp->is_line));
	for (size_t i = 0; i < n; i++) {
		if (lm->st.syms[i].end < lm->st.syms[i].addr)
			continue;
		lp->lt.st.syms[k] = lm->st.syms[i];
		lp->files[k] = lm->files[i];
		lp->lines[k] = lm->lines[i];
		lp->is_line[k] = lm->is_line[i];
		k++;
	}
	lp->lt.st.n = k;
	symtab_index(&lp->lt.st);
}

/*
 * Where each entry's code ends as GNU's symbol lists see it: a line
 * symbol's at the next entry, a function's where the function ends in
 * the function table FUNCS (its lines included).
 */
static uint64_t *
range_ends(const struct lineprof *lp, const struct symtab *funcs)
{
	uint64_t *ends = xcalloc(lp->lt.st.n ? lp->lt.st.n : 1, sizeof(*ends));

	for (size_t i = 0; i < lp->lt.st.n; i++) {
		sym_id f = lp->is_line[i]
			       ? SYM_NONE
			       : symtab_find(funcs, lp->lt.st.syms[i].addr);

		ends[i] = lp->lt.st.syms[i].end;
		if (f != SYM_NONE &&
		    funcs->syms[f].addr == lp->lt.st.syms[i].addr &&
		    funcs->syms[f].end > ends[i])
			ends[i] = funcs->syms[f].end;
	}
	return ends;
}

int
lineprof_compute(struct lineprof *lp, const struct linemode *lm,
		 const struct symtab *funcs, const struct gmon *g,
		 const struct options *o, struct gp_err *err)
{
	const struct symtab *st = &lp->lt.st;
	struct cg_select cs;
	uint64_t *ends;

	memset(lp, 0, sizeof(*lp));
	lp->built = true;
	copy_table(lp, lm);
	ends = range_ends(lp, funcs);
	select_build_at(&lp->lt.sel, o, st, lp->files, lp->lines, ends);
	free(ends);
	cg_init(&lp->lt.cg, st);
	cg_tally(&lp->lt.cg, g, arc_selected, &lp->lt.sel);
	select_report_flags(&lp->lt.sel, lp->lt.st.n, &lp->lt.graph_flags,
			    &lp->lt.flat_excluded, &lp->lt.exec_hidden, &cs);
	lp->lt.ticks = xcalloc(st->n ? st->n : 1, sizeof(*lp->lt.ticks));
	if (hist_charge(g, st, lp->lt.flat_excluded, lp->lt.ticks,
			&lp->lt.total_ticks, err) != 0)
		return -1;
	cg_assemble(&lp->lt.cg, lp->lt.ticks, &cs);
	lp->nbbs = bbsum_merge(g->bbs, g->nbbs, st, &lp->bbs);
	return 0;
}

void
lineprof_free(struct lineprof *lp)
{
	if (!lp->built)
		return;
	analysed_free(&lp->lt);
	symtab_free(&lp->lt.st);
	free(lp->files);
	free(lp->lines);
	free(lp->is_line);
	free(lp->bbs);
	memset(lp, 0, sizeof(*lp));
}
