/*
 * analysed.c - assemble a struct analysed's call graph, with its
 * presorted orders, and release it (analysed.h).
 */
#include "analysed.h"

#include <stdlib.h>

#include "presort.h"
#include "task.h"

/* What the presorting thread makes (presort.h). */
struct presorting {
	struct analysed *r;
	bool flat, names, zeros;
};

static void
presort_main(void *arg)
{
	struct presorting *p = arg;
	struct analysed *r = p->r;

	if (p->flat)
		r->nflat = presort_flat(&r->cg, &r->st, r->flat_excluded,
					p->zeros, &r->flat_order);
	if (p->names)
		r->nnamed =
		    presort_names(&r->cg, &r->st, p->zeros, &r->name_order);
}

/* Tables from this many functions on are presorted on a thread (the
 * real programs of the tests have more). */
#define PRESORT_MIN 256

void
analysed_assemble(struct analysed *r, const struct cg_select *cs, bool flat,
		  bool names, bool zeros)
{
	struct presorting p = { r, flat, names, zeros };
	struct task presorting;

	cg_prepare(&r->cg, r->ticks);
	task_start(&presorting, presort_main, &p,
		   r->cg.n >= PRESORT_MIN && (flat || names));
	cg_assemble(&r->cg, r->ticks, cs);
	task_join(&presorting);
}

void
analysed_free(struct analysed *r)
{
	free(r->ticks);
	free(r->graph_flags);
	free(r->flat_excluded);
	free(r->exec_hidden);
	free(r->flat_order);
	free(r->name_order);
	free(r->src);
	r->flat_order = NULL;
	r->name_order = NULL;
	r->src = NULL;
	select_free(&r->sel);
	cg_free(&r->cg);
	r->ticks = NULL;
	r->graph_flags = NULL;
	r->flat_excluded = NULL;
	r->exec_hidden = NULL;
	r->total_ticks = 0;
}
