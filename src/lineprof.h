/*
 * lineprof.h - line-by-line analysis (-l, and -s, which turns GNU's
 * line mode on): the function-level analysis run again over the
 * line-mode table (linemode.h), whose line symbols take the samples of
 * their code and are the callers of the arcs that start in them.
 *
 * What comes out has the shape a report model is built from (model.h):
 * selections resolved on the table (a line symbol matches a spec by its
 * function's name, its own file and line), the call graph with arcs
 * from call-site lines to callee functions, samples per symbol, and
 * per-symbol source positions, so every report printer runs unchanged.
 *
 * Ownership: a struct lineprof borrows names from the struct linemode
 * it was computed on (which must outlive it); lineprof_free() releases
 * the rest.
 */
#ifndef GPROF_LINEPROF_H
#define GPROF_LINEPROF_H

#include <stdbool.h>
#include <stdint.h>

#include "callgraph.h"
#include "diag.h"
#include "gmon.h"
#include "linemode.h"
#include "model.h"
#include "options.h"
#include "select.h"

struct lineprof {
	bool built;
	/* The table as the reports see it: LM's, less the functions that
	 * own no address (data_start past the code), which GNU's line
	 * mode leaves out.  Names and file names borrowed from LM. */
	struct symtab st;
	const char **files;   /* owned array, per entry */
	int *lines;           /* owned, per entry */
	bool *is_line;        /* owned, per entry */
	struct selection sel; /* the symbol specs, per table entry */
	struct callgraph cg;  /* arcs, cycles, propagated time */
	double *ticks;        /* per entry: histogram samples */
	double total_ticks;
	uint8_t *graph_flags; /* per entry: CG_INCL/EXCL_GRAPH/TIME */
	bool *flat_excluded;
	bool *exec_hidden;
	/* The basic-block counts, merged in GNU's slots per entry
	 * (bbsum.h): grouped by entry in address order. */
	struct gmon_bb *bbs; /* owned */
	size_t nbbs;
};

/*
 * Analyse G over the line-mode table LM (linemode_build() done from the
 * function table FUNCS) for the options O.  Returns 0, or -1 with a message in ERR when histogram
 * bins left in a profile file cannot be read back.
 */
int lineprof_compute(struct lineprof *lp, const struct linemode *lm,
		     const struct symtab *funcs, const struct gmon *g,
		     const struct options *o, struct gp_err *err);

/*
 * What a model of LP is built from (borrowed).  G gives the units, X is
 * not consulted (positions come from the table).
 */
void lineprof_model_in(const struct lineprof *lp, const struct gmon *g,
		       struct exe *x, struct model_in *in);

void lineprof_free(struct lineprof *lp);

#endif
