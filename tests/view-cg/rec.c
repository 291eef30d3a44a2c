/*
 * rec.c - recursion for tests/view-cg: rec() calls itself, ping() and
 * pong() call each other, both call leaf().  valgrind --tool=callgrind
 * runs it for a real callgrind file; mkprof.py writes our profiles at
 * its real addresses, with its real call counts:
 *   main -> rec 10, rec -> rec 50, rec -> leaf 60,
 *   main -> ping 10, ping -> pong 30, pong -> ping 30, ping -> leaf 30.
 */
#include <stdio.h>

int
leaf(int n)
{
	volatile int s = 0;

	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int
rec(int n)
{
	return (n > 0 ? rec(n - 1) : 0) + leaf(10);
}

int pong(int n);

int
ping(int n)
{
	return n > 0 ? pong(n - 1) + leaf(10) : 0;
}

int
pong(int n)
{
	return n > 0 ? ping(n - 1) : 0;
}

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 10; i++)
		s += rec(5) + ping(6);
	printf("%d\n", s);
	return 0;
}
