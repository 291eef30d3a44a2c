/*
 * measured.h - the measured call graph: the times that gprof's call
 * graph estimates (a callee's time handed to its callers in proportion
 * to their calls), measured instead from the sampled call stacks of the
 * side files (stacks.h).
 *
 * A stack maps to functions frame by frame: frame 0's PC, and every
 * other frame's return address less 1 (inside the call).  The first
 * frame outside every function ends the stack there, and the sample
 * counts as truncated, as do the stacks the collector flagged.  Then,
 * counting each sample at most once per function, cycle and arc, even
 * under recursion:
 *   - a function's total: samples with it anywhere on the stack;
 *   - an arc caller -> callee: samples with the caller right above the
 *     callee somewhere on the stack (the callee and its descendants
 *     while called from there); its self part, those whose sampled
 *     function (frame 0) is the callee;
 *   - a cycle's total: samples with any member on the stack (members
 *     keep their own totals: nothing is lumped).
 * Adjacent frames that no arc of the call graph joins (a call the
 * collector did not count, or one -k removed) add to OFF_GRAPH only.
 *
 * Counts are samples at the histograms' rate (gmon_side.h); a model
 * turns them into seconds.  Ownership: a struct measured owns its
 * arrays; measured_free() releases them.
 */
#ifndef GPROF_MEASURED_H
#define GPROF_MEASURED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct callgraph;
struct objects;
struct stackset;
struct symtab;

/* One sampled stack as functions (views that draw whole stacks). */
struct measured_stack {
	uint64_t count; /* samples */
	size_t at;      /* its functions: fns[at], ..., innermost first */
	uint32_t len;   /* 0 when frame 0 is outside every function */
	bool truncated; /* flagged by the collector, or cut here */
};

struct measured {
	bool any;            /* the profiles hold stack samples */
	uint64_t samples;    /* stack samples (every stack's count) */
	uint64_t truncated;  /* of those, truncated (flagged, or cut here) */
	uint64_t cut;        /* of the truncated, cut here at a frame outside
			     * every function */
	uint64_t off_graph;  /* samples with two adjacent frames that no arc
			     * of the call graph joins */
	uint64_t *total;     /* owned: per function */
	uint64_t *arc_total; /* owned: per call-graph arc */
	uint64_t *arc_self;  /* owned: per arc, of arc_total: callee sampled */
	uint64_t *cycle_total; /* owned: per cycle (cycles[k]: cycle k+1) */
	size_t nfuncs, narcs, ncycles;
	struct measured_stack *stacks; /* owned: one per distinct stack */
	size_t nstacks;
	uint32_t *fns; /* owned: the stacks' functions */
};

/*
 * Compute ME from the summed stacks SS, their frames mapped through the
 * load map OS to the functions of ST, over the assembled call graph CG
 * (its arcs and cycles).  ME->any is false when SS holds no stack.
 * Linear in the frames of SS (plus a lookup per distinct frame); never
 * fails.
 */
void measured_compute(struct measured *me, const struct stackset *ss,
		      const struct objects *os, const struct symtab *st,
		      const struct callgraph *cg);

/*
 * Check the stacks summed in OS against the histograms that count their
 * samples: the collector records a sample's stack as often as a
 * histogram bin counts it (gmon.out's, G, or an object's HIST), so the
 * stacks never hold more samples than the histograms.  Allowed beyond
 * them: 1 % and 100 samples (those that came while a snapshot was
 * written, between the copy of the bins and the stacks'), and the
 * stacks of side files without a CLOCK record (OS->stacks_unclocked:
 * gmon.sum's, whose bins may be cut to 16 bits).  Past that the stacks
 * cannot be trusted: a warning names PROFILES[0..N) (the profiles read)
 * and the numbers, and OS's stacks are dropped (so neither the reports
 * nor gmon.sum's side file get them).  Reads each histogram's bins once
 * (from its file when they wait there) when OS has stacks, else
 * nothing; a read that fails leaves the stacks as they are (the charge
 * reports it).
 */
struct gmon;
void measured_check(struct objects *os, const struct gmon *g,
		    const char *const *profiles, size_t n);

void measured_free(struct measured *me);

#endif
