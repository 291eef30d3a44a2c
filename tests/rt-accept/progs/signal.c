/*
 * signal.c ALARMS - an instrumented SIGALRM handler (a real-time
 * interval timer, every 200 us) fires ALARMS times while the main
 * thread runs a hot loop of calls, so it often interrupts the hook
 * itself; the calls made inside the handler and those of the loop must
 * all be counted.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "truth.h"

static volatile sig_atomic_t alarms;
static unsigned long n_handler_leaf, n_handler_shared, n_loop_shared;

NOI void
sig_leaf(void)
{
	AFTER_CALL();
}

NOI void
shared_leaf(void)
{
	AFTER_CALL();
}

NOI void
on_alarm(int sig)
{
	(void)sig;
	n_handler_leaf++;
	sig_leaf();
	AFTER_CALL();
	n_handler_shared++;
	shared_leaf();
	AFTER_CALL();
	alarms++;
}

NOI void
hot_loop(long want)
{
	while (alarms < want) {
		n_loop_shared++;
		shared_leaf();
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long want = argc > 1 ? atol(argv[1]) : 500;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGALRM, &sa, NULL) != 0)
		return 3;
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	if (setitimer(ITIMER_REAL, &it, NULL) != 0)
		return 3;
	hot_loop(want);
	AFTER_CALL();
	struct itimerval off;
	memset(&off, 0, sizeof off);
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_IGN);
	truth_arc("on_alarm", "sig_leaf", n_handler_leaf);
	truth_arc("on_alarm", "shared_leaf", n_handler_shared);
	truth_arc("hot_loop", "shared_leaf", n_loop_shared);
	return 0;
}
