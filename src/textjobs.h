/*
 * textjobs.h - one text made of parts that several threads render and
 * one stream receives in order.
 *
 * A report of a large program is tens of megabytes of text (the call
 * graph of 50,000 functions: 34 MB) made of independent parts: the flat
 * profile, each stretch of call-graph entries, the index.  textjobs_run
 * renders them on up to NTHREADS threads (the caller's included), each
 * part into a memory buffer through a FILE of its own, and writes the
 * buffers to OUT strictly in array order, so the bytes are those of
 * rendering every part to OUT one after the other.  With one thread it
 * does exactly that, with no buffer.
 *
 * Claiming: parts marked EARLY are claimed first (a part that is long
 * but printed late, such as the index, starts at once), then the rest
 * in array order.  A part may name an earlier-claimed part it needs
 * done first (AFTER: its render has returned, e.g. a preparation that
 * writes nothing).  Memory stays bounded: beyond the early parts, at
 * most a few parts per thread wait, rendered, to be written; buffers
 * are reused.
 *
 * Contract for render functions: they may run on any thread, two at
 * once, so they only read shared data (the report model is immutable)
 * and keep their own state per WORKER (0 .. nthreads - 1, each worker
 * one thread); they write only to the FILE they are given.
 */
#ifndef GPROF_TEXTJOBS_H
#define GPROF_TEXTJOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define TEXTJOBS_NONE ((size_t)-1)

struct textjob {
	void (*render)(FILE *out, void *ctx, size_t arg, unsigned worker);
	void *ctx;
	size_t arg;
	bool early;   /* claimed before the parts that are not */
	size_t after; /* a part whose render must return first, or
		       * TEXTJOBS_NONE; it must be claimed before this one */
};

/*
 * How many threads to render with: GPROF_THREADS from the environment
 * when it is a number from 1 to 64 (the tests force both paths with
 * it), else the CPUs this process may run on, at most 4 and at least 1;
 * WORK_HINT below 1 MB of expected text means 1 (threads would cost
 * more than they save).
 */
unsigned textjobs_threads(size_t work_hint);

/*
 * Render the N parts in JOBS and write them to OUT in array order, on
 * NTHREADS threads (1: in order, straight to OUT).  Falls back to one
 * thread when a thread cannot be started.  Write errors are not
 * checked here: OUT's owner finds them (outfile.h keeps the first).
 */
void textjobs_run(FILE *out, const struct textjob *jobs, size_t n,
		  unsigned nthreads);

#endif
