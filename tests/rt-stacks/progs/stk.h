/*
 * stk.h - what the stack truth programs share: NOI and AFTER_CALL from
 * tests/rt-accept/progs/truth.h (separate calls, no tail jumps), a loop
 * whose cost is its iteration count, and the truth line each program
 * prints: "SHARE CALLEE CALLER FRACTION", the fraction of CALLEE's
 * time spent while called directly from CALLER, exact by construction
 * (iterations of the same loop).
 */
#ifndef STK_H
#define STK_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "truth.h"

extern volatile long stk_sink;

/* N iterations of one cheap loop: its time is proportional to N. */
#define SPIN(n)                                                                \
	do {                                                                   \
		for (long i_ = 0; i_ < (n); i_++)                              \
			stk_sink += i_;                                        \
	} while (0)

static inline void
truth_share(const char *callee, const char *caller, double fraction)
{
	printf("SHARE %s %s %.6f\n", callee, caller, fraction);
}

/*
 * Spin in the caller for a pseudo-random 0..2 ms of this thread's CPU
 * time (*seed: the generator's state).  The sampling clock is periodic
 * (1 ms at LIBGMON_RATE=1000); a program whose rounds are periodic too
 * can meet it at the same phase every round, so that bursts shorter
 * than a period are never sampled (recur.c's ping bursts vanished from
 * a whole run that way).  A random pause between rounds spreads the
 * phases uniformly.  Deterministic: the seed fixes the pauses.
 */
static inline void
stk_dither(unsigned long *seed)
{
	struct timespec t0, t;
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	long ns = (long)((*seed >> 33) % 2000000UL);
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0) != 0)
		return;
	do {
		SPIN(1000);
		if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0)
			return;
	} while ((t.tv_sec - t0.tv_sec) * 1000000000L +
		     (t.tv_nsec - t0.tv_nsec) <
		 ns);
}

/* The scale of a run: argv[1], default 1 (qemu runs take less). */
static inline long
stk_scale(int argc, char **argv)
{
	long s = argc > 1 ? atol(argv[1]) : 1;
	return s > 0 ? s : 1;
}

#endif
