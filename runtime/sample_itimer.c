/*
 * sample_itimer.c - the process-wide clock (interface: sample_int.h):
 * one ITIMER_PROF, whose SIGPROF goes to whichever thread runs, as in
 * glibc's collector.  The signal handler is sample_signal.c's; when the
 * program has a SIGPROF handler of its own, ours counts and then calls
 * it.  The time is the process CPU clock between a start or resume and
 * a pause or stop.
 */
#include "sample_int.h"

#include <string.h>
#include <sys/time.h>

static uint64_t mark_ns; /* the process CPU clock at start or resume */
static bool running;     /* counting time (not paused) */

static int
arm_process(void)
{
	long usec = (long)(sample_period_ns() / 1000);
	if (usec < 1)
		usec = 1;
	struct itimerval it = { { usec / 1000000, usec % 1000000 },
				{ usec / 1000000, usec % 1000000 } };
	running = !atomic_load(&sampler.paused);
	mark_ns = sample_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	return setitimer(ITIMER_PROF, &it, NULL);
}

static int
start(void)
{
	struct itimerval cur;
	if (getitimer(ITIMER_PROF, &cur) == 0 &&
	    (cur.it_interval.tv_sec || cur.it_interval.tv_usec))
		return -1; /* someone else profiles with it */
	if (sample_signal_install(true) != 0)
		return -1;
	if (arm_process() != 0) {
		sample_signal_restore();
		return -1;
	}
	return 0;
}

static uint64_t
live_ns(struct thread_slot *t, bool *blocked)
{
	(void)t;
	*blocked = false;
	uint64_t now = sample_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	return running && now > mark_ns ? now - mark_ns : 0;
}

static uint64_t
pause_process(struct thread_slot *t, bool off)
{
	(void)t;
	uint64_t now = sample_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	uint64_t ns = off && running && now > mark_ns ? now - mark_ns : 0;
	mark_ns = now;
	running = !off;
	return ns;
}

static void
stop(void)
{
	struct itimerval zero;
	memset(&zero, 0, sizeof zero);
	setitimer(ITIMER_PROF, &zero, NULL);
}

static void
fork_child(void)
{
	arm_process(); /* a fork child has no interval timers */
}

const struct sample_backend sample_itimer_backend = {
	.kind = SAMPLE_ITIMER,
	.name = "ITIMER_PROF",
	.per_thread = false,
	.start = start,
	.live_ns = live_ns,
	.pause = pause_process,
	.stop = stop,
	.fork_child = fork_child,
};
