/*
 * threads.c - the profile's threads, gathered from the side files (see
 * threads.h).
 *
 * Invariant: with BY_NAME, row K is the one whose name has id K in
 * NAMES (rows are added in the order names first appear), so a name
 * finds its row in O(1); without it, rows are the one side file's
 * THREAD records in index order.  Every row's arcs are distinct and
 * sorted (threads_sum_arcs) after each side file is added.
 */
#include "threads.h"

#include <stdlib.h>
#include <string.h>

#include "reader.h"

_Static_assert(THREAD_NAME_MAX == GMON_SIDE_THREAD_NAME_MAX,
	       "threadview.h's name bound is the format's");

static int
arc_cmp(const void *p, const void *q)
{
	const struct sidefile_arc *a = p, *b = q;

	if (a->from_obj != b->from_obj)
		return a->from_obj < b->from_obj ? -1 : 1;
	if (a->self_obj != b->self_obj)
		return a->self_obj < b->self_obj ? -1 : 1;
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	if (a->self != b->self)
		return a->self < b->self ? -1 : 1;
	return 0;
}

size_t
threads_sum_arcs(struct sidefile_arc *v, size_t n)
{
	size_t k = 0;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), arc_cmp);
	for (size_t i = 1; i < n; i++) {
		if (arc_cmp(&v[k], &v[i]) == 0)
			v[k].count = gp_add_sat(v[k].count, v[i].count);
		else
			v[++k] = v[i];
	}
	return k + 1;
}

/* Append the N arcs at SRC to T, their objects through MAP (or kept,
 * for a NULL MAP). */
static void
add_arcs(struct gp_thread *t, const struct sidefile_arc *src, size_t n,
	 const uint32_t *map)
{
	if (n == 0)
		return;
	if (n > SIZE_MAX / sizeof(*t->arcs) - t->narcs)
		gp_out_of_memory();
	t->arcs = xreallocarray(t->arcs, t->narcs + n, sizeof(*t->arcs));
	for (size_t i = 0; i < n; i++) {
		struct sidefile_arc a = src[i];

		if (map != NULL && a.from_obj != SIDEFILE_EXE)
			a.from_obj = map[a.from_obj];
		if (map != NULL && a.self_obj != SIDEFILE_EXE)
			a.self_obj = map[a.self_obj];
		t->arcs[t->narcs++] = a;
	}
}

/* A new row, zeroed, named NAME. */
static struct gp_thread *
new_row(struct threads *th, const char *name)
{
	struct gp_thread *t;

	if (th->n == th->cap) {
		th->cap = th->cap ? 2 * th->cap : 16;
		th->v = xreallocarray(th->v, th->cap, sizeof(*th->v));
	}
	t = &th->v[th->n++];
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", name);
	return t;
}

/* Fold the numbers of a record (or row) into row T, which has none
 * yet when FRESH. */
static void
add_numbers(struct gp_thread *t, bool fresh, uint64_t tid, uint64_t calls,
	    uint64_t cpu_ns, uint64_t samples, uint64_t first_ns,
	    uint64_t last_ns, uint64_t nthreads, uint32_t flags)
{
	const uint32_t any = GMON_SIDE_THREAD_MAIN | GMON_SIDE_THREAD_MIXED;

	t->tid = tid;
	t->calls = gp_add_sat(t->calls, calls);
	t->cpu_ns = gp_add_sat(t->cpu_ns, cpu_ns);
	t->samples = gp_add_sat(t->samples, samples);
	t->nthreads = gp_add_sat(t->nthreads, nthreads);
	if (fresh) {
		t->first_ns = first_ns;
		t->last_ns = last_ns;
		t->flags = flags;
		return;
	}
	if (first_ns < t->first_ns)
		t->first_ns = first_ns;
	if (last_ns > t->last_ns)
		t->last_ns = last_ns;
	t->flags = (t->flags & flags & GMON_SIDE_THREAD_LIVE) |
		   ((t->flags | flags) & any);
}

/* From one row per record to one row per name (a second profile). */
static void
collapse(struct threads *th, size_t nobjs)
{
	struct gp_thread *old = th->v;
	size_t n = th->n;
	uint32_t *map = stacks_identity_map(nobjs);

	th->v = NULL;
	th->n = th->cap = 0;
	th->by_name = true;
	for (size_t i = 0; i < n; i++) {
		struct gp_thread *o = &old[i];
		bool fresh;
		uint32_t k = intern_id(&th->names, o->name, &fresh);

		if (fresh) {
			*new_row(th, o->name) = *o;
			continue;
		}
		struct gp_thread *t = &th->v[k];
		add_numbers(t, false, o->tid, o->calls, o->cpu_ns, o->samples,
			    o->first_ns, o->last_ns, o->nthreads, o->flags);
		add_arcs(t, o->arcs, o->narcs, NULL);
		t->narcs = threads_sum_arcs(t->arcs, t->narcs);
		stacks_add(&t->stacks, &o->stacks, map);
		free(o->arcs);
		stacks_free(&o->stacks);
	}
	free(old);
	free(map);
}

/* S's verdict: whether it has per-thread data, and why not. */
static enum threads_why
verdict_of(const struct sidefile *s)
{
	if (s->pt.bad)
		return THREADS_DAMAGED;
	if (!s->pt.any)
		return THREADS_OLD;
	if (!s->stacks.has_info ||
	    s->stacks.method == GMON_SIDE_STACK_METHOD_NONE)
		return THREADS_NO_STACKS;
	return THREADS_OK;
}

static void
add_window(struct threads *th, const struct sidefile_threads *pt)
{
	struct run_window *w = &th->window;

	if (!pt->has_window)
		return;
	if (!w->has) {
		w->has = true;
		w->start_ns = pt->start_ns;
		w->end_ns = pt->end_ns;
		w->seq = pt->seq;
		w->snapshot = (pt->window_flags & GMON_SIDE_WINDOW_SNAPSHOT);
	} else {
		if (pt->start_ns < w->start_ns)
			w->start_ns = pt->start_ns;
		if (pt->end_ns > w->end_ns)
			w->end_ns = pt->end_ns;
		w->seq = 0;
		w->snapshot = false;
	}
	th->nwindows++;
}

void
threads_add(struct threads *th, const struct sidefile *s, const uint32_t *map,
	    size_t nobjs)
{
	const struct sidefile_threads *pt = &s->pt;

	th->nsides++;
	add_window(th, pt);
	th->last = verdict_of(s);
	if (th->last != THREADS_OK) {
		/* Which profile it was is the caller's to say. */
		if (th->missing == THREADS_OK) {
			th->missing = th->last;
			th->missing_profile = SIZE_MAX;
		}
		return;
	}
	if (th->nsides > 1 && !th->by_name)
		collapse(th, nobjs);
	for (size_t i = 0; i < pt->n; i++) {
		const struct sidefile_pthread *p = &pt->v[i];
		struct gp_thread *t;
		bool fresh = true;

		if (th->by_name) {
			uint32_t k = intern_id(&th->names, p->name, &fresh);
			t = fresh ? new_row(th, p->name) : &th->v[k];
		} else {
			t = new_row(th, p->name);
		}
		add_numbers(t, fresh, p->tid, p->calls, p->cpu_ns, p->samples,
			    p->first_ns, p->last_ns, (uint64_t)p->folded + 1,
			    p->flags);
		add_arcs(t, p->arcs, p->narcs, map);
		t->narcs = threads_sum_arcs(t->arcs, t->narcs);
		stacks_add(&t->stacks, &p->stacks, map);
	}
	stacks_add(&th->unowned, &pt->unowned, map);
}

void
threads_missing(struct threads *th, size_t profile, enum threads_why why)
{
	if (why == THREADS_OK)
		return;
	if (th->missing != THREADS_OK) {
		if (th->missing_profile == SIZE_MAX)
			th->missing_profile = profile;
		return;
	}
	th->missing = why;
	th->missing_profile = profile;
}

const char *
threads_why_text(enum threads_why why)
{
	switch (why) {
	case THREADS_OK:
		break;
	case THREADS_NO_SIDE:
		return "no side file: glibc's collector writes none";
	case THREADS_IGNORED:
		return "its side file was ignored";
	case THREADS_OLD:
		return "its side file is from a collector without per-thread "
		       "records";
	case THREADS_NO_STACKS:
		return "no stacks were sampled, LIBGMON_STACKS=0?, so each "
		       "thread's samples are unknown";
	case THREADS_DAMAGED:
		return "its per-thread records are damaged";
	}
	return "per-thread data present";
}

/* Record K's object index as objects_encode() numbers objects. */
static uint32_t
obj_id(uint32_t k)
{
	return k == SIDEFILE_EXE ? 0 : k + 1;
}

void
threads_encode(const struct threads *th, struct wbuf *w)
{
	size_t at;

	if (th->window.has) {
		at = stacks_record_open(w, GMON_SIDE_WINDOW);
		wb_u64(w, th->window.start_ns);
		wb_u64(w, th->window.end_ns);
		wb_u32(w, th->window.seq);
		wb_u32(w, th->window.snapshot ? GMON_SIDE_WINDOW_SNAPSHOT : 0);
		stacks_record_close(w, at);
	}
	for (size_t i = 0; i < th->n; i++) {
		const struct gp_thread *t = &th->v[i];
		size_t nlen = strlen(t->name);

		at = stacks_record_open(w, GMON_SIDE_THREAD);
		wb_u64(w, t->tid);
		wb_u64(w, t->calls);
		wb_u64(w, t->narcs);
		wb_u64(w, 0); /* nested, dropped: not kept per thread */
		wb_u64(w, 0);
		wb_u32(w, (uint32_t)i + 1);
		wb_u32(w, t->nthreads - 1 > UINT32_MAX
			      ? UINT32_MAX
			      : (uint32_t)(t->nthreads - 1));
		wb_u64(w, t->cpu_ns);
		wb_u64(w, t->samples);
		wb_u64(w, t->first_ns);
		wb_u64(w, t->last_ns);
		wb_u32(w, t->flags);
		wb_u32(w, (uint32_t)nlen);
		wb_bytes(w, t->name, nlen);
		stacks_record_close(w, at);
		/* Records hold at most 4 GiB: arcs in chunks. */
		for (size_t j = 0; j < t->narcs;) {
			size_t n =
			    t->narcs - j < (1u << 24) ? t->narcs - j : 1u << 24;
			at = stacks_record_open(w, GMON_SIDE_THREADARCS);
			wb_u32(w, (uint32_t)i + 1);
			wb_u32(w, 0);
			wb_u64(w, n);
			for (size_t e = j; e < j + n; e++) {
				const struct sidefile_arc *a = &t->arcs[e];
				wb_u32(w, obj_id(a->from_obj));
				wb_u32(w, obj_id(a->self_obj));
				wb_u64(w, a->from);
				wb_u64(w, a->self);
				wb_u64(w, a->count);
			}
			stacks_record_close(w, at);
			j += n;
		}
	}
}

/* SS's STACKS records after a STACKOWNER naming INDEX. */
static void
owned_stacks(const struct stackset *ss, uint32_t index, struct wbuf *w)
{
	size_t at;
	/* stacks_encode() writes STACKINFO too when the set has one; the
	 * caller writes it once, after every owner's records. */
	struct stackset only = *ss;

	if (ss->n == 0)
		return;
	only.has_info = false;
	at = stacks_record_open(w, GMON_SIDE_STACKOWNER);
	wb_u32(w, index);
	wb_u32(w, 0);
	stacks_record_close(w, at);
	stacks_encode(&only, w);
}

void
threads_encode_stacks(const struct threads *th, struct wbuf *w)
{
	owned_stacks(&th->unowned, 0, w);
	for (size_t i = 0; i < th->n; i++)
		owned_stacks(&th->v[i].stacks, (uint32_t)i + 1, w);
}

void
threads_free(struct threads *th)
{
	for (size_t i = 0; i < th->n; i++) {
		free(th->v[i].arcs);
		stacks_free(&th->v[i].stacks);
	}
	free(th->v);
	stacks_free(&th->unowned);
	intern_free(&th->names);
	memset(th, 0, sizeof(*th));
}
