/*
 * lineprof.h - line-by-line analysis (-l, and -s, which turns GNU's
 * line mode on): the function-level analysis run again over the
 * line-mode table (linemode.h), whose line symbols take the samples of
 * their code and are the callers of the arcs that start in them.
 *
 * What comes out has the shape a report model is built from (modelbuild.h):
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

#include "analysed.h"
#include "diag.h"
#include "gmon.h"
#include "linemode.h"
#include "options.h"

struct lineprof {
	bool built;
	/* The table as the reports see it (lt.st): LM's, less the
	 * functions that own no address (data_start past the code), which
	 * GNU's line mode leaves out, analysed.  Names and file names
	 * borrowed from LM. */
	struct analysed lt;
	const char **files; /* owned array, per entry */
	int *lines;         /* owned, per entry */
	bool *is_line;      /* owned, per entry */
	/* The basic-block counts, merged in GNU's slots per entry
	 * (bbsum.h): grouped by entry in address order. */
	struct gmon_bb *bbs; /* owned */
	size_t nbbs;
	/*
	 * When the reports show only entries that own a sample, an arc or
	 * a block count (plan.h's line_cut: no -z, no symbol specification,
	 * flat profile and call graph only), the table holds only those
	 * (and every function), and INDEX_SKIP (owned) says per entry, then
	 * per cycle, how many left-out entries GNU's call-graph numbering
	 * puts before it; NULL when the table holds them all.
	 */
	uint32_t *index_skip;
};

struct plan;

/*
 * Analyse G over the line-mode table LM (linemode_build() done from the
 * function table FUNCS) for the symbol specs of O and PLAN: the table
 * cut to what owns something (PLAN->line_cut, see index_skip), the
 * orders PLAN presorts.  Returns 0, or -1 with a message in ERR when
 * histogram bins left in a profile file cannot be read back.
 */
int lineprof_compute(struct lineprof *lp, const struct linemode *lm,
		     const struct symtab *funcs, const struct gmon *g,
		     const struct options *o, const struct plan *plan,
		     struct gp_err *err);

void lineprof_free(struct lineprof *lp);

#endif
