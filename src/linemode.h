/*
 * linemode.h - GNU gprof's line mode (-l, and -s, which turns it on):
 * a table of functions and line symbols, and the profile's arcs
 * mapped onto it (a call site to the line symbol that holds it, a
 * callee to its function's entry).  gmon.sum records its arcs at that granularity;
 * lineprof.h analyses the profile over the table for -l's reports.
 */
#ifndef GPROF_LINEMODE_H
#define GPROF_LINEMODE_H

#include <stdbool.h>
#include <stdio.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "linesyms.h"
#include "reader.h"
#include "symtab.h"

struct linemode {
	bool built;
	struct symtab st;    /* functions and line symbols, by address */
	struct callgraph cg; /* the profile's arcs on it (-s; else empty) */
	bool *is_line;       /* per entry of st: a line symbol (no function) */
	const char **files;  /* per entry: source file (DWARF's), or NULL */
	int *lines;          /* per entry: its line (0: unknown) */
	struct linesyms ls;  /* owns the line symbols' file names */
};

/*
 * Build LM from the functions ST of X and the arcs of G.  Needs X's
 * DWARF line table (none: the table is ST's functions alone).  Every
 * entry gets its source position: a line symbol the one of its first
 * address, a function the one of its entry (as GNU names
 * both).  G may be NULL when no gmon.sum is written (the table then
 * has no arcs).  The caller linemode_free()s LM.
 */
void linemode_build(struct linemode *lm, struct exe *x, const struct symtab *st,
		    const struct gmon *g);

/*
 * Append LM's arcs to W in FORMAT, as gmon.sum holds them: counts summed
 * per (line symbol, callee), callers in address order, each caller's
 * callees newest first.
 */
void linemode_write_arcs(const struct linemode *lm, struct wbuf *w,
			 enum gmon_format format);

void linemode_free(struct linemode *lm);

#endif
