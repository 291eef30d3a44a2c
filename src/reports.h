/*
 * reports.h - GNU gprof's text reports of an analysed profile, those
 * the plan chose (plan.h: GNU's defaults and fallbacks included), in
 * GNU's order, with its separators and our explanations, printed to one
 * stream.
 */
#ifndef GPROF_REPORTS_H
#define GPROF_REPORTS_H

#include <stdio.h>

#include "analysis.h"
#include "options.h"
#include "plan.h"

/*
 * Print PLAN's text reports (PLAN->style) about A (analysed for PLAN) to
 * OUT, laid out as O says.  Returns 0, or -1 with a message in ERR when
 * a report needs data the profile lacks (a flat profile without a
 * histogram, a call graph without arcs).  In line mode (-l, -s) the
 * reports are over A's line-mode analysis (lineprof.h).
 */
int reports_print(FILE *out, struct analysis *a, const struct options *o,
		  const struct plan *plan, struct gp_err *err);

#endif
