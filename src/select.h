/*
 * select.h - turn the symbol specifications of the command line into
 * per-function selections: which functions each list (INCL_FLAT,
 * EXCL_GRAPH, ...) holds, and which arcs the arc lists name.
 *
 * As in GNU gprof, an INCL list whose specs match no function counts as
 * empty (it restricts nothing), and the profiling runtime's own routines
 * (mcount and friends) are in EXCL_FLAT, EXCL_GRAPH and EXCL_TIME.
 */
#ifndef GPROF_SELECT_H
#define GPROF_SELECT_H

#include <stdbool.h>
#include <stdint.h>

#include "callgraph.h"
#include "exe.h"
#include "options.h"
#include "symtab.h"

struct arc_sel {
	enum spec_kind kind; /* SPEC_INCL_ARCS or SPEC_EXCL_ARCS */
	uint8_t *from, *to;  /* owned, per function: the side matches */
	/* Line mode: per symbol, whether a run of matched symbols starts
	 * there (GNU keeps one entry per run: -r's copies); NULL when each
	 * matched symbol is an entry of its own. */
	uint8_t *from_runs, *to_runs;
};

struct selection {
	uint16_t *bits;        /* owned, per function: 1 << spec_kind */
	bool any[SPEC_NKINDS]; /* the list matched some function */
	struct arc_sel *arcs;  /* owned */
	size_t narcs;
	bool any_arcs[SPEC_NKINDS];
};

/*
 * Resolve O's symbol specifications against the function table ST into
 * SEL (select_free() releases it): per function the lists it is in, and
 * the arc lists.  A spec that names a file or a line (see
 * select_needs_positions) matches by the functions' source positions,
 * looked up in X.  Never fails: a spec that matches nothing leaves its
 * list empty.
 */
void select_build(struct selection *sel, const struct options *o,
		  const struct symtab *st, struct exe *x);

/*
 * Whether some symbol specification of O names a source file or line
 * (or is an arc spec, whose sides may), so that select_build() looks up
 * every function's source position.
 */
bool select_needs_positions(const struct options *o);
/*
 * select_build() for line mode's table: the source positions given (per
 * symbol: FILES[i], NULL when unknown, and LINES[i]), so line symbols
 * match specs by their own file and line; and every list kept as GNU
 * keeps it there, address ranges of runs of matched symbols, a run
 * reaching to ENDS[i] of its last symbol i (a function's: the end of
 * its code), asked about each symbol's address.
 */
void select_build_at(struct selection *sel, const struct options *o,
		     const struct symtab *st, const char *const *files,
		     const int *lines, const uint64_t *ends);
void select_free(struct selection *sel);

/*
 * The per-entry flags reports need, from SEL over its N entries: the
 * call graph's CG_INCL/EXCL_GRAPH/TIME bits (*GRAPH, also set in CS with
 * whether an INCL list matched), the entries the flat profile leaves
 * out (*FLAT_EXCLUDED) and those -C hides (*EXEC_HIDDEN).  The caller
 * frees the three arrays.
 */
void select_report_flags(const struct selection *sel, size_t n, uint8_t **graph,
			 bool **flat_excluded, bool **exec_hidden,
			 struct cg_select *cs);

/*
 * Whether function I is selected by the -C/-Z pair: in INCL, or INCL is
 * empty and I is not in EXCL (GNU's rule for the execution counts: an
 * INCL match wins over an EXCL one).
 */
bool select_keeps_exec(const struct selection *sel, uint32_t i);

/* Whether the list KIND holds function I. */
static inline bool
select_has(const struct selection *sel, enum spec_kind kind, uint32_t i)
{
	return (sel->bits[i] >> kind) & 1;
}

/*
 * Whether a function is selected by an INCL/EXCL pair: in INCL (or INCL
 * is empty) and not in EXCL.
 */
bool select_keeps(const struct selection *sel, enum spec_kind incl, uint32_t i);

/* Whether the arc PARENT -> CHILD survives the arc lists (-q/-Q/-k). */
bool select_arc(const struct selection *sel, uint32_t parent, uint32_t child);

#endif
