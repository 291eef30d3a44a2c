/* Included by incl_main.c, not compiled on its own. */
__attribute__((noinline)) static int
impl_work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += i * 3 % 7;
	return s;
}

__attribute__((noinline)) static int
impl_other(int n)
{
	return impl_work(n) + 1;
}
