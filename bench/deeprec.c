/*
 * deeprec.c - a deep recursion for bench/flame.sh: ROUNDS times, rec()
 * recurses to a depth drawn from a fixed generator (1 to DEPTH), doing
 * a little work at every level, and at each level one of two calls to
 * itself is taken (a bit of the generator), so sampled stacks are
 * distinct by their return addresses although every one of them is
 * rec, rec, ..., rec by function: the calling-context tree is one long
 * chain of rec, reached by very many distinct stacks.
 *
 *   deeprec ROUNDS DEPTH     prints a checksum of the work
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state = 88172645463325252ull;

static unsigned
next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (unsigned)(state >> 32);
}

__attribute__((noinline)) unsigned
work(unsigned n)
{
	volatile unsigned s = 0;

	for (unsigned i = 0; i < n; i++)
		s += i ^ n;
	return s;
}

__attribute__((noinline)) unsigned
rec(unsigned d, unsigned bits)
{
	unsigned s = work(200 + (bits & 255));

	if (d == 0)
		return s;
	/* Two call sites: stacks differ by which one each level took. */
	if (bits & 1)
		return s + rec(d - 1, bits >> 1 | bits << 31);
	return s ^ rec(d - 1, bits >> 1 | bits << 31);
}

int
main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 10) : 2000;
	unsigned depth = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 500;
	unsigned sum = 0;

	if (depth == 0)
		depth = 1;
	for (unsigned long r = 0; r < rounds; r++)
		sum += rec(1 + next() % depth, next());
	printf("%u\n", sum);
	return 0;
}
