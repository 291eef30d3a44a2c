/*
 * clonesan.h - the functions analysed again, for our views and
 * --measured, over a table in which gcc's clones count in the function
 * they were split from (symclones.h), not where GNU's rules put them.
 * analysis_compute() makes it when the plan says (plan.h's clones);
 * the model then borrows it instead of the functions' own analysis.
 *
 * Ownership: a struct clonesan owns its table, load map and analysis,
 * and borrows names from the executable and the analysis' function
 * table, which must outlive it; clonesan_free() releases it.
 */
#ifndef GPROF_CLONESAN_H
#define GPROF_CLONESAN_H

#include "analysed.h"
#include "measured.h"
#include "objects.h"
#include "options.h"
#include "symclones.h"
#include "threadview.h"

struct analysis;
struct plan;

struct clonesan {
	struct symclones sp;
	/* A's load map over SP's table: its objects (V, owned) with their
	 * entries moved up past the clones; the rest borrowed from A's. */
	struct objects os;
	struct analysed r; /* r.st: a copy of sp.st (the table, borrowed) */
	struct measured meas;
	struct thread_view tv; /* A's threads, stacks mapped to SP's table */
};

/*
 * A's functions (analysis_compute() done up to the stacks) analysed
 * again for O over a table that counts gcc's clones in their origins,
 * as analysis_compute() did (selections, samples, arcs, -c, cycles and
 * propagation with the orders PLAN presorts, stacks).  Returns it (the
 * caller frees it with clonesan_free), or NULL when the executable has
 * no clone, A's functions were not analysed, -R or -S name them, or its
 * bins cannot be read again (a warning says so): the printers then use
 * A's own.
 */
struct clonesan *clonesan_build(struct analysis *a, const struct options *o,
				const struct plan *plan);

/* Release VA (NULL is fine). */
void clonesan_free(struct clonesan *va);

#endif
