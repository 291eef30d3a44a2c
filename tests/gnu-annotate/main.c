#include <stdio.h>

#include "hdr.h"

int other_fn(int);
int other_rec(int);

static __attribute__((noinline)) int
leaf(int x)
{
	return hdr_twice(x) + 1;
}

__attribute__((noinline)) int one_a(int x) { return x + 1; } __attribute__((noinline)) int one_b(int x) { return x - 1; }

__attribute__((noinline)) int
work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += leaf(i) + hdr_sq(i);
	return s;
}

#include "part.c"

__attribute__((noinline)) int
never_called(int x)
{
	return x * 7;
}

volatile long sink;

__attribute__((noinline)) void
spin(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

int
main(int argc, char **argv)
{
	long t = 0;

	(void)argv;
	for (int k = 0; k < 40; k++)
		t += work(200);
	for (int k = 0; k < 7; k++)
		t += one_a(k) + one_b(k) + part_fn(k);
	t += other_fn(5) + other_rec(6);
	if (argc > 5)
		t += never_called(argc);
	spin(20000000);
	printf("%ld\n", t);
	return 0;
}
