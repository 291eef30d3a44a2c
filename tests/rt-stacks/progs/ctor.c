/*
 * ctor.c - a profiled constructor runs before main (as C++ static
 * initialisers do), so the main thread's first profiled call is the
 * constructor's, made from the start code at another place than main's
 * call: main's stacks must still be complete.  busy() calls work()
 * 40 times SCALE in 10 rounds; the constructor calls it once.
 */
#include "stk.h"

volatile long stk_sink;

NOI void
work(long n)
{
	SPIN(n);
}

__attribute__((constructor)) NOI void
setup(void)
{
	work(1000);
	AFTER_CALL();
}

NOI void
busy(long scale)
{
	for (long i = 0; i < 4 * scale; i++) {
		work(200000);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	for (int r = 0; r < 10; r++) {
		busy(scale);
		AFTER_CALL();
	}
	truth_share("work", "busy", 1.0);
	return 0;
}
