/*
 * qsortcb.c - a callback through libc: sorter() calls qsort(), which
 * calls cmp(), which calls cmpwork().  libc is not profiled: a stack
 * through cmp stops at qsort's return address, counted truncated, and
 * never names sorter or main above cmp.  hot() beside it gives stacks
 * that reach main.
 */
#include "stk.h"

volatile long stk_sink;

NOI void
cmpwork(void)
{
	SPIN(300);
}

NOI int
cmp(const void *a, const void *b)
{
	cmpwork();
	AFTER_CALL();
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

NOI void
sorter(long scale)
{
	static int v[2000];
	for (long r = 0; r < 40 * scale; r++) {
		for (int i = 0; i < 2000; i++)
			v[i] = (int)((i * 7919L + r) % 2003);
		qsort(v, 2000, sizeof v[0], cmp);
		AFTER_CALL();
	}
}

NOI void
hot(long scale)
{
	SPIN(100000000L * scale);
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	sorter(scale);
	AFTER_CALL();
	hot(scale);
	AFTER_CALL();
	return 0;
}
