/*
 * analysis.h - the analysis layer: from the options and the input files
 * to the analysed profile that reports print.
 *
 * analysis_load() reads the inputs: the executable (or the -S nm file),
 * the -R map and every profile, summed.  analysis_compute() does the
 * rest: symbol selections, the call graph (plus -c's static arcs),
 * histogram charging, cycles and time propagation, for -l and -s GNU's
 * line-mode table, and what the printers show from the executable
 * (source positions, call sites, its build id).  Both do what the plan
 * (plan.h) says will print, and read no output option themselves.
 * main.c and the fuzz targets call the same functions, so what is
 * fuzzed is what runs.
 *
 * Ownership: a struct analysis owns everything in it; analysis_free()
 * releases it all, whatever stage the analysis reached.
 */
#ifndef GPROF_ANALYSIS_H
#define GPROF_ANALYSIS_H

#include <stdbool.h>
#include <stdio.h>

#include "analysed.h"
#include "callsites.h"
#include "exe.h"
#include "gmon.h"
#include "linemode.h"
#include "lineprof.h"
#include "linkmap.h"
#include "measured.h"
#include "mismatch.h"
#include "objects.h"
#include "options.h"
#include "select.h"
#include "sidefile.h"
#include "symtab.h"
#include "threadview.h"

struct analysis {
	struct exe x;          /* the executable (fd -1 when none) */
	struct analysed fn;    /* its functions, analysed (fn.st: the table) */
	struct gmon g;         /* the profiles, summed */
	struct linkmap map;    /* -R */
	bool have_arcs;        /* some profile held call-graph records */
	struct linemode lines; /* -l, -s: GNU's line-mode table and its arcs */
	struct lineprof lp;    /* -l, -s: the analysis over that table */
	char *nm_names;        /* -S: the names the table borrows */
	struct sidefile side;  /* the first profile's side file (-d) */
	struct objects objs;   /* the side files' shared objects */
	struct measured meas;  /* times measured from the side files' stacks */
	/* The threads (threadsel.h): the printers' table, and which rows
	 * --thread picked (owned, per row of objs.threads; NULL: none). */
	struct thread_view threads;
	bool *thread_picked;
	/* Whether the profiles look as if another build wrote them,
	 * checked once by analysis_load() (mismatch.h). */
	struct mismatch mismatch;
	bool mismatch_checked;
	/* Owned: each arc's ends on fn.st, as mismatch_check() found them,
	 * for cg_tally_mapped(); NULL when not made or no longer valid. */
	uint32_t *arc_syms;
	/* Owned: for our views and --measured, when the plan says (plan.h),
	 * the functions analysed again over a table that counts gcc's
	 * clones in their origins (clonesan.h); NULL when not made (or
	 * the executable has none), and the printers use FN. */
	struct clonesan *clones;
	/* For the views, when the plan says: each arc's call sites (SITES,
	 * when HAVE_SITES) of the printers' call graph (SITES_CG: fn's or
	 * the clones'), and the executable's build id in hex (owned; NULL:
	 * none, or not asked). */
	bool have_sites;
	struct callsites sites;
	const struct callgraph *sites_cg;
	char *build_id;
};

struct plan;

/*
 * Called by analysis_load() after each profile file is read, with the
 * file's description (for -i, which GNU prints as files are read).
 */
typedef void analysis_file_fn(const struct gmon_file *f, void *ctx);

/*
 * Zero A so that analysis_free() is safe whatever happens next.
 */
void analysis_init(struct analysis *a);

/*
 * Read O's inputs into A: the -R map, the executable and its functions
 * (or -S's), then every profile in order (ON_FILE, if not NULL, after
 * each; -i).  Without ON_FILE, warns when the profiles look as if
 * another build wrote them (mismatch.h).  Starts the background DWARF
 * pass when PLAN (plan_init() done) says so (PLAN_DWARF_EARLY).
 * Returns 0, or -1 with a message in ERR (A is then only fit for
 * analysis_free).
 */
int analysis_load(struct analysis *a, const struct options *o,
		  const struct plan *plan, analysis_file_fn *on_file, void *ctx,
		  struct gp_err *err);

/*
 * What the plan reads of the profiles read into A (plan_finish):
 * whether any held call-graph records.  analysis_load() ends with it; a
 * caller that fills A->g by hand (the fuzz targets) calls it.
 */
void analysis_loaded(struct analysis *a);

/*
 * Analyse what analysis_load() read (or what a caller filled in by hand:
 * st, g and x, as the fuzz targets do) for PLAN (plan_finish() done):
 * selections, the call graph, samples per function, cycles and
 * propagated time, the presorted orders, in line mode the line-mode
 * table and its analysis, and the positions, call sites and build id
 * the printers show.  Returns 0, or -1 with a message in ERR when
 * histogram bins left in a profile file cannot be read back (the file
 * changed or failed under us).
 */
int analysis_compute(struct analysis *a, const struct options *o,
		     const struct plan *plan, struct gp_err *err);

/*
 * -d: print to OUT the debug level and a summary of what the analysis
 * found (functions, histograms, arcs, cycles, samples).
 */
void analysis_describe(FILE *out, const struct analysis *a, unsigned level);

/* Release everything A owns (safe after a failed load). */
void analysis_free(struct analysis *a);

#endif
