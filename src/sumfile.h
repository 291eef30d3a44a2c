/*
 * sumfile.h - -s: write the summed profile, gmon.sum.
 */
#ifndef GPROF_SUMFILE_H
#define GPROF_SUMFILE_H

#include "analysis.h"

/*
 * Write gmon.sum in the current directory: A's histograms as summed,
 * its line-mode arcs (analysis_compute() with OUT_SUM built them) and
 * its basic-block counts, in FORMAT (GMON_AUTO: A's own).  Returns 0,
 * or -1 with a message in ERR; a failure never leaves a partial file.
 */
int sumfile_write(const struct analysis *a, enum gmon_format format,
		  struct gp_err *err);

/*
 * The bytes sumfile_write() writes, appended to W (set up for A's word
 * size and byte order).  Returns 0, or -1 with a message in ERR when
 * FORMAT cannot hold A's histograms.
 */
int sumfile_encode(const struct analysis *a, enum gmon_format format,
		   struct wbuf *w, struct gp_err *err);

#endif
