/*
 * sample.c - the collector's clock (contract: sample.h): the histogram,
 * the counters, the registry of armed threads, and the choice of a
 * clock back end (interface: sample_int.h):
 *
 *   sample_perf.c    perf_event task-clock per thread, no signal
 *   sample_timer.c   timer_create per thread (CPU time, or wall time)
 *   sample_itimer.c  process-wide: a timer on the process CPU clock, or
 *                    ITIMER_PROF (what glibc does)
 *   sample_signal.c  the signal handler the timers share
 *   sample_ledger.c  what a sample stands for: the nominal rate, and the
 *                    ledger of unsampled time (short threads)
 *
 * Every sample, from a signal handler or a perf ring, is counted by
 * sample_take(), the one place that decides where a sample is charged.
 *
 * Threads are kept in a registry of slots (an mmap'ed array, claimed
 * and released with atomic state changes, never a lock the hook could
 * wait on).  The rate written to the profile is measured: every sample
 * taken divided by the time the clock ran over (sample.h).
 *
 * Nothing here uses malloc or stdio.
 */
#include "sample.h"
#include "gmon_rt.h"   /* the load map; gmon_say, gmon_fmt_u64 */
#include "gmon_side.h" /* the stacks' method */
#include "sample_int.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

struct sample_state sampler;

__thread int sample_my_slot __attribute__((tls_model("initial-exec"))) = -1;
__thread uint64_t *sample_my_count __attribute__((tls_model("initial-exec")));

/* ---- small helpers (async-signal-safe) ---- */

uint64_t
sample_clock_ns(clockid_t id)
{
	struct timespec ts;
	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- counting one sample ---- */

void
sample_take(const struct sample_ctx *c)
{
	struct sample_state *s = &sampler;
	uintptr_t pc = c->pc;
	uint32_t n = c->periods;
	/* The sampled thread's own count: its slot's (perf drains other
	 * threads' rings), else the interrupted thread's. */
	uint64_t *mine = c->slot ? atomic_load_explicit(&c->slot->samples_to,
							memory_order_relaxed)
			 : c->ucontext ? sample_my_count
				       : NULL;
	if (c->slot) {
		if (c->first)
			n += atomic_exchange_explicit(&c->slot->bonus, 0,
						      memory_order_relaxed);
		atomic_fetch_add_explicit(&c->slot->credited, n,
					  memory_order_relaxed);
		if (mine) /* not the pool's periods: other threads' time */
			__atomic_fetch_add(mine, n, __ATOMIC_RELAXED);
		mine = NULL;
		/* Whole periods the pool holds ride on this sample (not
		 * the slot's credit: they are other time). */
		if (atomic_load_explicit(&s->pool_ns, memory_order_relaxed) >=
		    (int64_t)s->period_ns)
			n += sample_ledger_whole();
	}
	if (mine)
		__atomic_fetch_add(mine, n, __ATOMIC_RELAXED);
	atomic_fetch_add_explicit(&s->samples, n, memory_order_relaxed);
	uintptr_t own_lo = (uintptr_t)__start_gmon_text;
	uintptr_t own_hi = (uintptr_t)__stop_gmon_text;
	if (own_lo && pc >= own_lo && pc < own_hi) {
		atomic_fetch_add_explicit(&s->collector, n,
					  memory_order_relaxed);
	} else if (pc - s->lowpc < s->span) {
		__atomic_fetch_add(&s->bins[(pc - s->lowpc) >> 2], n,
				   __ATOMIC_RELAXED);
	} else {
		/* The load map counts one sample at a time. */
		uint32_t charged = 0;
		while (charged < n && gmon_objects_charge(pc))
			charged++;
		atomic_fetch_add_explicit(&s->objects, charged,
					  memory_order_relaxed);
		atomic_fetch_add_explicit(&s->outside, n - charged,
					  memory_order_relaxed);
		if (charged == 0)
			return;
		n = charged;
	}
	/* In the program's code (or the collector's, which the stacks
	 * leave out): its calling context, counted as often as the
	 * histogram counted the sample. */
	if (c->ucontext)
		stacks_on_signal(pc, c->ucontext, n);
	else if (c->record)
		sample_perf_stacks(c, n);
}

/* ---- the registry of threads ---- */

int
sample_arm_self(const struct sample_backend *clock, bool late)
{
	struct thread_slot *slots = sampler.slots;
	size_t i;
	for (i = 0; i < SAMPLE_MAX_THREADS; i++) {
		int expected = SLOT_FREE;
		if (atomic_compare_exchange_strong(&slots[i].state, &expected,
						   SLOT_TAKEN))
			break;
	}
	if (i == SAMPLE_MAX_THREADS)
		return -1;
	size_t used = atomic_load(&sampler.slots_used);
	while (used < i + 1 && !atomic_compare_exchange_weak(
				   &sampler.slots_used, &used, i + 1)) {
	}
	struct thread_slot *t = &slots[i];
	t->tid = (pid_t)syscall(SYS_gettid);
	t->stacks = stacks_thread_table();
	atomic_store(&t->samples_to, sample_my_count);
	t->ring = NULL;
	t->first_ring = NULL;
	t->has_timer = false;
	t->measure = CLOCK_MONOTONIC;
	if (clock->kind != SAMPLE_WALL)
		pthread_getcpuclockid(pthread_self(), &t->measure);
	sample_ledger_carry(t, clock);
	t->run_ns = 0;
	t->settled_ns = 0;
	t->cpu_armed_ns = 0;
	t->paused_once = false;
	atomic_store(&t->credited, 0);
	int rc = clock->arm(t);
	if (rc != 0 || t->first_ns == sampler.period_ns) {
		/* No carried first period after all: back to the pool. */
		atomic_fetch_add(&sampler.pool_ns, t->carry_ns);
		t->carry_ns = 0;
		atomic_store(&t->bonus, 0);
	}
	if (rc != 0) {
		atomic_store(&t->state, SLOT_FREE);
		return -1;
	}
	if (late && clock->kind != SAMPLE_WALL) {
		/* The thread's start and our arming: not sampled. */
		t->cpu_armed_ns = sample_clock_ns(t->measure);
		atomic_fetch_add(&sampler.startup_ns, t->cpu_armed_ns);
	}
	sample_my_slot = (int)i;
	atomic_store(&t->state, SLOT_LIVE);
	atomic_fetch_add(&sampler.threads, 1);
	return 0;
}

bool
sample_grab(struct thread_slot *t)
{
	for (int i = 0; i < SAMPLE_SPIN_TRIES; i++) {
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

/* Disarm T (grabbed), account its time, free the slot. */
static void
retire(struct thread_slot *t)
{
	bool blocked = false;
	uint64_t ns = sampler.clock->retire(t, &blocked);
	atomic_fetch_add(&sampler.sampled_ns, ns);
	t->run_ns += ns;
	if (blocked)
		atomic_fetch_add(&sampler.blocked, 1);
	sample_ledger_settle(t, blocked);
	atomic_store(&t->state, SLOT_FREE);
}

/* ---- the contract ---- */

static void
say_clock(void)
{
	const struct sample_backend *c = sampler.clock;
	char hz[24];
	hz[gmon_fmt_u64(hz, sampler.asked_hz)] = '\0';
	const char *parts[] = { "libgmon: sampling with ",
				c ? c->name : "none",
				" at ",
				hz,
				" Hz asked",
				c ? "\n" : ": no clock could start\n" };
	gmon_say(parts, sizeof parts / sizeof *parts);
}

/* Map [LOWPC, HIGHPC)'s bins and the registry.  0 or -1. */
static int
map_tables(uintptr_t lowpc, uintptr_t highpc)
{
	struct sample_state *s = &sampler;
	uintptr_t lo = lowpc & ~(uintptr_t)3;
	uintptr_t hi = highpc > lowpc ? (highpc + 3) & ~(uintptr_t)3 : lo;
	s->lowpc = lo;
	s->nbins = (hi - lo) / 4;
	s->span = hi - lo;
	if (s->nbins) {
		s->bins_len = s->nbins * sizeof(uint32_t);
		void *m =
		    mmap(NULL, s->bins_len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED) {
			s->nbins = 0;
			s->span = 0;
			return -1;
		}
		s->bins = m;
	}
	void *slots =
	    mmap(NULL, SAMPLE_MAX_THREADS * sizeof(struct thread_slot),
		 PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (slots != MAP_FAILED)
		s->slots = slots; /* zeros: no timer, no ring */
	return 0;
}

/* Start CLOCK; it becomes sampler.clock.  0 or -1. */
static int
try_clock(const struct sample_backend *clock, bool automatic)
{
	if (clock->per_thread && !sampler.slots)
		return -1;
	if (automatic && clock->usable && !clock->usable())
		return -1;
	sample_ledger_nominal(clock);
	/* (perf's start may find no call chains: method none.) */
	stacks_set_method(clock->kind == SAMPLE_PERF
			      ? GMON_SIDE_STACK_METHOD_PERF
			      : GMON_SIDE_STACK_METHOD_SIGNAL);
	if (clock->start() != 0) {
		stacks_set_method(GMON_SIDE_STACK_METHOD_NONE);
		return -1;
	}
	sampler.clock = clock;
	return 0;
}

int
sample_start(uintptr_t lowpc, uintptr_t highpc, const struct sample_config *cfg)
{
	struct sample_state *s = &sampler;
	if (s->started)
		return s->clock ? 0 : -1;
	s->started = true;
	s->asked_hz = cfg && cfg->rate_hz ? cfg->rate_hz : 100;
	if (s->asked_hz > 1000000)
		s->asked_hz = 1000000;
	s->verbose = cfg && cfg->verbose;
	enum sample_clock want = cfg ? cfg->clock : SAMPLE_AUTO;
	if (map_tables(lowpc, highpc) != 0)
		return -1;
	/* Before any clock: arming a thread takes its stacks table. */
	stacks_start(s->lowpc, s->lowpc + s->span, cfg && cfg->stacks,
		     GMON_SIDE_STACK_METHOD_NONE);

	/* The automatic choice, in order. */
	static const struct sample_backend *const order[] = {
		&sample_perf_backend, &sample_thread_backend,
		&sample_process_backend, &sample_itimer_backend,
		&sample_wall_backend
	};
	atomic_store(&s->active, !atomic_load(&s->paused));
	int rc = -1;
	for (size_t i = 0; rc != 0 && i < sizeof order / sizeof *order; i++) {
		const struct sample_backend *c = order[i];
		if (want == SAMPLE_AUTO ? c->kind != SAMPLE_WALL
					: c->kind == want)
			rc = try_clock(c, want == SAMPLE_AUTO);
	}
	if (rc != 0) {
		s->clock = NULL;
		atomic_store(&s->active, false);
	}
	if (s->verbose)
		say_clock();
	return rc;
}

void
sample_thread_start(void)
{
	const struct sample_backend *c = sampler.clock;
	if (!c || !c->per_thread || sampler.stopped || sample_my_slot >= 0)
		return;
	if (sample_arm_self(c, true) != 0)
		atomic_fetch_add(&sampler.unarmed, 1);
}

void
sample_thread_note(uint64_t *counter)
{
	sample_my_count = counter;
	if (sampler.slots && sample_my_slot >= 0)
		atomic_store(&sampler.slots[sample_my_slot].samples_to,
			     counter);
}

void
sample_thread_stop(void)
{
	const struct sample_backend *c = sampler.clock;
	if (c && c->per_thread && sample_my_slot >= 0) {
		struct thread_slot *t = &sampler.slots[sample_my_slot];
		sample_my_slot = -1;
		if (sample_grab(t))
			retire(t); /* a perf ring drains into its stacks */
	}
	stacks_thread_end();
}

void
sample_pause(bool off)
{
	struct sample_state *s = &sampler;
	const struct sample_backend *c = s->clock;
	if (!c || s->stopped || atomic_load(&s->paused) == off)
		return;
	atomic_store(&s->paused, off);
	atomic_store(&s->active, !off);
	if (!c->per_thread) {
		atomic_fetch_add(&s->sampled_ns, c->pause(NULL, off));
		return;
	}
	size_t used = atomic_load(&s->slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &s->slots[i];
		if (atomic_load(&t->state) == SLOT_FREE || !sample_grab(t))
			continue;
		uint64_t ns = c->pause(t, off);
		atomic_fetch_add(&s->sampled_ns, ns);
		t->run_ns += ns;
		t->paused_once = true;
		atomic_store(&t->state, SLOT_LIVE);
	}
}

void
sample_stop(void)
{
	struct sample_state *s = &sampler;
	const struct sample_backend *c = s->clock;
	if (!c || s->stopped)
		return;
	if (!c->per_thread) {
		c->stop();
		sample_pause(true);
	} else {
		size_t used = atomic_load(&s->slots_used);
		for (size_t i = 0; i < used; i++) {
			struct thread_slot *t = &s->slots[i];
			if (atomic_load(&t->state) != SLOT_FREE &&
			    sample_grab(t))
				retire(t);
		}
	}
	atomic_store(&s->active, false);
	s->stopped = true;
	if (c->per_thread && c->stop)
		c->stop();
}

/* Zero what a fork child counts afresh. */
static void
zero_counts(void)
{
	struct sample_state *s = &sampler;
	if (s->bins) /* private anonymous pages read back as zeros */
		madvise(s->bins, s->bins_len, MADV_DONTNEED);
	gmon_objects_zero();
	atomic_store(&s->samples, 0);
	atomic_store(&s->outside, 0);
	atomic_store(&s->objects, 0);
	atomic_store(&s->collector, 0);
	atomic_store(&s->lost, 0);
	atomic_store(&s->sampled_ns, 0);
	atomic_store(&s->threads, 0);
	atomic_store(&s->unarmed, 0);
	atomic_store(&s->blocked, 0);
	atomic_store(&s->pool_ns, 0);
	atomic_store(&s->startup_ns, 0);
}

void
sample_fork_child(bool keep)
{
	struct sample_state *s = &sampler;
	const struct sample_backend *c = s->clock;
	stacks_fork_child(keep);
	if (!c || s->stopped)
		return;
	/* The child has one thread: the parent's slots, rings and helper
	 * are gone or not ours. */
	size_t used = atomic_load(&s->slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &s->slots[i];
		if (c->forget)
			c->forget(t);
		memset(t, 0, sizeof *t);
	}
	atomic_store(&s->slots_used, 0);
	sample_my_slot = -1;
	if (!keep)
		zero_counts();
	if (c->per_thread && sample_arm_self(c, false) != 0)
		atomic_fetch_add(&s->unarmed, 1);
	if (c->fork_child)
		c->fork_child();
}

/* The time so far: finished intervals plus the live ones. */
static uint64_t
time_so_far(struct sample_result *r)
{
	struct sample_state *s = &sampler;
	const struct sample_backend *c = s->clock;
	uint64_t ns = atomic_load(&s->sampled_ns);
	if (!c || s->stopped)
		return ns;
	bool blocked;
	if (!c->per_thread)
		return ns + c->live_ns(NULL, &blocked);
	size_t used = atomic_load(&s->slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &s->slots[i];
		if (atomic_load(&t->state) == SLOT_FREE || !sample_grab(t))
			continue;
		ns += c->live_ns(t, &blocked);
		r->blocked += blocked;
		atomic_store(&t->state, SLOT_LIVE);
	}
	return ns;
}

void
sample_result(struct sample_result *r)
{
	struct sample_state *s = &sampler;
	const struct sample_backend *c = s->clock;
	memset(r, 0, sizeof *r);
	if (c && c->collect && !s->stopped)
		c->collect();
	r->bins = s->bins;
	r->nbins = s->nbins;
	r->lowpc = s->lowpc;
	r->asked_hz = s->asked_hz;
	r->rate_hz = c ? s->nominal_hz : s->asked_hz;
	r->unsampled_ns = c ? atomic_load(&s->pool_ns) : 0;
	r->clock = c ? c->name : "none";
	r->clock_kind = c ? c->kind : SAMPLE_AUTO;
	r->outside = atomic_load(&s->outside);
	r->objects = atomic_load(&s->objects);
	r->collector = atomic_load(&s->collector);
	r->lost = atomic_load(&s->lost);
	r->threads = atomic_load(&s->threads);
	r->unarmed = atomic_load(&s->unarmed);
	r->blocked = atomic_load(&s->blocked);
	uint64_t all = atomic_load(&s->samples);
	uint64_t elsewhere = r->outside + r->objects + r->collector;
	if (all < elsewhere) /* read while samples came */
		all = elsewhere;
	r->samples = all - elsewhere;

	uint64_t ns = time_so_far(r);
	/* Threads' start-up and our arming, on their CPU clocks but
	 * before or after their clocks' window: the collector's periods. */
	uint64_t startup = atomic_load(&s->startup_ns);
	uint64_t extra = c ? startup / s->period_ns : 0;
	r->collector += extra;
	all += extra;
	ns += startup;
	r->sampled_ns = ns;
	if (ns && all) {
		unsigned __int128 mhz =
		    (unsigned __int128)all * 1000000000000u / ns;
		r->rate_mhz = mhz > UINT64_MAX ? UINT64_MAX : (uint64_t)mhz;
	}
}
