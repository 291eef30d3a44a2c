/*
 * threadview.h - the profile's threads as the printers see them (the
 * model's THREADS and WINDOW, model.h): one row per thread of the side
 * files' per-thread records (gathered by threads.h, selected and mapped
 * to functions by threadsel.h), and the wall-clock time the profile
 * covers.  Plain data, so that a printer may read it: nothing here
 * reaches the analysis or the profile files.
 *
 * Ownership: a struct thread_view owns its arrays but the rows' names,
 * which it borrows from the gathered table (threads.h); threadsel_free()
 * releases it.
 */
#ifndef GPROF_THREADVIEW_H
#define GPROF_THREADVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measured.h"

/*
 * The WINDOW records (include/gmon_side.h): when counting began and
 * when the profile was written.  Several profiles summed: the earliest
 * start, the latest end, SEQ 0 and no flags (a sum is no one profile of
 * a run).
 */
struct run_window {
	bool has;          /* some side file read had a WINDOW record (a
			    * sum: over those that had one) */
	uint64_t start_ns; /* CLOCK_REALTIME, ns since the epoch */
	uint64_t end_ns;   /* the same clock; pprof: duration = end - start */
	uint32_t seq;      /* the profile's number in its run: 1, 2, ...;
			    * 0: a sum of several */
	bool snapshot;     /* written while the program went on */
};

/* The longest thread name, in bytes (the kernel's: 15 and a NUL). */
#define THREAD_NAME_MAX 15

/* One thread (or the threads folded or summed into one record). */
struct thread_row {
	uint32_t index;    /* 1, 2, ...: its place in the table */
	uint64_t tid;      /* kernel thread id (folded, summed: the last) */
	const char *name;  /* borrowed: its name's raw bytes (sanitize_name
			   * before printing), NUL-terminated */
	uint64_t nthreads; /* threads it stands for (1 unless folded by the
			    * collector or summed by name) */
	bool live;         /* still running when the profile was written */
	bool main;         /* the process's first thread */
	bool mixed;        /* folded threads of several names ("[other]") */
	uint64_t cpu_ns;   /* its CPU time */
	uint64_t samples;  /* periods of the histograms' rate sampled on it */
	uint64_t first_ns, last_ns; /* CLOCK_REALTIME: first hook call, end */
	uint64_t calls;             /* hook calls counted on it */
	bool selected; /* --thread picked it (every row without --thread) */
	/* Its sampled stacks as functions of the model's table (the
	 * view's STACKS[first .. first + nstacks)), or none in line mode. */
	size_t first, nstacks;
	uint64_t stack_samples; /* their samples */
	uint32_t top;           /* the function sampled most (frame 0 of
				 * its stacks), or UINT32_MAX */
	uint64_t top_samples;   /* its samples */
};

struct thread_view {
	bool any;       /* per-thread data, for every profile read */
	bool selection; /* --thread: the analysis holds the selected rows'
			 * samples, arcs and stacks only */
	struct thread_row *rows; /* owned: table order (index order) */
	size_t n;
	uint64_t samples; /* every row's samples: a share's denominator */
	/* Every row's stacks, then the stacks of no thread (UNOWNED of
	 * them, from STACKS[n_owned]); a stack's functions are FNS[at ..
	 * at + len), innermost first (measured.h).  Owned. */
	bool have_stacks; /* mapped to functions (not in line mode) */
	struct measured_stack *stacks;
	size_t nstacks, n_owned;
	uint32_t *fns;
	size_t fns_used;
	struct run_window window;
};

#endif
