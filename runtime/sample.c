/*
 * sample.c - the collector's clock (contract: sample.h).
 *
 * Four back ends, one histogram:
 *
 *  - perf: one perf_event task-clock event per thread (user-only), its
 *    samples written by the kernel into a small ring buffer of
 *    PERF_SAMPLE_IP records.  No signal is involved, so a thread that
 *    blocks every signal is sampled too and no system call sees EINTR.
 *    The buffers are drained by a helper thread (which blocks every
 *    signal and calls no hook), by each thread when it stops, and by
 *    sample_stop(); a full buffer loses records, which the kernel counts
 *    and we report as `lost`.  Chosen by "auto" only when a test sample
 *    lands in our own code (not under valgrind, see perf_samples_us).
 *  - thread timers: timer_create(CLOCK_THREAD_CPUTIME_ID) per thread,
 *    delivering a signal to that thread (SIGEV_THREAD_ID).
 *  - ITIMER_PROF: one process-wide timer, SIGPROF to whichever thread
 *    runs (what glibc does).
 *  - wall: timer_create(CLOCK_MONOTONIC) per thread.
 *
 * Threads are kept in a registry of slots (an mmap'ed array, claimed
 * and released with atomic state changes, never a lock the hook could
 * wait on).  The rate written to the profile is measured: every sample
 * taken divided by the time the clock ran over (sample.h).
 *
 * The signal is SIGPROF unless SIGPROF already has a handler: then the
 * per-thread timers use the highest free real-time signal, and
 * ITIMER_PROF (which can only raise SIGPROF) shares it, calling the
 * previous handler after counting.  The handler stays installed after
 * sample_stop() (it then only passes signals on), so a late timer
 * signal never meets the default action, which would end the process.
 *
 * Nothing here uses malloc or stdio.
 */
#include "sample.h"
#include "gmon_rt.h" /* the load map: gmon_objects_charge() */

#include <errno.h>
#include <fcntl.h>
#if !defined(GMON_OWN_PERF_ABI) && __has_include(<linux/perf_event.h>)
#include <linux/perf_event.h>
#else
#include "perf_abi.h" /* musl-gcc: no kernel headers */
#endif
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* The collector's own code (every runtime object is placed in section
 * gmon_text by the build); both 0 when it is not. */
extern const char __start_gmon_text[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_gmon_text[]
    __attribute__((weak, visibility("hidden")));

/* glibc names the field only in the kernel's headers; musl has it. */
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

#define MAX_THREADS 4096  /* registry slots (threads alive at once) */
#define RING_PAGES_LOG2 4 /* perf data pages: 16 (64 KiB, 4096 samples) */

enum slot_state {
	SLOT_FREE,  /* unused */
	SLOT_LIVE,  /* a running, armed thread */
	SLOT_BUSY,  /* being changed by someone (pause, stop) */
	SLOT_TAKEN, /* being armed by its thread */
};

struct thread_slot {
	_Atomic int state;
	pid_t tid;
	clockid_t measure; /* the thread's CPU clock (or CLOCK_MONOTONIC) */
	uint64_t mark_ns;  /* measure at the last start or resume */
	bool running;      /* counting time (not paused) */
	bool has_timer;
	timer_t timer;
	int perf_fd;          /* -1: none */
	_Atomic int draining; /* ring buffer reader lock (try-lock) */
	void *ring;           /* NULL: none */
	size_t ring_len;
};

static struct {
	bool started;
	_Atomic bool stopped;   /* read by the drainer thread */
	enum sample_clock kind; /* the clock that runs (AUTO: none) */
	uint32_t asked_hz;
	bool verbose;
	uint32_t *bins;
	size_t nbins, bins_len;
	uintptr_t lowpc, span;
	int signo;                 /* 0 in perf mode */
	struct sigaction previous; /* SIGNO's action before ours */
	bool chain;                /* previous is a handler to call */
	struct thread_slot *slots;
	_Atomic size_t slots_used; /* high-water mark of claimed slots */
	/* ITIMER_PROF: the process CPU clock is the measure. */
	uint64_t process_mark_ns;
	bool process_running;
	/* perf: the helper thread that drains the rings. */
	int wake_fd; /* eventfd, -1: none */
	size_t ring_pages;
} S = { .wake_fd = -1 };

static _Atomic bool active; /* counting: started, not paused, not stopped */
static _Atomic bool paused;
static _Atomic uint64_t n_samples, n_outside, n_collector, n_lost;
static _Atomic uint64_t n_objects;  /* in another object's bins */
static _Atomic uint64_t sampled_ns; /* time of finished intervals */
static _Atomic uint64_t n_threads, n_unarmed, n_blocked;

static __thread int my_slot __attribute__((tls_model("initial-exec"))) = -1;

/* ---- small helpers (async-signal-safe) ---- */

static uint64_t
clock_ns(clockid_t id)
{
	struct timespec ts;
	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void
put_text(char *buf, size_t *len, size_t cap, const char *s)
{
	while (*s && *len < cap)
		buf[(*len)++] = *s++;
}

static void
put_uint(char *buf, size_t *len, size_t cap, uint64_t v)
{
	char digits[24];
	int n = 0;
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n && *len < cap)
		buf[(*len)++] = digits[--n];
}

static const char *
clock_name(enum sample_clock kind)
{
	switch (kind) {
	case SAMPLE_PERF:
		return "perf task-clock";
	case SAMPLE_THREAD_TIMER:
		return "thread CPU-time timer";
	case SAMPLE_ITIMER:
		return "ITIMER_PROF";
	case SAMPLE_WALL:
		return "wall-clock timer";
	case SAMPLE_AUTO:
		break;
	}
	return "none";
}

/* ---- counting one sample ---- */

/* The interrupted program counter: the one place that knows the
 * machine's signal context. */
static uintptr_t
interrupted_pc(const void *context)
{
	const ucontext_t *uc = context;
#if defined(__x86_64__)
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	return (uintptr_t)uc->uc_mcontext.pc;
#else
	(void)uc;
	return 0;
#endif
}

static void
count_pc(uintptr_t pc)
{
	atomic_fetch_add_explicit(&n_samples, 1, memory_order_relaxed);
	uintptr_t own_lo = (uintptr_t)__start_gmon_text;
	uintptr_t own_hi = (uintptr_t)__stop_gmon_text;
	if (own_lo && pc >= own_lo && pc < own_hi)
		atomic_fetch_add_explicit(&n_collector, 1,
					  memory_order_relaxed);
	else if (pc - S.lowpc < S.span)
		__atomic_fetch_add(&S.bins[(pc - S.lowpc) >> 2], 1,
				   __ATOMIC_RELAXED);
	else if (gmon_objects_charge(pc))
		atomic_fetch_add_explicit(&n_objects, 1, memory_order_relaxed);
	else
		atomic_fetch_add_explicit(&n_outside, 1, memory_order_relaxed);
}

static void
on_signal(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	if (atomic_load_explicit(&active, memory_order_relaxed)) {
		count_pc(interrupted_pc(context));
	}
	if (S.chain) {
		if (S.previous.sa_flags & SA_SIGINFO)
			S.previous.sa_sigaction(sig, info, context);
		else
			S.previous.sa_handler(sig);
	}
	errno = saved_errno;
}

/* Pick the signal (see the top of the file) and install the handler. */
static int
install_handler(bool need_sigprof)
{
	struct sigaction old;
	int sig = SIGPROF;
	if (sigaction(SIGPROF, NULL, &old) != 0)
		return -1;
	bool taken = (old.sa_flags & SA_SIGINFO) ||
		     (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN);
	if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction == on_signal)
		return -1; /* ours already: never chain to ourselves */
	if (taken && !need_sigprof) {
		sig = 0;
		for (int s = SIGRTMAX; s >= SIGRTMIN; s--) {
			struct sigaction o;
			if (sigaction(s, NULL, &o) == 0 &&
			    !(o.sa_flags & SA_SIGINFO) &&
			    o.sa_handler == SIG_DFL) {
				sig = s;
				break;
			}
		}
		if (!sig)
			return -1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(sig, &sa, &S.previous) != 0)
		return -1;
	S.chain = sig == SIGPROF && taken;
	S.signo = sig;
	return 0;
}

/* ---- perf rings ---- */

static void
drain_ring(struct thread_slot *t)
{
	struct perf_event_mmap_page *meta = t->ring;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	const unsigned char *data = (const unsigned char *)t->ring + page;
	uint64_t size = t->ring_len - page, mask = size - 1;
	uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = meta->data_tail;
	/* Records are 8-byte multiples in a power-of-two buffer, so no
	 * 8-byte word straddles its end. */
	while (head - tail >= sizeof(struct perf_event_header)) {
		struct perf_event_header h;
		memcpy(&h, data + (tail & mask), sizeof h);
		if (h.size < sizeof h || h.size % 8 || h.size > head - tail) {
			tail = head; /* cannot happen: skip what is left */
			break;
		}
		uint64_t word;
		if (h.type == PERF_RECORD_SAMPLE && h.size >= 16) {
			memcpy(&word, data + ((tail + 8) & mask), 8);
			count_pc((uintptr_t)word);
		} else if (h.type == PERF_RECORD_LOST && h.size >= 24) {
			memcpy(&word, data + ((tail + 16) & mask), 8);
			atomic_fetch_add_explicit(&n_lost, word,
						  memory_order_relaxed);
		}
		tail += h.size;
	}
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
}

/*
 * Spin on a state change another thread is making, a bounded number of
 * times: the other party may be this very thread, interrupted by the
 * signal handler that now calls us (a profile dumped on a signal).
 */
#define SPIN_TRIES 10000

/* Take the try-lock FLAG, waiting a while.  False: it stayed taken. */
static bool
lock_flag(_Atomic int *flag)
{
	for (int i = 0; i < SPIN_TRIES; i++) {
		int expected = 0;
		if (atomic_compare_exchange_strong(flag, &expected, 1))
			return true;
		sched_yield();
	}
	return false;
}

/* Drain T's ring unless someone else is draining it. */
static void
drain_slot(struct thread_slot *t)
{
	int expected = 0;
	if (!atomic_compare_exchange_strong(&t->draining, &expected, 1))
		return;
	if (t->ring)
		drain_ring(t);
	atomic_store(&t->draining, 0);
}

static void
drain_all(void)
{
	size_t used = atomic_load(&S.slots_used);
	for (size_t i = 0; i < used; i++)
		if (atomic_load(&S.slots[i].state) != SLOT_FREE)
			drain_slot(&S.slots[i]);
}

static void *
drainer(void *arg)
{
	(void)arg;
	/* Half a ring's worth of samples between drains, 10 ms to 1 s. */
	uint64_t records = ((uint64_t)S.ring_pages * 4096) / 16;
	uint64_t ms = records * 1000 / 2 / (S.asked_hz ? S.asked_hz : 1);
	int timeout = ms < 10 ? 10 : ms > 1000 ? 1000 : (int)ms;
	struct pollfd p = { .fd = S.wake_fd, .events = POLLIN };
	prctl(PR_SET_NAME, "gmon-drain", 0, 0, 0);
	while (!S.stopped) {
		poll(&p, 1, timeout);
		/* A library dlopened since the last scan gets its bins
		 * before its samples are counted (this thread may scan: it
		 * is no signal handler). */
		gmon_objects_recheck();
		drain_all();
	}
	return NULL;
}

static void
start_drainer(void)
{
	S.wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (S.wake_fd < 0)
		return; /* drained at thread stop and sample_stop only */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_t helper;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	if (pthread_create(&helper, &attr, drainer, NULL) != 0) {
		close(S.wake_fd);
		S.wake_fd = -1;
	}
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void
wake_drainer(void)
{
	if (S.wake_fd >= 0) {
		uint64_t one = 1;
		ssize_t n = write(S.wake_fd, &one, sizeof one);
		(void)n;
	}
}

static int
open_perf(struct thread_slot *t)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = 1000000000u / S.asked_hz;
	a.sample_type = PERF_SAMPLE_IP;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = atomic_load(&paused);
	a.watermark = 1;
	a.wakeup_watermark = 1u << 30; /* nobody waits: no wake-ups */
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
			      PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* Smaller rings when the locked-memory allowance runs out. */
	for (size_t pages = S.ring_pages; pages >= 1; pages /= 2) {
		size_t len = (1 + pages) * page;
		void *ring =
		    mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (ring != MAP_FAILED) {
			t->perf_fd = fd;
			t->ring_len = len;
			t->ring = ring; /* published last: drainers test it */
			return 0;
		}
	}
	close(fd);
	return -1;
}

/*
 * Whether perf samples this program's own program counters.  Under an
 * emulator or a binary translator (valgrind; qemu-user has no
 * perf_event_open at all) the kernel samples the translator's code,
 * never an address of the program, so every sample would fall outside.
 * The test: a short-period event on this thread while it spins here,
 * in the collector's own text; true when one of the first 3 samples
 * lands in it, false when none does or no sample comes within 20 ms of
 * CPU time.  About 50 us of CPU time per sample on a real core.
 */
static bool
perf_samples_us(void)
{
	uintptr_t own_lo = (uintptr_t)__start_gmon_text;
	uintptr_t own_hi = (uintptr_t)__stop_gmon_text;
	if (!own_lo)
		return true; /* no way to tell: trust it */
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = 50000;
	a.sample_type = PERF_SAMPLE_IP;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
			      PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return false;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *ring =
	    mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	bool ours = false;
	if (ring != MAP_FAILED) {
		struct perf_event_mmap_page *meta = ring;
		const unsigned char *data = (const unsigned char *)ring + page;
		uint64_t tail = 0, seen = 0,
			 t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		for (unsigned long i = 1; !ours && seen < 3; i++) {
			uint64_t head =
			    __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
			while (!ours && head - tail >= 16 &&
			       tail + 16 <= page) {
				struct perf_event_header h;
				uint64_t ip;
				memcpy(&h, data + tail, sizeof h);
				memcpy(&ip, data + tail + 8, sizeof ip);
				if (h.size < 8)
					break;
				if (h.type == PERF_RECORD_SAMPLE) {
					seen++;
					ours = ip >= own_lo && ip < own_hi;
				}
				tail += h.size;
			}
			if (tail + 16 > page ||
			    (i % 65536 == 0 &&
			     clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0 > 20000000))
				break;
		}
		munmap(ring, 2 * page);
	}
	close(fd);
	return ours;
}

/* perf: the task-clock time the event counted (paused time excluded,
 * since pausing disables the event). */
static uint64_t
perf_time(int fd)
{
	uint64_t ns = 0;
	if (read(fd, &ns, sizeof ns) != (ssize_t)sizeof ns)
		return 0;
	return ns;
}

/* ---- per-thread arming ---- */

static int
arm_timer(struct thread_slot *t, clockid_t clock)
{
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = S.signo;
	ev.sigev_notify_thread_id = t->tid;
	if (timer_create(clock, &ev, &t->timer) != 0)
		return -1;
	long period = 1000000000L / (long)S.asked_hz;
	struct itimerspec its = {
		.it_interval = { period / 1000000000L, period % 1000000000L },
		.it_value = { period / 1000000000L, period % 1000000000L },
	};
	if (timer_settime(t->timer, 0, &its, NULL) != 0) {
		timer_delete(t->timer);
		return -1;
	}
	t->has_timer = true;
	return 0;
}

static bool
per_thread(enum sample_clock kind)
{
	return kind == SAMPLE_PERF || kind == SAMPLE_THREAD_TIMER ||
	       kind == SAMPLE_WALL;
}

/* Arm the calling thread with clock KIND in a fresh slot. */
static int
arm_self(enum sample_clock kind)
{
	size_t i;
	for (i = 0; i < MAX_THREADS; i++) {
		int expected = SLOT_FREE;
		if (atomic_compare_exchange_strong(&S.slots[i].state, &expected,
						   SLOT_TAKEN))
			break;
	}
	if (i == MAX_THREADS)
		return -1;
	size_t used = atomic_load(&S.slots_used);
	while (used < i + 1 &&
	       !atomic_compare_exchange_weak(&S.slots_used, &used, i + 1)) {
	}
	struct thread_slot *t = &S.slots[i];
	t->tid = (pid_t)syscall(SYS_gettid);
	t->perf_fd = -1;
	t->ring = NULL;
	t->has_timer = false;
	t->measure = CLOCK_MONOTONIC;
	if (kind != SAMPLE_WALL)
		pthread_getcpuclockid(pthread_self(), &t->measure);
	int rc = kind == SAMPLE_PERF   ? open_perf(t)
		 : kind == SAMPLE_WALL ? arm_timer(t, CLOCK_MONOTONIC)
				       : arm_timer(t, CLOCK_THREAD_CPUTIME_ID);
	if (rc != 0) {
		atomic_store(&t->state, SLOT_FREE);
		return -1;
	}
	t->running = !atomic_load(&paused);
	t->mark_ns = clock_ns(t->measure);
	my_slot = (int)i;
	atomic_store(&t->state, SLOT_LIVE);
	atomic_fetch_add(&n_threads, 1);
	return 0;
}

/* Take T for a change: LIVE -> BUSY.  False when it is gone (or stays
 * in someone else's hands). */
static bool
grab(struct thread_slot *t)
{
	for (int i = 0; i < SPIN_TRIES; i++) {
		int expected = SLOT_LIVE;
		if (atomic_compare_exchange_strong(&t->state, &expected,
						   SLOT_BUSY))
			return true;
		if (expected == SLOT_FREE)
			return false;
		sched_yield();
	}
	return false;
}

/*
 * Whether the thread of T (a timer's slot) blocks the sampling signal:
 * its timer then fires into a pending signal that never arrives, so its
 * time was not sampled and must not count towards the rate.  Another
 * thread's mask is read from /proc (false when that cannot be done).
 */
static bool
signal_blocked(const struct thread_slot *t)
{
	if (t->tid == (pid_t)syscall(SYS_gettid)) {
		sigset_t cur;
		return pthread_sigmask(SIG_BLOCK, NULL, &cur) == 0 &&
		       sigismember(&cur, S.signo) == 1;
	}
	char path[64], buf[4096];
	size_t n = 0;
	put_text(path, &n, sizeof path - 1, "/proc/self/task/");
	put_uint(path, &n, sizeof path - 1, (uint64_t)t->tid);
	put_text(path, &n, sizeof path - 1, "/status");
	path[n] = '\0';
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
	return S.signo <= 64 && (mask >> (S.signo - 1) & 1);
}

/* T's sampled time since its mark (a timer's slot), 0 if it blocks. */
static uint64_t
timer_time(const struct thread_slot *t, bool *blocked)
{
	*blocked = signal_blocked(t);
	uint64_t now = clock_ns(t->measure);
	return !*blocked && t->running && now > t->mark_ns ? now - t->mark_ns
							   : 0;
}

/* Disarm T (grabbed), account its time, free the slot. */
static void
retire(struct thread_slot *t)
{
	if (t->has_timer)
		timer_delete(t->timer);
	if (t->perf_fd >= 0) {
		ioctl(t->perf_fd, PERF_EVENT_IOC_DISABLE, 0);
		atomic_fetch_add(&sampled_ns, perf_time(t->perf_fd));
		if (lock_flag(&t->draining)) {
			drain_ring(t);
			munmap(t->ring, t->ring_len);
			t->ring = NULL;
			atomic_store(&t->draining, 0);
		} /* else the reader is this thread, interrupted: leave it */
		close(t->perf_fd);
		t->perf_fd = -1;
	} else {
		bool blocked;
		atomic_fetch_add(&sampled_ns, timer_time(t, &blocked));
		if (blocked)
			atomic_fetch_add(&n_blocked, 1);
	}
	t->running = false;
	t->has_timer = false;
	atomic_store(&t->state, SLOT_FREE);
}

/* ---- the contract ---- */

/* A clock failed to start after install_handler(): put back the action
 * it replaced (else the next try would chain to our own handler). */
static void
restore_handler(void)
{
	if (S.signo)
		sigaction(S.signo, &S.previous, NULL);
	S.signo = 0;
	S.chain = false;
}

static int
start_kind(enum sample_clock kind)
{
	if (per_thread(kind)) {
		if (kind != SAMPLE_PERF && install_handler(false) != 0)
			return -1;
		if (arm_self(kind) != 0) {
			restore_handler();
			return -1;
		}
		S.kind = kind;
		if (kind == SAMPLE_PERF)
			start_drainer();
		return 0;
	}
	/* ITIMER_PROF */
	struct itimerval cur;
	if (getitimer(ITIMER_PROF, &cur) == 0 &&
	    (cur.it_interval.tv_sec || cur.it_interval.tv_usec))
		return -1; /* someone else profiles with it */
	if (install_handler(true) != 0)
		return -1;
	long usec = 1000000L / (long)S.asked_hz;
	if (usec < 1)
		usec = 1;
	struct itimerval it = { { usec / 1000000, usec % 1000000 },
				{ usec / 1000000, usec % 1000000 } };
	S.kind = SAMPLE_ITIMER;
	S.process_running = !atomic_load(&paused);
	S.process_mark_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	if (setitimer(ITIMER_PROF, &it, NULL) != 0) {
		S.kind = SAMPLE_AUTO;
		restore_handler();
		return -1;
	}
	return 0;
}

static void
say_clock(void)
{
	char line[160];
	size_t n = 0;
	put_text(line, &n, sizeof line - 1, "libgmon: sampling with ");
	put_text(line, &n, sizeof line - 1, clock_name(S.kind));
	put_text(line, &n, sizeof line - 1, " at ");
	put_uint(line, &n, sizeof line - 1, S.asked_hz);
	put_text(line, &n, sizeof line - 1, " Hz asked");
	if (S.kind == SAMPLE_AUTO)
		put_text(line, &n, sizeof line - 1, ": no clock could start");
	line[n++] = '\n';
	ssize_t w = write(2, line, n);
	(void)w;
}

int
sample_start(uintptr_t lowpc, uintptr_t highpc, const struct sample_config *cfg)
{
	if (S.started)
		return S.kind == SAMPLE_AUTO ? -1 : 0;
	S.started = true;
	S.asked_hz = cfg && cfg->rate_hz ? cfg->rate_hz : 100;
	if (S.asked_hz > 1000000)
		S.asked_hz = 1000000;
	S.verbose = cfg && cfg->verbose;
	S.ring_pages = 1u << RING_PAGES_LOG2;
	enum sample_clock want = cfg ? cfg->clock : SAMPLE_AUTO;

	uintptr_t lo = lowpc & ~(uintptr_t)3;
	uintptr_t hi = highpc > lowpc ? (highpc + 3) & ~(uintptr_t)3 : lo;
	S.lowpc = lo;
	S.nbins = (hi - lo) / 4;
	S.span = hi - lo;
	if (S.nbins) {
		S.bins_len = S.nbins * sizeof(uint32_t);
		void *m =
		    mmap(NULL, S.bins_len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED) {
			S.nbins = 0;
			S.span = 0;
			return -1;
		}
		S.bins = m;
	}
	void *slots = mmap(NULL, MAX_THREADS * sizeof(struct thread_slot),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (slots != MAP_FAILED) {
		S.slots = slots;
		for (size_t i = 0; i < MAX_THREADS; i++)
			S.slots[i].perf_fd = -1;
	}

	static const enum sample_clock order[] = { SAMPLE_PERF,
						   SAMPLE_THREAD_TIMER,
						   SAMPLE_ITIMER };
	atomic_store(&active, !atomic_load(&paused));
	int rc = -1;
	if (want == SAMPLE_AUTO) {
		for (size_t i = 0; rc != 0 && i < sizeof order / sizeof *order;
		     i++) {
			/* perf only where its samples are ours. */
			if (order[i] == SAMPLE_PERF && !perf_samples_us())
				continue;
			if (S.slots || !per_thread(order[i]))
				rc = start_kind(order[i]);
		}
	} else if (S.slots || !per_thread(want)) {
		rc = start_kind(want);
	}
	if (rc != 0) {
		S.kind = SAMPLE_AUTO;
		atomic_store(&active, false);
	}
	if (S.verbose)
		say_clock();
	return rc;
}

void
sample_thread_start(void)
{
	if (!per_thread(S.kind) || S.stopped || my_slot >= 0)
		return;
	if (arm_self(S.kind) != 0)
		atomic_fetch_add(&n_unarmed, 1);
}

void
sample_thread_stop(void)
{
	if (!per_thread(S.kind) || my_slot < 0)
		return;
	struct thread_slot *t = &S.slots[my_slot];
	my_slot = -1;
	if (grab(t))
		retire(t);
}

void
sample_pause(bool off)
{
	if (S.kind == SAMPLE_AUTO || S.stopped || atomic_load(&paused) == off)
		return;
	atomic_store(&paused, off);
	atomic_store(&active, !off);
	if (S.kind == SAMPLE_ITIMER) {
		uint64_t now = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
		if (off && S.process_running && now > S.process_mark_ns)
			atomic_fetch_add(&sampled_ns, now - S.process_mark_ns);
		S.process_mark_ns = now;
		S.process_running = !off;
		return;
	}
	size_t used = atomic_load(&S.slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &S.slots[i];
		if (atomic_load(&t->state) == SLOT_FREE || !grab(t))
			continue;
		if (t->perf_fd >= 0) {
			ioctl(t->perf_fd,
			      off ? PERF_EVENT_IOC_DISABLE
				  : PERF_EVENT_IOC_ENABLE,
			      0);
		} else {
			bool blocked;
			if (off)
				atomic_fetch_add(&sampled_ns,
						 timer_time(t, &blocked));
			t->mark_ns = clock_ns(t->measure);
			t->running = !off;
		}
		atomic_store(&t->state, SLOT_LIVE);
	}
}

void
sample_stop(void)
{
	if (S.kind == SAMPLE_AUTO || S.stopped)
		return;
	if (S.kind == SAMPLE_ITIMER) {
		struct itimerval zero;
		memset(&zero, 0, sizeof zero);
		setitimer(ITIMER_PROF, &zero, NULL);
		sample_pause(true);
	} else {
		size_t used = atomic_load(&S.slots_used);
		for (size_t i = 0; i < used; i++) {
			struct thread_slot *t = &S.slots[i];
			if (atomic_load(&t->state) != SLOT_FREE && grab(t))
				retire(t);
		}
	}
	atomic_store(&active, false);
	S.stopped = true;
	wake_drainer();
}

void
sample_fork_child(bool keep)
{
	if (S.kind == SAMPLE_AUTO || S.stopped)
		return;
	/* The child has one thread: the parent's slots, rings and helper
	 * are gone or not ours (a perf fd copied by fork still measures
	 * the parent's thread). */
	size_t used = atomic_load(&S.slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &S.slots[i];
		if (t->ring)
			munmap(t->ring, t->ring_len);
		if (t->perf_fd >= 0)
			close(t->perf_fd);
		memset(t, 0, sizeof *t);
		t->perf_fd = -1;
	}
	atomic_store(&S.slots_used, 0);
	if (S.wake_fd >= 0)
		close(S.wake_fd);
	S.wake_fd = -1;
	my_slot = -1;
	if (!keep) {
		if (S.bins) /* private anonymous pages read back as zeros */
			madvise(S.bins, S.bins_len, MADV_DONTNEED);
		atomic_store(&n_samples, 0);
		atomic_store(&n_outside, 0);
		atomic_store(&n_objects, 0);
		gmon_objects_zero();
		atomic_store(&n_collector, 0);
		atomic_store(&n_lost, 0);
		atomic_store(&sampled_ns, 0);
		atomic_store(&n_threads, 0);
		atomic_store(&n_unarmed, 0);
		atomic_store(&n_blocked, 0);
	}
	bool off = atomic_load(&paused);
	if (S.kind == SAMPLE_ITIMER) {
		long usec = 1000000L / (long)S.asked_hz;
		if (usec < 1)
			usec = 1;
		struct itimerval it = { { usec / 1000000, usec % 1000000 },
					{ usec / 1000000, usec % 1000000 } };
		S.process_mark_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
		S.process_running = !off;
		setitimer(ITIMER_PROF, &it, NULL);
		return;
	}
	if (arm_self(S.kind) != 0)
		atomic_fetch_add(&n_unarmed, 1);
	if (S.kind == SAMPLE_PERF)
		start_drainer();
}

void
sample_result(struct sample_result *r)
{
	memset(r, 0, sizeof *r);
	if (S.kind == SAMPLE_PERF && !S.stopped)
		drain_all();
	r->bins = S.bins;
	r->nbins = S.nbins;
	r->lowpc = S.lowpc;
	r->asked_hz = S.asked_hz;
	r->clock = clock_name(S.kind);
	r->clock_kind = S.kind;
	r->outside = atomic_load(&n_outside);
	r->objects = atomic_load(&n_objects);
	r->collector = atomic_load(&n_collector);
	r->lost = atomic_load(&n_lost);
	r->threads = atomic_load(&n_threads);
	r->unarmed = atomic_load(&n_unarmed);
	r->blocked = atomic_load(&n_blocked);
	uint64_t all = atomic_load(&n_samples);
	uint64_t elsewhere = r->outside + r->objects + r->collector;
	if (all < elsewhere) /* read while samples came */
		all = elsewhere;
	r->samples = all - elsewhere;

	/* The time so far: finished intervals plus the live ones. */
	uint64_t ns = atomic_load(&sampled_ns);
	if (!S.stopped && S.kind == SAMPLE_ITIMER && S.process_running) {
		uint64_t now = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
		if (now > S.process_mark_ns)
			ns += now - S.process_mark_ns;
	} else if (!S.stopped && per_thread(S.kind)) {
		size_t used = atomic_load(&S.slots_used);
		for (size_t i = 0; i < used; i++) {
			struct thread_slot *t = &S.slots[i];
			if (atomic_load(&t->state) == SLOT_FREE || !grab(t))
				continue;
			if (t->perf_fd >= 0) {
				ns += perf_time(t->perf_fd);
			} else {
				bool blocked;
				ns += timer_time(t, &blocked);
				r->blocked += blocked;
			}
			atomic_store(&t->state, SLOT_LIVE);
		}
	}
	r->sampled_ns = ns;
	if (ns && all) {
		unsigned __int128 mhz =
		    (unsigned __int128)all * 1000000000000u / ns;
		r->rate_mhz = mhz > UINT64_MAX ? UINT64_MAX : (uint64_t)mhz;
		uint64_t hz = (r->rate_mhz + 500) / 1000;
		r->rate_hz = hz > UINT32_MAX ? UINT32_MAX
			     : hz            ? (uint32_t)hz
					     : 1;
	} else {
		r->rate_hz = S.asked_hz;
	}
}
