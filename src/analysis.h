/*
 * analysis.h - the analysis layer: from the options and the input files
 * to the analysed profile that reports print.
 *
 * analysis_load() reads the inputs: the executable (or the -S nm file),
 * the -R map and every profile, summed.  analysis_compute() does the
 * rest: symbol selections, the call graph (plus -c's static arcs),
 * histogram charging, cycles and time propagation, and for -s GNU's
 * line-mode table.  main.c and the fuzz targets call the same two
 * functions, so what is fuzzed is what runs.
 *
 * Ownership: a struct analysis owns everything in it; analysis_free()
 * releases it all, whatever stage the analysis reached.
 */
#ifndef GPROF_ANALYSIS_H
#define GPROF_ANALYSIS_H

#include <stdbool.h>
#include <stdio.h>

#include "analysed.h"
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
};

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
 * pass when the reports will want source files and nothing else needs
 * the ELF data first.  Returns 0,
 * or -1 with a message in ERR (A is then only fit for analysis_free).
 */
int analysis_load(struct analysis *a, const struct options *o,
		  analysis_file_fn *on_file, void *ctx, struct gp_err *err);

/*
 * Analyse what analysis_load() read (or what a caller filled in by hand:
 * st, g and x, as the fuzz targets do): selections, the call graph,
 * samples per function, cycles and propagated time, and with -s
 * (OUT_SUM in O->style) the line-mode table.  Returns 0, or -1 with a
 * message in ERR when histogram bins left in a profile file cannot be
 * read back (the file changed or failed under us).
 */
int analysis_compute(struct analysis *a, const struct options *o,
		     struct gp_err *err);

/*
 * -d: print to OUT the debug level and a summary of what the analysis
 * found (functions, histograms, arcs, cycles, samples).
 */
void analysis_describe(FILE *out, const struct analysis *a, unsigned level);

/* Whether O asks for GNU's line mode (-l, or -s, which turns it on). */
static inline bool
analysis_line_mode(const struct options *o)
{
	return o->line || (o->style & OUT_SUM);
}

/*
 * Whether O asks for gmon.sum and nothing else: -s with no report
 * option, the text view on standard output and no --diff.  GNU prints
 * nothing then (the report plan, reports.c, chooses no report once -s
 * is given), so analysis_compute() builds only the line table and its
 * arcs (gmon.sum's): not the line table's analysis (A->lp), which only
 * the reports read, nor, unless -c or -d asks, the functions' (A->fn
 * beyond its symbol table).
 */
static inline bool
analysis_sum_only(const struct options *o)
{
	return o->style == OUT_SUM && o->view == NULL && o->output == NULL &&
	       o->diff_base == NULL;
}

/* Release everything A owns (safe after a failed load). */
void analysis_free(struct analysis *a);

#endif
