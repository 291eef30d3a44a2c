/*
 * hist.h - charge histogram samples to functions.
 */
#ifndef GPROF_HIST_H
#define GPROF_HIST_H

#include <stdbool.h>

#include "diag.h"
#include "gmon.h"
#include "symtab.h"

/*
 * Add to TICKS[i] the samples of every histogram bin that overlaps
 * function i, in proportion to the overlap, with GNU gprof's arithmetic
 * (2-byte units, truncated bin bounds; a function ends where the next
 * one starts, and the last function gets nothing), and set *TOTAL to
 * the sum of all bins, less what would have gone to functions with
 * EXCLUDED[i] set, which get nothing (EXCLUDED may be NULL).  Bins still
 * in a profile file are read from it here, a chunk at a time.  Fails
 * (-1, ERR) only when such a file cannot be read again.
 */
int hist_charge(const struct gmon *g, const struct symtab *st,
		const bool *excluded, double *ticks, double *total,
		struct gp_err *err);

/*
 * hist_charge() for a profile read by gmon_read_mem(), whose bins are
 * all in memory, so it cannot fail.  Returns the total.
 */
double hist_assign(const struct gmon *g, const struct symtab *st,
		   const bool *excluded, double *ticks);

/* Bytes of text one bin covers, as the call graph header prints it. */
long hist_bin_bytes(const struct gmon *g);

#endif
