/*
 * examples/callers.c - the demo's case against gprof's estimate: work()
 * costs what its argument says, cheap() calls it 20,000 times with 50
 * and dear() 20 times with 500,000 (ten times the work in all).  gprof
 * hands work()'s time to its callers by call counts, so its estimate
 * gives cheap() almost all of it; the stacks our collector samples
 * show that dear() spends about nine tenths of it.
 */
#include <stdio.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void
work(unsigned long n)
{
	unsigned long x = 0;
	for (unsigned long i = 0; i < n; i++)
		x = x * 31 + i;
	sink += x;
}

__attribute__((noinline)) static void
cheap(void)
{
	for (int i = 0; i < 20000; i++)
		work(50);
}

__attribute__((noinline)) static void
dear(void)
{
	for (int i = 0; i < 20; i++)
		work(500000);
}

int
main(void)
{
	for (int round = 0; round < 30; round++) {
		cheap();
		dear();
	}
	printf("work() did %lu units for cheap() and %lu for dear()\n",
	       30UL * 20000 * 50, 30UL * 20 * 500000);
	return 0;
}
