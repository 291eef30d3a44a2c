/*
 * stk.h - what the stack truth programs share: NOI and AFTER_CALL from
 * tests/runtime/progs/truth.h (separate calls, no tail jumps), a loop
 * whose cost is its iteration count, and the truth line each program
 * prints: "SHARE CALLEE CALLER FRACTION", the fraction of CALLEE's
 * time spent while called directly from CALLER, exact by construction
 * (iterations of the same loop).
 */
#ifndef STK_H
#define STK_H

#include <stdio.h>
#include <stdlib.h>

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

/* The scale of a run: argv[1], default 1 (qemu runs take less). */
static inline long
stk_scale(int argc, char **argv)
{
	long s = argc > 1 ? atol(argv[1]) : 1;
	return s > 0 ? s : 1;
}

#endif
