/*
 * linemode.c - GNU gprof's line-mode table and the arcs on it, for -l
 * and -s (gmon.sum).
 *
 * Invariant: LM->cg maps every profile arc whose ends fall in the table;
 * its counts are never changed after linemode_build().
 */
#include <stdlib.h>
#include <string.h>

#include "linemode.h"
#include "linesyms.h"

/*
 * Each entry's source position and kind: the merged table holds ST's
 * functions (in order) and the line symbols that do not start at a
 * function's address, so one walk pairs them up.
 */
static void
positions(struct linemode *lm, const struct symtab *st)
{
	const struct linesyms *ls = &lm->ls;
	size_t n = lm->st.n, f = 0, l = 0;

	lm->is_line = xcalloc(n ? n : 1, sizeof(*lm->is_line));
	lm->files = xcalloc(n ? n : 1, sizeof(*lm->files));
	lm->lines = xcalloc(n ? n : 1, sizeof(*lm->lines));
	for (size_t i = 0; i < n; i++) {
		uint64_t at = lm->st.syms[i].addr;

		while (f < st->n && st->syms[f].addr < at)
			f++;
		while (l < ls->n && ls->addrs[l] < at)
			l++;
		if (f < st->n && st->syms[f].addr == at) {
			lm->files[i] = ls->qfiles[f];
			lm->lines[i] = ls->qlines[f];
		} else if (l < ls->n && ls->addrs[l] == at) {
			lm->is_line[i] = true;
			lm->files[i] = ls->files[l];
			lm->lines[i] = ls->lines[l];
		}
	}
}

void
linemode_build(struct linemode *lm, struct exe *x, const struct symtab *st,
	       const struct gmon *g)
{
	uint64_t *entries = xcalloc(st->n ? st->n : 1, sizeof(*entries));

	for (size_t i = 0; i < st->n; i++)
		entries[i] = st->syms[i].addr;
	linesyms_build(x, &lm->ls, entries, st->n);
	free(entries);
	symtab_add_lines(&lm->st, st, lm->ls.addrs, lm->ls.names, lm->ls.n);
	positions(lm, st);
	/* Only gmon.sum's arcs need the table's own call graph. */
	memset(&lm->cg, 0, sizeof(lm->cg));
	if (g != NULL) {
		cg_init(&lm->cg, &lm->st);
		cg_tally(&lm->cg, g, NULL, NULL);
	}
	lm->built = true;
}

void
linemode_write_arcs(const struct linemode *lm, struct wbuf *w,
		    enum gmon_format format)
{
	const struct callgraph *cg = &lm->cg;

	for (uint32_t p = 0; p < cg->n; p++)
		for (uint32_t a = cg->nodes[p].first_child; a != CG_NONE;
		     a = cg->arcs[a].next_child)
			gmon_write_arc(w, format, lm->st.syms[p].addr,
				       lm->st.syms[cg->arcs[a].child].addr,
				       cg->arcs[a].count);
}

void
linemode_free(struct linemode *lm)
{
	if (!lm->built)
		return;
	cg_free(&lm->cg);
	symtab_free(&lm->st);
	free(lm->is_line);
	free(lm->files);
	free(lm->lines);
	linesyms_free(&lm->ls);
	memset(lm, 0, sizeof(*lm));
}
