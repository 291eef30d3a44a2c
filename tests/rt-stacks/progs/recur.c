/*
 * recur.c - mutual recursion with unequal members: ping() calls spin()
 * 9 times with 10 units, pong() once with 900; they call each other
 * DEPTH deep.  gprof charges spin's time by calls (ping 90 %); the
 * truth is ping 9.1 %, pong 90.9 %.  And self recursion: down() calls
 * itself to depth 12, burning only at the bottom (leafwork).  A round
 * lasts about 10 ms and ping's bursts 0.2 ms: stk_dither keeps the
 * rounds out of step with the sampling clock.
 */
#include "stk.h"

#define UNIT 2000L
#define DEPTH 10

volatile long stk_sink;

NOI void
spin(long n)
{
	SPIN(n);
}

NOI void pong(int d);

NOI void
ping(int d)
{
	for (int k = 0; k < 9; k++) {
		spin(10 * UNIT);
		AFTER_CALL();
	}
	if (d > 0)
		pong(d - 1);
	AFTER_CALL();
}

NOI void
pong(int d)
{
	spin(900 * UNIT);
	AFTER_CALL();
	if (d > 0)
		ping(d - 1);
	AFTER_CALL();
}

NOI void
leafwork(void)
{
	SPIN(200000);
}

NOI void
down(int d)
{
	if (d == 0)
		leafwork();
	else
		down(d - 1);
	AFTER_CALL();
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	unsigned long seed = 1;
	for (long r = 0; r < 4 * scale; r++) {
		stk_dither(&seed); /* no phase locked to the clock */
		ping(DEPTH - 1);   /* DEPTH calls: ping and pong alternate */
		AFTER_CALL();
		pong(DEPTH - 1);
		AFTER_CALL();
	}
	for (long r = 0; r < 100 * scale; r++) {
		down(12);
		AFTER_CALL();
	}
	truth_share("spin", "ping", 90.0 / 990);
	truth_share("spin", "pong", 900.0 / 990);
	return 0;
}
