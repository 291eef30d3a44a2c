// tmpl.cc - C++ whose DWARF -l must read right at -O2: function
// templates and class templates instantiated for several types, the
// standard library's algorithms and containers inlined into them
// (inlined subroutines whose names come through abstract origins and
// specifications), lambdas, an anonymous namespace and a static member
// function defined out of its class.
#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

namespace shapes {
template <typename T>
struct Grid {
	std::vector<T> cells;
	explicit Grid(size_t n) : cells(n) {}
	T
	sum() const
	{
		return std::accumulate(cells.begin(), cells.end(), T());
	}
	template <typename F>
	void
	fill(F f)
	{
		for (size_t i = 0; i < cells.size(); i++)
			cells[i] = f(i);
	}
	static T twice(T x);
};

template <typename T>
T
Grid<T>::twice(T x)
{
	return x + x;
}
} // namespace shapes

namespace {
template <typename T>
__attribute__((noinline)) T
sorted_median(std::vector<T> v)
{
	std::sort(v.begin(), v.end(), [](T a, T b) { return b < a; });
	return v[v.size() / 2];
}

long
count_words(const std::string &s)
{
	std::map<std::string, int> seen;
	std::string w;

	for (char c : s) {
		if (c == ' ') {
			seen[w]++;
			w.clear();
		} else {
			w += c;
		}
	}
	seen[w]++;
	return (long)seen.size();
}
} // namespace

static volatile long sink;

int
main()
{
	shapes::Grid<long> gl(300);
	shapes::Grid<double> gd(200);
	long acc = 0;

	for (int round = 0; round < 200; round++) {
		gl.fill([round](size_t i) { return (long)(i * 7 + round) % 101; });
		gd.fill([round](size_t i) { return (double)i / (round + 1); });
		acc += gl.sum() + (long)gd.sum();
		acc += sorted_median(gl.cells) +
		       (long)sorted_median(gd.cells);
		acc += shapes::Grid<long>::twice(round);
		acc += count_words("a b c a b d e f a");
	}
	sink = acc;
	printf("%ld\n", acc > 0 ? 1L : 0L);
	return 0;
}
