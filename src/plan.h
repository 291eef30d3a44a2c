/*
 * plan.h - what this run prints, decided once, and what the analysis
 * computes for it.
 *
 * plan_init() reads the command line before anything is loaded: GNU's
 * text reports, one of our views or --diff; gmon.sum alone; line mode;
 * whose source positions the printers can show; call-site lines.
 * plan_finish() completes it from what the profiles hold, once
 * analysis_load() is done: GNU's choice of reports (its -C fallback for
 * a profile with neither histogram nor arcs included), and from that
 * the functions' positions, -l's table cut and the presorted orders.
 *
 * The analysis (analysis.c, lineprof.c) and main.c read the plan, never
 * the output options; reports.c prints the plan's style.  So a new
 * output option is one edit in plan.c: what it prints, and what that
 * needs computed (docs/ARCHITECTURE.md, "Adding an output option").
 */
#ifndef GPROF_PLAN_H
#define GPROF_PLAN_H

#include <stdbool.h>

#include "diag.h"
#include "options.h"

struct analysis;

/* Whose source positions the printers show. */
enum plan_sources {
	PLAN_SOURCES_NONE,
	PLAN_SOURCES_STATIC, /* static functions' (the index's "(file.c)") */
	PLAN_SOURCES_ALL,
};

/* When the DWARF pass (srcline.h) starts on a second thread. */
enum plan_dwarf {
	PLAN_DWARF_NONE,  /* never: nothing needs it, or -c, -S or line mode
			   * reach the DWARF first (it runs when asked) */
	PLAN_DWARF_EARLY, /* while the profiles are read: the command line
			   * says what it covers */
	PLAN_DWARF_LATE,  /* when the analysis starts: GNU's choice of
			   * reports, made from the profiles, says */
};

/* Whether the printers count gcc's clones in their origins (clonesan.h). */
enum plan_clones {
	PLAN_CLONES_NONE,     /* GNU's table, as GNU's reports do */
	PLAN_CLONES_ALWAYS,   /* our views */
	PLAN_CLONES_MEASURED, /* --measured's call graph, when the side
			       * files' stacks measured something */
};

struct plan {
	/* From the command line (plan_init). */
	bool file_info;    /* -i: describe the profiles as read, and stop */
	bool text;         /* GNU's text reports (reports.c) */
	bool view;         /* one of our views (views.h) */
	bool diff;         /* --diff (diff.h) */
	bool sum;          /* -s: gmon.sum is written */
	bool sum_only;     /* ... and nothing is printed */
	bool line_mode;    /* GNU's line mode: -l, or -s, which turns it on */
	bool line_reports; /* the line table is analysed (lineprof.h) */
	bool zeros;        /* -z: the reports list unused functions too */
	bool sites;        /* the view shows call-site lines (callsites.h) */
	unsigned describe; /* -d's level (analysis_describe), or 0 */
	enum plan_dwarf dwarf;
	bool dwarf_static; /* the pass covers static functions only (EARLY:
			    * from plan_init; LATE: from plan_finish) */
	/* From the profiles too (plan_finish). */
	bool finished;
	unsigned style; /* the text reports printed: OUT_*, never OUT_SUM */
	enum plan_sources sources; /* the functions' positions looked up */
	bool line_cut;  /* -l's table keeps what owns something (lineprof.h) */
	bool functions; /* the functions are analysed (not only a line table) */
	/* Presorted (presort.h): the flat profile's order, the index's. */
	bool flat_order, name_order;
	enum plan_clones clones;
};

/*
 * Fill P from the command line O.  Returns 0, or -1 with a message in
 * ERR when O names no known view (--format).
 */
int plan_init(struct plan *p, const struct options *o, struct gp_err *err);

/*
 * Finish P (plan_init() done, with the same O) from what A's profiles
 * hold (analysis_load() done, or analysis_loaded() after filling A by
 * hand): which text reports print, and what the analysis computes for
 * them.  Never fails.
 */
void plan_finish(struct plan *p, const struct options *o,
		 const struct analysis *a);

#endif
