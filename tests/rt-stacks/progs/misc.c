/*
 * misc.c - what must keep working with stacks on (argv[2] the mode):
 *  fork     work before and after fork(); the child writes its own
 *           profile (work under cheap and dear, as callers.c)
 *  signal   a profiled SIGPROF-free SIGALRM handler that burns in
 *           hwork() while main burns in cheap/dear: stacks through
 *           the handler stop at the signal return (libc), truncated
 *  jump     longjmp out of a recursion 20 deep, many times
 * Each prints the callers.c truth for work.
 */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stk.h"

volatile long stk_sink;

NOI void
work(long n)
{
	SPIN(n);
}

NOI void
cheap(long scale)
{
	for (long i = 0; i < 1000 * scale; i++) {
		work(500);
		AFTER_CALL();
	}
}

NOI void
dear(long scale)
{
	for (long i = 0; i < 10 * scale; i++) {
		work(500000);
		AFTER_CALL();
	}
}

NOI void
hwork(void)
{
	SPIN(1000000);
}

NOI void
handler(int sig)
{
	(void)sig;
	hwork();
	AFTER_CALL();
}

static jmp_buf env;

NOI void
dive(int d)
{
	if (d == 0) {
		work(20000);
		longjmp(env, 1);
	}
	dive(d - 1);
	AFTER_CALL();
}

/* In rounds, so that both callers meet the same machine. */
NOI void
both(long scale)
{
	for (int r = 0; r < 10; r++) {
		cheap(scale);
		AFTER_CALL();
		dear(scale);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	const char *mode = argc > 2 ? argv[2] : "fork";
	if (strcmp(mode, "fork") == 0) {
		both(scale);
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		both(scale);
		if (pid == 0)
			return 0;
		int st;
		waitpid(pid, &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			return 1;
	} else if (strcmp(mode, "signal") == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = handler;
		sa.sa_flags = SA_RESTART;
		sigaction(SIGALRM, &sa, NULL);
		/* Every 5.37 ms: a period that is a whole number of sampling
		 * periods (1 ms) keeps the handler's bursts at one phase of
		 * the sampling clock, where a run may never sample them. */
		struct itimerval it = { { 0, 5370 }, { 0, 5370 } };
		setitimer(ITIMER_REAL, &it, NULL);
		both(scale);
		memset(&it, 0, sizeof it);
		setitimer(ITIMER_REAL, &it, NULL);
	} else {
		/* In rounds, so that every caller meets the same machine. */
		for (int r = 0; r < 10; r++) {
			for (long k = 0; k < 200 * scale; k++)
				if (setjmp(env) == 0)
					dive(20);
			cheap(scale);
			AFTER_CALL();
			dear(scale);
			AFTER_CALL();
		}
	}
	/* Iterations of work per caller, times the scale. */
	double cheap = 500.0 * 10000, dear = 500000.0 * 100;
	double dive = strcmp(mode, "jump") == 0 ? 20000.0 * 2000 : 0;
	truth_share("work", "cheap", cheap / (cheap + dear + dive));
	truth_share("work", "dear", dear / (cheap + dear + dive));
	if (dive)
		truth_share("work", "dive", dive / (cheap + dear + dive));
	return 0;
}
