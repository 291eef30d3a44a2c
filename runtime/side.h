/*
 * side.h - the side file: what a GNU gmon.out cannot hold, written
 * beside it as NAME.gmonx (the format: include/gmon_side.h).
 *
 * gmon.out stays GNU format version 1, readable by GNU gprof 2.40; the
 * side file adds the executable's build-id and load address, the clock
 * that ran with its asked and delivered rates, 64-bit totals and
 * per-thread statistics, and (part 2) the load map.  The side file's
 * TIE record holds the size and hash of gmon.out's bytes, so a reader
 * can tell whether a side file belongs to a profile (both files also
 * carry the same 12-byte run id, in gmon.out the header's spare bytes:
 * the tie older readers know).
 *
 * Contract: side_write_fd() writes with write(2) only (no malloc, no
 * stdio, no locks), so the runtime's writer may call it late in exit or
 * from a signal handler that dumps the profile.
 */
#ifndef GMON_SIDE_H
#define GMON_SIDE_H

#include <stddef.h>
#include <stdint.h>

#include "sample.h"
#include "stacks.h"

struct side_arc;
struct side_thread {
	uint64_t tid;     /* kernel thread id (gettid) */
	uint64_t calls;   /* hook calls counted on it */
	uint64_t arcs;    /* distinct arcs in its table */
	uint64_t nested;  /* calls counted while the hook was interrupted */
	uint64_t dropped; /* calls that could not be counted (no memory) */
	/* The per-thread part (gmon_side.h's THREAD, THREADARCS and
	 * STACKOWNER): */
	uint32_t index, folded, flags; /* flags: GMON_SIDE_THREAD_* */
	char name[16];                 /* NUL-terminated */
	uint64_t cpu_ns, samples, first_ns, last_ns;
	const struct side_arc *tarcs; /* its arcs, every end (THREADARCS) */
	size_t ntarcs;
	const struct stacks_out *stacks; /* its stacks; NULL: none */
};

/* One OBJECT record (and its HIST when bins is not NULL); addresses
 * are object addresses (run-time less base). */
struct side_object {
	uint32_t id;    /* 1, 2, ... */
	uint32_t flags; /* GMON_SIDE_OBJ_* */
	uint64_t base, text_lo, text_hi;
	const uint8_t *build_id; /* NULL or build_id_len bytes */
	size_t build_id_len;
	const char *path;
	const uint32_t *bins; /* NULL: no HIST */
	uint64_t lowpc;       /* object address of bins[0], a multiple of 4 */
	uint64_t nbins;
};

/* One entry of an ARCS record. */
struct side_arc {
	uint32_t from_obj, self_obj; /* 0: the executable, else an id */
	uint64_t from, self, count;
};

struct side_info {
	uint8_t run_id[12];      /* as in gmon.out's header */
	uint64_t profile_size;   /* TIE: gmon.out's bytes (0: no TIE) */
	uint64_t profile_hash;   /* and their gmon_hash_bytes() */
	const uint8_t *build_id; /* the executable's NT_GNU_BUILD_ID, or NULL */
	size_t build_id_len;
	const char *exe_path; /* /proc/self/exe as read at start, or NULL */
	uint64_t load_base;   /* subtracted from every address written */
	uint64_t text_lo, text_hi; /* the histogram's range, unrelocated */
	const struct sample_result *samples; /* NULL: no clock ran */
	const struct side_thread *threads;   /* every thread that ran hooks */
	size_t nthreads;
	uint64_t calls, dropped, nested;   /* totals over all threads */
	const struct side_object *objects; /* the load map part */
	size_t nobjects;
	const struct side_arc *arcs;
	size_t narcs;
	/* The stacks of no thread (NULL or off: none); the threads' own
	 * come with them, and STACKINFO sums both. */
	const struct stacks_out *stacks;
	bool stacks_on; /* stacks were recorded: write STACKINFO */
	uint32_t stacks_method, stacks_depth_max;
	uint64_t start_ns, end_ns; /* WINDOW: CLOCK_REALTIME */
	uint32_t seq;              /* the profile's number: 1, 2, ... */
	bool snapshot;             /* the program went on */
};

/*
 * Write S's side file to FD: the header, RUN, TIE (when
 * S->profile_size is not 0), CLOCK (when S->samples is not NULL), one
 * OBJECT per entry of S->objects, one HIST per object with bins (left
 * out when its length cannot fit in 32 bits), ARCS records holding
 * S->arcs (as many as keep each length in 32 bits), the measured call
 * graph's STACKS (within 31 bits of length each: more stacks, more
 * records) and STACKINFO (when S->stacks is on), one THREAD per entry
 * of S->threads, TOTALS, END.  A build-id longer than 64 bytes and a
 * path longer than 4096 are cut there.  The stack holds a 4 KiB
 * buffer.  Returns 0, or -1 with errno set (the caller removes the
 * partial file).
 */
int side_write_fd(int fd, const struct side_info *s);

#endif
