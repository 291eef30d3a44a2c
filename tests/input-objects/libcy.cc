// libcy.so (C++): a static function and a template that libcx.so has too.
template <class T> T twice(T v)
{
	return v + v;
}

static int helper(int x)
{
	return x - 2;
}

namespace cy {
int unique_cy(int x)
{
	return x * 5;
}
} // namespace cy

extern "C" int cy_work(int n)
{
	return twice<int>(n) + helper(n) + cy::unique_cy(n);
}
