/*
 * callsites.h - where the arcs of the call graph were called from: the
 * raw profile's call-site addresses (each gmon arc's "from"), mapped to
 * source lines through the executable's DWARF, per record and summed
 * per line.  The one answer to "which line is this call on": every view
 * that shows a call's line (json, html, callgrind) reads it here,
 * through the model (model.h).  glibc records the return
 * address rounded down to its hash granularity (16 bytes on 64-bit
 * targets, 8 on 32-bit), which often lands on the line before the call.
 * So the line of a call is the line of the direct call instruction
 * (x86 CALL rel32, aarch64 BL) to the callee whose return address lies
 * in the 16 bytes from the recorded address; without one (an indirect
 * call, another architecture) the line of the recorded address itself.
 * gmon.sum records the start of the line GNU found for the rounded
 * address, so its calls can come out a line early, as in GNU's -l.
 *
 * Cost: a few sorts of the raw arcs and one pass over the compilation
 * units, each unit's line table read only when a call site falls in its
 * ranges (srcline_find() answers any address, but one that is not a
 * symbol's costs a read of its unit's whole line table; a profile has
 * hundreds of thousands of call sites).
 */
#ifndef GPROF_CALLSITES_H
#define GPROF_CALLSITES_H

#include <stddef.h>
#include <stdint.h>

#include "callgraph.h"
#include "intern.h"

struct exe;
struct gmon;

/* A source line calls were made from. */
struct callsite {
	const char *file; /* as srcline.h names files (in FILES), or NULL */
	int line;         /* 0 when unknown */
	uint64_t count;   /* calls made from this line */
};

/* One raw record of the profile, with its call's line. */
struct callsite_rec {
	uint64_t addr;    /* the recorded call site */
	uint64_t count;   /* calls recorded there */
	const char *file; /* its call's line (as struct callsite's) */
	int line;
};

struct callsites {
	struct callsite *v; /* owned: grouped by arc, by (file, line) */
	size_t n;
	size_t *first; /* owned: arc A's sites are v[first[A] .. first[A+1]) */
	/* The raw records, grouped by arc in the profile's order (counts
	 * of 0 included, which V leaves out): arc A's are
	 * rec[rec_first[A] .. rec_first[A+1]).  Owned. */
	struct callsite_rec *rec;
	size_t nrec;
	size_t *rec_first;
	struct intern files; /* the distinct file names V and REC point to */
};

/*
 * Fill CS with the call sites of every arc of CG (assembled from G's
 * arcs) whose raw records are in G, looked up in X (which may have no
 * DWARF: every line is then unknown; its DWARF caches fill, hence not
 * const).  An arc with no raw record (-c's static arcs) has no sites.
 * Never fails; callsites_free() releases CS.
 */
void callsites_find(struct callsites *cs, const struct callgraph *cg,
		    const struct gmon *g, struct exe *x);
void callsites_free(struct callsites *cs);

#endif
