/*
 * sample.h - the collector's clock: samples of the program counter, of
 * every thread, into a histogram of the executable's text, or else into
 * the bins of the loaded object that holds it (the load map, objects.c:
 * gmon_objects_charge(), lock-free).  Only the perf drain thread may
 * rescan the load map (it is no signal handler).
 *
 * The histogram has one 32-bit counter per 4 bytes of text (GNU scale
 * 2.0), so a sample lands in the function that owns the address.  The
 * clock is the first that works of: a per-thread perf task-clock event,
 * a per-thread CPU-time timer, the process-wide ITIMER_PROF; or wall
 * time on request.  The rate written to the profile is nominal and the
 * same on every run of one program with one asked rate: the asked rate,
 * or for a clock checked at the kernel's tick (CPU-time timers,
 * ITIMER_PROF) the tick's rate when that is lower.  Every sample counts
 * as whole nominal periods (a late timer's missed periods included),
 * and a thread's unfinished period is carried to the next thread armed
 * (sample_int.h: the ledger), so samples / nominal rate stays the time
 * the clock measured, for short threads too; what the samples fall
 * short of it is measured, not hidden (sample_result: rate_mhz,
 * unsampled_ns).  Samples taken while a thread runs the collector's own code
 * (the section gmon_text, which every runtime object is placed in) are
 * counted apart, never charged to the program.
 *
 * With perf, a helper thread named "gmon-drain" (every signal blocked,
 * no hook calls) empties the threads' sample rings about once a second;
 * the program sees one more thread.  Without it (pthread_create failed)
 * the rings are emptied when threads stop and at sample_stop(), and a
 * full ring loses samples (counted as `lost`).
 *
 * Contract with the rest of the runtime: sample_start() runs once, from
 * start-up (monstartup or the constructor), before any other call;
 * sample_thread_start() runs on each new thread's first hook call and
 * may run inside the hook's slow path: it allocates nothing with malloc
 * and takes no lock the hook could wait on.  sample_pause(),
 * sample_stop() and sample_result() use only system calls and atomics,
 * so a profile dumped from a signal handler may call them (their waits
 * on another party's change are bounded, in case that party is the
 * interrupted thread itself).
 *
 * Signals: the per-thread timers and ITIMER_PROF use SIGPROF, unless
 * the program already has a SIGPROF handler: then the timers take the
 * highest free real-time signal, and ITIMER_PROF (which can only raise
 * SIGPROF) counts the sample and calls the program's handler after.
 * perf uses no signal at all.  The handler stays installed after
 * sample_stop() so a late signal never meets the default action.
 */
#ifndef GMON_SAMPLE_H
#define GMON_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum sample_clock {
	SAMPLE_AUTO,         /* perf, else thread timer, else itimer */
	SAMPLE_PERF,         /* per-thread perf_event task-clock */
	SAMPLE_THREAD_TIMER, /* per-thread CLOCK_THREAD_CPUTIME_ID timer */
	SAMPLE_ITIMER,       /* process-wide ITIMER_PROF (glibc's) */
	SAMPLE_WALL,         /* per-thread CLOCK_MONOTONIC timer */
};

struct sample_config {
	unsigned rate_hz;        /* asked for; 0: 100; at most 1000000 */
	enum sample_clock clock; /* asked for */
	bool verbose; /* one line on stderr at start: which clock runs */
	bool stacks;  /* record each sample's calling context (stacks.h) */
};

/*
 * Allocate the bins for [LOWPC, HIGHPC) (rounded out to 4 bytes), pick
 * and start the clock, arm the calling thread.  Returns 0, or -1 when
 * no clock could start (the program runs on, arcs are still counted,
 * the profile has an empty histogram).
 */
int sample_start(uintptr_t lowpc, uintptr_t highpc,
		 const struct sample_config *cfg);

/* Arm the calling thread (a no-op for the process-wide clock). */
void sample_thread_start(void);

/* The calling thread ends: disarm it, account its sampled time. */
void sample_thread_stop(void);

/* The calling thread's samples are to be counted in *COUNTER too (its
 * thread record's: the periods each sample taken on it stands for,
 * from now on; atomic adds). */
void sample_thread_note(uint64_t *counter);

/* moncontrol(): stop (OFF) or resume counting samples. */
void sample_pause(bool off);

/* Stop every clock; the bins no longer change afterwards. */
void sample_stop(void);

/* In a fork child: zero the bins and counts (unless KEEP), re-arm the
 * calling thread, the only one the child has. */
void sample_fork_child(bool keep);

/*
 * The rates are integers: the runtime is built with -mgeneral-regs-only
 * (no floating point at all), and gmon.out's prof_rate is a 32-bit
 * integer anyway.  sampled_ns is the time the clock ran over: CPU time
 * of the sampled threads (perf: the events' own task-clock time; thread
 * timers: their CPU clocks; ITIMER_PROF: the process CPU clock), or for
 * SAMPLE_WALL their wall time, paused intervals excluded.  Every sample
 * counts towards the delivered rate, in the program's text or not.  For
 * perf, samples are taken in user mode only while the time counts kernel
 * time too: a period that ends in the kernel gives no sample, and its
 * time goes to the ledger (carried to later threads, else short).
 */
struct sample_result {
	const uint32_t *bins; /* bins[i] counts [lowpc + 4i, lowpc + 4i + 4) */
	size_t nbins;         /* 0 (bins NULL) when no clock started */
	uintptr_t lowpc;      /* rounded down to 4 */
	uint32_t asked_hz;
	uint32_t rate_hz;     /* nominal: write this as prof_rate (the asked
			     * rate when no clock started) */
	uint64_t rate_mhz;    /* delivered: periods counted per second of
			     * sampled_ns, in thousandths of Hz (0: no
			     * time); rate_hz * 1000 when nothing is lost */
	int64_t unsampled_ns; /* the ledger's pool: time of the finished
			       * threads no sample stands for (negative:
			       * samples stood for more) */
	uint64_t sampled_ns;
	const char *clock; /* the clock that ran, for messages; "none" */
	enum sample_clock clock_kind; /* which one ran (AUTO: none did) */
	/* Counts are in nominal periods (a sample may count several).
	 * Taken in the program's text: the bins' sum (a bin would wrap
	 * after 2^32 samples, 50 days of one CPU at 1 kHz in 4 bytes). */
	uint64_t samples;
	uint64_t outside;   /* PC outside [lowpc, highpc) and every other
			     * object's bins */
	uint64_t objects;   /* PC in another loaded object's bins (the
			     * load map's, gmon_rt.h) */
	uint64_t collector; /* PC in the collector's own code */
	uint64_t lost;      /* perf: records the kernel dropped (ring full) */
	uint64_t threads;   /* threads armed so far (process clock: 0) */
	uint64_t unarmed;   /* threads that could not be armed */
	/* Per-thread timers: threads found blocking the signal when they
	 * stopped; their time is left out of sampled_ns (none of it was
	 * sampled).  A thread that blocks it only for a while counts by its
	 * mask at the end.  ITIMER_PROF cannot tell: its signal goes to
	 * another thread, whose code is charged instead. */
	uint64_t blocked;
};

/* The histogram and figures so far (after sample_stop(): final). */
void sample_result(struct sample_result *r);

#endif
