// libcx.so (C++): a static function and a template that libcy.so has too.
template <class T> T twice(T v)
{
	return v + v;
}

static int helper(int x)
{
	return x - 1;
}

namespace cx {
int unique_cx(int x)
{
	return x * 5;
}
} // namespace cx

extern "C" int cx_work(int n)
{
	return twice<int>(n) + helper(n) + cx::unique_cx(n);
}
