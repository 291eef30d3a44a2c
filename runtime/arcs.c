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
 *   - A record whose thread ended goes back to the registry (in_use 0)
 *     with its counts and is adopted by the next new thread; the output
 *     is a sum, so sharing a record over time loses nothing.
 */
#include "gmon_rt.h"

#include <pthread.h>
#include <sys/mman.h>
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

/* A record for the calling thread: a free one, else a new one. */
static struct gmon_rec *
rec_acquire(void)
{
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		int free_ = 0;
		if (__atomic_load_n(&r->in_use, __ATOMIC_RELAXED) == 0 &&
		    __atomic_compare_exchange_n(&r->in_use, &free_, 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return r;
	}
	struct gmon_rec *r = map(sizeof *r);
	if (!r)
		return NULL;
	r->table = table_new(INITIAL_SLOTS);
	if (!r->table) {
		munmap(r, sizeof *r);
		return NULL;
	}
	r->in_use = 1;
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
	/* The calling context's table (its root: stacks_entry). */
	stacks_thread_begin(frompc, selfpc);
	if (!th->armed) {
		th->armed = true;
		sample_thread_start();
	}
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
		stacks_entry(frompc);
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
	__atomic_store_n(&r->in_use, 0, __ATOMIC_RELEASE);
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
	struct gmon_rec *mine = gmon_tls.rec;
	for (struct gmon_rec *r = registry_head(); r; r = r->next) {
		/* The other threads do not exist in the child. */
		if (r != mine)
			__atomic_store_n(&r->in_use, 0, __ATOMIC_RELAXED);
		if (keep)
			continue;
		table_zero(r->table);
		for (int l = 0; l < GMON_NEST_LEVELS; l++)
			table_zero(r->nested[l]);
		r->dropped = 0;
	}
	if (!keep)
		early_dropped = 0;
	if (mine)
		mine->tid = (uint64_t)syscall(SYS_gettid);
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
	size_t bytes = slot_bytes + (recs + 1) * sizeof(struct side_thread);
	void *p = map(bytes);
	if (!p)
		return -1;
	m->map = p;
	m->map_bytes = bytes;
	m->slots = p;
	m->nslots = nslots;
	m->threads = (struct side_thread *)((char *)p + slot_bytes);
	size_t n = 0;
	for (struct gmon_rec *r = registry_head(); r && n < recs; r = r->next) {
		struct side_thread *st = &m->threads[n++];
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
		m->calls += st->calls;
		m->nested += st->nested;
		m->dropped += st->dropped;
	}
	m->nthreads = n;
	m->dropped += gmon_arcs_early_dropped();
	return 0;
}

void
gmon_merged_free(struct gmon_merged *m)
{
	if (m->map)
		munmap(m->map, m->map_bytes);
	*m = (struct gmon_merged){ 0 };
}
