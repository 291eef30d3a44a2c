/* lib.c - libm1.so of tests/input-measured/run.sh: a function that works and
 * one that calls back into the program. */
int
lib_work(int n)
{
	volatile int s = 0;

	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int
lib_call(int (*f)(int), int n)
{
	return f(n) + 1;
}
