/*
 * report.h - the printed reports.  Each printer is a pure function of
 * the analysis results and the options, writing to one FILE.
 */
#ifndef GPROF_REPORT_H
#define GPROF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "symtab.h"

struct report {
	const struct symtab *st;
	const struct callgraph *cg;
	const struct gmon *g;
	struct exe *x;		   /* for source file names (lazy DWARF) */
	const bool *flat_excluded; /* per node: kept out of the flat profile */
	const bool *exec_hidden;   /* per node: kept out of -C */
	double total_ticks;	   /* flat profile denominator */
	double hz;		   /* samples per second */
	double print_time;	   /* call graph % denominator (never 0) */
	bool brief;		   /* -b: no explanations */
	bool zeros;		   /* -z: list unused functions too */
	bool traditional;	   /* -T: BSD layout */
	bool print_path;	   /* -L: full source paths */
	int width;		   /* -w: index width */
	/*
	 * Call graph order, set by report_order_graph(): ids < cg->n are
	 * functions, cg->n + k is cycle k + 1.  ORDER lists all ids by
	 * total time; INDEX[id] is the id's [n] number (1-based).
	 */
	uint32_t *order; /* owned */
	uint32_t *index; /* owned */
	char **shown;	 /* owned: demangled names, NULL where none */
};

/*
 * Make the names reports show: demangled when DEMANGLED, followed by
 * " (file.c:line)" when POSITIONS (--inline-file-names).  report_free()
 * releases them.
 */
void report_names(struct report *r, bool demangled, bool positions);

/* The name as reports show it (demangled unless asked not to). */
const char *report_name(const struct report *r, uint32_t node);

/*
 * "name <cycle N> [idx]" as the call graph shows a function: [idx] for
 * printed entries, (idx) for hidden ones, nothing before numbering.
 */
void report_put_name(FILE *out, const struct report *r, uint32_t node);

/* The source file of a node for "(file.c)" suffixes, or NULL. */
const char *report_file(const struct report *r, uint32_t node);

void report_flat(FILE *out, const struct report *r);

/* Number the call graph entries; report_free() releases the result. */
void report_order_graph(struct report *r);
void report_free(struct report *r);

void report_graph(FILE *out, const struct report *r);

/*
 * NODE's parent arcs (PARENTS) or child arcs, in the order its lists
 * have after report_graph(): GNU's printer sorts the lists of every
 * entry it prints in place, and -r, printed later, walks them in that
 * order.  Sets *OUT to a new array (the caller frees it); returns the
 * count.
 */
size_t report_graph_list(const struct report *r, uint32_t node, bool parents,
			 uint32_t **out);
void report_graph_blurb(FILE *out);
void report_index(FILE *out, const struct report *r);

/* -C: "file:line: (name:0xaddr) N executions" per called function. */
void report_exec(FILE *out, const struct report *r);
void report_flat_blurb(FILE *out);

#endif
