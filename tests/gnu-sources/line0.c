/* Built by clang to assembly; run.sh then gives some rows line 0 (the
 * start of no_line, the call in caller) before assembling it. */
#include <stdio.h>

__attribute__((noinline)) static int
leaf(int v)
{
	volatile int x = v;
	return x + 1;
}

__attribute__((noinline)) static int
no_line(int v)
{
	volatile int x = v;
	return x * 2;
}

__attribute__((noinline)) static int
caller(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		s += i;
		s += leaf(s);
		s ^= i << 2;
		s += no_line(s);
	}
	return s;
}

int
main(void)
{
	printf("%d\n", caller(50000));
	return 0;
}
