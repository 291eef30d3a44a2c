/*
 * callsites.h - where the arcs of the call graph were called from: the
 * raw profile's call-site addresses (each gmon arc's "from"), mapped to
 * source lines through the executable's DWARF and summed per line.
 *
 * GNU gprof prints arcs between functions only; the views that can show
 * a call's line (callgrind) read it here.  glibc records the return
 * address rounded down to its hash granularity (16 bytes on 64-bit
 * targets, 8 on 32-bit), which often lands on the line before the call.
 * So the line of a call is the line of the direct call instruction
 * (x86 CALL rel32, aarch64 BL) to the callee whose return address lies
 * in the 16 bytes from the recorded address; without one (an indirect
 * call, another architecture) the line of the recorded address itself.
 * gmon.sum records the start of the line GNU found for the rounded
 * address, so its calls can come out a line early, as in GNU's -l.
 *
 * Cost: one sort of the raw arcs and one pass over the compilation
 * units, each unit's line table read only when a call site falls in its
 * ranges (as srcline does for function addresses).
 */
#ifndef GPROF_CALLSITES_H
#define GPROF_CALLSITES_H

#include <stddef.h>
#include <stdint.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "intern.h"

struct callsite {
	const char *file; /* as srcline.h names files (in FILES), or NULL */
	int line;         /* 0 when unknown */
	uint64_t count;   /* calls made from this line */
};

struct callsites {
	struct callsite *v; /* owned: grouped by arc, by (file, line) */
	size_t n;
	size_t *first; /* owned: arc A's sites are v[first[A] .. first[A+1]) */
	struct intern files; /* the distinct file names V points to */
};

/*
 * Fill CS with the call sites of every arc of CG (assembled from G's
 * arcs) whose raw records are in G, looked up in X (which may have no
 * DWARF: every line is then unknown).  An arc with no raw record (-c's
 * static arcs) has no sites.  Never fails; callsites_free() releases CS.
 */
void callsites_find(struct callsites *cs, const struct callgraph *cg,
		    const struct gmon *g, struct exe *x);
void callsites_free(struct callsites *cs);

#endif
