/*
 * split.c - C whose functions gcc -O2 splits in two (a hot part and a
 * *.cold part far away, so the function's DW_AT_ranges is a list) and
 * inlines into several callers (inlined subroutines, some of them in
 * pieces), from a header-like block of static inline functions.
 */
#include <stdio.h>
#include <stdlib.h>

static int table[1024];

__attribute__((cold, noinline)) static void
complain(int i)
{
	fprintf(stderr, "odd value at %d\n", i);
}

static inline int
bump(int i)
{
	if (__builtin_expect(table[i & 1023] > 1000000, 0)) {
		complain(i);
		table[i & 1023] = rand();
	}
	return table[i & 1023]++;
}

static inline int
mix(int a, int b)
{
	return bump(a) ^ (bump(b) << 1);
}

__attribute__((noinline)) int
walk(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		s += mix(i, n - i);
		if (__builtin_expect(s == 123456789, 0)) {
			complain(s);
			abort();
		}
	}
	return s;
}

__attribute__((noinline)) int
twice(int n)
{
	return walk(n) + mix(n, 2 * n);
}

int
main(void)
{
	long acc = 0;

	for (int k = 0; k < 300; k++)
		acc += twice(1000 + k);
	printf("%d\n", acc != 0);
	return 0;
}
