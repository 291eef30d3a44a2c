// gcc -O2's clones of functions (tests/input-clones): split_me.part.0 (partial
// inlining), checked.cold (the throw, moved out), get.constprop.0.isra.0
// (a constant and a struct field for its arguments; get() itself goes).
// Nothing here needs to run: the profiles are made by mkprof.py.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

extern "C" {
extern int table[4096];
int one(int n);
int two(int n);

int
split_me(int n)
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

struct big {
	int a[64];
	int k;
};

static int __attribute__((noinline))
get(struct big *b, int unused)
{
	return b->k * 2 + b->a[3];
}

int __attribute__((noinline))
checked(const int *v, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		if (v[i] < 0)
			throw std::runtime_error("negative");
		s += v[i] * 3 % 11;
	}
	return s;
}
}

int
main(int argc, char **argv)
{
	struct big x, y;
	int v[64], s = 0, n = argc > 1 ? atoi(argv[1]) : 100;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	x.k = argc;
	y.k = 3;
	for (int i = 0; i < 64; i++)
		v[i] = i;
	s += split_me(n) + get(&x, 1) + get(&y, 2) + checked(v, 64);
	s += one(n) + two(n);
	printf("%d\n", s);
	return 0;
}
