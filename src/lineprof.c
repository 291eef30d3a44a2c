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

	lp->st.syms = xcalloc(n ? n : 1, sizeof(*lp->st.syms));
	lp->files = xcalloc(n ? n : 1, sizeof(*lp->files));
	lp->lines = xcalloc(n ? n : 1, sizeof(*lp->lines));
	lp->is_line = xcalloc(n ? n : 1, sizeof(*lp->is_line));
	for (size_t i = 0; i < n; i++) {
		if (lm->st.syms[i].end < lm->st.syms[i].addr)
			continue;
		lp->st.syms[k] = lm->st.syms[i];
		lp->files[k] = lm->files[i];
		lp->lines[k] = lm->lines[i];
		lp->is_line[k] = lm->is_line[i];
		k++;
	}
	lp->st.n = k;
}

/*
 * Where each entry's code ends as GNU's symbol lists see it: a line
 * symbol's at the next entry, a function's where the function ends in
 * the function table FUNCS (its lines included).
 */
static uint64_t *
range_ends(const struct lineprof *lp, const struct symtab *funcs)
{
	uint64_t *ends = xcalloc(lp->st.n ? lp->st.n : 1, sizeof(*ends));

	for (size_t i = 0; i < lp->st.n; i++) {
		sym_id f = lp->is_line[i]
			       ? SYM_NONE
			       : symtab_find(funcs, lp->st.syms[i].addr);

		ends[i] = lp->st.syms[i].end;
		if (f != SYM_NONE &&
		    funcs->syms[f].addr == lp->st.syms[i].addr &&
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
	const struct symtab *st = &lp->st;
	struct cg_select cs;
	uint64_t *ends;

	memset(lp, 0, sizeof(*lp));
	lp->built = true;
	copy_table(lp, lm);
	ends = range_ends(lp, funcs);
	select_build_at(&lp->sel, o, st, lp->files, lp->lines, ends);
	free(ends);
	cg_init(&lp->cg, st);
	cg_tally(&lp->cg, g, arc_selected, &lp->sel);
	select_report_flags(&lp->sel, lp->st.n, &lp->graph_flags,
			    &lp->flat_excluded, &lp->exec_hidden, &cs);
	lp->ticks = xcalloc(st->n ? st->n : 1, sizeof(*lp->ticks));
	if (hist_charge(g, st, lp->flat_excluded, lp->ticks, &lp->total_ticks,
			err) != 0)
		return -1;
	cg_assemble(&lp->cg, lp->ticks, &cs);
	lp->nbbs = bbsum_merge(g->bbs, g->nbbs, st, &lp->bbs);
	return 0;
}

void
lineprof_model_in(const struct lineprof *lp, const struct gmon *g,
		  struct exe *x, struct model_in *in)
{
	*in = (struct model_in){
		.st = &lp->st,
		.cg = &lp->cg,
		.g = g,
		.x = x,
		.total_ticks = lp->total_ticks,
		.flat_excluded = lp->flat_excluded,
		.exec_hidden = lp->exec_hidden,
		.files = lp->files,
		.lines = lp->lines,
		.is_line = lp->is_line,
		.bbs = lp->bbs,
		.nbbs = lp->nbbs,
	};
}

void
lineprof_free(struct lineprof *lp)
{
	if (!lp->built)
		return;
	free(lp->ticks);
	free(lp->graph_flags);
	free(lp->flat_excluded);
	free(lp->exec_hidden);
	select_free(&lp->sel);
	cg_free(&lp->cg);
	free(lp->st.syms);
	free(lp->files);
	free(lp->lines);
	free(lp->is_line);
	free(lp->bbs);
	memset(lp, 0, sizeof(*lp));
}
