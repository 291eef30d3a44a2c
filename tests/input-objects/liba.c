/* liba.so: a static helper() whose name the program also has. */
static int
helper(int x)
{
	return x * 3 + 1;
}

int
a_work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}

int
a_only(void)
{
	return 42;
}

#ifdef OTHER_BUILD
/* Another build of the library (another build-id), for the tests. */
int
a_other(void)
{
	return 7;
}
#endif
