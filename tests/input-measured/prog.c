/*
 * prog.c - the functions of tests/input-measured/run.sh.  Nothing runs under
 * a profiler: mkprof.py writes the profiles at these functions' real
 * addresses, so every measured number is exact by construction.
 */
#include <stdio.h>

int lib_work(int n);
int lib_call(int (*f)(int), int n);

int
work(int n)
{
	volatile int s = 0;

	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int
cheap(void)
{
	return work(50);
}

int
dear(void)
{
	return work(500000);
}

int
rec(int n)
{
	return n > 0 ? rec(n - 1) + work(1) : 0;
}

int pong(int n);

int
ping(int n)
{
	return n > 0 ? pong(n - 1) + work(1) : 0;
}

int
pong(int n)
{
	return n > 0 ? ping(n - 1) : 0;
}

int cb(int n);
int cc(int n);

int
ca(int n)
{
	return n > 0 ? cb(n - 1) : 0;
}

int
cb(int n)
{
	return n > 0 ? cc(n - 1) : 0;
}

int
cc(int n)
{
	return n > 0 ? ca(n - 1) + work(n) : 0;
}

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 200000; i++)
		s += cheap();
	for (int i = 0; i < 200; i++)
		s += dear();
	s += rec(5) + ping(6) + ca(9);
	s += lib_work(10) + lib_call(work, 3);
	printf("%d\n", s);
	return 0;
}
