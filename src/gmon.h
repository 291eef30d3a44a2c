/*
 * gmon.h - profile data files (gmon.out): reading the GNU tagged format
 * and the 4.4BSD and old BSD formats, summing several files, and
 * writing the summed profile (gmon.sum) in GNU format.
 *
 * Word size and byte order come from the executable, never from the
 * file.  Every count in a file is checked against the bytes that remain
 * before anything is allocated for it.
 */
#ifndef GPROF_GMON_H
#define GPROF_GMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "gmon_defs.h"
#include "ranges.h"

/*
 * One histogram: NBINS counters spread evenly over [lowpc, highpc).
 * The counters are kept as narrow as their sums allow (16 bits for one
 * file, wider only when sums of several files need it), so a big
 * program's histogram costs what the file does.  At most one of BINS16,
 * BINS32, BINS is set.  When none is, the bins are still in the profile
 * file FILE (an index into gmon.files) at byte offset OFF, to be read
 * once, when they are charged (a range that occurs once is never held
 * in memory).  Read them with gmon_bins(), or gmon_bin() when in memory.
 */
struct gmon_hist {
	uint64_t lowpc, highpc;
	uint32_t nbins;
	uint64_t *bins;   /* owned, or NULL */
	uint32_t *bins32; /* owned, or NULL */
	uint16_t *bins16; /* owned, or NULL */
	uint32_t file;    /* without bins: the file holding them */
	uint64_t off;     /* without bins: their offset in FILE */
};

/*
 * Width of one bin in 2-byte units, with GNU gprof's arithmetic (the
 * byte range halved in integers, then divided as a double).
 */
static inline double
gmon_scale(uint64_t lowpc, uint64_t highpc, uint32_t nbins)
{
	return (double)((highpc - lowpc) / 2) / nbins;
}

/* Bin I of H, which must be held in memory (see struct gmon_hist). */
static inline uint64_t
gmon_bin(const struct gmon_hist *h, uint32_t i)
{
	if (h->bins16 != NULL)
		return h->bins16[i];
	if (h->bins32 != NULL)
		return h->bins32[i];
	return h->bins[i];
}

/* One call-graph arc as recorded: call site -> callee entry. */
struct gmon_arc {
	uint64_t from, self, count;
};

/* What one input file held, for -i. */
struct gmon_file {
	char *path; /* owned */
	int version;
	size_t nhist, narcs, nbb;
	/* A 4.4BSD header gave a rate of 0, so 100 per second was assumed
	 * (as GNU gprof does); the caller may warn. */
	bool rate_assumed;
	int fd;           /* open while histograms wait in it, else -1 */
	size_t ndeferred; /* histograms whose bins are still in the file */
	/* What ties a side file to this profile (sidefile.h): the bytes
	 * read, their hash (gmon_hash.h; valid when HASHED: every byte was
	 * hashed, which gmon_read() does only when PATH.gmonx is there),
	 * and the owner of the file they came from (HAS_OWNER: read from a
	 * file, not from memory). */
	uint64_t size, hash;
	bool hashed, has_owner;
	uint32_t owner; /* uid */
};

struct gmon {
	int word;        /* 4 or 8, from the executable */
	bool big_endian; /* from the executable */
	bool have_rate;  /* RATE, DIMEN and ABBREV are set */
	uint32_t rate;   /* samples per second */
	char dimen[16];  /* NUL-terminated, e.g. "seconds" */
	char abbrev;     /* e.g. 's' */
	bool bsd;        /* some of the data came from BSD-format files */
	struct gmon_hist *hists; /* owned, in order of first appearance */
	size_t nhists, hists_cap;
	struct ranges ranges; /* the histograms' ranges, indexed like HISTS */
	/* owned: one per distinct (from, self), counts summed, in order of
	 * first appearance; ARC_HASH indexes them */
	struct gmon_arc *arcs;
	size_t narcs, arcs_cap;
	uint32_t *arc_hash; /* owned, open addressing, UINT32_MAX empty */
	size_t arc_hash_cap;
	/* Arc records read but not yet summed into ARCS: they are summed a
	 * batch at a time, with their hash slots fetched ahead (a table
	 * larger than the caches costs a miss per lookup otherwise).  Empty
	 * whenever gmon_read() returns. */
	struct gmon_arc pend[16];
	size_t npend;
	struct gmon_bb *bbs; /* owned */
	size_t nbbs, bbs_cap;
	struct gmon_file *files; /* owned */
	size_t nfiles;
	/*
	 * The highpc and bin count of the last histogram record read.  GNU
	 * gprof leaves them in the spare bytes of the gmon.sum header it
	 * writes (stale stack memory), and we write the same bytes.
	 */
	uint64_t last_highpc;
	uint32_t last_nbins;
};

void gmon_init(struct gmon *g, int word, bool big_endian);
void gmon_free(struct gmon *g);

/*
 * Read PATH and add its records to G.  Fails on an unreadable, truncated
 * or malformed file, and on histograms that cannot be summed with the
 * ones already read, whatever the formats of the files: different rate
 * or unit, the same range with another bin count, partly overlapping
 * ranges, or bins of another width.  On failure G may hold part of the
 * file: report the error and stop (gmon_free() is all that is safe).
 *
 * A regular file is read in a stream, through a small window; large
 * histograms are not read then but left in the file (kept open) until
 * gmon_bins() asks for them, unless a later record has the same range
 * and they must be summed.
 */
int gmon_read(struct gmon *g, const char *path, enum gmon_format fmt,
	      struct gp_err *err);

/*
 * Release what only reading needs (the arcs' index, the arc array's
 * spare room), once every file is read: a big profile's arcs are most
 * of what the summing keeps.  Reading more afterwards still works.
 */
void gmon_compact(struct gmon *g);

/* Parse a file already in memory; PATH is only used in messages.  The
 * bins are copied, so P need not outlive the call. */
int gmon_read_mem(struct gmon *g, const char *path, const unsigned char *p,
		  size_t n, enum gmon_format fmt, struct gp_err *err);

/* How many bins gmon_bins() hands out at a time, at most. */
#define GMON_CHUNK 8192

/*
 * Bins FIRST .. FIRST+N-1 of H (a histogram of G) into OUT, summed over
 * every file that held H's range; N <= GMON_CHUNK.  Fails (-1, ERR) only
 * when the bins are still in a profile file and reading it again fails
 * or comes up short (the file changed).
 */
int gmon_bins(const struct gmon *g, const struct gmon_hist *h, uint32_t first,
	      uint32_t n, uint64_t *out, struct gp_err *err);

/*
 * Write a summed profile into W in format FMT (GNU unless GMON_BSD or
 * GMON_BSD44, as -O asks): the header and histograms first, then the
 * caller's arcs, then the basic-block records (GNU format only).
 * gmon_write_head() fails when a BSD file cannot hold the histograms,
 * or when histogram bins cannot be read again (see gmon_bins()).
 */
struct wbuf;
int gmon_write_head(const struct gmon *g, struct wbuf *w, enum gmon_format fmt,
		    struct gp_err *err);
void gmon_write_arc(struct wbuf *w, enum gmon_format fmt, uint64_t from,
		    uint64_t self, uint64_t count);
/* One basic-block record of the N pairs V, even when N is 0 (GNU only). */
void gmon_write_bb_list(struct wbuf *w, enum gmon_format fmt,
			const struct gmon_bb *v, size_t n);

/*
 * Whether some histogram of G covers ADDR (lowpc <= ADDR < highpc).
 * O(log histograms), through G's ranges.
 */
bool gmon_covers(const struct gmon *g, uint64_t addr);

/*
 * -i: "File `PATH' (version V) contains:" and the counts of F's
 * histogram, call-graph and basic-block records, as GNU prints them.
 */
void gmon_file_describe(FILE *out, const struct gmon_file *f);

#endif
