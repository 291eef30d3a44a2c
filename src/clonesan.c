/*
 * clonesan.c - our views' analysis of the functions (and --measured's),
 * over a table that counts gcc's clones in their origins (clonesan.h).
 *
 * Our views (and --measured) see gcc's clones where they came from: a
 * table of their own (symclones_build) in which F.part.0's
 * addresses are counted in F, not in the function GNU's rules give them
 * to.  Everything that maps an address to a function goes through that
 * table's symtab_find(), which answers with the origin: the histogram
 * (charged per entry, then each clone's share moved to its origin), the
 * arcs (gmon.out's, the side files', -c's), the sampled stacks
 * (measured.h) and the call sites (callsites.h).  GNU's reports keep
 * the analysis' own table.
 */
#include "clonesan.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "plan.h"
#include "staticcalls.h"
#include "threadsel.h"

void
clonesan_free(struct clonesan *va)
{
	if (va == NULL)
		return;
	analysed_free(&va->r);
	measured_free(&va->meas);
	threadsel_free(&va->tv);
	free(va->os.v);
	symclones_free(&va->sp);
	free(va);
}

/* The arc filters analysis.c gives cg_tally and objects_tally. */
static bool
exe_arc(void *ctx, uint32_t parent, uint32_t child)
{
	const struct clonesan *va = ctx;

	if (va->os.any && (parent >= va->os.nexe || child >= va->os.nexe))
		return false;
	return select_arc(&va->r.sel, parent, child);
}

static bool
any_arc(void *ctx, uint32_t parent, uint32_t child)
{
	return select_arc(ctx, parent, child);
}

/* A's load map over VA's table, whose executable part is MORE longer. */
static void
shift_objects(struct clonesan *va, const struct objects *os, size_t more)
{
	va->os = *os;
	va->os.v = xcalloc(os->n, sizeof(*va->os.v));
	if (os->n > 0)
		memcpy(va->os.v, os->v, os->n * sizeof(*os->v));
	for (size_t k = 0; k < os->n; k++)
		va->os.v[k].first += more;
	va->os.nexe += more;
}

/* The samples, charged per entry, each clone's then its origin's. */
static int
charge(struct clonesan *va, const struct analysis *a, struct gp_err *err)
{
	const struct symtab *st = &va->sp.st;
	const uint32_t *origin = va->sp.origin;
	struct analysed *r = &va->r;

	for (size_t k = 0; k < st->n; k++)
		r->flat_excluded[k] = r->flat_excluded[origin[k]];
	r->ticks = xcalloc(st->n, sizeof(*r->ticks));
	if (objects_charge(&va->os, &a->g, st, r->flat_excluded, r->ticks,
			   &r->total_ticks, err) != 0)
		return -1;
	for (size_t k = 0; k < st->n; k++)
		if (origin[k] != k) {
			r->ticks[origin[k]] += r->ticks[k];
			r->ticks[k] = 0;
		}
	return 0;
}

struct clonesan *
clonesan_build(struct analysis *a, const struct options *o,
	       const struct plan *plan)
{
	const struct objects *os = &a->objs;
	size_t nexe = os->any ? os->nexe : a->fn.st.n;
	struct clonesan *va;
	struct analysed *r;
	struct cg_select cs;
	struct gp_err err;

	/* Not analysed (-l's reports, -s alone), or names not symbols'. */
	if (a->fn.ticks == NULL || o->map_file != NULL || o->nm_file != NULL)
		return NULL;
	va = xcalloc(1, sizeof(*va));
	if (!symclones_build(&va->sp, &a->fn.st, nexe, &a->x, o->no_static)) {
		free(va);
		return NULL;
	}
	r = &va->r;
	shift_objects(va, os, va->sp.nexe - nexe);
	select_build(&r->sel, o, &va->sp.st, &a->x);
	select_report_flags(&r->sel, va->sp.st.n, &r->graph_flags,
			    &r->flat_excluded, &r->exec_hidden, &cs);
	if (charge(va, a, &err) != 0) {
		gp_warn("%s; the views count gcc's clones as the text "
			"reports do",
			err.msg);
		clonesan_free(va);
		return NULL;
	}
	cg_init(&r->cg, &va->sp.st);
	cg_tally(&r->cg, &a->g, exe_arc, va);
	objects_tally(&va->os, &r->cg, any_arc, &r->sel);
	if (o->static_calls)
		(void)static_calls(&r->cg, &a->x, &a->g); /* warned already */
	/* The table, borrowed: the orders read its names. */
	r->st = va->sp.st;
	analysed_assemble(r, &cs, plan->flat_order, plan->name_order,
			  plan->zeros);
	if (a->meas.any)
		measured_compute(&va->meas, &os->stacks, &va->os, &va->sp.st,
				 &r->cg);
	if (a->threads.have_stacks)
		threadsel_view(&va->tv, &a->objs.threads, a->thread_picked,
			       &va->os, &va->sp.st, true);
	return va;
}
