/*
 * threadfigs.c - each thread's numbers per function and arc from its
 * stacks (threadfigs.h).
 *
 * Invariant: a sample counts at most once per function and per arc.
 * Each stack gets a serial number, and a function (arc) is counted for
 * it only when the serial it last saw is another stack's, as in
 * measured.c; the scratch arrays are the whole table's, shared by the
 * rows, and a row's touched entries are collected as it goes, so a
 * row costs its frames, not the table.
 */
#include "threadfigs.h"

#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "measured.h"

/* Scratch over the whole table, for every row in turn. */
struct scratch {
	size_t *fn_seen, *arc_seen;   /* serial of the last stack counted */
	uint32_t *fn_slot, *arc_slot; /* the entry of the row being built */
};

static int
by_fn(const void *p, const void *q)
{
	const struct thread_fn_figs *a = p, *b = q;

	return (a->fn > b->fn) - (a->fn < b->fn);
}

static int
by_arc(const void *p, const void *q)
{
	const struct thread_arc_figs *a = p, *b = q;

	return (a->arc > b->arc) - (a->arc < b->arc);
}

/* Row R's entry for function F (added if new), with its CAP. */
static struct thread_fn_figs *
fn_entry(struct thread_figs *r, size_t *cap, struct scratch *sc, size_t serial0,
	 uint32_t f)
{
	/* FN_SLOT[F] is valid for this row when FN_SEEN[F] >= SERIAL0. */
	if (sc->fn_seen[f] < serial0) {
		if (r->nfns == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			r->fns = xreallocarray(r->fns, *cap, sizeof(*r->fns));
		}
		sc->fn_slot[f] = (uint32_t)r->nfns;
		r->fns[r->nfns++] = (struct thread_fn_figs){ f, 0, 0 };
	}
	return &r->fns[sc->fn_slot[f]];
}

static struct thread_arc_figs *
arc_entry(struct thread_figs *r, size_t *cap, struct scratch *sc,
	  size_t serial0, uint32_t a)
{
	if (sc->arc_seen[a] < serial0) {
		if (r->narcs == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			r->arcs =
			    xreallocarray(r->arcs, *cap, sizeof(*r->arcs));
		}
		sc->arc_slot[a] = (uint32_t)r->narcs;
		r->arcs[r->narcs++] = (struct thread_arc_figs){ a, 0 };
	}
	return &r->arcs[sc->arc_slot[a]];
}

/* Row ROW's figures into R; stacks numbered from *SERIAL + 1. */
static void
count_row(struct thread_figs *r, const struct thread_view *tv,
	  const struct thread_row *row, const struct callgraph *cg,
	  struct scratch *sc, size_t *serial)
{
	size_t fcap = 0, acap = 0, serial0 = *serial + 1;

	for (size_t s = row->first; s < row->first + row->nstacks; s++) {
		const struct measured_stack *st = &tv->stacks[s];
		const uint32_t *path = tv->fns + st->at;
		size_t me = ++*serial;

		if (st->truncated)
			r->truncated = gp_add_sat(r->truncated, st->count);
		if (st->len == 0 || path[0] >= cg->n) {
			r->unknown = gp_add_sat(r->unknown, st->count);
			continue;
		}
		for (uint32_t i = 0; i < st->len; i++) {
			uint32_t f = path[i];

			if (NEVER(f >= cg->n))
				break;
			if (sc->fn_seen[f] != me) {
				struct thread_fn_figs *e =
				    fn_entry(r, &fcap, sc, serial0, f);
				e->total = gp_add_sat(e->total, st->count);
				if (i == 0) /* the sampled PC's */
					e->self =
					    gp_add_sat(e->self, st->count);
				sc->fn_seen[f] = me;
			}
			if (i + 1 == st->len || path[i + 1] >= cg->n)
				continue;
			uint32_t a = cg_find_arc(cg, path[i + 1], f);
			if (a == CG_NONE || sc->arc_seen[a] == me)
				continue;
			struct thread_arc_figs *ae =
			    arc_entry(r, &acap, sc, serial0, a);
			ae->samples = gp_add_sat(ae->samples, st->count);
			sc->arc_seen[a] = me;
		}
	}
	if (r->nfns > 0) /* none: R->fns is NULL, which qsort may not get */
		qsort(r->fns, r->nfns, sizeof(*r->fns), by_fn);
	if (r->narcs > 0)
		qsort(r->arcs, r->narcs, sizeof(*r->arcs), by_arc);
}

struct thread_figs *
threadfigs_compute(const struct thread_view *tv, const struct callgraph *cg)
{
	struct thread_figs *fs;
	struct scratch sc;
	size_t serial = 0;

	if (tv == NULL || !tv->any || !tv->have_stacks || tv->n == 0)
		return NULL;
	fs = xcalloc(tv->n, sizeof(*fs));
	sc.fn_seen = xcalloc(cg->n ? cg->n : 1, sizeof(*sc.fn_seen));
	sc.fn_slot = xcalloc(cg->n ? cg->n : 1, sizeof(*sc.fn_slot));
	sc.arc_seen = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*sc.arc_seen));
	sc.arc_slot = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*sc.arc_slot));
	for (size_t i = 0; i < tv->n; i++)
		count_row(&fs[i], tv, &tv->rows[i], cg, &sc, &serial);
	free(sc.fn_seen);
	free(sc.fn_slot);
	free(sc.arc_seen);
	free(sc.arc_slot);
	return fs;
}

void
threadfigs_free(struct thread_figs *fs, size_t n)
{
	if (fs == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		free(fs[i].fns);
		free(fs[i].arcs);
	}
	free(fs);
}
