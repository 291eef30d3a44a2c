/*
 * split.c - a program whose measured totals are known (tests/view-pprof-diff,
 * --diff of measured totals): in 10 rounds, cheap() and dear() call
 * the same work(200000) 60 times between them, dear T of them and
 * cheap 60 - T, where T is argv[1] (0 to 60, default 12).  So of the
 * time under cheap or dear, dear's share is T / 60 exactly (the same
 * loop each call), whatever the machine's speed.  Built with -pg and
 * linked with our collector (build/libgmon.a), which samples stacks.
 */
#include <stdlib.h>

#if defined(__clang__)
#define NOI __attribute__((noinline, used))
#else
#define NOI __attribute__((noinline, noclone, noipa, used))
#endif
#define AFTER_CALL() __asm__ volatile("")

volatile long sink;

NOI void
work(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

NOI void
cheap(long calls)
{
	for (long i = 0; i < calls; i++) {
		work(200000);
		AFTER_CALL();
	}
}

NOI void
dear(long calls)
{
	for (long i = 0; i < calls; i++) {
		work(200000);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long t = argc > 1 ? atol(argv[1]) : 12;
	int rounds = argc > 2 ? atoi(argv[2]) : 10;

	if (t < 0 || t > 60)
		return 2;
	for (int r = 0; r < rounds; r++) {
		cheap(60 - t);
		AFTER_CALL();
		dear(t);
		AFTER_CALL();
	}
	return 0;
}
