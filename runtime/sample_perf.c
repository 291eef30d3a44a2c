/*
 * sample_perf.c - the perf clock (interface: sample_int.h): one
 * perf_event task-clock event per thread (user-only), its samples
 * written by the kernel into a small ring buffer of PERF_SAMPLE_IP
 * records.  No signal is involved, so a thread that blocks every
 * signal is sampled too and no system call sees EINTR.
 *
 * The rings are drained by a helper thread named "gmon-drain" (every
 * signal blocked, no hook calls; the program sees one more thread),
 * by each thread when it stops, and at sample_stop(); a full ring loses
 * records, which the kernel counts and we report as `lost`.  Without
 * the helper (pthread_create failed) a full ring loses samples sooner.
 * A ring has one reader at a time: its slot's `draining` try-lock.
 *
 * No descriptor is kept: an event's descriptor is closed as soon as
 * its ring is mapped, and the mapping keeps the event alive and
 * sampling until it is unmapped (the kernel's reference).  A program
 * that closes every descriptor it did not open (a daemon, closefrom)
 * and reuses the numbers can then never have its own files read,
 * written or closed by us; the drain thread sleeps on a futex, not a
 * descriptor.  Nothing is ever asked of the event after it is mapped,
 * so the time a slot adds is its thread's CPU clock between a start or
 * resume and a pause or stop (as the timers'), and a pause drains the
 * rings (counting what came before) and then drops what comes until
 * the resume, which drains them again (dropping).  A thread armed with
 * a carry gets a second, one-shot event for its first period, with a
 * ring of its own (arm_first), unmapped once its sample is read.  A
 * fork child has neither ring (perf mappings are not copied).  The
 * automatic choice takes perf only when a test sample lands in our own
 * code (perf_samples_us: not under valgrind or another translator).
 */
#include "gmon_rt.h"   /* the load map: gmon_objects_recheck() */
#include "gmon_side.h" /* the stacks' method */
#include "sample_int.h"
#include "stacks_cfi.h" /* the stack copy's window */

#include <fcntl.h>
#if !defined(GMON_OWN_PERF_ABI) && __has_include(<linux/perf_event.h>)
#include <linux/perf_event.h>
#else
#include "perf_abi.h" /* musl-gcc: no kernel headers */
#endif
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <limits.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define RING_PAGES_LOG2                                                        \
	4 /* perf data pages: 16 (64 KiB, 4096 samples);
			   * twice that with the stack's copy */

static _Atomic int drain_wake; /* 1: the drain thread is to look now */
static bool chains; /* records carry the user call chain (stacks.h) */
static size_t ring_pages = 1u << RING_PAGES_LOG2;

/*
 * With stacks, each record carries the user registers a walk starts
 * from and the stack's first STACK_COPY bytes above the stack pointer,
 * which the walk reads (stacks.h): enough for the frames of a qsort or
 * an event loop that keep no frame pointers, and for the frame records
 * of the functions above them; beyond the copy the kernel's call chain
 * goes on.  The registers, in the kernel's order of their bits.
 */
#define STACK_COPY 4096
#if defined(__x86_64__)
#define REGS_MASK ((1ull << 6) | (1ull << 7) | (1ull << 8)) /* bp sp ip */
#define NREGS 3
#elif defined(__aarch64__)
#define REGS_MASK ((1ull << 29) | (1ull << 30) | (1ull << 31)) /* x29 lr sp */
#define NREGS 3
#else
#define REGS_MASK 0ull
#define NREGS 0
#endif
/* A record's bytes with a call chain and the copy, about. */
#define CHAIN_RECORD_BYTES (NREGS ? STACK_COPY + 512 : 512)

/* A copy of the stack that wraps at the ring's end is put together
 * here, by whoever takes the try-lock (another drainer meanwhile walks
 * the part before the wrap only). */
static unsigned char unwrapped[STACK_COPY];
static _Atomic int unwrapped_busy;

/* The word at byte OFF of record R (which may wrap in the ring). */
static uint64_t
record_word(const struct sample_record *r, size_t off)
{
	uint64_t v;
	memcpy(&v, r->data + ((r->at + off) & r->mask), 8);
	return v;
}

/*
 * A sample record with a call chain: after the header, the PC, the
 * period, the chain's length and entries (context markers included),
 * then the registers' ABI and values, the size of the stack copy, the
 * copy and its dynamic size (the kernel's order: PERF_SAMPLE_IP,
 * PERF_SAMPLE_PERIOD, PERF_SAMPLE_CALLCHAIN, PERF_SAMPLE_REGS_USER,
 * PERF_SAMPLE_STACK_USER).  The chain is copied out of the ring onto
 * the stack (a longer one is cut there, and kept truncated); the copy
 * of the stack is read in place, or when it wraps at the ring's end
 * from `unwrapped`.
 */
void
sample_perf_stacks(const struct sample_ctx *c, uint64_t count)
{
	const struct sample_record *r = c->record;
	uint64_t chain[STACKS_DEPTH_CAP + 8];
	size_t size = r->size; /* bytes, the header's 8 included */
	if (size < 32)
		return;
	/* Words 1 and 2 the PC and the period, word 3 the chain's length. */
	uint64_t nr = record_word(r, 24);
	if (nr > (size - 32) / 8)
		return;
	size_t n = nr < sizeof chain / sizeof *chain
		       ? (size_t)nr
		       : sizeof chain / sizeof *chain;
	for (size_t i = 0; i < n; i++)
		chain[i] = record_word(r, 32 + 8 * i);
	size_t off = 32 + 8 * (size_t)nr;
	struct stacks_regs regs = { 0, 0, 0, 0 };
	struct stack_window w = { 0, 0, NULL };
	bool have = false, unwrap = false;
	if (NREGS && off + 8 <= size) {
		uint64_t abi = record_word(r, off);
		off += 8;
		if (abi && off + 8 * NREGS + 8 <= size) {
			uint64_t v[NREGS ? NREGS : 1];
			for (size_t i = 0; i < NREGS; i++)
				v[i] = record_word(r, off + 8 * i);
			off += 8 * NREGS;
#if defined(__x86_64__)
			regs.fp = (uintptr_t)v[0];
			regs.sp = (uintptr_t)v[1];
#elif defined(__aarch64__)
			regs.fp = (uintptr_t)v[0];
			regs.lr = (uintptr_t)v[1];
			regs.sp = (uintptr_t)v[2];
#endif
			uint64_t copy = record_word(r, off);
			off += 8;
			if (copy && copy % 8 == 0 && copy <= size - off - 8) {
				uint64_t dyn = record_word(r, off + copy);
				size_t at = (size_t)((r->at + off) & r->mask);
				size_t room = (size_t)r->mask + 1 - at;
				if (dyn > copy)
					dyn = copy;
				w.at = r->data + at;
				if (dyn > room && dyn <= sizeof unwrapped) {
					int expected = 0;
					unwrap = atomic_compare_exchange_strong(
					    &unwrapped_busy, &expected, 1);
				}
				if (unwrap) {
					memcpy(unwrapped, w.at, room);
					memcpy(unwrapped + room, r->data,
					       (size_t)dyn - room);
					w.at = unwrapped;
				} else if (dyn > room) {
					dyn =
					    room; /* the part before the wrap */
				}
				w.lo = regs.sp;
				w.hi = regs.sp + (uintptr_t)dyn;
				have = w.hi > w.lo;
			}
		}
	}
	stacks_on_perf(c->slot ? c->slot->stacks : NULL, chain, n,
		       have ? &regs : NULL, have ? &w : NULL, count);
	if (unwrap)
		atomic_store(&unwrapped_busy, 0);
}

/* T's thread's CPU time since its mark, while it counts. */
static uint64_t
since_mark(const struct thread_slot *t)
{
	uint64_t now = sample_clock_ns(t->measure);
	return t->running && now > t->mark_ns ? now - t->mark_ns : 0;
}

/* Take the try-lock FLAG, waiting a while.  False: it stayed taken. */
static bool
lock_flag(_Atomic int *flag)
{
	for (int i = 0; i < SAMPLE_SPIN_TRIES; i++) {
		int expected = 0;
		if (atomic_compare_exchange_strong(flag, &expected, 1))
			return true;
		sched_yield();
	}
	return false;
}

/*
 * Read the records of RING (LEN bytes, mapped for T's thread), counting
 * its samples when T is running (else they came while paused: dropped).
 * True when a sample record was among them.
 */
static bool
drain_ring(struct thread_slot *t, void *ring, size_t len)
{
	struct perf_event_mmap_page *meta = ring;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	const unsigned char *data = (const unsigned char *)ring + page;
	uint64_t size = len - page, mask = size - 1;
	bool count = t->running, sampled = false;
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
		if (h.type == PERF_RECORD_SAMPLE && h.size >= 24 && count) {
			/* PERF_SAMPLE_IP, then PERF_SAMPLE_PERIOD. */
			uint64_t period;
			memcpy(&word, data + ((tail + 8) & mask), 8);
			memcpy(&period, data + ((tail + 16) & mask), 8);
			struct sample_record rec = { data, mask, tail, h.size };
			struct sample_ctx c = {
				.pc = (uintptr_t)word,
				.record = &rec,
				.slot = t,
				.periods = 1,
				.first = period < sample_period_ns(),
			};
			sample_take(&c);
			sampled = true;
		} else if (h.type == PERF_RECORD_SAMPLE) {
			sampled = true;
		} else if (h.type == PERF_RECORD_LOST && h.size >= 24 &&
			   count) {
			memcpy(&word, data + ((tail + 16) & mask), 8);
			atomic_fetch_add_explicit(&sampler.lost, word,
						  memory_order_relaxed);
		}
		tail += h.size;
	}
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
	return sampled;
}

/* Unmap T's one-shot event's ring (which ends the event). */
static void
close_first(struct thread_slot *t)
{
	if (t->first_ring)
		munmap(t->first_ring, t->first_len);
	t->first_ring = NULL;
}

/* With T's drain lock held: read its rings; the one-shot event's
 * goes once it has given its sample. */
static void
drain_locked(struct thread_slot *t)
{
	if (t->ring)
		drain_ring(t, t->ring, t->ring_len);
	if (t->first_ring && drain_ring(t, t->first_ring, t->first_len))
		close_first(t);
}

/* Drain T's rings unless someone else is draining them. */
static void
drain_slot(struct thread_slot *t)
{
	int expected = 0;
	if (!atomic_compare_exchange_strong(&t->draining, &expected, 1))
		return;
	drain_locked(t);
	atomic_store(&t->draining, 0);
}

static void
drain_all(void)
{
	size_t used = atomic_load(&sampler.slots_used);
	for (size_t i = 0; i < used; i++)
		if (atomic_load(&sampler.slots[i].state) != SLOT_FREE)
			drain_slot(&sampler.slots[i]);
}

/* The drain thread's pass: every ring, then each live slot's lost
 * periods into the ledger. */
static void
drain_and_settle(void)
{
	size_t used = atomic_load(&sampler.slots_used);
	for (size_t i = 0; i < used; i++) {
		struct thread_slot *t = &sampler.slots[i];
		int expected = 0;
		if (atomic_load(&t->state) == SLOT_FREE ||
		    !atomic_compare_exchange_strong(&t->draining, &expected, 1))
			continue;
		drain_locked(t);
		if (t->ring)
			sample_settle_live(t, t->run_ns + since_mark(t));
		atomic_store(&t->draining, 0);
	}
}

static void *
drainer(void *arg)
{
	(void)arg;
	/* Half a ring's worth of samples (24-byte records; with a call
	 * chain and the stack's copy CHAIN_RECORD_BYTES) between drains, 10 ms
	 * (2 ms with the copy) to 100 ms: the
	 * periods a thread lost in the kernel go to the ledger soon, to
	 * ride on its next samples. */
	uint64_t records =
	    ((uint64_t)ring_pages * 4096) / (chains ? CHAIN_RECORD_BYTES : 24);
	uint64_t ms =
	    records * 1000 / 2 / (sampler.asked_hz ? sampler.asked_hz : 1);
	uint64_t least = chains && NREGS ? 2 : 10; /* big records: sooner */
	ms = ms < least ? least : ms > 100 ? 100 : ms;
	struct timespec timeout = { 0, (long)ms * 1000000 };
	prctl(PR_SET_NAME, "gmon-drain", 0, 0, 0);
	while (!sampler.stopped) {
		/* Sleeps the timeout out unless stop() woke it. */
		syscall(SYS_futex, (int *)&drain_wake, GMON_FUTEX_WAIT, 0,
			&timeout, NULL, 0);
		/* A library dlopened since the last scan gets its bins
		 * before its samples are counted (this thread may scan: it
		 * is no signal handler). */
		gmon_objects_recheck();
		drain_and_settle();
	}
	return NULL;
}

/* Without the helper (it cannot start), rings are drained at thread
 * stop and sample_stop only. */
static void
start_drainer(void)
{
	atomic_store(&drain_wake, 0);
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_t helper;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	pthread_create(&helper, &attr, drainer, NULL);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* A task-clock event of the calling thread sampling every PERIOD ns of
 * its user-mode time; DISABLED: opened so.  The fd, or -1. */
static int
open_event(uint64_t period, bool disabled)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = period;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = disabled;
	a.watermark = 1;
	a.wakeup_watermark = 1u << 30; /* nobody waits: no wake-ups */
	if (chains) {
		/* The user call chain, the registers and the stack's first
		 * bytes (sample_perf_stacks). */
		a.sample_type |= PERF_SAMPLE_CALLCHAIN;
		a.exclude_callchain_kernel = 1;
		if (NREGS) {
			a.sample_type |=
			    PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
			a.sample_regs_user = REGS_MASK;
			a.sample_stack_user = STACK_COPY;
		}
	}
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

/* A ring of 1 + PAGES pages for the event FD (*LEN bytes), or NULL. */
static void *
map_ring(int fd, size_t pages, size_t *len)
{
	*len = (1 + pages) * (size_t)sysconf(_SC_PAGESIZE);
	void *ring =
	    mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	return ring == MAP_FAILED ? NULL : ring;
}

/*
 * The carried period (sample_int.h: the ledger): a perf event's first
 * period cannot be set apart from the others, so a second event, one
 * shot (PERF_EVENT_IOC_REFRESH 1, once its ring is mapped: disabled by
 * the kernel after its first sample), takes its sample after first_ns
 * and writes it into a one-page ring of its own.  Its record tells its
 * period, shorter than the main event's: that sample takes the bonus;
 * the ledger settles the overlap with the main event's first period.
 * False when the kernel refuses it (the carry then stays in the pool).
 */
static bool
arm_first(struct thread_slot *t)
{
	int fd = open_event(t->first_ns, true);
	if (fd < 0)
		return false;
	size_t len;
	/* One record with the stack's copy needs two pages. */
	void *ring = map_ring(fd, chains && NREGS ? 2 : 1, &len);
	if (ring && ioctl(fd, PERF_EVENT_IOC_REFRESH, 1) != 0) {
		munmap(ring, len);
		ring = NULL;
	}
	close(fd); /* the mapping keeps the event */
	if (!ring)
		return false;
	t->first_len = len;
	t->first_ring = ring;
	return true;
}

static int
arm(struct thread_slot *t)
{
	/* Smaller rings when the locked-memory allowance runs out. */
	for (size_t pages = ring_pages; pages >= 1; pages /= 2) {
		int fd = open_event(sample_period_ns(), false);
		if (fd < 0)
			return -1;
		size_t len;
		void *ring = map_ring(fd, pages, &len);
		close(fd); /* the mapping keeps the event */
		if (!ring)
			continue;
		t->running = !atomic_load(&sampler.paused);
		t->mark_ns = sample_clock_ns(t->measure);
		t->ring_len = len;
		t->ring = ring; /* published last: drainers test it */
		if (t->first_ns < sample_period_ns() &&
		    (!t->running || !arm_first(t)))
			t->first_ns = sample_period_ns();
		return 0;
	}
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
			 t0 = sample_clock_ns(CLOCK_THREAD_CPUTIME_ID);
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
			     sample_clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0 >
				 20000000))
				break;
		}
		munmap(ring, 2 * page);
	}
	close(fd);
	return ours;
}

static uint64_t
live_ns(struct thread_slot *t, bool *blocked)
{
	*blocked = false;
	return since_mark(t);
}

static uint64_t
retire(struct thread_slot *t, bool *blocked)
{
	*blocked = false;
	uint64_t ns = since_mark(t);
	if (lock_flag(&t->draining)) {
		drain_locked(t);
		close_first(t);
		if (t->ring)
			munmap(t->ring, t->ring_len);
		t->ring = NULL;
		atomic_store(&t->draining, 0);
	} /* else the reader is this thread, interrupted: leave it */
	t->running = false;
	return ns;
}

static uint64_t
pause_slot(struct thread_slot *t, bool off)
{
	/* Pausing: what came before counts.  Resuming: what came while
	 * paused is dropped.  A one-shot event that has not fired goes
	 * (its carry returns to the pool when the slot settles). */
	bool locked = lock_flag(&t->draining);
	if (locked)
		drain_locked(t);
	uint64_t ns = off ? since_mark(t) : 0;
	t->mark_ns = sample_clock_ns(t->measure);
	t->running = !off;
	if (locked) {
		close_first(t);
		atomic_store(&t->draining, 0);
	}
	return ns;
}

static void
stop(void)
{
	atomic_store(&drain_wake, 1);
	syscall(SYS_futex, (int *)&drain_wake, GMON_FUTEX_WAKE, INT_MAX, NULL,
		NULL, 0);
}

static void
forget(struct thread_slot *t)
{
	/* A fork child has no copy of the parent's rings (the kernel
	 * does not copy perf mappings), and the range may hold the
	 * child's own memory by now: nothing to unmap. */
	t->ring = NULL;
	t->first_ring = NULL;
}

static void
fork_child(void)
{
	start_drainer(); /* the parent's helper is not in the child */
}

static int
start(void)
{
	chains = stacks_on();
	/* Records with the stack's copy: rings of 32 pages (128 KiB). */
	ring_pages = 1u << (RING_PAGES_LOG2 + (chains && NREGS));
	if (sample_arm_self(&sample_perf_backend, false) != 0) {
		/* A kernel that refuses call chains still samples. */
		if (!chains)
			return -1;
		chains = false;
		if (sample_arm_self(&sample_perf_backend, false) != 0)
			return -1;
		stacks_set_method(GMON_SIDE_STACK_METHOD_NONE);
	}
	start_drainer();
	return 0;
}

const struct sample_backend sample_perf_backend = {
	.kind = SAMPLE_PERF,
	.name = "perf task-clock",
	.per_thread = true,
	.usable = perf_samples_us,
	.start = start,
	.arm = arm,
	.retire = retire,
	.live_ns = live_ns,
	.pause = pause_slot,
	.stop = stop,
	.forget = forget,
	.fork_child = fork_child,
	.collect = drain_all,
};
