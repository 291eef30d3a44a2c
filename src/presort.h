/*
 * presort.h - the flat profile's order and the index's, from what the
 * call graph holds before propagation: self time, calls and names.
 *
 * Neither order depends on propagated time or on cycles, so the
 * analysis computes them on a second thread while cg_assemble() runs
 * (the step that otherwise leaves a second CPU idle; analysed.h), when
 * the plan says the reports print them (plan.h), and the reports take
 * them from the model.  The listing rules are GNU's (model_listed's
 * LIST_FLAT and LIST_INDEX, which use these).
 */
#ifndef GPROF_PRESORT_H
#define GPROF_PRESORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "callgraph.h"
#include "symtab.h"

/* Whether a function is in the flat profile: not kept out of it (-P,
 * -p lists), and called or sampled (self time before propagation),
 * unless ZEROS (-z) lists every function. */
static inline bool
presort_flat_listed(const struct cg_node *v, bool excluded, bool zeros)
{
	return !excluded && (zeros || v->ncalls != 0 || v->self_ticks != 0);
}

/* Whether a function is in the index: the flat rule without its lists
 * (GNU indexes what the graph names, listed or not). */
static inline bool
presort_index_listed(const struct cg_node *v, bool zeros)
{
	return zeros || v->ncalls != 0 || v->self_ticks != 0;
}

/*
 * The flat profile's order of functions X and Y of CG and ST (<0, 0,
 * >0): self time and calls descending, then the raw name, then the id.
 * A NaN self time makes it inconsistent, as GNU's is.
 */
int presort_flat_cmp(const struct callgraph *cg, const struct symtab *st,
		     uint32_t x, uint32_t y);

/*
 * The flat profile's functions of CG (prepared: cg_prepare) and ST, in
 * presort_flat_cmp's order; EXCLUDED per function or NULL.  Sets *OUT
 * (the caller frees) and returns how many.  When a self time is NaN the
 * order is gp_sort's over presort_flat_cmp, the order GNU's qsort makes
 * of the inconsistent comparison.
 */
size_t presort_flat(const struct callgraph *cg, const struct symtab *st,
		    const bool *excluded, bool zeros, uint32_t **out);

/* The index's functions (not its cycles) by raw name, then id, into
 * *OUT (the caller frees); returns how many. */
size_t presort_names(const struct callgraph *cg, const struct symtab *st,
		     bool zeros, uint32_t **out);

#endif
