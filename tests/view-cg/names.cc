// names.cc - a C++ program for tests/view-cg: names that need escaping in
// DOT and care in callgrind (templates with angle brackets, operator""
// with quotes, operator<, a namespace), a self-recursive function and a
// cycle, with enough work in each hot function to be sampled.
#include <cstdio>

static volatile unsigned long sink;

template <typename T> struct Box {
	T v;
	__attribute__((noinline)) T spin(int n) const;
};

template <typename T>
__attribute__((noinline)) T
Box<T>::spin(int n) const
{
	T x = v;
	for (int i = 0; i < n; i++)
		x = x * 3 + 1;
	return x;
}

__attribute__((noinline)) unsigned long long
operator""_k(unsigned long long x)
{
	unsigned long long r = x;
	for (int i = 0; i < 20000; i++)
		r = r * 7 + 3;
	return r;
}

namespace ns {
__attribute__((noinline)) long
fact(long n)
{
	sink = sink + 1;
	return n <= 1 ? 1 : n * fact(n - 1);
}

struct Key {
	long k;
	__attribute__((noinline)) bool operator<(const Key &o) const;
};

__attribute__((noinline)) bool
Key::operator<(const Key &o) const
{
	long a = k, b = o.k;
	for (int i = 0; i < 30000; i++)
		a = a * 5 + 1, b = b * 3 + 2;
	return a < b;
}

long ping(long n);
__attribute__((noinline)) long
pong(long n)
{
	return n <= 0 ? 0 : ping(n - 1) + 1;
}
__attribute__((noinline)) long
ping(long n)
{
	return n <= 0 ? 0 : pong(n - 1) + 2;
}
} // namespace ns

int
main()
{
	Box<Box<int> *> unused = { nullptr };
	Box<long> b = { 3 };
	unsigned long t = 0;

	(void)unused;
	for (int r = 0; r < 3000; r++) {
		t += b.spin(200000);
		t += operator""_k(r);
		t += ns::fact(r % 20);
		t += ns::Key{ r } < ns::Key{ r + 1 };
		t += ns::ping(r % 30);
	}
	std::printf("names: %lu\n", t);
	return 0;
}
