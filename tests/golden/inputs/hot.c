/*
 * hot.c - a program with a hot loop, so that real -pg runs collect
 * samples.  Deterministic: the work is fixed, only timing varies.
 */
#include <stdio.h>

static volatile unsigned long sink;

static unsigned long
mix(unsigned long x)
{
	for (int k = 0; k < 40; k++) {
		x ^= x >> 13;
		x *= 0x9e3779b97f4a7c15ul;
		x ^= x >> 29;
	}
	return x;
}

static unsigned long
inner(unsigned long n)
{
	unsigned long acc = 0;

	for (unsigned long i = 0; i < n; i++)
		acc += mix(i + acc);
	return acc;
}

unsigned long
outer_small(void)
{
	return inner(2000);
}

unsigned long
outer_big(void)
{
	unsigned long acc = 0;

	for (int i = 0; i < 40; i++)
		acc += inner(10000);
	return acc;
}

unsigned long
never_called(void)
{
	return mix(1);
}

int
main(void)
{
	unsigned long acc = 0;

	for (int i = 0; i < 30; i++)
		acc += outer_small();
	acc += outer_big();
	sink = acc;
	printf("%lu\n", acc & 0xff);
	return 0;
}
