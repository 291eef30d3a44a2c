/*
 * threadfigs.h - each thread's own numbers per function and per arc,
 * counted from its sampled stacks (a struct thread_view's rows, their
 * stacks as functions: threadview.h), for the views that show one
 * thread at a time (--format=json's "threads", and through it the
 * thread selector of --format=html).
 *
 * measured.h's rules, on one thread's stacks: a function's self
 * samples are those with it at frame 0 (the sampled PC), its total
 * those with it anywhere on the stack, an arc's those with its caller
 * right above its callee; each sample counts at most once per function
 * and arc, however often they recur on its stack.  Calls are not here:
 * the profile counts a thread's calls (THREADARCS) only for --thread,
 * which makes them the model's own.
 *
 * Ownership: a struct thread_figs owns its arrays; threadfigs_free()
 * releases them.  Out of memory ends the program; nothing else fails.
 */
#ifndef GPROF_THREADFIGS_H
#define GPROF_THREADFIGS_H

#include <stddef.h>
#include <stdint.h>

#include "threadview.h"

struct callgraph;

struct thread_fn_figs {
	uint32_t fn;    /* a function of the model's table */
	uint64_t self;  /* samples with it at frame 0 */
	uint64_t total; /* samples with it on the stack */
};

struct thread_arc_figs {
	uint32_t arc;     /* an arc of the call graph (its index) */
	uint64_t samples; /* samples with its caller right above its callee */
};

/* One row's figures. */
struct thread_figs {
	struct thread_fn_figs *fns; /* owned: by function index, up */
	size_t nfns;
	struct thread_arc_figs *arcs; /* owned: by arc index, up */
	size_t narcs;
	uint64_t unknown;   /* samples whose frame 0 is in no function */
	uint64_t truncated; /* samples of truncated stacks */
};

/*
 * The figures of every row of TV, one per row (TV->n, owned: release
 * them with threadfigs_free()), over call graph CG (its functions are
 * those the stacks name); NULL when TV has no rows or no stacks mapped
 * to functions.  Time linear in the rows' frames, plus a sort of each
 * row's functions and arcs.
 */
struct thread_figs *threadfigs_compute(const struct thread_view *tv,
				       const struct callgraph *cg);

/* Free the N figures at FS and FS itself (NULL: nothing). */
void threadfigs_free(struct thread_figs *fs, size_t n);

#endif
