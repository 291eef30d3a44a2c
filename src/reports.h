/*
 * reports.h - the report plan: which of GNU gprof's reports an analysed
 * profile gets, in what order, with which separators and explanations
 * (GNU's defaults and fallbacks included), printed to one stream.
 */
#ifndef GPROF_REPORTS_H
#define GPROF_REPORTS_H

#include <stdio.h>

#include "analysis.h"
#include "options.h"

/*
 * Print the reports O asks for (or GNU's default set) about A to OUT.
 * Returns 0, or -1 with a message in ERR when a report needs data the
 * profile lacks (a flat profile without a histogram, a call graph
 * without arcs).  In line mode (-l, -s) the reports are over A's
 * line-mode analysis (lineprof.h).
 */
int reports_print(FILE *out, struct analysis *a, const struct options *o,
		  struct gp_err *err);

#endif
