/*
 * modelbuild.h - building the report model (model.h) from an analysis.
 * The drivers (reports.c, views.c, diff.c) call model_from_analysis();
 * it is the one place that reads the analysis for the printers, so the
 * printers include model.h and never this header.  It reads, never
 * looks up: what the printers show from DWARF (source positions, call
 * sites) the analysis looked up when the plan said so (plan.h).
 */
#ifndef GPROF_MODELBUILD_H
#define GPROF_MODELBUILD_H

#include <stdbool.h>

#include "analysis.h"
#include "model.h"
#include "options.h"

/* What the model is built for (from the command line). */
struct model_opts {
	bool demangle;          /* show demangled C++ names */
	bool inline_file_names; /* --inline-file-names: "name (file:line)" */
	bool print_path;        /* -L: full source paths, not base names */
	bool zeros;             /* -z: list unused functions too */
	bool graph;             /* number the call graph (it will be printed) */
	bool line_table;        /* model -l/-s's line table, not functions */
	bool views;             /* our views' data: program, files, maps */
	bool sites;             /* each arc's call-site lines (callsites.h) */
};

/*
 * MO as the command line O sets it for every model: names (-T never
 * demangles, whatever --demangle says, as GNU), -L, -z and
 * --inline-file-names; the rest false, for the caller to set.
 */
void model_opts_init(struct model_opts *mo, const struct options *o);

/*
 * Build M for MO from A (analysis_compute() done): from its line-mode
 * table with MO->line_table, else from its functions, with the source
 * positions A holds (none, static functions', or all, as its plan
 * said); from the table A made that counts gcc's clones in their
 * origins (clonesan.h: our views, --measured) when A holds one.
 * MO->sites needs A's call sites (the plan's sites).  Never
 * fails; model_free() releases M, which borrows from A.
 */
void model_from_analysis(struct model *m, const struct analysis *a,
			 const struct model_opts *mo);

/* What a model is built from (all borrowed): a struct analysed's
 * results (model_from_analysis), or a test's by hand. */
struct model_in {
	const struct symtab *st;    /* the functions */
	const struct callgraph *cg; /* assembled (cg_assemble) */
	const struct gmon *g;       /* for the units, or NULL */
	const struct src_pos *src;  /* per function its position, or NULL */
	double total_ticks;         /* the flat profile's denominator */
	const bool *flat_excluded;  /* per function, or NULL */
	const bool *exec_hidden;    /* per function, or NULL */
	/* Line mode: per symbol its source file (NULL: unknown) and line,
	 * used instead of looking positions up; NULL otherwise. */
	const char *const *files;
	const int *lines;
	const bool *is_line; /* per symbol: a line symbol (line mode) */
	/* Line mode: basic-block counts, grouped by symbol in address
	 * order (bbsum.h), for -C. */
	const struct gmon_bb *bbs;
	size_t nbbs;
	const struct measured *measured; /* stack samples, or NULL */
	/* Per entry (functions, then cycles): how many entries of a larger
	 * table, left out of ST because they own nothing (lineprof.h),
	 * GNU's call-graph order puts before it, added to its index; or
	 * NULL. */
	const uint32_t *index_skip;
	/* The flat profile's and the index's orders (presort.h), or NULL
	 * when neither prints. */
	const uint32_t *flat_order, *name_order;
	size_t nflat, nnamed;
};

/*
 * Build M from IN for MO (the report part only: MO->views and MO->sites
 * are model_from_analysis()'s).  Never fails; model_free() releases M.
 */
void model_build(struct model *m, const struct model_in *in,
		 const struct model_opts *mo);

#endif
