/*
 * sample_itimer.c - the process-wide clocks (interface: sample_int.h),
 * whose signal goes to whichever thread runs, so threads short or long
 * are all sampled:
 *
 *  - a POSIX timer on the process CPU clock (timer_create with
 *    CLOCK_PROCESS_CPUTIME_ID): its signal tells the periods it missed
 *    (si_overrun) while several threads ran at once, so each counts;
 *  - else ITIMER_PROF, as in glibc's collector: its SIGPROF tells no
 *    missed periods, and signals that come together on several CPUs
 *    merge into one (the shortfall is measured and reported).  When the
 *    program has a SIGPROF handler of its own, ours counts and then
 *    calls it.
 *
 * The signal handler is sample_signal.c's.  The time is the process CPU
 * clock between a start or resume and a pause or stop.  Both are
 * checked at the kernel's tick, so their nominal rate is the tick's at
 * the most.
 */
#include "sample_int.h"

#include <string.h>
#include <sys/time.h>

static uint64_t mark_ns; /* the process CPU clock at start or resume */
static bool running;     /* counting time (not paused) */
static bool posix;       /* the POSIX timer runs, not ITIMER_PROF */
static timer_t timer;

static void
start_time(void)
{
	running = !atomic_load(&sampler.paused);
	mark_ns = sample_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

/* The POSIX timer on the process CPU clock.  0 or -1. */
static int
arm_posix(void)
{
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = sample_signal_number();
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &timer) != 0)
		return -1;
	long period = (long)sample_period_ns();
	struct itimerspec its = {
		.it_interval = { period / 1000000000L, period % 1000000000L },
		.it_value = { period / 1000000000L, period % 1000000000L },
	};
	start_time();
	if (timer_settime(timer, 0, &its, NULL) != 0) {
		timer_delete(timer);
		return -1;
	}
	return 0;
}

static int
arm_process(void)
{
	long usec = (long)(sample_period_ns() / 1000);
	if (usec < 1)
		usec = 1;
	struct itimerval it = { { usec / 1000000, usec % 1000000 },
				{ usec / 1000000, usec % 1000000 } };
	start_time();
	return setitimer(ITIMER_PROF, &it, NULL);
}

static int
start_posix(void)
{
	if (sample_signal_install(false) != 0)
		return -1;
	if (arm_posix() != 0) {
		sample_signal_restore();
		return -1;
	}
	posix = true;
	return 0;
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
	if (posix) {
		timer_delete(timer);
		return;
	}
	struct itimerval zero;
	memset(&zero, 0, sizeof zero);
	setitimer(ITIMER_PROF, &zero, NULL);
}

static void
fork_child(void)
{
	/* A fork child has no timers of either kind. */
	if (posix)
		arm_posix();
	else
		arm_process();
}

const struct sample_backend sample_process_backend = {
	.kind = SAMPLE_ITIMER,
	.name = "process CPU-time timer",
	.per_thread = false,
	.tick_bound = true,
	.start = start_posix,
	.live_ns = live_ns,
	.pause = pause_process,
	.stop = stop,
	.fork_child = fork_child,
};

const struct sample_backend sample_itimer_backend = {
	.kind = SAMPLE_ITIMER,
	.name = "ITIMER_PROF",
	.per_thread = false,
	.tick_bound = true,
	.start = start,
	.live_ns = live_ns,
	.pause = pause_process,
	.stop = stop,
	.fork_child = fork_child,
};
