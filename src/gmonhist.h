/*
 * gmonhist.h - histogram storage for gmon.c (internal to the gmon
 * module; callers use gmon.h).
 */
#ifndef GPROF_GMONHIST_H
#define GPROF_GMONHIST_H

#include "gmon.h"
#include "stream.h"

/*
 * Check the rate and unit of a new histogram against the first one, or
 * adopt them if it is the first.  Fails (naming PATH) when they differ.
 */
int gmon_check_rate(struct gmon *g, const char *path, uint32_t rate,
		    const char *dimen, char abbrev, struct gp_err *err);

/*
 * Sum a histogram over [LOWPC, HIGHPC) of NBINS bins, whose bins are at
 * S's position, into G as a record of file number FILE: into the
 * histogram with the same range, or as a new one.  A new large one's
 * bins are skipped and left in the file (S must then be a file stream
 * whose descriptor is G's files[FILE].fd).  Fails on an empty range, no
 * bins, fewer bytes left than bins, a partial overlap, the same range
 * with other bins, or bins of another width than the first histogram's.
 */
int gmon_merge_hist(struct gmon *g, struct stream *s, size_t file,
		    uint64_t lowpc, uint64_t highpc, uint32_t nbins,
		    struct gp_err *err);

/* Read every histogram still waiting in a file into memory and close
 * the files (when descriptors run out).  Fails when a file cannot be
 * read again. */
int gmon_materialize_all(struct gmon *g, struct gp_err *err);

#endif
