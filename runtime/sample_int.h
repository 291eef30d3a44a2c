/*
 * sample_int.h - what the sampler's core (sample.c) shares with its
 * clock back ends (sample_perf.c, sample_timer.c, sample_itimer.c) and
 * their common signal handler (sample_signal.c).  Internal to the
 * collector; the contract with the rest of the runtime is sample.h.
 *
 * A back end is a fixed set of functions (struct sample_backend).  The
 * core owns the histogram, the counters and the registry of thread
 * slots; a back end owns its clock and the fields of a slot it arms.
 * Every sample, whatever its source, goes through sample_take() with
 * the interrupted context (struct sample_ctx): the one place that
 * decides where a sample is charged.
 *
 * Everything here is async-signal-safe unless it says otherwise:
 * system calls and atomics, no malloc, no stdio, no locks the hook
 * could wait on.
 */
#ifndef GMON_SAMPLE_INT_H
#define GMON_SAMPLE_INT_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "sample.h"

#define SAMPLE_MAX_THREADS 4096 /* registry slots (threads alive at once) */

/*
 * Spin on a state change another thread is making, a bounded number of
 * times: the other party may be this very thread, interrupted by the
 * signal handler that now calls us (a profile dumped on a signal).
 */
#define SAMPLE_SPIN_TRIES 10000

enum slot_state {
	SLOT_FREE,  /* unused */
	SLOT_LIVE,  /* a running, armed thread */
	SLOT_BUSY,  /* being changed by someone (pause, stop) */
	SLOT_TAKEN, /* being armed by its thread */
};

/*
 * One armed thread.  The core sets state, tid, measure and the ledger's
 * fields; the back end that arms it owns the rest.
 *
 * The ledger: every sample stands for whole nominal periods
 * (sampler.period_ns) of its thread's clock, so a thread that ends
 * between two samples leaves part of a period unsampled, and threads
 * shorter than a period would never be sampled at all.  Those
 * remainders go into a process-wide pool (sampler.pool_ns).  A thread
 * being armed while the pool holds enough takes a carry from it: its
 * first period is cut to first_ns (at a point that varies, 0 < first_ns
 * < period, so carried time lands anywhere in a thread's life), and its
 * first sample stands for 1 + bonus periods, carry_ns + first_ns in
 * all.  At retire the pool gets back carry + run - credited periods
 * (negative when the samples stood for more than the time): whatever
 * the threads do, the samples' total stays within the pool of the time
 * measured.
 */
struct thread_slot {
	_Atomic int state;
	pid_t tid;
	clockid_t measure; /* the thread's CPU clock (or CLOCK_MONOTONIC) */
	int64_t carry_ns;  /* taken from the pool at arm (0: none) */
	uint64_t first_ns; /* the first period: period_ns without a carry */
	_Atomic uint32_t bonus;    /* periods the first sample adds */
	uint64_t cpu_armed_ns;     /* its CPU clock when armed late (else 0) */
	bool paused_once;          /* moncontrol paused it some time */
	uint64_t run_ns;           /* sampled time this slot added so far */
	int64_t settled_ns;        /* moved into the pool while it ran */
	_Atomic uint64_t credited; /* periods its samples counted */
	/* Timers and perf: */
	uint64_t mark_ns; /* measure at the last start or resume */
	bool running;     /* counting time (not paused) */
	/* Timers: */
	bool has_timer;
	timer_t timer;
	/* perf: each event lives as long as its ring is mapped (its
	 * descriptor is closed once the ring is: sample_perf.c). */
	_Atomic int draining; /* the rings' reader lock (try-lock) */
	void *ring;           /* NULL: none */
	size_t ring_len;
	void *first_ring; /* NULL: none; the one-shot carried period's */
	size_t first_len;
	/* The thread's calling contexts (stacks.h), set by the core. */
	struct stacks_table *stacks;
	/* Its thread record's sample count (sample_thread_note); NULL:
	 * none yet (atomic: the drain thread reads it). */
	uint64_t *_Atomic samples_to;
};

/*
 * A clock.  Functions a back end does not need are NULL.  The core
 * calls them with the slot grabbed (state BUSY or TAKEN), so no two
 * run on one slot at once.
 */
struct sample_backend {
	enum sample_clock kind;
	const char *name; /* for messages and the side file */
	bool per_thread;  /* slots and arm/retire, else process-wide */
	bool tick_bound;  /* fires at the kernel's tick at the most */
	/* Whether the automatic choice may take it (NULL: yes). */
	bool (*usable)(void);
	/* Start the clock, arming the calling thread (sample_arm_self()
	 * for a per-thread clock).  0, or -1 with everything undone. */
	int (*start)(void);
	/* Arm slot T of the calling thread, its first period T->first_ns
	 * long (or, when it cannot, T->first_ns set to period_ns).  0 or
	 * -1. */
	int (*arm)(struct thread_slot *t);
	/* Disarm T; returns the sampled time it adds (ns) and sets
	 * *BLOCKED when the thread's time was not sampled. */
	uint64_t (*retire)(struct thread_slot *t, bool *blocked);
	/* T's sampled time so far, not yet added (NULL T: the process
	 * clock's).  Sets *BLOCKED as retire does. */
	uint64_t (*live_ns)(struct thread_slot *t, bool *blocked);
	/* moncontrol on T (NULL T: the process clock); returns the
	 * sampled time that pausing ends (ns), to add. */
	uint64_t (*pause)(struct thread_slot *t, bool off);
	/* After every slot is retired: stop what is process-wide. */
	void (*stop)(void);
	/* In a fork child, for each slot copied from the parent: let go
	 * of what it holds without touching the parent's clock. */
	void (*forget)(struct thread_slot *t);
	/* In a fork child, after forget: restart (the core re-arms the
	 * calling thread first for a per-thread clock). */
	void (*fork_child)(void);
	/* Bring in samples that wait (perf rings) before a result. */
	void (*collect)(void);
};

extern const struct sample_backend sample_perf_backend;
extern const struct sample_backend sample_thread_backend;
extern const struct sample_backend sample_wall_backend;
extern const struct sample_backend sample_process_backend;
extern const struct sample_backend sample_itimer_backend;

/* The perf ring of one record, read in place (the record may wrap at
 * the ring's end): byte I of the record is data[(at + I) & mask]. */
struct sample_record {
	const unsigned char *data; /* the ring's data area */
	uint64_t mask;             /* its size - 1 (a power of two) */
	uint64_t at;               /* the record's offset, header included */
	uint16_t size;             /* bytes, header included */
};

/* What one sample interrupted. */
struct sample_ctx {
	uintptr_t pc;         /* the program counter */
	const void *ucontext; /* signals: the handler's ucontext_t */
	const struct sample_record *record; /* perf: the raw sample */
	struct thread_slot *slot;           /* its thread's, or NULL */
	uint32_t periods; /* nominal periods it stands for (>= 1) */
	bool first;       /* the slot's first sample: add its bonus */
};

/* Count one sample, C->periods times: into the histogram, another
 * object's bins, the collector's own count or outside; credit its
 * slot; and, for a sample in the program's code, its calling context
 * (stacks.h), as many times as the histogram counted it.  Safe in a
 * signal handler and on the drain thread at once. */
void sample_take(const struct sample_ctx *c);

/* perf: the call chain of the sample record C->record (sample_perf.c)
 * into the stacks of C->slot, counted COUNT times. */
void sample_perf_stacks(const struct sample_ctx *c, uint64_t count);

/* The sampler's shared state.  Written at start, fork and stop (one
 * thread); the counters are atomics. */
struct sample_state {
	bool started;
	_Atomic bool stopped;               /* read by the drain thread */
	const struct sample_backend *clock; /* NULL: none runs */
	uint32_t asked_hz;
	uint32_t nominal_hz;     /* written as gmon.out's rate (sample.h) */
	uint64_t period_ns;      /* 1e9 / nominal_hz: what a sample is worth */
	_Atomic int64_t pool_ns; /* the ledger's unsampled time */
	_Atomic uint64_t startup_ns; /* threads' CPU outside their clock */
	_Atomic uint64_t life_ns;    /* threads' mean run lately */
	bool verbose;
	uint32_t *bins;
	size_t nbins, bins_len;
	uintptr_t lowpc, span;
	struct thread_slot *slots;
	_Atomic size_t slots_used; /* high-water mark of claimed slots */
	_Atomic bool active;       /* counting: not paused, not stopped */
	_Atomic bool paused;
	_Atomic uint64_t samples, outside, collector, lost, objects;
	_Atomic uint64_t sampled_ns; /* time of finished intervals */
	_Atomic uint64_t threads, unarmed, blocked;
};

extern struct sample_state sampler;

/* The calling thread's slot index, -1: none. */
extern __thread int sample_my_slot __attribute__((tls_model("initial-exec")));
/* The calling thread's record's sample count (sample_thread_note). */
extern __thread uint64_t *sample_my_count
    __attribute__((tls_model("initial-exec")));

/* Arm the calling thread with CLOCK in a fresh slot.  LATE: a thread
 * that started after the sampler (its CPU time before this, its start
 * and our arming, and after its retire is counted as the collector's:
 * sampler.startup_ns).  0 or -1. */
int sample_arm_self(const struct sample_backend *clock, bool late);

/* sample_ledger.c: set sampler's nominal rate and period for CLOCK. */
void sample_ledger_nominal(const struct sample_backend *clock);
/* Give T (being armed by CLOCK) its carry from the pool: carry_ns,
 * first_ns, bonus (sample_int.h's ledger); none while paused. */
void sample_ledger_carry(struct thread_slot *t,
			 const struct sample_backend *clock);
/* T retires (BLOCKED: its time was not sampled): its balance, and its
 * CPU time outside the clock's window, into the ledger. */
void sample_ledger_settle(struct thread_slot *t, bool blocked);
/* Whole periods out of the pool (at most 1000 at once) for a sample to
 * stand for too; 0 when it holds less than a period. */
uint32_t sample_ledger_whole(void);

/* While T runs, RUN_NS into it: move the periods it surely lost (the
 * balance beyond the period under way) into the pool, where later
 * samples take them (perf: periods that end in the kernel give no
 * sample).  Only one party at a time per slot (perf: the drain lock). */
void sample_settle_live(struct thread_slot *t, uint64_t run_ns);

/* Take T for a change: LIVE -> BUSY.  False when it is gone (or stays
 * in someone else's hands). */
bool sample_grab(struct thread_slot *t);

/* CLOCK_ID's time in ns, 0 when it cannot be read. */
uint64_t sample_clock_ns(clockid_t id);

/* The nominal period, in ns. */
static inline uint64_t
sample_period_ns(void)
{
	return sampler.period_ns;
}

/* The signal handler (sample_signal.c), shared by the timers: install
 * it on SIGPROF (NEED_SIGPROF, or while SIGPROF is free) or the highest
 * free real-time signal; put back what it replaced; the signal. */
int sample_signal_install(bool need_sigprof);
void sample_signal_restore(void);
int sample_signal_number(void);

/* The collector's own code (every runtime object is placed in section
 * gmon_text by the build); both 0 when it is not. */
extern const char __start_gmon_text[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_gmon_text[]
    __attribute__((weak, visibility("hidden")));

#endif
