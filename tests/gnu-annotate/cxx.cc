// C++: a class, a template and a namespace (demangled names, the same
// annotation rules).
#include <cstdio>

namespace geo {
struct Box {
	int w, h;
	__attribute__((noinline)) int area() const { return w * h; }
};

template <typename T>
__attribute__((noinline)) T
scale(T v, T k)
{
	return v * k;
}
} // namespace geo

int
main()
{
	long t = 0;

	for (int i = 0; i < 30; i++) {
		geo::Box b{ i, i + 1 };
		t += b.area() + geo::scale<int>(i, 3) +
		     (long)geo::scale<double>(i, 1.5);
	}
	std::printf("%ld\n", t);
	return 0;
}
