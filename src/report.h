/*
 * report.h - GNU gprof's text reports, printers over the report model.
 *
 * Each printer reads only the model (model.h) and its own layout
 * options, writes to one FILE, and can be called in any order.  With
 * -b (brief) the output is byte-identical to GNU gprof 2.40's; the
 * explanations (the *_blurb printers) are our own words.
 */
#ifndef GPROF_REPORT_H
#define GPROF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "model.h"

/* How the text reports are laid out. */
struct report_opts {
	bool brief;       /* -b: no explanations */
	bool traditional; /* -T: BSD layout */
	int width;        /* -w: the index's width */
	bool measured;    /* --measured: the call graph's times measured
			   * from stacks (the model's), where it has them */
};

/* The flat profile: functions by self time. */
void report_flat(FILE *out, const struct model *m,
		 const struct report_opts *ro);
void report_flat_blurb(FILE *out);
/* The flat profile's order of functions X and Y of the model M: self
 * time, then calls (both descending), then raw name, then index; < 0
 * when X comes first (a comparator for gp_sort, sort.h). */
int report_flat_order(uint32_t x, uint32_t y, const void *m);

/* The call graph (needs a model built with model_opts.graph). */
void report_graph(FILE *out, const struct model *m,
		  const struct report_opts *ro);

/*
 * The same call graph as parts that threads can render (textjobs.h):
 * report_graph_plan() for up to NWORKERS workers, then
 * report_graph_jobs() fills report_graph_njobs() parts from JOBS[0],
 * which is JOBS[BASE] of the caller's array (the parts refer to their
 * first one by it); the first part is EARLY.  The plan borrows M and
 * RO, which must outlive it; report_graph_plan_free() after the run.
 */
struct report_graph_run;
struct textjob;
struct report_graph_run *report_graph_plan(const struct model *m,
					   const struct report_opts *ro,
					   unsigned nworkers);
size_t report_graph_njobs(const struct report_graph_run *r);
void report_graph_jobs(struct report_graph_run *r, struct textjob *jobs,
		       size_t base);
void report_graph_plan_free(struct report_graph_run *r);
void report_graph_blurb(FILE *out);
/* What --measured changes in the call graph's columns. */
void report_graph_measured_blurb(FILE *out);

/* The index by name that follows the call graph (same need). */
void report_index(FILE *out, const struct model *m,
		  const struct report_opts *ro);

/*
 * "name <cycle N> [idx]" as the call graph shows a function: [idx] for
 * printed entries, (idx) for hidden ones, nothing when the model has
 * no call graph numbers.
 */
void report_put_name(FILE *out, const struct model *m, uint32_t fn);

/* -C: "file:line: (name:0xaddr) N executions" per called function. */
void report_exec(FILE *out, const struct model *m);

#endif
