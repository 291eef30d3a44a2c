/*
 * stacks.c - the sampled call stacks of side files (see stacks.h).
 *
 * Invariant: frames[] and v[] hold no two equal entries; FHASH and
 * SHASH (open addressing, UINT32_MAX empty, at most half full) find
 * them by content.  A frame's id is its index in frames[], a stack's
 * frames are ids[at .. at + depth), innermost first.
 */
#include "stacks.h"

#include <stdlib.h>
#include <string.h>

#include "gmon_side.h"
#include "sidefile.h"

#define EMPTY UINT32_MAX

/* The smallest stack in a record: its head and one index, padded. */
#define MIN_STACK_BYTES (GMON_SIDE_STACK_HEAD_LEN + 8)

/* STACKS records written by stacks_encode() stay near this size. */
#define RECORD_BYTES ((size_t)1 << 30)

static uint64_t
mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h;
}

static uint64_t
frame_hash(uint32_t obj, uint64_t addr)
{
	return mix(addr * 0x9E3779B97F4A7C15ull + obj);
}

static uint64_t
stack_hash(const uint32_t *ids, uint32_t depth, uint32_t flags)
{
	uint64_t h = ((uint64_t)flags << 32 | depth) * 0x100000001b3ull;

	for (uint32_t i = 0; i < depth; i++)
		h = (h ^ ids[i]) * 0x100000001b3ull + (h >> 29);
	return mix(h);
}

/* gp_add_sat, noting in *OVERFLOW that it saturated. */
static uint64_t
add_sat(uint64_t a, uint64_t b, bool *overflow)
{
	*overflow |= a > UINT64_MAX - b;
	return gp_add_sat(a, b);
}

/* A fresh table of CAP empty slots. */
static uint32_t *
empty_table(size_t cap)
{
	uint32_t *t = xreallocarray(NULL, cap, sizeof(*t));

	memset(t, 0xff, cap * sizeof(*t));
	return t;
}

/* Make room for one more frame: the table rebuilt when half full (or
 * missing: stacks_resolve() drops it). */
static void
frame_room(struct stackset *ss)
{
	if (ss->nframes == ss->frames_cap) {
		ss->frames_cap = ss->frames_cap ? 2 * ss->frames_cap : 64;
		ss->frames = xreallocarray(ss->frames, ss->frames_cap,
					   sizeof(*ss->frames));
	}
	if (ss->fhash_cap != 0 && ss->nframes + 1 <= ss->fhash_cap / 2)
		return;
	size_t cap = 128;
	while (cap / 2 < ss->nframes + 1)
		cap *= 2;
	free(ss->fhash);
	ss->fhash = empty_table(cap);
	ss->fhash_cap = cap;
	for (size_t f = 0; f < ss->nframes; f++) {
		size_t k = frame_hash(ss->frames[f].obj, ss->frames[f].addr) &
			   (cap - 1);
		while (ss->fhash[k] != EMPTY)
			k = (k + 1) & (cap - 1);
		ss->fhash[k] = (uint32_t)f;
	}
}

/* The id of frame (OBJ, ADDR), added if new. */
static uint32_t
frame_id(struct stackset *ss, uint32_t obj, uint64_t addr)
{
	if (ss->nframes >= EMPTY - 1)
		gp_out_of_memory();
	frame_room(ss);
	size_t mask = ss->fhash_cap - 1;
	for (size_t k = frame_hash(obj, addr) & mask;; k = (k + 1) & mask) {
		uint32_t f = ss->fhash[k];

		if (f == EMPTY) {
			ss->fhash[k] = (uint32_t)ss->nframes;
			ss->frames[ss->nframes].obj = obj;
			ss->frames[ss->nframes].addr = addr;
			return (uint32_t)ss->nframes++;
		}
		if (ss->frames[f].obj == obj && ss->frames[f].addr == addr)
			return f;
	}
}

/* Room for N more frame ids. */
static void
ids_room(struct stackset *ss, size_t n)
{
	if (ss->ids_cap - ss->nids >= n)
		return;
	size_t cap = ss->ids_cap ? ss->ids_cap : 256;
	while (cap - ss->nids < n)
		cap *= 2;
	ss->ids = xreallocarray(ss->ids, cap, sizeof(*ss->ids));
	ss->ids_cap = cap;
}

static void
stack_room(struct stackset *ss)
{
	if (ss->n >= EMPTY - 1)
		gp_out_of_memory();
	if (ss->n == ss->cap) {
		ss->cap = ss->cap ? 2 * ss->cap : 64;
		ss->v = xreallocarray(ss->v, ss->cap, sizeof(*ss->v));
	}
	if (ss->shash_cap != 0 && ss->n + 1 <= ss->shash_cap / 2)
		return;
	size_t cap = ss->shash_cap ? 2 * ss->shash_cap : 128;
	free(ss->shash);
	ss->shash = empty_table(cap);
	ss->shash_cap = cap;
	for (size_t s = 0; s < ss->n; s++) {
		const struct stack_entry *e = &ss->v[s];
		size_t k =
		    stack_hash(ss->ids + e->at, e->depth, e->flags) & (cap - 1);
		while (ss->shash[k] != EMPTY)
			k = (k + 1) & (cap - 1);
		ss->shash[k] = (uint32_t)s;
	}
}

/*
 * Count COUNT samples of the stack whose DEPTH frame ids were just
 * appended at ids[AT]: summed into an equal stack (the ids taken back)
 * or kept as a new one.  False when a sum overflowed (it saturates).
 */
static bool
put_stack(struct stackset *ss, size_t at, uint32_t depth, uint32_t flags,
	  uint64_t count)
{
	const uint32_t *ids = ss->ids + at;
	uint64_t h = stack_hash(ids, depth, flags);
	bool overflow = false;

	stack_room(ss);
	size_t mask = ss->shash_cap - 1;
	for (size_t k = h & mask;; k = (k + 1) & mask) {
		uint32_t s = ss->shash[k];

		if (s == EMPTY) {
			ss->shash[k] = (uint32_t)ss->n;
			ss->v[ss->n++] =
			    (struct stack_entry){ count, at, depth, flags, h };
			break;
		}
		struct stack_entry *e = &ss->v[s];
		if (e->hash == h && e->depth == depth && e->flags == flags &&
		    memcmp(ss->ids + e->at, ids, depth * sizeof(*ids)) == 0) {
			e->count = add_sat(e->count, count, &overflow);
			ss->nids = at;
			break;
		}
	}
	ss->samples = add_sat(ss->samples, count, &overflow);
	if (flags & GMON_SIDE_STACK_TRUNCATED)
		ss->truncated = add_sat(ss->truncated, count, &overflow);
	return !overflow;
}

/* The stacks of one record, after its frame table (LOCAL: their ids). */
static int
parse_stacks(struct stackset *ss, struct reader *r, size_t rec,
	     uint64_t nstacks, const uint32_t *local, uint64_t nframes,
	     struct gp_err *err)
{
	for (uint64_t s = 0; s < nstacks; s++) {
		if (reader_left(r) < GMON_SIDE_STACK_HEAD_LEN)
			return gp_fail(
			    err,
			    "STACKS record %zu: stack %llu runs past "
			    "the record's end",
			    rec, (unsigned long long)s);
		uint32_t depth = rd_u32(r);
		uint32_t flags = rd_u32(r);
		uint64_t count = rd_u64(r);
		if (depth == 0 || depth > GMON_SIDE_STACK_DEPTH_MAX)
			return gp_fail(
			    err,
			    "STACKS record %zu: stack %llu has depth "
			    "%u (1 to %u)",
			    rec, (unsigned long long)s, depth,
			    GMON_SIDE_STACK_DEPTH_MAX);
		if (count == 0)
			return gp_fail(err,
				       "STACKS record %zu: stack %llu has a "
				       "count of 0",
				       rec, (unsigned long long)s);
		size_t bytes = ((size_t)depth * 4 + 7) & ~(size_t)7;
		if (reader_left(r) < bytes)
			return gp_fail(err,
				       "STACKS record %zu: stack %llu of depth "
				       "%u runs past the record's end",
				       rec, (unsigned long long)s, depth);
		size_t at = ss->nids;
		ids_room(ss, depth);
		for (uint32_t d = 0; d < depth; d++) {
			uint32_t x = rd_u32(r);
			if (x >= nframes)
				return gp_fail(err,
					       "STACKS record %zu: stack %llu "
					       "names frame %u of %llu",
					       rec, (unsigned long long)s, x,
					       (unsigned long long)nframes);
			ss->ids[ss->nids++] = local[x];
		}
		rd_skip(r, bytes - (size_t)depth * 4);
		if (!put_stack(ss, at, depth, flags, count))
			ss->capped = true;
	}
	return 0;
}

int
stacks_parse(struct stackset *ss, struct reader *r, uint32_t len,
	     struct gp_err *err)
{
	size_t rec = ++ss->nrecords;

	ss->raw_ids = true;
	if (len < GMON_SIDE_STACKS_LEN)
		return gp_fail(err,
			       "STACKS record %zu of %u bytes (at least %u)",
			       rec, len, GMON_SIDE_STACKS_LEN);
	uint64_t nframes = rd_u64(r);
	uint64_t nstacks = rd_u64(r);
	uint64_t left = len - GMON_SIDE_STACKS_LEN;
	if (nframes > left / GMON_SIDE_STACK_FRAME_LEN)
		return gp_fail(err,
			       "STACKS record %zu of %u bytes cannot hold "
			       "%llu frames",
			       rec, len, (unsigned long long)nframes);
	left -= nframes * GMON_SIDE_STACK_FRAME_LEN;
	if (nstacks > left / MIN_STACK_BYTES)
		return gp_fail(err,
			       "STACKS record %zu of %u bytes cannot hold "
			       "%llu stacks after %llu frames",
			       rec, len, (unsigned long long)nstacks,
			       (unsigned long long)nframes);
	uint32_t *local =
	    xreallocarray(NULL, nframes ? (size_t)nframes : 1, sizeof(*local));
	for (uint64_t i = 0; i < nframes; i++) {
		uint32_t obj = rd_u32(r);
		rd_u32(r); /* reserved */
		uint64_t addr = rd_u64(r);
		/* The file's id, 0 for the executable, until
		 * stacks_resolve(): every id an OBJECT record may declare,
		 * UINT32_MAX too, stays apart from the executable's. */
		local[i] = frame_id(ss, obj, addr);
	}
	int rc = parse_stacks(ss, r, rec, nstacks, local, nframes, err);
	free(local);
	return rc;
}

int
stacks_parse_info(struct stackset *ss, struct reader *r, uint32_t len,
		  struct gp_err *err)
{
	if (ss->has_info)
		return gp_fail(err, "a second STACKINFO record");
	if (len < GMON_SIDE_STACKINFO_LEN)
		return gp_fail(err,
			       "STACKINFO record of %u bytes (at least %u)",
			       len, GMON_SIDE_STACKINFO_LEN);
	ss->info_samples = rd_u64(r);
	ss->info_stacks = rd_u64(r);
	ss->info_truncated = rd_u64(r);
	ss->info_dropped = rd_u64(r);
	ss->depth_max = rd_u32(r);
	ss->method = rd_u32(r);
	ss->info_unwound = len >= GMON_SIDE_STACKINFO_LEN2 ? rd_u64(r) : 0;
	ss->has_info = true;
	return 0;
}

struct id_index {
	uint32_t id, index;
};

static int
by_id(const void *p, const void *q)
{
	const struct id_index *a = p, *b = q;

	return (a->id > b->id) - (a->id < b->id);
}

int
stacks_resolve(struct stackset *ss, const struct sidefile_object *obj,
	       size_t nobj, struct gp_err *err)
{
	struct id_index *v;
	int rc = 0;

	if (!ss->raw_ids)
		return 0;
	v = xreallocarray(NULL, nobj ? nobj : 1, sizeof(*v));
	for (size_t i = 0; i < nobj; i++)
		v[i] = (struct id_index){ obj[i].id, (uint32_t)i };
	qsort(v, nobj, sizeof(*v), by_id);
	for (size_t f = 0; f < ss->nframes && rc == 0; f++) {
		struct id_index key = { ss->frames[f].obj, 0 }, *hit;

		if (key.id == 0) {
			ss->frames[f].obj = STACKS_EXE;
			continue;
		}
		hit = bsearch(&key, v, nobj, sizeof(*v), by_id);
		if (hit == NULL)
			rc = gp_fail(err,
				     "a STACKS frame names undeclared object "
				     "%u",
				     key.id);
		else
			ss->frames[f].obj = hit->index;
	}
	free(v);
	/* The frames' hashes changed with them: rebuilt when next needed. */
	free(ss->fhash);
	ss->fhash = NULL;
	ss->fhash_cap = 0;
	ss->raw_ids = false;
	return rc;
}

void
stacks_add(struct stackset *dst, const struct stackset *src,
	   const uint32_t *map)
{
	uint32_t *fmap;
	bool overflow = false;

	if (src->n == 0 && !src->has_info)
		return;
	fmap =
	    xreallocarray(NULL, src->nframes ? src->nframes : 1, sizeof(*fmap));
	for (size_t f = 0; f < src->nframes; f++) {
		uint32_t obj = src->frames[f].obj;

		fmap[f] = frame_id(dst, obj == STACKS_EXE ? obj : map[obj],
				   src->frames[f].addr);
	}
	for (size_t s = 0; s < src->n; s++) {
		const struct stack_entry *e = &src->v[s];
		size_t at = dst->nids;

		ids_room(dst, e->depth);
		for (uint32_t d = 0; d < e->depth; d++)
			dst->ids[dst->nids++] = fmap[src->ids[e->at + d]];
		if (!put_stack(dst, at, e->depth, e->flags, e->count))
			dst->capped = true;
	}
	free(fmap);
	dst->nrecords += src->nrecords;
	if (src->has_info) {
		if (!dst->has_info)
			dst->method = src->method;
		dst->has_info = true;
		dst->info_samples =
		    add_sat(dst->info_samples, src->info_samples, &overflow);
		dst->info_stacks =
		    add_sat(dst->info_stacks, src->info_stacks, &overflow);
		dst->info_truncated = add_sat(dst->info_truncated,
					      src->info_truncated, &overflow);
		dst->info_dropped =
		    add_sat(dst->info_dropped, src->info_dropped, &overflow);
		dst->info_unwound =
		    add_sat(dst->info_unwound, src->info_unwound, &overflow);
		if (src->depth_max > dst->depth_max)
			dst->depth_max = src->depth_max;
	}
	dst->capped |= src->capped || overflow;
}

size_t
stacks_record_open(struct wbuf *w, uint32_t tag)
{
	size_t at = w->n;

	wb_u32(w, tag);
	wb_u32(w, 0);
	return at;
}

void
stacks_record_close(struct wbuf *w, size_t at)
{
	size_t len = w->n - at - GMON_SIDE_RECORD_HEADER_LEN;

	for (int i = 0; i < 4; i++)
		w->p[at + 4 + i] = (unsigned char)(len >> (8 * i));
	while (w->n % 8 != 0)
		wb_u8(w, 0);
}

/*
 * One STACKS record of stacks [I, J): their frames get local indexes
 * LOC[] (EMPTY elsewhere, and again after), listed in ORDER.
 */
static void
encode_chunk(const struct stackset *ss, size_t i, size_t j, uint32_t *loc,
	     uint32_t *order, struct wbuf *w)
{
	uint32_t nloc = 0;
	size_t at;

	for (size_t s = i; s < j; s++)
		for (uint32_t d = 0; d < ss->v[s].depth; d++) {
			uint32_t f = ss->ids[ss->v[s].at + d];
			if (loc[f] == EMPTY) {
				loc[f] = nloc;
				order[nloc++] = f;
			}
		}
	at = stacks_record_open(w, GMON_SIDE_STACKS);
	wb_u64(w, nloc);
	wb_u64(w, j - i);
	for (uint32_t k = 0; k < nloc; k++) {
		const struct stack_frame *fr = &ss->frames[order[k]];
		wb_u32(w, fr->obj == STACKS_EXE ? 0 : fr->obj + 1);
		wb_u32(w, 0);
		wb_u64(w, fr->addr);
	}
	for (size_t s = i; s < j; s++) {
		const struct stack_entry *e = &ss->v[s];
		wb_u32(w, e->depth);
		wb_u32(w, e->flags);
		wb_u64(w, e->count);
		for (uint32_t d = 0; d < e->depth; d++)
			wb_u32(w, loc[ss->ids[e->at + d]]);
		if (e->depth % 2 != 0)
			wb_u32(w, 0);
	}
	stacks_record_close(w, at);
	for (uint32_t k = 0; k < nloc; k++)
		loc[order[k]] = EMPTY;
}

void
stacks_encode(const struct stackset *ss, struct wbuf *w)
{
	if (ss->n > 0) {
		uint32_t *loc = empty_table(ss->nframes ? ss->nframes : 1);
		uint32_t *order = xreallocarray(
		    NULL, ss->nframes ? ss->nframes : 1, sizeof(*order));

		/* Records hold at most 4 GiB: stacks in chunks whose
		 * bytes (each frame counted once per stack, at most)
		 * stay near RECORD_BYTES. */
		for (size_t i = 0; i < ss->n;) {
			size_t j = i, bytes = 0;

			while (j < ss->n && (j == i || bytes < RECORD_BYTES)) {
				bytes += MIN_STACK_BYTES +
					 (size_t)ss->v[j].depth *
					     (4 + GMON_SIDE_STACK_FRAME_LEN);
				j++;
			}
			encode_chunk(ss, i, j, loc, order, w);
			i = j;
		}
		free(loc);
		free(order);
	}
	if (ss->has_info) {
		size_t at = stacks_record_open(w, GMON_SIDE_STACKINFO);
		wb_u64(w, ss->info_samples);
		wb_u64(w, ss->info_stacks);
		wb_u64(w, ss->info_truncated);
		wb_u64(w, ss->info_dropped);
		wb_u32(w, ss->depth_max);
		wb_u32(w, ss->method);
		wb_u64(w, ss->info_unwound);
		stacks_record_close(w, at);
	}
}

static const char *
method_name(uint32_t method)
{
	switch (method) {
	case GMON_SIDE_STACK_METHOD_NONE:
		return "none";
	case GMON_SIDE_STACK_METHOD_PERF:
		return "perf";
	case GMON_SIDE_STACK_METHOD_SIGNAL:
		return "signal";
	case GMON_SIDE_STACK_METHOD_SHADOW:
		return "shadow";
	}
	return "unknown";
}

void
stacks_describe(FILE *out, const struct stackset *ss)
{
	if (ss->n == 0 && !ss->has_info)
		return;
	fprintf(out,
		"[stacks] %zu distinct stacks over %zu frames from %zu "
		"records: %llu samples, %llu truncated\n",
		ss->n, ss->nframes, ss->nrecords,
		(unsigned long long)ss->samples,
		(unsigned long long)ss->truncated);
	if (ss->has_info)
		fprintf(out,
			"[stacks] collector: %llu samples in known code, %llu "
			"with stacks, %llu truncated, %llu dropped, %llu "
			"completed by call-frame information; depth cap "
			"%u, walked by %s\n",
			(unsigned long long)ss->info_samples,
			(unsigned long long)ss->info_stacks,
			(unsigned long long)ss->info_truncated,
			(unsigned long long)ss->info_dropped,
			(unsigned long long)ss->info_unwound, ss->depth_max,
			method_name(ss->method));
}

void
stacks_free(struct stackset *ss)
{
	free(ss->frames);
	free(ss->ids);
	free(ss->v);
	free(ss->fhash);
	free(ss->shash);
	memset(ss, 0, sizeof(*ss));
}

uint32_t *
stacks_identity_map(size_t n)
{
	uint32_t *map = xcalloc(n, sizeof(*map));

	for (size_t i = 0; i < n; i++)
		map[i] = (uint32_t)i;
	return map;
}

void
stacks_copy_info(struct stackset *dst, const struct stackset *src)
{
	dst->has_info = src->has_info;
	dst->info_samples = src->info_samples;
	dst->info_stacks = src->info_stacks;
	dst->info_truncated = src->info_truncated;
	dst->info_dropped = src->info_dropped;
	dst->info_unwound = src->info_unwound;
	dst->depth_max = src->depth_max;
	dst->method = src->method;
}
