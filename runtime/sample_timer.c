/*
 * sample_timer.c - the per-thread POSIX timer clocks (interface:
 * sample_int.h): timer_create(CLOCK_THREAD_CPUTIME_ID) per thread, or
 * CLOCK_MONOTONIC for wall time on request, each delivering the
 * sampler's signal (sample_signal.c) to its own thread
 * (SIGEV_THREAD_ID).
 *
 * The time a slot adds is its measure (the thread's CPU clock, or the
 * monotonic clock) between a start or resume and a pause or stop.  A
 * thread that blocks the signal is never sampled: its time is left out
 * and it counts as `blocked`.  The first period is the slot's first_ns
 * (sample_int.h: the ledger); a signal that comes late
 * stands for the periods it missed too (its si_overrun, which the
 * handler adds).  CPU-time timers are checked at the kernel's tick, so
 * their nominal rate is the tick's at the most.
 */
#include "gmon_rt.h" /* gmon_fmt_u64 */
#include "sample_int.h"

#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* glibc names the field only in the kernel's headers; musl has it. */
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

static int
arm_timer(struct thread_slot *t, clockid_t clock)
{
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = sample_signal_number();
	ev.sigev_notify_thread_id = t->tid;
	if (timer_create(clock, &ev, &t->timer) != 0)
		return -1;
	long period = (long)sample_period_ns();
	long first = (long)t->first_ns;
	struct itimerspec its = {
		.it_interval = { period / 1000000000L, period % 1000000000L },
		.it_value = { first / 1000000000L, first % 1000000000L },
	};
	if (timer_settime(t->timer, 0, &its, NULL) != 0) {
		timer_delete(t->timer);
		return -1;
	}
	t->has_timer = true;
	t->running = !atomic_load(&sampler.paused);
	t->mark_ns = sample_clock_ns(t->measure);
	return 0;
}

static int
arm_cpu(struct thread_slot *t)
{
	return arm_timer(t, CLOCK_THREAD_CPUTIME_ID);
}

static int
arm_wall(struct thread_slot *t)
{
	return arm_timer(t, CLOCK_MONOTONIC);
}

/*
 * Whether the thread of T blocks the sampling signal: its timer then
 * fires into a pending signal that never arrives, so its time was not
 * sampled and must not count towards the rate.  Another thread's mask
 * is read from /proc (false when that cannot be done).
 */
static bool
signal_blocked(const struct thread_slot *t)
{
	int signo = sample_signal_number();
	if (t->tid == (pid_t)syscall(SYS_gettid)) {
		sigset_t cur;
		return pthread_sigmask(SIG_BLOCK, NULL, &cur) == 0 &&
		       sigismember(&cur, signo) == 1;
	}
	char path[64], buf[4096];
	size_t n = sizeof "/proc/self/task/" - 1;
	memcpy(path, "/proc/self/task/", n);
	n += gmon_fmt_u64(path + n, (uint64_t)t->tid);
	memcpy(path + n, "/status", sizeof "/status");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got <= 0)
		return false;
	buf[got] = '\0';
	const char *p = strstr(buf, "\nSigBlk:");
	if (!p)
		return false;
	p += 9;
	while (*p == ' ' || *p == '\t')
		p++;
	uint64_t mask = 0;
	for (; *p; p++) {
		int d = *p >= '0' && *p <= '9'   ? *p - '0'
			: *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
						 : -1;
		if (d < 0)
			break;
		mask = mask << 4 | (uint64_t)d;
	}
	return signo <= 64 && (mask >> (signo - 1) & 1);
}

/* T's sampled time since its mark, 0 if it blocks the signal. */
static uint64_t
live_ns(struct thread_slot *t, bool *blocked)
{
	*blocked = signal_blocked(t);
	uint64_t now = sample_clock_ns(t->measure);
	return !*blocked && t->running && now > t->mark_ns ? now - t->mark_ns
							   : 0;
}

static uint64_t
retire(struct thread_slot *t, bool *blocked)
{
	if (t->has_timer)
		timer_delete(t->timer);
	uint64_t ns = live_ns(t, blocked);
	t->running = false;
	t->has_timer = false;
	return ns;
}

static uint64_t
pause_slot(struct thread_slot *t, bool off)
{
	bool blocked;
	uint64_t ns = off ? live_ns(t, &blocked) : 0;
	t->mark_ns = sample_clock_ns(t->measure);
	t->running = !off;
	return ns;
}

static int
start(const struct sample_backend *self)
{
	if (sample_signal_install(false) != 0)
		return -1;
	if (sample_arm_self(self, false) != 0) {
		sample_signal_restore();
		return -1;
	}
	return 0;
}

static int
start_cpu(void)
{
	return start(&sample_thread_backend);
}

static int
start_wall(void)
{
	return start(&sample_wall_backend);
}

const struct sample_backend sample_thread_backend = {
	.kind = SAMPLE_THREAD_TIMER,
	.name = "thread CPU-time timer",
	.per_thread = true,
	.tick_bound = true,
	.start = start_cpu,
	.arm = arm_cpu,
	.retire = retire,
	.live_ns = live_ns,
	.pause = pause_slot,
};

const struct sample_backend sample_wall_backend = {
	.kind = SAMPLE_WALL,
	.name = "wall-clock timer",
	.per_thread = true,
	.start = start_wall,
	.arm = arm_wall,
	.retire = retire,
	.live_ns = live_ns,
	.pause = pause_slot,
};
