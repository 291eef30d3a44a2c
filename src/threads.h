/*
 * threads.h - the profile's threads: the side files' per-thread records
 * (sidefile.h's struct sidefile_threads) gathered over every profile
 * read, with each thread's exact arcs and sampled stacks, and their
 * WINDOW records.
 *
 * objects_add() hands each side file here with its map of objects, so a
 * thread's arcs and stacks name objects as struct objects does.  One
 * profile keeps one row per THREAD record (in index order); from the
 * second profile on, rows of the same name (the same bytes) are one
 * row: numbers summed, arcs and stacks summed, the tid the last one's,
 * LIVE only when every record was, MAIN and MIXED when any was.  A
 * profile without per-thread data (no side file, one ignored, an older
 * collector, stacks off, damaged records) makes the table incomplete:
 * THREADS_MISSING says which profile and why, and nothing per-thread is
 * shown or written for the sum.
 *
 * Ownership: a struct threads owns everything in it; a zeroed one is
 * empty and valid.
 */
#ifndef GPROF_THREADS_H
#define GPROF_THREADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intern.h"
#include "sidefile.h"
#include "stacks.h"
#include "threadview.h"

/* Why a profile has no per-thread data (THREADS_OK: it has). */
enum threads_why {
	THREADS_OK,
	THREADS_NO_SIDE,   /* no side file: glibc's collector, or another */
	THREADS_IGNORED,   /* its side file was ignored (a warning said why) */
	THREADS_OLD,       /* a collector from before per-thread records */
	THREADS_NO_STACKS, /* stacks were off: no thread's samples known */
	THREADS_DAMAGED,   /* its per-thread records were refused */
};

struct gp_thread {
	char name[GMON_SIDE_THREAD_NAME_MAX + 1]; /* raw bytes, NUL-ended */
	uint64_t tid, calls, cpu_ns, samples, first_ns, last_ns;
	uint64_t nthreads;         /* 1 + folded, summed */
	uint32_t flags;            /* GMON_SIDE_THREAD_* as summed (above) */
	struct sidefile_arc *arcs; /* owned: distinct arcs, counts summed,
				    * objects as struct objects has them */
	size_t narcs;
	struct stackset stacks; /* its stacks, objects as objects.h's */
};

struct threads {
	struct gp_thread *v; /* owned: the rows */
	size_t n, cap;
	struct stackset unowned;  /* the stacks of no thread */
	size_t nsides;            /* side files added */
	bool by_name;             /* one row per name (several profiles) */
	struct intern names;      /* by_name: row K's name has id K */
	enum threads_why last;    /* the last side file added */
	enum threads_why missing; /* the first profile without data */
	size_t missing_profile;   /* ... its index in the options' list
				   * (SIZE_MAX: not known) */
	size_t nwindows;          /* WINDOW records gathered */
	struct run_window window; /* them, summed */
};

/*
 * Add side file S (of some profile) to TH: its objects are struct
 * objects' MAP[k] (NOBJS of them so far, for the rows' own sums).  Sets
 * TH->last to S's verdict; a side file without per-thread data adds no
 * row, and makes TH incomplete (THREADS_MISSING's profile unknown until
 * threads_missing() names it).  Never fails (out of memory ends the
 * program).
 */
void threads_add(struct threads *th, const struct sidefile *s,
		 const uint32_t *map, size_t nobjs);

/* Record that profile PROFILE (an index) has no per-thread data: WHY
 * (or, when the side file threads_add() refused last was PROFILE's,
 * name it). */
void threads_missing(struct threads *th, size_t profile, enum threads_why why);

/* Whether every profile had per-thread data (and one was read). */
static inline bool
threads_complete(const struct threads *th)
{
	return th->missing == THREADS_OK && th->nsides > 0;
}

/* What WHY means, for "PROFILE: no per-thread data (...)". */
const char *threads_why_text(enum threads_why why);

/*
 * -s: TH as side-file records appended to W (objects named as
 * objects_encode() numbers them): a THREAD record per row (index K + 1)
 * with its THREADARCS, a WINDOW when every profile had one; then the
 * stacks, the unowned first (STACKOWNER 0), then each row's after its
 * STACKOWNER, so that they sum to the profile's stacks (without
 * STACKINFO: the caller writes it).  Only for a complete table.
 */
struct wbuf;
void threads_encode(const struct threads *th, struct wbuf *w);
void threads_encode_stacks(const struct threads *th, struct wbuf *w);

/*
 * Sum the N arcs at V in place: one per (objects, from, self), sorted,
 * counts summed (saturating).  Returns how many are left.
 */
size_t threads_sum_arcs(struct sidefile_arc *v, size_t n);

void threads_free(struct threads *th);

#endif
