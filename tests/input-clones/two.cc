// A unit of the clones test (tests/input-clones): a static dup() that gcc -O2
// splits (dup.part.0: the head is inlined into its callers) and keeps
// whole too (its address is taken).  one.cc has its own dup() and
// dup.part.0, same names, other unit: neither may be counted in the
// other's.
#include <cstdio>

extern "C" {
extern int table[4096];
int (*volatile dup_ptr_two)(int);

static int
dup(int n)
{
	if (n <= 0)
		return 0;
	int s = 0;
	for (int r = 0; r < 40; r++)
		for (int i = 0; i < n && i < 4096; i++)
			s += table[(i * 7 + r) & 4095] ^ (s << 1);
	if (s == 12345)
		fprintf(stderr, "odd %d\n", s);
	return s;
}

int
two(int n)
{
	dup_ptr_two = dup;
	return dup(n) + dup_ptr_two(n - 1);
}
}
