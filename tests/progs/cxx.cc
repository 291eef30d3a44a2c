// cxx.cc - C++ names for the demangler: namespaces, a class with
// constructors, virtual and operator members, templates instantiated
// for two types, an anonymous namespace and an overloaded function.
#include <cstdio>

namespace geo {
namespace detail {
template <typename T>
T
square(T x)
{
	return x * x;
}
} // namespace detail

class Shape {
public:
	explicit Shape(int side) : side_(side) {}
	virtual ~Shape() {}
	virtual long area() const { return detail::square<long>(side_); }
	Shape &operator+=(int d)
	{
		side_ += d;
		return *this;
	}

protected:
	int side_;
};

class Box : public Shape {
public:
	explicit Box(int side) : Shape(side) {}
	long area() const override { return 6 * Shape::area(); }
};
} // namespace geo

namespace {
double
scale(double x)
{
	return geo::detail::square<double>(x) / 2.0;
}
} // namespace

long
overload(int x)
{
	return x + 1;
}

long
overload(long x, int y)
{
	return x * y;
}

template <int N>
struct Counter {
	static long
	count(long x)
	{
		return N == 0 ? x : Counter<(N > 0 ? N - 1 : 0)>::count(x + 1);
	}
};

static volatile long sink;

int
main()
{
	long acc = 0;
	geo::Box box(3);
	geo::Shape shape(4);
	geo::Shape *shapes[2] = { &box, &shape };

	for (int i = 0; i < 10; i++) {
		shape += 1;
		acc += shapes[i % 2]->area();
		acc += overload(i) + overload(long(i), 3);
		acc += long(scale(double(i)));
		acc += Counter<3>::count(i);
	}
	sink = acc;
	std::printf("%ld\n", acc);
	return 0;
}
