/*
 * demo.c - a small program to profile: a hot loop, a helper called from
 * two places, a static function, and mutual recursion (a cycle).
 */
#include <stdio.h>

static long
mix(long x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 6364136223846793005L + 1442695040888963407L;
	return x;
}

long
checksum(const long *v, int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		s ^= mix(v[i]);
	return s;
}

int is_odd(int n);

int
is_even(int n)
{
	return n == 0 ? 1 : is_odd(n - 1);
}

int
is_odd(int n)
{
	return n == 0 ? 0 : is_even(n - 1);
}

int
main(void)
{
	long v[64], total = 0;

	for (int i = 0; i < 64; i++)
		v[i] = i;
	for (int round = 0; round < 400; round++) {
		v[round % 64] += total;
		total += checksum(v, 64);
		total += is_even(round % 50);
	}
	for (int i = 0; i < 200; i++)
		total += mix(i);
	printf("demo: %ld\n", total);
	return 0;
}
