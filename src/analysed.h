/*
 * analysed.h - what analysing one symbol table yields: the table, its
 * symbol selections, the call graph with propagated time, samples per
 * symbol and the reports' exclusions.  The function-level analysis
 * (analysis.h) and the line-by-line one (lineprof.h) each produce one,
 * and a report model is built from either the same way (modelbuild.h).
 *
 * Ownership: the owner of a struct analysed owns everything in it;
 * analysed_free() releases all but ST, whose names each owner holds
 * differently (the executable's, or the line-mode table's).
 */
#ifndef GPROF_ANALYSED_H
#define GPROF_ANALYSED_H

#include <stdbool.h>
#include <stdint.h>

#include "callgraph.h"
#include "select.h"
#include "symtab.h"

/* A function's source position, from its executable's DWARF. */
struct src_pos {
	const char *path; /* as DWARF names it (the executable's), or NULL */
	int line;
};

struct analysed {
	struct symtab st;     /* the table: functions, or line symbols too */
	struct selection sel; /* the symbol specs, per entry */
	struct callgraph cg;  /* arcs, cycles, propagated time */
	double *ticks;        /* owned, per entry: histogram samples */
	double total_ticks;   /* the flat profile's denominator */
	uint8_t *graph_flags; /* owned, per entry: CG_INCL/EXCL_GRAPH/TIME */
	bool *flat_excluded;  /* owned, per entry: kept out of the flat */
	bool *exec_hidden;    /* owned, per entry: kept out of -C */
	/* The flat profile's and the index's orders (presort.h), made
	 * while the graph was assembled; NULL when not made. */
	uint32_t *flat_order, *name_order; /* owned */
	size_t nflat, nnamed;
	/* Owned, per entry: its source position (path NULL: none, or not
	 * looked up), when the printers show positions; else NULL. */
	struct src_pos *src;
};

/*
 * cg_prepare() and cg_assemble() on R's call graph (R->ticks and the
 * selection's CS), and the orders of the flat profile (FLAT) and the
 * index (NAMES) with -z's listing (ZEROS): on a second thread while the
 * graph is assembled from PRESORT_MIN functions on (they read nothing
 * cg_assemble() writes), after it below.
 */
void analysed_assemble(struct analysed *r, const struct cg_select *cs,
		       bool flat, bool names, bool zeros);

/* Release what R owns except R->st (the caller's); R is zeroed but ST. */
void analysed_free(struct analysed *r);

#endif
