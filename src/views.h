/*
 * views.h - the outputs chosen with --format, written to standard output
 * or to --output's file.
 *
 * A view is a printer over the report model (model.h): it reads the
 * model (built with model_opts.views and .sites: the program, profile
 * files, warnings, mappings and call-site lines are in it, the analysis
 * having looked them up as the plan said, plan.h) and the command line,
 * and writes one document.  It never sees the analysis.
 * "text" is GNU gprof's reports (reports.c); every other view is ours
 * and never changes what "text" prints.
 *
 * Adding a view: a file src/view_NAME.c defining one function of type
 * view_print_fn, its prototype below, and a row in views.c's table
 * (saying whether it shows call-site lines).  What it needs that the
 * model lacks goes into the model (model.h says how).
 */
#ifndef GPROF_VIEWS_H
#define GPROF_VIEWS_H

#include <stdbool.h>
#include <stdio.h>

#include "model.h"
#include "options.h"

struct analysis;
struct plan;

/* What a view prints from: all borrowed, all complete. */
struct view_ctx {
	const struct model *m;   /* built for the call graph and sources */
	const struct options *o; /* the command line */
};

/*
 * Print one document to OUT.  Returns 0, or -1 with a message in ERR;
 * the caller then discards whatever was written (--output's file is
 * left as it was).  Write errors are not the printer's to check: OUT is
 * an outfile's stream, and its commit reports them (outfile.h).
 */
typedef int (*view_print_fn)(FILE *out, const struct view_ctx *v,
			     struct gp_err *err);

struct view {
	const char *name;    /* --format=NAME */
	bool binary;         /* not for a terminal (refused on a tty stdout) */
	bool sites;          /* shows call-site lines (model_opts.sites) */
	view_print_fn print; /* NULL: GNU's text reports */
};

/* --format=callgrind: KCachegrind's format (view_callgrind.c). */
int view_callgrind(FILE *out, const struct view_ctx *v, struct gp_err *err);

/* --format=dot: a Graphviz call graph, gprof2dot's looks (view_dot.c). */
int view_dot(FILE *out, const struct view_ctx *v, struct gp_err *err);

/* The view called NAME, or NULL (ERR then lists the known names). */
const struct view *views_find(const char *name, struct gp_err *err);

/* --format=json and --format=html (view_json.c, view_html.c). */
int view_json(FILE *out, const struct view_ctx *v, struct gp_err *err);
int view_html(FILE *out, const struct view_ctx *v, struct gp_err *err);

/*
 * Write O's view (O->view, default "text") of A, analysed for PLAN, to
 * O->output (replaced atomically with outfile.h) or to OUT, standard
 * output's stream (an outfile_stdout, whose commit reports its write
 * errors).  Returns 0, or -1 with ERR set and no output file changed (a
 * failed write included).
 */
int views_write(struct analysis *a, const struct options *o,
		const struct plan *plan, FILE *out, struct gp_err *err);

/* --format=pprof: gzipped profile.proto, 1- and 2-frame samples only. */
int view_pprof(FILE *out, const struct view_ctx *v, struct gp_err *err);
/* --format=errorbars: our flat profile with each self time's 95 % interval. */
int view_errorbars(FILE *out, const struct view_ctx *v, struct gp_err *err);
/* --format=folded: collapsed stacks, one line each (view_folded.c). */
int view_folded(FILE *out, const struct view_ctx *v, struct gp_err *err);
/* --threads: one line per thread (view_threads.c). */
int view_threads(FILE *out, const struct view_ctx *v, struct gp_err *err);
/* Decimals that show one sample period at HZ (2 to 9; view_errorbars.c). */
int view_time_decimals(double hz);

#endif
