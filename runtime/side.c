/*
 * side.c - writes the side file (contract: side.h; format:
 * include/gmon_side.h) through a buffer on the stack and write(2): no
 * malloc, no stdio, no locks.  The measured call graph's records come
 * from the merge of stacks_out.c (struct stacks_out).
 */
#include "side.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "gmon_side.h"

struct out {
	int fd;
	int error; /* errno of the first failure, 0 */
	size_t len;
	unsigned char buf[4096];
};

static void
flush(struct out *o)
{
	size_t done = 0;
	while (!o->error && done < o->len) {
		ssize_t n = write(o->fd, o->buf + done, o->len - done);
		if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno != EINTR)
			o->error = errno;
		else if (n == 0)
			o->error = EIO;
	}
	o->len = 0;
}

static void
put_bytes(struct out *o, const void *p, size_t n)
{
	const unsigned char *b = p;
	while (n) {
		if (o->len == sizeof o->buf)
			flush(o);
		size_t room = sizeof o->buf - o->len;
		size_t k = n < room ? n : room;
		memcpy(o->buf + o->len, b, k);
		o->len += k;
		b += k;
		n -= k;
	}
}

static void
put_u32(struct out *o, uint32_t v)
{
	unsigned char b[4];
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	put_bytes(o, b, 4);
}

static void
put_u64(struct out *o, uint64_t v)
{
	put_u32(o, (uint32_t)v);
	put_u32(o, (uint32_t)(v >> 32));
}

static void
put_zeros(struct out *o, size_t n)
{
	static const unsigned char zeros[8];
	put_bytes(o, zeros, n);
}

static void
record(struct out *o, uint32_t tag, size_t len)
{
	put_u32(o, tag);
	put_u32(o, (uint32_t)len);
}

static void
pad(struct out *o, size_t len)
{
	put_zeros(o, (8 - len % 8) % 8);
}

static uint32_t
clock_kind(const struct sample_result *r)
{
	switch (r->clock_kind) {
	case SAMPLE_PERF:
		return GMON_SIDE_CLOCK_PERF;
	case SAMPLE_THREAD_TIMER:
		return GMON_SIDE_CLOCK_THREAD_TIMER;
	case SAMPLE_ITIMER:
		return GMON_SIDE_CLOCK_ITIMER;
	case SAMPLE_WALL:
		return GMON_SIDE_CLOCK_WALL;
	case SAMPLE_AUTO:
		break;
	}
	return GMON_SIDE_CLOCK_NONE;
}

static size_t
bounded_strlen(const char *s, size_t max)
{
	size_t n = 0;
	while (s && n < max && s[n])
		n++;
	return n;
}

/* OBJECT for every object, then HIST for those with bins. */
static void
put_objects(struct out *o, const struct side_info *s)
{
	for (size_t i = 0; s->objects && i < s->nobjects; i++) {
		const struct side_object *ob = &s->objects[i];
		size_t idlen = ob->build_id ? ob->build_id_len : 0;
		if (idlen > GMON_SIDE_BUILD_ID_MAX)
			idlen = GMON_SIDE_BUILD_ID_MAX;
		size_t plen = bounded_strlen(ob->path, GMON_SIDE_EXE_MAX);
		size_t len = GMON_SIDE_OBJECT_LEN + idlen + plen;
		record(o, GMON_SIDE_OBJECT, len);
		put_u32(o, ob->id);
		put_u32(o, ob->flags);
		put_u64(o, ob->base);
		put_u64(o, ob->text_lo);
		put_u64(o, ob->text_hi);
		put_u32(o, (uint32_t)idlen);
		put_u32(o, (uint32_t)plen);
		put_bytes(o, ob->build_id, idlen);
		put_bytes(o, ob->path, plen);
		pad(o, len);
	}
	for (size_t i = 0; s->objects && i < s->nobjects; i++) {
		const struct side_object *ob = &s->objects[i];
		if (!ob->bins ||
		    ob->nbins > (UINT32_MAX - GMON_SIDE_HIST_LEN) / 4)
			continue;
		size_t len = GMON_SIDE_HIST_LEN + 4 * (size_t)ob->nbins;
		record(o, GMON_SIDE_HIST, len);
		put_u32(o, ob->id);
		put_u32(o, 0);
		put_u64(o, ob->lowpc);
		put_u64(o, ob->nbins);
		for (uint64_t b = 0; b < ob->nbins; b++)
			put_u32(
			    o, __atomic_load_n(&ob->bins[b], __ATOMIC_RELAXED));
		pad(o, len);
	}
}

/* The arcs in records of at most ARCS_PER_RECORD entries (a length
 * well inside 32 bits). */
#define ARCS_PER_RECORD ((size_t)1 << 20)

/* ARCS records of ARCS[0..N), or THREADARCS of thread INDEX. */
static void
put_arcs(struct out *o, const struct side_arc *arcs, size_t narcs,
	 uint32_t index)
{
	for (size_t done = 0; arcs && done < narcs;) {
		size_t n = narcs - done;
		if (n > ARCS_PER_RECORD)
			n = ARCS_PER_RECORD;
		if (index) {
			record(o, GMON_SIDE_THREADARCS,
			       GMON_SIDE_THREADARCS_LEN +
				   n * GMON_SIDE_ARC_LEN);
			put_u32(o, index);
			put_u32(o, 0);
		} else {
			record(o, GMON_SIDE_ARCS,
			       GMON_SIDE_ARCS_LEN + n * GMON_SIDE_ARC_LEN);
		}
		put_u64(o, n);
		for (size_t i = done; i < done + n; i++) {
			const struct side_arc *a = &arcs[i];
			put_u32(o, a->from_obj);
			put_u32(o, a->self_obj);
			put_u64(o, a->from);
			put_u64(o, a->self);
			put_u64(o, a->count);
		}
		done += n;
	}
}

/* The bytes of the stack entry at words W of a STACKS body (padded). */
static size_t
entry_len(const uint32_t *w)
{
	return (GMON_SIDE_STACK_HEAD_LEN + 4 * (size_t)w[0] + 7) & ~(size_t)7;
}

/* One STACKS record with every frame of SO and its stacks at words
 * [FROM, TO), N of them, BODY bytes of entries. */
static void
stacks_chunk(struct out *o, const struct stacks_out *so, size_t from, size_t to,
	     size_t n, size_t body)
{
	size_t len = GMON_SIDE_STACKS_LEN +
		     GMON_SIDE_STACK_FRAME_LEN * so->nframes + body;
	record(o, GMON_SIDE_STACKS, len);
	put_u64(o, so->nframes);
	put_u64(o, n);
	for (size_t i = 0; i < so->nframes; i++) {
		put_u32(o, so->frames[i].object);
		put_u32(o, 0);
		put_u64(o, so->frames[i].addr);
	}
	for (size_t w = from; w < to; w += 4 + so->words[w]) {
		const uint32_t *e = &so->words[w];
		for (uint32_t i = 0; i < 4 + e[0]; i++)
			put_u32(o, e[i]);
		if (e[0] % 2)
			put_u32(o, 0);
	}
}

/* A STACKS body's bytes at most: more stacks, more records (each with
 * every frame). */
#define STACKS_RECORD_MAX ((size_t)1 << 31)

/* STACKINFO's sums, over every thread. */
struct stack_sums {
	uint64_t stacks, truncated, dropped, unwound;
};

/* SO's STACKS records, after a STACKOWNER naming thread OWNER (none
 * when SO holds nothing); its sums into *SUM. */
static void
put_stacks(struct out *o, const struct stacks_out *so, uint32_t owner,
	   struct stack_sums *sum)
{
	if (!so || !so->on)
		return;
	uint64_t stacks = so->stacks, truncated = so->truncated;
	uint64_t dropped = so->dropped, unwound = so->unwound;
	size_t fixed =
	    GMON_SIDE_STACKS_LEN + GMON_SIDE_STACK_FRAME_LEN * so->nframes;
	if (fixed > STACKS_RECORD_MAX / 2) {
		/* Cannot happen with the tables' sizes: not written. */
		dropped += stacks;
		stacks = truncated = unwound = 0;
	} else if (so->nwords) {
		record(o, GMON_SIDE_STACKOWNER, GMON_SIDE_STACKOWNER_LEN);
		put_u32(o, owner);
		put_u32(o, 0);
		size_t from = 0, n = 0, body = 0;
		for (size_t w = 0; w < so->nwords; w += 4 + so->words[w]) {
			size_t e = entry_len(&so->words[w]);
			if (n && fixed + body + e > STACKS_RECORD_MAX) {
				stacks_chunk(o, so, from, w, n, body);
				from = w;
				n = body = 0;
			}
			n++;
			body += e;
		}
		if (n)
			stacks_chunk(o, so, from, so->nwords, n, body);
	}
	sum->stacks += stacks;
	sum->truncated += truncated;
	sum->dropped += dropped;
	sum->unwound += unwound;
}

/* Every thread's STACKS, then those of no thread, then STACKINFO:
 * nothing when stacks were off. */
static void
put_all_stacks(struct out *o, const struct side_info *s)
{
	if (!s->stacks_on)
		return;
	struct stack_sums sum = { 0 };
	for (size_t i = 0; s->threads && i < s->nthreads; i++)
		put_stacks(o, s->threads[i].stacks, s->threads[i].index, &sum);
	put_stacks(o, s->stacks, 0, &sum);
	record(o, GMON_SIDE_STACKINFO, GMON_SIDE_STACKINFO_LEN2);
	put_u64(o, sum.stacks + sum.dropped);
	put_u64(o, sum.stacks);
	put_u64(o, sum.truncated);
	put_u64(o, sum.dropped);
	put_u32(o, s->stacks_depth_max);
	put_u32(o, s->stacks_method);
	put_u64(o, sum.unwound);
}

/* One THREAD record, with the per-thread part, and its THREADARCS. */
static void
put_thread(struct out *o, const struct side_thread *t)
{
	size_t namelen = bounded_strlen(t->name, GMON_SIDE_THREAD_NAME_MAX);
	size_t len = GMON_SIDE_THREAD_LEN2 + namelen;
	record(o, GMON_SIDE_THREAD, len);
	put_u64(o, t->tid);
	put_u64(o, t->calls);
	put_u64(o, t->arcs);
	put_u64(o, t->nested);
	put_u64(o, t->dropped);
	put_u32(o, t->index);
	put_u32(o, t->folded);
	put_u64(o, t->cpu_ns);
	put_u64(o, t->samples);
	put_u64(o, t->first_ns);
	put_u64(o, t->last_ns);
	put_u32(o, t->flags);
	put_u32(o, (uint32_t)namelen);
	put_bytes(o, t->name, namelen);
	pad(o, len);
	put_arcs(o, t->tarcs, t->ntarcs, t->index);
}

int
side_write_fd(int fd, const struct side_info *s)
{
	struct out o;
	o.fd = fd;
	o.error = 0;
	o.len = 0;

	put_bytes(&o, GMON_SIDE_MAGIC, GMON_SIDE_MAGIC_LEN);
	put_u32(&o, GMON_SIDE_VERSION);
	put_u32(&o, 0);

	size_t idlen = s->build_id ? s->build_id_len : 0;
	if (idlen > GMON_SIDE_BUILD_ID_MAX)
		idlen = GMON_SIDE_BUILD_ID_MAX;
	size_t exelen = bounded_strlen(s->exe_path, GMON_SIDE_EXE_MAX);
	size_t len = GMON_SIDE_RUN_LEN + idlen + exelen;
	record(&o, GMON_SIDE_RUN, len);
	put_bytes(&o, s->run_id, GMON_SIDE_RUN_ID_LEN);
	put_u32(&o, 0);
	put_u64(&o, s->load_base);
	put_u64(&o, s->text_lo);
	put_u64(&o, s->text_hi);
	put_u32(&o, (uint32_t)idlen);
	put_u32(&o, (uint32_t)exelen);
	put_bytes(&o, s->build_id, idlen);
	put_bytes(&o, s->exe_path, exelen);
	pad(&o, len);
	if (s->profile_size > 0) {
		record(&o, GMON_SIDE_TIE, GMON_SIDE_TIE_LEN);
		put_u64(&o, s->profile_size);
		put_u64(&o, s->profile_hash);
	}

	const struct sample_result *r = s->samples;
	if (r) {
		size_t namelen = bounded_strlen(r->clock, GMON_SIDE_NAME_MAX);
		len = GMON_SIDE_CLOCK_LEN + namelen;
		record(&o, GMON_SIDE_CLOCK, len);
		put_u32(&o, clock_kind(r));
		put_u32(&o, r->asked_hz);
		put_u32(&o, r->rate_hz);
		put_u32(&o, (uint32_t)namelen);
		put_u64(&o, r->rate_mhz);
		put_u64(&o, r->sampled_ns);
		put_u64(&o, r->samples);
		put_u64(&o, r->outside);
		put_u64(&o, r->collector);
		put_u64(&o, r->lost);
		put_u64(&o, r->threads);
		put_u64(&o, r->unarmed);
		put_u64(&o, r->blocked);
		put_bytes(&o, r->clock, namelen);
		pad(&o, len);
	}

	if (s->end_ns) {
		record(&o, GMON_SIDE_WINDOW, GMON_SIDE_WINDOW_LEN);
		put_u64(&o, s->start_ns);
		put_u64(&o, s->end_ns);
		put_u32(&o, s->seq);
		put_u32(&o, s->snapshot ? GMON_SIDE_WINDOW_SNAPSHOT : 0);
	}

	put_objects(&o, s);
	put_arcs(&o, s->arcs, s->narcs, 0);
	/* THREADs before the STACKOWNERs that name them. */
	for (size_t i = 0; s->threads && i < s->nthreads; i++)
		put_thread(&o, &s->threads[i]);
	put_all_stacks(&o, s);

	record(&o, GMON_SIDE_TOTALS, GMON_SIDE_TOTALS_LEN);
	put_u64(&o, s->calls);
	put_u64(&o, s->dropped);
	put_u64(&o, s->nested);
	put_u64(&o, s->threads ? s->nthreads : 0);
	record(&o, GMON_SIDE_END, 0);

	flush(&o);
	if (o.error) {
		errno = o.error;
		return -1;
	}
	return 0;
}
