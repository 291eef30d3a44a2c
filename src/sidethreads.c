/*
 * sidethreads.c - the side file's per-thread records (THREAD's part
 * from byte 40, THREADARCS, STACKOWNER) and WINDOW, read after
 * sidefile_parse() has checked the file's framing and objects (see
 * sidefile.h; the format is include/gmon_side.h).
 *
 * Two passes over the records: the first finds every THREAD with an
 * index (so THREADARCS and STACKOWNER may name a thread wherever its
 * record stands), the second reads what names them.  Invariant: after
 * the first pass V is sorted by index and holds no index twice, so a
 * thread is found by binary search; anything that breaks a rule drops
 * all the per-thread data (never the side file) and says which record.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "sidefile.h"

/* Where the records of a side file are: its bytes, one record a time. */
struct walk {
	const uint8_t *data;
	size_t len, off;
};

/* The next record's tag and body (in R); false at the end. */
static bool
next_record(struct walk *w, uint32_t *tag, struct reader *r)
{
	struct reader h;

	if (w->off >= w->len || w->len - w->off < GMON_SIDE_RECORD_HEADER_LEN)
		return false;
	reader_init(&h, w->data + w->off, GMON_SIDE_RECORD_HEADER_LEN, false,
		    8);
	*tag = rd_u32(&h);
	uint32_t blen = rd_u32(&h);
	size_t body = w->off + GMON_SIDE_RECORD_HEADER_LEN;
	/* sidefile_parse's frame() checked that every body fits. */
	if (NEVER(blen > w->len - body))
		return false;
	reader_init(r, w->data + body, blen, false, 8);
	w->off = body + (((size_t)blen + 7) & ~(size_t)7);
	return true;
}

static void
refuse(struct sidefile_threads *t, const char *fmt, ...)
{
	va_list ap;

	if (t->bad)
		return;
	t->bad = true;
	va_start(ap, fmt);
	vsnprintf(t->why, sizeof(t->why), fmt, ap);
	va_end(ap);
}

static int
by_index(const void *p, const void *q)
{
	const struct sidefile_pthread *a = p, *b = q;

	return (a->index > b->index) - (a->index < b->index);
}

/* Thread INDEX of T, or NULL. */
static struct sidefile_pthread *
find_thread(struct sidefile_threads *t, uint32_t index)
{
	struct sidefile_pthread key;

	key.index = index;
	return t->n == 0 ? NULL
			 : bsearch(&key, t->v, t->n, sizeof(*t->v), by_index);
}

/* The per-thread part of the K-th THREAD record (R, LEN bytes) into P;
 * false (T refused) when it breaks a rule. */
static bool
read_thread(struct sidefile_threads *t, struct reader *r, size_t len, size_t k,
	    struct sidefile_pthread *p)
{
	memset(p, 0, sizeof(*p));
	p->tid = rd_u64(r);
	p->calls = rd_u64(r);
	rd_skip(r, 24); /* arcs, nested, dropped: sidefile.c's */
	p->index = rd_u32(r);
	p->folded = rd_u32(r);
	p->cpu_ns = rd_u64(r);
	p->samples = rd_u64(r);
	p->first_ns = rd_u64(r);
	p->last_ns = rd_u64(r);
	p->flags = rd_u32(r);
	uint32_t nlen = rd_u32(r);
	if (nlen > GMON_SIDE_THREAD_NAME_MAX ||
	    nlen > len - GMON_SIDE_THREAD_LEN2) {
		refuse(t,
		       "THREAD record %zu: a name of %u bytes (at most %u, "
		       "in a body of %zu)",
		       k, nlen, GMON_SIDE_THREAD_NAME_MAX, len);
		return false;
	}
	rd_bytes(r, p->name, nlen);
	p->name[nlen] = '\0';
	return true;
}

/* First pass: every THREAD record with an index, sorted by it. */
static void
read_threads(struct sidefile_threads *t, const struct sidefile *s,
	     const uint8_t *data, size_t len)
{
	struct walk w = { data, len, GMON_SIDE_HEADER_LEN };
	struct reader r;
	uint32_t tag;
	size_t k = 0;

	/* No more than the THREAD records sidefile_parse() counted. */
	t->v = xcalloc(s->nthread ? s->nthread : 1, sizeof(*t->v));
	while (!t->bad && next_record(&w, &tag, &r)) {
		if (tag != GMON_SIDE_THREAD)
			continue;
		size_t blen = reader_left(&r);
		k++;
		if (blen < GMON_SIDE_THREAD_LEN2 || NEVER(t->n >= s->nthread))
			continue; /* an older collector's: no per-thread part */
		struct reader at = r;
		rd_skip(&at, 40);
		if (rd_u32(&at) == 0)
			continue; /* index 0: no per-thread data */
		if (read_thread(t, &r, blen, k, &t->v[t->n]))
			t->n++;
	}
	t->any = t->n > 0 || t->bad;
	qsort(t->v, t->n, sizeof(*t->v), by_index);
	for (size_t i = 1; !t->bad && i < t->n; i++)
		if (t->v[i].index == t->v[i - 1].index)
			refuse(t, "two THREAD records have index %u",
			       t->v[i].index);
}

/* Object ids to indices of the side file's OBJECT records. */
struct objid {
	uint32_t id, index;
};

static int
by_id(const void *p, const void *q)
{
	const struct objid *a = p, *b = q;

	return (a->id > b->id) - (a->id < b->id);
}

/* Object ID's index (SIDEFILE_EXE for 0), or false. */
static bool
object_index(const struct objid *ids, size_t n, uint32_t id, uint32_t *out)
{
	struct objid key = { id, 0 }, *hit;

	if (id == 0) {
		*out = SIDEFILE_EXE;
		return true;
	}
	hit = n ? bsearch(&key, ids, n, sizeof(*ids), by_id) : NULL;
	if (hit != NULL)
		*out = hit->index;
	return hit != NULL;
}

/* The K-th THREADARCS record, R. */
static void
read_arcs(struct sidefile_threads *t, struct reader *r, size_t k,
	  const struct objid *ids, size_t nids)
{
	size_t blen = reader_left(r);

	if (blen < GMON_SIDE_THREADARCS_LEN) {
		refuse(t, "THREADARCS record %zu of %zu bytes (at least %u)", k,
		       blen, GMON_SIDE_THREADARCS_LEN);
		return;
	}
	uint32_t index = rd_u32(r);
	rd_u32(r); /* reserved */
	uint64_t n = rd_u64(r);
	struct sidefile_pthread *p = find_thread(t, index);
	if (p == NULL) {
		refuse(t,
		       "THREADARCS record %zu names thread %u, which no "
		       "THREAD record has",
		       k, index);
		return;
	}
	if (n > (blen - GMON_SIDE_THREADARCS_LEN) / GMON_SIDE_ARC_LEN) {
		refuse(t,
		       "THREADARCS record %zu of %zu bytes cannot hold %llu "
		       "arcs",
		       k, blen, (unsigned long long)n);
		return;
	}
	if (n > p->arcs_cap - p->narcs) {
		size_t cap = p->arcs_cap ? p->arcs_cap : 16;
		while (cap - p->narcs < n)
			cap *= 2;
		p->arcs = xreallocarray(p->arcs, cap, sizeof(*p->arcs));
		p->arcs_cap = cap;
	}
	for (uint64_t i = 0; i < n; i++) {
		struct sidefile_arc *a = &p->arcs[p->narcs];
		uint32_t from = rd_u32(r), self = rd_u32(r);

		bool ok = object_index(ids, nids, from, &a->from_obj);
		uint32_t missing = ok ? self : from;

		if (!ok || !object_index(ids, nids, self, &a->self_obj)) {
			refuse(t,
			       "THREADARCS record %zu: an arc names undeclared "
			       "object %u",
			       k, missing);
			return;
		}
		a->from = rd_u64(r);
		a->self = rd_u64(r);
		a->count = rd_u64(r);
		p->narcs++;
	}
}

static void
read_window(struct sidefile_threads *t, struct reader *r)
{
	size_t blen = reader_left(r);

	if (t->has_window || t->window_why[0] != '\0') {
		t->has_window = false;
		snprintf(t->window_why, sizeof(t->window_why),
			 "a second WINDOW record");
		return;
	}
	if (blen < GMON_SIDE_WINDOW_LEN) {
		snprintf(t->window_why, sizeof(t->window_why),
			 "WINDOW record of %zu bytes (at least %u)", blen,
			 GMON_SIDE_WINDOW_LEN);
		return;
	}
	t->start_ns = rd_u64(r);
	t->end_ns = rd_u64(r);
	t->seq = rd_u32(r);
	t->window_flags = rd_u32(r);
	t->has_window = true;
}

/* Whose STACKS follow: *OWNER (NULL: no thread's) from the K-th
 * STACKOWNER record R. */
static void
read_owner(struct sidefile_threads *t, struct reader *r, size_t k,
	   struct sidefile_pthread **owner)
{
	if (reader_left(r) < GMON_SIDE_STACKOWNER_LEN) {
		refuse(t, "STACKOWNER record %zu of %zu bytes (at least %u)", k,
		       reader_left(r), GMON_SIDE_STACKOWNER_LEN);
		return;
	}
	uint32_t index = rd_u32(r);
	*owner = index == 0 ? NULL : find_thread(t, index);
	if (index != 0 && *owner == NULL)
		refuse(t,
		       "STACKOWNER record %zu names thread %u, which no THREAD "
		       "record has",
		       k, index);
}

/* Second pass: THREADARCS, STACKOWNER and the STACKS they own. */
static void
read_owned(struct sidefile_threads *t, const struct sidefile *s,
	   const uint8_t *data, size_t len)
{
	struct walk w = { data, len, GMON_SIDE_HEADER_LEN };
	struct sidefile_pthread *owner = NULL;
	struct objid *ids = xcalloc(s->nobj ? s->nobj : 1, sizeof(*ids));
	struct gp_err err;
	struct reader r;
	uint32_t tag;
	size_t narcs = 0, nowners = 0;

	for (size_t i = 0; i < s->nobj; i++)
		ids[i] = (struct objid){ s->obj[i].id, (uint32_t)i };
	qsort(ids, s->nobj, sizeof(*ids), by_id);
	while (!t->bad && next_record(&w, &tag, &r)) {
		switch (tag) {
		case GMON_SIDE_THREADARCS:
			read_arcs(t, &r, ++narcs, ids, s->nobj);
			break;
		case GMON_SIDE_STACKOWNER:
			read_owner(t, &r, ++nowners, &owner);
			break;
		case GMON_SIDE_STACKINFO: /* ends the owner's records */
			owner = NULL;
			break;
		case GMON_SIDE_STACKS: {
			struct stackset *ss =
			    owner ? &owner->stacks : &t->unowned;
			/* sidefile_parse() read the same bytes already. */
			if (stacks_parse(ss, &r, (uint32_t)reader_left(&r),
					 &err) != 0)
				refuse(t, "%s", err.msg);
			break;
		}
		default:
			break;
		}
	}
	free(ids);
	for (size_t i = 0; !t->bad && i < t->n; i++)
		if (stacks_resolve(&t->v[i].stacks, s->obj, s->nobj, &err) != 0)
			refuse(t, "thread %u: %s", t->v[i].index, err.msg);
	if (!t->bad && stacks_resolve(&t->unowned, s->obj, s->nobj, &err) != 0)
		refuse(t, "%s", err.msg);
}

/* WINDOW alone (it needs no thread). */
static void
read_windows(struct sidefile_threads *t, const uint8_t *data, size_t len)
{
	struct walk w = { data, len, GMON_SIDE_HEADER_LEN };
	struct reader r;
	uint32_t tag;

	while (next_record(&w, &tag, &r))
		if (tag == GMON_SIDE_WINDOW)
			read_window(t, &r);
}

/* Drop every thread's data, keeping the window and the verdict. */
static void
drop_threads(struct sidefile_threads *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].arcs);
		stacks_free(&t->v[i].stacks);
	}
	free(t->v);
	t->v = NULL;
	t->n = 0;
	stacks_free(&t->unowned);
}

void
sidefile_threads_parse(struct sidefile *s, const uint8_t *data, size_t len)
{
	struct sidefile_threads *t = &s->pt;

	read_windows(t, data, len);
	read_threads(t, s, data, len);
	if (t->n > 0 && !t->bad)
		read_owned(t, s, data, len);
	if (t->bad || t->n == 0)
		drop_threads(t);
}

void
sidefile_threads_free(struct sidefile_threads *t)
{
	drop_threads(t);
	memset(t, 0, sizeof(*t));
}
