/*
 * arcs.c - the per-thread arc tables behind the entry hooks: the C slow
 * path (a thread's first call, a new arc, growth), the registry of
 * every thread's record, thread exit, fork, and the merge at exit.
 *
 * Rules that make the fast path (runtime/arch/) safe without locks:
 *   - Only the owning thread writes its tables.  While the slow path
 *     changes a table it sets the thread's table pointer to NULL, so a
 *     signal handler interrupting it takes the slow path too, sees
 *     depth > 0 and counts into a nested table of its own level.
 *   - Growth never moves counts: the bigger table gets the keys with
 *     count 0 and the old generation stays mapped and keeps its counts
 *     (a hook interrupted between loading the old pointer and its
 *     increment still counts into it); the merge sums every
 *     generation.  Memory is never unmapped while the program runs.
 *   - A record whose thread ended is kept with its counts, name and
 *     numbers (REC_KEPT) for the side file's per-thread records, up to
 *     GMON_THREADS_KEPT of them; beyond that an ending thread is folded
 *     into the kept record of its name (or the one "[other]") under the
 *     fold lock, and its record, zeroed, is adopted by a new thread.  The
 *     writer holds the same lock while it reads, so no call is counted
 *     twice or lost to a fold under way.
 */
#include "gmon_rt.h"

#include "gmon_side.h"
#include "stacks.h"

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

__thread struct gmon_thread gmon_tls __attribute__((tls_model("initial-exec")));
volatile unsigned char gmon_active;

#define INITIAL_SLOTS 1024
#define NESTED_SLOTS 128

static struct gmon_rec *registry; /* head, pushed with CAS */
static pthread_key_t exit_key;
static bool have_key;
static uint64_t early_dropped; /* calls with no record to count in */
static void table_zero(struct gmon_table *t);
static uint32_t last_index; /* the records' indexes so far (atomic) */
static bool main_taken;     /* the first thread's record is made */
static int fold_lock;       /* folds and the writer (atomic) */
static unsigned kept;       /* REC_KEPT records (under fold_lock) */

static void
fence(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static void *
map(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

static struct gmon_table *
table_new(size_t nslots)
{
	struct gmon_table *t =
	    map(sizeof *t + nslots * sizeof(struct gmon_slot));
	if (!t)
		return NULL;
	t->nslots = nslots;
	t->maskbytes = (nslots - 1) * sizeof(struct gmon_slot);
	return t;
}

/* The slot of (FROM, SELF) in T, inserted with count 0 if new; NULL
 * when inserting would fill T past half. */
static struct gmon_slot *
table_slot(struct gmon_table *t, uintptr_t from, uintptr_t self)
{
	size_t mask = t->nslots - 1;
	size_t i = (from ^ self) & mask; /* the hooks' home slot */
	for (;;) {
		struct gmon_slot *s = &t->slots[i];
		if (s->from == from && s->self == self)
			return s;
		if (s->from == 0) {
			if ((t->used + 1) * 2 > t->nslots)
				return NULL;
			s->self = self;
			s->count = 0;
			/* The key becomes visible last (to a signal handler
			 * on this thread and to the merge on another). */
			__atomic_store_n(&s->from, from, __ATOMIC_RELEASE);
			t->used++;
			return s;
		}
		i = (i + 1) & mask;
	}
}

/* A table twice OLD's size holding OLD's keys with count 0. */
static struct gmon_table *
table_grow(struct gmon_table *old)
{
	struct gmon_table *t = table_new(old->nslots * 2);
	if (!t)
		return NULL;
	for (size_t i = 0; i < old->nslots; i++) {
		struct gmon_slot *s = &old->slots[i];
		if (s->from)
			table_slot(t, s->from, s->self);
	}
	t->older = old;
	return t;
}

static struct gmon_rec *
registry_head(void)
{
	return __atomic_load_n(&registry, __ATOMIC_ACQUIRE);
}

/* R's numbers for a new thread (its counts are zero already). */
static void
rec_start(struct gmon_rec *r)
{
	r->index = __atomic_add_fetch(&last_index, 1, __ATOMIC_RELAXED);
	r->folded = 0;
	r->flags = 0;
	if (!__atomic_exchange_n(&main_taken, true, __ATOMIC_RELAXED))
		r->flags = GMON_SIDE_THREAD_MAIN;
	r->name[0] = '\0';
	r->cpu_ns = 0;
	r->first_ns = gmon_realtime_ns();
	r->last_ns = 0;
	__atomic_store_n(&r->samples, 0, __ATOMIC_RELAXED);
	r->stacks = NULL;
}

/* A record for the calling thread: a free one, else a new one. */
static struct gmon_rec *
rec_acquire(void)
{
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		int free_ = REC_FREE;
		if (__atomic_load_n(&r->in_use, __ATOMIC_RELAXED) == REC_FREE &&
		    __atomic_compare_exchange_n(&r->in_use, &free_, REC_LIVE,
						false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			rec_start(r);
			return r;
		}
	}
	struct gmon_rec *r = map(sizeof *r);
	if (!r)
		return NULL;
	r->table = table_new(INITIAL_SLOTS);
	if (!r->table) {
		munmap(r, sizeof *r);
		return NULL;
	}
	r->in_use = REC_LIVE;
	rec_start(r);
	struct gmon_rec *head = registry_head();
	do
		r->next = head;
	while (!__atomic_compare_exchange_n(
	    &registry, &head, r, true, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE));
	return r;
}

static bool
thread_begin(struct gmon_thread *th, uintptr_t frompc, uintptr_t selfpc)
{
	struct gmon_rec *r = rec_acquire();
	if (!r)
		return false;
	r->tid = (uint64_t)syscall(SYS_gettid);
	th->rec = r;
	/* A value makes the destructor run when the thread ends (again, if
	 * the thread counts calls after an earlier destructor ran). */
	if (have_key)
		pthread_setspecific(exit_key, r);
	/* The calling context's table (its root: stacks_entry), which
	 * belongs to the record from now on. */
	stacks_thread_begin(frompc, selfpc);
	r->stacks = stacks_thread_table();
	if (r->stacks)
		stacks_table_own(r->stacks, r->index);
	clockid_t clock = CLOCK_THREAD_CPUTIME_ID;
	pthread_getcpuclockid(pthread_self(), &clock);
	r->clock = (int)clock;
	if (!th->armed) {
		th->armed = true;
		sample_thread_start();
	}
	sample_thread_note(&r->samples);
	return true;
}

static void
count_nested(struct gmon_thread *th, unsigned depth, uintptr_t from,
	     uintptr_t self)
{
	struct gmon_rec *r = th->rec;
	if (!r) {
		__atomic_fetch_add(&early_dropped, 1, __ATOMIC_RELAXED);
		return;
	}
	if (depth > GMON_NEST_LEVELS || from == 0) {
		r->dropped++;
		return;
	}
	struct gmon_table **tp = &r->nested[depth - 1];
	if (!*tp)
		__atomic_store_n(tp, table_new(NESTED_SLOTS), __ATOMIC_RELEASE);
	struct gmon_slot *s = *tp ? table_slot(*tp, from, self) : NULL;
	if (s)
		s->count++;
	else
		r->dropped++;
}

/*
 * The hook's %rsp parity is not fixed on x86-64: gcc's IPA stack
 * alignment lets a caller call a local function that needs no aligned
 * stack 8 bytes off the ABI's alignment (seen: a leaf taking a stack
 * argument), not knowing -pg's mcount call inside, so the hook's fixed
 * frame can call us misaligned.  libc code reached from here
 * (dl_iterate_phdr) uses aligned SSE stores: the slow path realigns its
 * stack on entry.
 */
#if defined(__x86_64__) || defined(__i386__)
#define REALIGN __attribute__((force_align_arg_pointer))
#else
#define REALIGN
#endif

REALIGN void
gmon_arc_slow(uintptr_t frompc, uintptr_t selfpc)
{
	struct gmon_thread *th = &gmon_tls;
	if (!gmon_active)
		return;
	unsigned depth = th->depth;
	th->depth = depth + 1;
	fence();
	if (depth > 0) {
		count_nested(th, depth, frompc, selfpc);
		fence();
		th->depth = depth;
		return;
	}
	th->table = NULL;
	fence();
	if (!th->rec && !thread_begin(th, frompc, selfpc)) {
		__atomic_fetch_add(&early_dropped, 1, __ATOMIC_RELAXED);
		fence();
		th->depth = 0;
		return;
	}
	struct gmon_rec *r = th->rec;
	struct gmon_table *t = r->table;
	struct gmon_slot *s = NULL;
	if (frompc) {
		stacks_entry(frompc, selfpc);
		s = table_slot(t, frompc, selfpc);
		if (!s) {
			struct gmon_table *g = table_grow(t);
			if (g) {
				/* Published for the merge (see merge_table). */
				__atomic_store_n(&r->table, g,
						 __ATOMIC_RELEASE);
				t = g;
				s = table_slot(t, frompc, selfpc);
			}
		}
	}
	if (s)
		s->count++;
	else
		r->dropped++;
	/* A call into code the load map does not know (a dlopen), or a
	 * dlclose since: rescan, here where no signal handler of ours
	 * runs and the table pointer is NULL (a handler's hooks nest). */
	if (frompc)
		gmon_objects_note(selfpc);
	fence();
	th->table = t;
	fence();
	th->depth = 0;
}

/* ---- ended threads: kept, or folded ---- */

/* Take the fold lock, waiting a while when TRY (the writer, which may
 * run in a signal handler that interrupted the holder); false: not
 * taken. */
static bool
fold_take(bool try)
{
	for (long i = 0; !try || i < 100000; i++) {
		int expected = 0;
		if (__atomic_compare_exchange_n(&fold_lock, &expected, 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return true;
		sched_yield();
	}
	return false;
}

static void
fold_give(void)
{
	__atomic_store_n(&fold_lock, 0, __ATOMIC_RELEASE);
}

bool
gmon_threads_lock(void)
{
	return fold_take(true);
}

void
gmon_threads_unlock(void)
{
	fold_give();
}

/* Add COUNT calls of (FROM, SELF) to *TP (a record without a thread:
 * only the fold writes it), growing it; false when there is no room. */
static bool
add_arc(struct gmon_table **tp, uintptr_t from, uintptr_t self, uint64_t count,
	bool grow)
{
	struct gmon_table *t = *tp;
	struct gmon_slot *s = table_slot(t, from, self);
	if (!s && grow) {
		struct gmon_table *g = table_grow(t);
		if (g) {
			__atomic_store_n(tp, g, __ATOMIC_RELEASE);
			s = table_slot(g, from, self);
		}
	}
	if (!s)
		return false;
	s->count += count;
	return true;
}

/* Every call of T's generations into *TP; the calls that found no room
 * are returned. */
static uint64_t
fold_table(struct gmon_table **tp, struct gmon_table *t, bool grow)
{
	uint64_t lost = 0;
	for (; t; t = t->older)
		for (size_t i = 0; i < t->nslots; i++) {
			struct gmon_slot *s = &t->slots[i];
			if (s->from && s->count &&
			    !add_arc(tp, s->from, s->self, s->count, grow))
				lost += s->count;
		}
	return lost;
}

/* R (ended) into INTO: arcs, stacks, numbers; R zeroed. */
static void
fold(struct gmon_rec *r, struct gmon_rec *into)
{
	uint64_t lost = fold_table(&into->table, r->table, true);
	for (int l = 0; l < GMON_NEST_LEVELS; l++) {
		if (!r->nested[l])
			continue;
		if (!into->nested[l])
			__atomic_store_n(&into->nested[l],
					 table_new(NESTED_SLOTS),
					 __ATOMIC_RELEASE);
		if (into->nested[l])
			lost +=
			    fold_table(&into->nested[l], r->nested[l], false);
		else
			lost += fold_table(&into->table, r->nested[l], true);
	}
	into->dropped += r->dropped + lost;
	into->folded += 1 + r->folded;
	into->cpu_ns += r->cpu_ns;
	into->samples += __atomic_load_n(&r->samples, __ATOMIC_RELAXED);
	if (r->first_ns && (!into->first_ns || r->first_ns < into->first_ns))
		into->first_ns = r->first_ns;
	if (r->last_ns > into->last_ns)
		into->last_ns = r->last_ns;
	into->tid = r->tid;
	if (r->stacks) {
		if (into->stacks) {
			stacks_fold(r->stacks, into->stacks);
		} else {
			into->stacks = r->stacks;
			stacks_table_own(into->stacks, into->index);
		}
		r->stacks = NULL;
	}
	table_zero(r->table);
	for (int l = 0; l < GMON_NEST_LEVELS; l++)
		table_zero(r->nested[l]);
	r->dropped = 0;
}

/* The kept record ended threads of NAME fold into (or the "[other]"
 * one when OTHER); NULL: none. */
static struct gmon_rec *
fold_target(const char *name, bool other)
{
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		if (__atomic_load_n(&r->in_use, __ATOMIC_ACQUIRE) != REC_KEPT)
			continue;
		bool mixed = r->flags & GMON_SIDE_THREAD_MIXED;
		if (other ? mixed : !mixed && strcmp(r->name, name) == 0)
			return r;
	}
	return NULL;
}

/*
 * R's thread ends (on that thread): its name, CPU time and end, then R
 * is kept, or folded into the record of its name, or into "[other]"
 * (which R becomes when there is none yet) and freed.
 */
static void
rec_end(struct gmon_rec *r)
{
	r->name[0] = '\0';
	prctl(PR_GET_NAME, r->name, 0, 0, 0);
	r->name[GMON_THREAD_NAME_MAX - 1] = '\0';
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		r->cpu_ns =
		    (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	r->last_ns = gmon_realtime_ns();
	fold_take(false);
	struct gmon_rec *into = NULL;
	if (kept >= GMON_THREADS_KEPT) {
		into = fold_target(r->name, false);
		if (!into)
			into = fold_target("", true);
		if (!into) {
			memcpy(r->name, "[other]", sizeof "[other]");
			r->flags |= GMON_SIDE_THREAD_MIXED;
		}
	}
	if (into) {
		fold(r, into);
		__atomic_store_n(&r->in_use, REC_FREE, __ATOMIC_RELEASE);
	} else {
		kept++;
		__atomic_store_n(&r->in_use, REC_KEPT, __ATOMIC_RELEASE);
	}
	fold_give();
}

/*
 * The thread ends (a pthread key destructor): give its record back.
 * The record first, then the table pointer: a signal handler between
 * the two counts into the record, still ours; one after them takes the
 * slow path and adopts another record, whose table pointer the second
 * store may clear (the next call finds it again through th->rec).  In
 * the other order a handler's slow path could restore the table
 * pointer of a record that is about to be handed to another thread.
 */
static void
thread_end(void *arg)
{
	struct gmon_thread *th = &gmon_tls;
	struct gmon_rec *r = arg;
	if (th->rec == r)
		th->rec = NULL;
	fence();
	th->table = NULL;
	fence();
	if (th->armed && !th->exited) {
		th->exited = true;
		sample_thread_stop();
	}
	rec_end(r);
}

int
gmon_arcs_init(void)
{
	if (have_key)
		return 0;
	if (pthread_key_create(&exit_key, thread_end) != 0)
		return -1;
	have_key = true;
	return 0;
}

uint64_t
gmon_arcs_early_dropped(void)
{
	return __atomic_load_n(&early_dropped, __ATOMIC_RELAXED);
}

static void
table_zero(struct gmon_table *t)
{
	for (; t; t = t->older)
		for (size_t i = 0; i < t->nslots; i++)
			t->slots[i].count = 0;
}

void
gmon_arcs_fork_child(bool keep)
{
	/* The other threads do not exist in the child: with KEEP their
	 * records are kept as ended threads' (the child's profile holds
	 * the parent's counts), else every count starts again. */
	struct gmon_rec *mine = gmon_tls.rec;
	fold_lock = 0; /* a fold under way in another thread is gone */
	kept = 0;
	uint64_t now = gmon_realtime_ns();
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		if (r != mine) {
			r->flags &= ~(uint32_t)GMON_SIDE_THREAD_MAIN;
			if (keep && r->in_use != REC_FREE) {
				if (r->in_use == REC_LIVE)
					r->last_ns = now;
				r->in_use = REC_KEPT;
				kept++;
				continue;
			}
			r->in_use = REC_FREE;
			r->stacks = NULL; /* stacks_fork_child frees it */
		}
		if (keep)
			continue;
		table_zero(r->table);
		for (int l = 0; l < GMON_NEST_LEVELS; l++)
			table_zero(r->nested[l]);
		r->dropped = 0;
		r->folded = 0;
		r->cpu_ns = 0;
		r->samples = 0;
	}
	if (!keep)
		early_dropped = 0;
	if (mine) {
		mine->tid = (uint64_t)syscall(SYS_gettid);
		mine->flags |= GMON_SIDE_THREAD_MAIN;
		clockid_t clock = CLOCK_THREAD_CPUTIME_ID;
		pthread_getcpuclockid(pthread_self(), &clock);
		mine->clock = (int)clock;
		if (!keep)
			mine->first_ns = now;
	}
}

/* The merge's table: hashed on both ends.  NULL when full (threads that
 * still run may add arcs after the merge sized its table). */
static struct gmon_slot *
merged_slot(struct gmon_merged *m, uintptr_t from, uintptr_t self)
{
	size_t mask = m->nslots - 1;
	size_t i = (size_t)((from * 0x9e3779b97f4a7c15u) ^ self) >> 7 & mask;
	for (;;) {
		struct gmon_slot *s = &m->slots[i];
		if (s->from == from && s->self == self)
			return s;
		if (s->from == 0) {
			if (m->narcs + 1 >= m->nslots)
				return NULL;
			s->from = from;
			s->self = self;
			m->narcs++;
			return s;
		}
		i = (i + 1) & mask;
	}
}

/*
 * Add the arcs of T (and its older generations) to M; returns the
 * calls counted in them.
 *
 * The merge reads tables that their threads may still be writing: at
 * exit (exit() runs _mcleanup while the other threads run on until
 * _exit), and in a snapshot (LIBGMON_DUMP_ON's exec, counting goes on).
 * Why that is safe, and what it can miss:
 *   - Every load here is of memory that stays mapped (tables are never
 *     unmapped while the program runs) and of one aligned word:
 *     relaxed atomic loads, which are plain loads on x86-64 and
 *     aarch64.  The owner's increment (the hooks' "incq", or count++
 *     here) is not atomic, but only the owner writes a slot, so the
 *     merge reads each count once and gets a value it had: old or new,
 *     never torn.
 *   - A key is published last with a release store (table_slot) and
 *     read here with acquire, so a slot whose from is seen has its
 *     self; a table or a nested table is published with a release
 *     store of the record's pointer after its header and its older
 *     link are written, and read with acquire: the walk never sees a
 *     half-made table.  An older pointer read just before a grow
 *     misses only the new generation, which holds the calls made since.
 *   - What can be missed is bounded: the final dump clears gmon_active
 *     before merging, so after that only a hook already past its check
 *     can still count: at most one call per thread and nesting level
 *     (1 + GMON_NEST_LEVELS), or one new key per thread that the merge
 *     did not size for (merged_slot: counted as dropped, never lost
 *     silently).  A snapshot is not one instant but each count is some
 *     value it had during the merge; the final dump has the rest.
 *   - used, tid and dropped are read plainly for sizing and the side
 *     file's per-thread figures: at worst one step stale.
 */
static uint64_t
merge_table(struct gmon_merged *m, struct gmon_table *t)
{
	uint64_t calls = 0;
	for (; t; t = __atomic_load_n(&t->older, __ATOMIC_ACQUIRE)) {
		for (size_t i = 0; i < t->nslots; i++) {
			struct gmon_slot *s = &t->slots[i];
			uintptr_t from =
			    __atomic_load_n(&s->from, __ATOMIC_ACQUIRE);
			uint64_t n =
			    __atomic_load_n(&s->count, __ATOMIC_RELAXED);
			if (!from || !n)
				continue;
			calls += n;
			struct gmon_slot *d = merged_slot(m, from, s->self);
			if (d)
				d->count += n;
			else
				m->dropped += n;
		}
	}
	return calls;
}

static size_t
table_used(struct gmon_table *t)
{
	size_t n = 0;
	for (; t; t = __atomic_load_n(&t->older, __ATOMIC_ACQUIRE))
		n += t->used;
	return n;
}

/* NAME, thread TID's name now (/proc/self/task/TID/comm: a descriptor
 * opened and closed here); left as it is when it cannot be read. */
static void
read_comm(uint64_t tid, char name[GMON_THREAD_NAME_MAX])
{
	char path[64];
	size_t n = sizeof "/proc/self/task/" - 1;
	memcpy(path, "/proc/self/task/", n);
	n += gmon_fmt_u64(path + n, tid);
	memcpy(path + n, "/comm", sizeof "/comm");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	char buf[GMON_THREAD_NAME_MAX + 1];
	ssize_t got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got <= 0)
		return;
	if (buf[got - 1] == '\n')
		got--;
	if (got > GMON_THREAD_NAME_MAX - 1)
		got = GMON_THREAD_NAME_MAX - 1;
	memcpy(name, buf, (size_t)got);
	name[got] = '\0';
}

/* R's per-thread numbers into ST (a live thread's as of now). */
static void
describe_thread(struct side_thread *st, const struct gmon_rec *r, uint64_t now)
{
	st->index = r->index;
	st->folded = r->folded;
	st->flags = r->flags;
	memcpy(st->name, r->name, sizeof st->name);
	st->cpu_ns = r->cpu_ns;
	st->samples = __atomic_load_n(&r->samples, __ATOMIC_RELAXED);
	st->first_ns = r->first_ns;
	st->last_ns = r->last_ns;
	if (__atomic_load_n(&r->in_use, __ATOMIC_ACQUIRE) != REC_LIVE)
		return;
	st->flags |= GMON_SIDE_THREAD_LIVE;
	st->last_ns = now;
	read_comm(r->tid, st->name);
	struct timespec ts;
	if (clock_gettime((clockid_t)r->clock, &ts) == 0)
		st->cpu_ns =
		    (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int
gmon_arcs_merge(struct gmon_merged *m)
{
	*m = (struct gmon_merged){ 0 };
	size_t recs = 0, keys = 0;
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		recs++;
		keys +=
		    table_used(__atomic_load_n(&r->table, __ATOMIC_ACQUIRE));
		for (int l = 0; l < GMON_NEST_LEVELS; l++)
			keys += table_used(
			    __atomic_load_n(&r->nested[l], __ATOMIC_ACQUIRE));
	}
	size_t nslots = 64;
	while (nslots < 2 * keys + 64)
		nslots *= 2;
	size_t slot_bytes = nslots * sizeof(struct gmon_slot);
	size_t bytes = slot_bytes + (recs + 1) * (sizeof(struct side_thread) +
						  sizeof(struct gmon_rec *));
	void *p = map(bytes);
	if (!p)
		return -1;
	m->map = p;
	m->map_bytes = bytes;
	m->slots = p;
	m->nslots = nslots;
	m->keys = keys;
	m->threads = (struct side_thread *)((char *)p + slot_bytes);
	m->recs = (const struct gmon_rec **)(m->threads + recs + 1);
	uint64_t now = gmon_realtime_ns();
	size_t n = 0;
	for (struct gmon_rec *r = registry_head(); r && n < recs; r = r->next) {
		if (__atomic_load_n(&r->in_use, __ATOMIC_ACQUIRE) == REC_FREE)
			continue; /* zeroed: its counts were folded */
		struct side_thread *st = &m->threads[n];
		m->recs[n++] = r;
		st->tid = r->tid;
		struct gmon_table *t =
		    __atomic_load_n(&r->table, __ATOMIC_ACQUIRE);
		st->calls = merge_table(m, t);
		st->arcs = t->used;
		for (int l = 0; l < GMON_NEST_LEVELS; l++)
			st->nested +=
			    merge_table(m, __atomic_load_n(&r->nested[l],
							   __ATOMIC_ACQUIRE));
		st->calls += st->nested;
		st->dropped = r->dropped;
		describe_thread(st, r, now);
		m->calls += st->calls;
		m->nested += st->nested;
		m->dropped += st->dropped;
	}
	m->nthreads = n;
	m->dropped += gmon_arcs_early_dropped();
	return 0;
}

void
gmon_rec_arcs(const struct gmon_rec *r,
	      void (*f)(void *arg, uintptr_t from, uintptr_t self,
			uint64_t count),
	      void *arg)
{
	const struct gmon_table *tables[1 + GMON_NEST_LEVELS];
	tables[0] = __atomic_load_n(&r->table, __ATOMIC_ACQUIRE);
	for (int l = 0; l < GMON_NEST_LEVELS; l++)
		tables[1 + l] =
		    __atomic_load_n(&r->nested[l], __ATOMIC_ACQUIRE);
	for (size_t k = 0; k < sizeof tables / sizeof *tables; k++)
		for (const struct gmon_table *t = tables[k]; t;
		     t = __atomic_load_n(&t->older, __ATOMIC_ACQUIRE))
			for (size_t i = 0; i < t->nslots; i++) {
				const struct gmon_slot *s = &t->slots[i];
				uintptr_t from =
				    __atomic_load_n(&s->from, __ATOMIC_ACQUIRE);
				uint64_t c = __atomic_load_n(&s->count,
							     __ATOMIC_RELAXED);
				if (from && c)
					f(arg, from, s->self, c);
			}
}

void
gmon_merged_free(struct gmon_merged *m)
{
	if (m->map)
		munmap(m->map, m->map_bytes);
	*m = (struct gmon_merged){ 0 };
}
