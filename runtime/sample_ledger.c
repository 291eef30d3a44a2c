/*
 * sample_ledger.c - what a sample stands for (interface: sample_int.h):
 * the nominal rate written to gmon.out, and the ledger that keeps the
 * samples' periods equal to the time the clocks measured.
 *
 * The nominal rate is the asked one, or the kernel tick's for a clock
 * checked at the tick, when that is slower: the same on every run, so
 * that runs sum.  The ledger (described at struct thread_slot) holds
 * the time no sample stood for yet: unfinished periods of threads that
 * ended, and periods perf lost in the kernel.  Threads being armed take
 * whole periods of it in a shortened first period; samples take whole
 * periods of it when it holds some.  Everything here is atomics and
 * clock reads: safe in a signal handler.
 */
#include "sample_int.h"

/*
 * The kernel's tick rate, from the resolution of the coarse clock (the
 * tick's length); 0 when it does not look like a tick.  CPU-time timers
 * and ITIMER_PROF are checked at the tick, so they fire at this rate at
 * the most.
 */
static uint32_t
tick_hz(void)
{
	struct timespec res;
	if (clock_getres(CLOCK_MONOTONIC_COARSE, &res) != 0 || res.tv_sec ||
	    res.tv_nsec < 100000) /* finer than 10 kHz: no tick to fear */
		return 0;
	return (uint32_t)((1000000000 + res.tv_nsec / 2) / res.tv_nsec);
}

/* The rate a sample stands for with CLOCK: the asked one, or the
 * tick's when the clock is tick-bound and the tick is slower. */
void
sample_ledger_nominal(const struct sample_backend *clock)
{
	uint32_t hz = sampler.asked_hz;
	uint32_t tick = clock->tick_bound ? tick_hz() : 0;
	if (tick && tick < hz)
		hz = tick;
	sampler.nominal_hz = hz;
	sampler.period_ns = 1000000000u / hz;
}

/* Whole periods out of the pool (at most 1000 at once), for a sample
 * to stand for too. */
uint32_t
sample_ledger_whole(void)
{
	int64_t p = (int64_t)sampler.period_ns;
	int64_t have = atomic_load(&sampler.pool_ns);
	while (have >= p) {
		int64_t w = have / p < 1000 ? have / p : 1000;
		if (atomic_compare_exchange_weak(&sampler.pool_ns, &have,
						 have - w * p))
			return (uint32_t)w;
	}
	return 0;
}

/*
 * Give T its carry: a first period E in (0, period) that varies from
 * thread to thread, and the whole periods W = (pool + E) / period its
 * first sample then stands for, taking W * period - E from the pool.
 * No carry (E = period) while the pool holds less, or while paused.
 */
void
sample_ledger_carry(struct thread_slot *t, const struct sample_backend *clock)
{
	uint64_t p = sampler.period_ns;
	t->carry_ns = 0;
	t->first_ns = p;
	atomic_store(&t->bonus, 0);
	if (atomic_load(&sampler.paused) || p < 2)
		return;
	/* A tick-bound clock samples at the first tick after E, which
	 * falls anywhere in the thread's run: E as short as can be, so
	 * that short threads take their carry too.  Else E falls anywhere
	 * in the life threads have lately had (twice their mean run),
	 * which for short threads is less than a period. */
	uint64_t span = 2 * atomic_load(&sampler.life_ns) + 20000;
	if (span > p - 1)
		span = p - 1;
	uint64_t e =
	    clock->tick_bound ? 1 : 1 + sample_clock_ns(CLOCK_MONOTONIC) % span;
	int64_t have = atomic_load(&sampler.pool_ns);
	for (;;) {
		if (have <= 0 || (uint64_t)have + e < p)
			return;
		uint64_t w = ((uint64_t)have + e) / p;
		if (w > 1000000)
			w = 1000000;
		int64_t take = (int64_t)(w * p - e);
		if (atomic_compare_exchange_weak(&sampler.pool_ns, &have,
						 have - take)) {
			t->carry_ns = take;
			t->first_ns = e;
			atomic_store(&t->bonus, (uint32_t)(w - 1));
			return;
		}
	}
}

/* T's balance back into the pool: what it carried in and ran, less
 * what its samples stood for. */
static int64_t
balance(const struct thread_slot *t, uint64_t run_ns)
{
	uint64_t periods = atomic_load(&t->credited);
	int64_t credited_ns = (int64_t)(periods * sampler.period_ns);
	return t->carry_ns + (int64_t)run_ns - credited_ns;
}

void
sample_ledger_settle(struct thread_slot *t, bool blocked)
{
	/* The mean run of threads lately (1/16 of each new one; a race
	 * loses an update, no more). */
	uint64_t life = atomic_load(&sampler.life_ns);
	atomic_store(&sampler.life_ns, life - life / 16 + t->run_ns / 16);
	if (t->cpu_armed_ns && !t->paused_once && !blocked) {
		/* Disarming: not sampled either. */
		uint64_t end = sample_clock_ns(t->measure);
		if (end > t->cpu_armed_ns + t->run_ns)
			atomic_fetch_add(&sampler.startup_ns,
					 end - t->cpu_armed_ns - t->run_ns);
	}
	atomic_fetch_add(&sampler.pool_ns,
			 balance(t, t->run_ns) - t->settled_ns);
}

void
sample_settle_live(struct thread_slot *t, uint64_t run_ns)
{
	/* The period under way may still give its sample. */
	int64_t lost = balance(t, run_ns) - (int64_t)sampler.period_ns;
	if (lost > t->settled_ns) {
		atomic_fetch_add(&sampler.pool_ns, lost - t->settled_ns);
		t->settled_ns = lost;
	}
}
