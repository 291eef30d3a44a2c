/*
 * callers.c - per-caller cost differing 1000x (issue 20's example):
 * cheap() calls work(500) 20,000 times, dear() calls work(500000) 200
 * times (both times SCALE, in 10 rounds; issue 20's example, with
 * work's own entry and exit 10x smaller beside its loop).  gprof's
 * estimate hands dear 1 % of work's time (its share of the calls); the
 * truth is 90.9 %.
 */
#include "stk.h"

volatile long stk_sink;

NOI void
work(long n)
{
	SPIN(n);
}

NOI void
cheap(long scale)
{
	for (long i = 0; i < 2000 * scale; i++) {
		work(500);
		AFTER_CALL();
	}
}

NOI void
dear(long scale)
{
	for (long i = 0; i < 20 * scale; i++) {
		work(500000);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	/* In rounds, so that both callers meet the same machine (a loaded
	 * machine's speed drifts). */
	for (int r = 0; r < 10; r++) {
		cheap(scale);
		AFTER_CALL();
		dear(scale);
		AFTER_CALL();
	}
	truth_share("work", "cheap", 1.0 / 11);
	truth_share("work", "dear", 10.0 / 11);
	return 0;
}
