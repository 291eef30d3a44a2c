/* inl.c - for tests/view-cg: main calls work() through twice(), inlined
 * from inl.h, and directly. */
#include <stdio.h>

#include "inl.h"

__attribute__((noinline)) long
work(long x)
{
	for (int i = 0; i < 20000; i++)
		x = x * 6364136223846793005L + 1;
	return x;
}

int
main(void)
{
	long t = 0;

	for (int i = 0; i < 3000; i++)
		t += twice(i);
	t += work(t);
	printf("inl: %ld\n", t);
	return 0;
}
