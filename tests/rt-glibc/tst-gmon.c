/*
 * The shape of glibc's gmon test: main calls f3(1000), f3 calls f1 and
 * f2 each time, f2 calls f1.  Expected counts: f1 2000, f2 1000, f3 1.
 * (Our own program; written to match the behaviour the test checks.)
 */
#include <stdio.h>

__attribute__((weak, noinline, noclone)) void
f1(void)
{
	__asm__ volatile("");
}

__attribute__((weak, noinline, noclone)) void
f2(void)
{
	f1();
	/* Keep f1 from being a tail call. */
	__asm__ volatile("");
}

__attribute__((weak, noinline, noclone)) void
f3(int count)
{
	for (int i = 0; i < count; ++i) {
		f1();
		f2();
	}
}

int
main(void)
{
	f3(1000);
	return 0;
}
