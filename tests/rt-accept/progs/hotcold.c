/*
 * hotcold.c - a tiny hot function (tiny_hot) whose neighbours in memory
 * (never_before, never_run) never run, placed 64 KiB into the text
 * after a filler that is never called: a histogram whose bins are not
 * exactly the width the profile claims drifts that far and charges
 * tiny_hot's samples to a neighbour.  Built with -fno-toplevel-reorder
 * so the functions stay in this order.
 */
#include <time.h>

#include "truth.h"

static unsigned long n_loop_hot;

NOI void
filler(void)
{
	__asm__ volatile(".fill 65536, 1, 0x90");
}

NOI unsigned long
never_before(unsigned long x)
{
	return x ^ (x >> 5);
}

/* Small in bytes, but most of the time goes to its loop, not the hook. */
NOI unsigned long
tiny_hot(unsigned long x)
{
	for (int i = 0; i < 64; i++)
		x = x * 2862933555777941757UL + 3037000493UL;
	return x;
}

NOI unsigned long
never_run(unsigned long x)
{
	return x ^ (x >> 7);
}

static double
cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

NOI unsigned long
hot_loop(void)
{
	unsigned long x = 1;
	double t0 = cpu_now();
	while (cpu_now() - t0 < 0.4) {
		for (int i = 0; i < 10000; i++) {
			n_loop_hot++;
			x = tiny_hot(x);
			AFTER_CALL();
		}
	}
	return x;
}

int
main(void)
{
	unsigned long x = hot_loop();
	AFTER_CALL();
	truth_arc("hot_loop", "tiny_hot", n_loop_hot);
	truth_arc("hot_loop", "never_run", 0);
	truth_arc("hot_loop", "never_before", 0);
	printf("CPU %.3f\n", cpu_now());
	return x == 0 ? 5 : 0;
}
