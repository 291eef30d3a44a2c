/* A second unit: a recursive function and one never called. */
__attribute__((noinline)) int
other_rec(int n)
{
	if (n <= 0)
		return 0;
	return 1 + other_rec(n - 1);
}

__attribute__((noinline)) int
other_fn(int x)
{
	return x * 3;
}

__attribute__((noinline)) int
other_unused(int x)
{
	return x + 11;
}
