/*
 * view_pprof.c - --format=pprof: the profile as pprof's profile.proto
 * (github.com/google/pprof, proto/profile.proto), gzipped, with only
 * what gprof measured:
 *
 *   sample types  samples/count, cpu/nanoseconds, calls/count
 *   self time     one 1-frame sample [function] per sampled function:
 *                 values [samples, samples x period, 0]
 *   calls         one 2-frame sample [callee, caller] per arc with a
 *                 count: values [0, 0, count]
 *
 * No deeper stack is ever made up: gprof records no stacks, and pprof's
 * cumulative numbers over the 2-frame samples mean "time in the function
 * itself" and "calls it made or received", nothing propagated.  Each
 * function has one location, at its entry address, whose line is the
 * function's first source line (the model has no call-site lines).
 * Mapping 1 is the executable; each shared object whose functions are
 * in the table (a side file's load map, objects.h) has mapping 2 + its
 * index, over its functions' addresses in the table (biased, as the
 * locations' addresses are), named by the file read, with its build
 * id.  A histogram bin that straddles two
 * functions gives each a fraction of a sample: the whole counts are
 * apportioned by largest remainder (they add up to the histogram's
 * total, rounded), the nanoseconds computed from the fractional counts
 * (each rounded to 1 ns).  Time and duration of the run are not in
 * gmon.out: they come from the side file's WINDOW record (the model's
 * window: time_nanos its start, duration_nanos its length), and are
 * left out without one.  Arcs with no count (-c's static calls) are
 * left out.
 *
 * With stacks (model->measured, measured.h), the self-time samples are
 * replaced by one sample per distinct recorded stack, with all its
 * functions innermost first (a truncated stack as far as it was
 * mapped): values [count, count x period, 0]; the call samples stay.
 * Stack samples outside every function are left out.
 *
 * With the model's threads (threadview.h) the stacks are written per
 * thread, each of its samples labelled thread=NAME (a string; none when
 * it has no name) and tid=TID (a number), what go tool pprof -tags and
 * -tagfocus, Pyroscope and Parca read: the rows' stacks (the picked
 * rows' with --thread) and, without --thread, the stacks of no thread in
 * particular, unlabelled: together the measured stacks.  The call
 * samples carry a thread's labels only when --thread picked one row
 * (its exact arcs are then the model's); otherwise the profile does not
 * split calls by thread here.
 *
 * The file is compressed with zlib's deflate in the gzip wrapper, as
 * pprof writes and reads it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "intern.h"
#include "pbuf.h"
#include "sort.h"
#include "views.h"

/* profile.proto's field numbers. */
enum {
	PROFILE_SAMPLE_TYPE = 1,
	PROFILE_SAMPLE = 2,
	PROFILE_MAPPING = 3,
	PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5,
	PROFILE_STRING_TABLE = 6,
	PROFILE_TIME_NANOS = 9,
	PROFILE_DURATION_NANOS = 10,
	PROFILE_PERIOD_TYPE = 11,
	PROFILE_PERIOD = 12,
	PROFILE_COMMENT = 13,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	VALUE_TYPE_TYPE = 1,
	VALUE_TYPE_UNIT = 2,
	SAMPLE_LOCATION_ID = 1,
	SAMPLE_VALUE = 2,
	SAMPLE_LABEL = 3,
	LABEL_KEY = 1,
	LABEL_STR = 2,
	LABEL_NUM = 3,
	MAPPING_ID = 1,
	MAPPING_MEMORY_START = 2,
	MAPPING_MEMORY_LIMIT = 3,
	MAPPING_FILENAME = 5,
	MAPPING_BUILD_ID = 6,
	MAPPING_HAS_FUNCTIONS = 7,
	MAPPING_HAS_FILENAMES = 8,
	MAPPING_HAS_LINE_NUMBERS = 9,
	LOCATION_ID = 1,
	LOCATION_MAPPING_ID = 2,
	LOCATION_ADDRESS = 3,
	LOCATION_LINE = 4,
	LINE_FUNCTION_ID = 1,
	LINE_LINE = 2,
	FUNCTION_ID = 1,
	FUNCTION_NAME = 2,
	FUNCTION_SYSTEM_NAME = 3,
	FUNCTION_FILENAME = 4,
	FUNCTION_START_LINE = 5,
};

static const char COMMENT_STACKS[] =
    "gprof: samples/count and cpu/nanoseconds are the samples of the "
    "call stacks the collector recorded, each sample with its whole "
    "stack (a truncated stack as far as it was known); calls/count is "
    "the exact call count of an arc, as a 2-frame sample [callee, "
    "caller].";

static const char COMMENT_THREADS[] =
    "gprof: the stack samples of a thread carry its labels thread (its "
    "name) and tid (its kernel thread id); those of no thread in "
    "particular carry none, nor do the call samples unless --thread "
    "picked one thread.";

static const char COMMENT[] =
    "gprof: samples/count and cpu/nanoseconds are histogram samples "
    "charged to a function (1-frame samples); calls/count is the exact "
    "call count of an arc, as a 2-frame sample [callee, caller]. No "
    "stacks deeper than one call were recorded; none are made up.";

/* The index of S (NULL: "") in the string table T, added if new. */
static uint64_t
strtab_id(struct intern *t, const char *s)
{
	return intern_id(t, s != NULL ? s : "", NULL);
}

/* What one document is built from. */
struct pprof {
	const struct model *m;
	struct wbuf out, msg, sub, packed;
	struct intern strs; /* the string table: "" first */
	uint32_t *loc;      /* per function: its location id, 0 unused */
	double period_ns;
	/* The labels of the samples being written: a thread's, or none
	 * (ROW NULL).  NAME: the string id of its "thread" label, 0 for
	 * none (a thread without a name has its "tid" only). */
	const struct thread_row *row;
	uint64_t name;
};

/* Label the samples that follow with row R's thread (NULL: none). */
static void
label_with(struct pprof *p, const struct thread_row *r)
{
	char buf[THREAD_NAME_MAX + 1];

	p->row = r;
	p->name =
	    r != NULL && r->name[0] != '\0'
		? strtab_id(&p->strs, sanitize_name(r->name, buf, sizeof(buf)))
		: 0;
}

/* The labels of P->row, into P->msg. */
static void
labels(struct pprof *p)
{
	if (p->row == NULL)
		return;
	if (p->name != 0) {
		p->sub.n = 0;
		pb_uint(&p->sub, LABEL_KEY, strtab_id(&p->strs, "thread"));
		pb_uint(&p->sub, LABEL_STR, p->name);
		pb_msg(&p->msg, SAMPLE_LABEL, &p->sub);
	}
	p->sub.n = 0;
	pb_uint(&p->sub, LABEL_KEY, strtab_id(&p->strs, "tid"));
	pb_int(&p->sub, LABEL_NUM, (int64_t)p->row->tid);
	pb_msg(&p->msg, SAMPLE_LABEL, &p->sub);
}

static void
value_type(struct pprof *p, unsigned field, const char *type, const char *unit)
{
	p->sub.n = 0;
	pb_uint(&p->sub, VALUE_TYPE_TYPE, strtab_id(&p->strs, type));
	pb_uint(&p->sub, VALUE_TYPE_UNIT, strtab_id(&p->strs, unit));
	pb_msg(&p->out, field, &p->sub);
}

/* A sample of NLOC location ids (leaf first) and three values. */
static void
sample(struct pprof *p, const uint32_t *loc, size_t nloc, uint64_t samples,
       uint64_t ns, uint64_t calls)
{
	const uint64_t values[3] = { samples, ns, calls };

	p->msg.n = 0;
	p->packed.n = 0;
	for (size_t i = 0; i < nloc; i++)
		pb_varint(&p->packed, loc[i]);
	pb_bytes(&p->msg, SAMPLE_LOCATION_ID, p->packed.p, p->packed.n);
	p->packed.n = 0;
	for (size_t i = 0; i < 3; i++)
		pb_varint(&p->packed, values[i]);
	pb_bytes(&p->msg, SAMPLE_VALUE, p->packed.p, p->packed.n);
	labels(p);
	pb_msg(&p->out, PROFILE_SAMPLE, &p->msg);
}

/* Give FN a location (and function) id if it has none yet. */
static void
use_function(struct pprof *p, uint32_t fn, uint32_t *next)
{
	if (p->loc[fn] == 0)
		p->loc[fn] = ++*next;
}

/* Whether FN's samples are shown: it has some, and the flat profile
 * lists it (not -P FN, -p OTHER). */
static bool
sampled(const struct model *m, uint32_t fn)
{
	return m->cg->nodes[fn].self_ticks > 0 &&
	       model_listed(m, LIST_FLAT, fn);
}

/* Larger fractional part of the self samples first, then lower id. */
static int
by_remainder(uint32_t a, uint32_t b, const void *ctx)
{
	const struct model *m = ctx;
	double x = m->cg->nodes[a].self_ticks, y = m->cg->nodes[b].self_ticks;

	x -= floor(x);
	y -= floor(y);
	if (x != y)
		return x > y ? -1 : 1;
	return (a > b) - (a < b);
}

/*
 * Whole sample counts for the functions in LIST (N of them) into COUNT:
 * each function's samples rounded down, then one more to those with
 * the largest fractions until the sum is the total rounded (so the
 * counts add up to what the histogram holds, however many functions
 * shared its bins).
 */
static void
whole_samples(const struct model *m, uint32_t *list, size_t n, uint64_t *count)
{
	double total = 0;
	uint64_t sum = 0, want;

	for (size_t i = 0; i < n; i++) {
		double t = m->cg->nodes[list[i]].self_ticks;
		total += t;
		count[list[i]] = (uint64_t)floor(t);
		sum += count[list[i]];
	}
	want = (uint64_t)llround(total);
	gp_sort(list, n, by_remainder, m);
	for (size_t i = 0; i < n && sum < want; i++, sum++)
		count[list[i]]++;
}

/* The NSTACKS stacks at STACKS (functions in FNS), each a sample of its
 * own with P's labels; LOCS holds the longest. */
static void
write_stacks(struct pprof *p, const struct measured_stack *stacks,
	     size_t nstacks, const uint32_t *fns, uint32_t *locs,
	     uint32_t *nloc)
{
	for (size_t s = 0; s < nstacks; s++) {
		const struct measured_stack *st = &stacks[s];

		for (uint32_t k = 0; k < st->len; k++) {
			uint32_t fn = fns[st->at + k];
			use_function(p, fn, nloc);
			locs[k] = p->loc[fn];
		}
		if (st->len > 0)
			sample(
			    p, locs, st->len, st->count,
			    (uint64_t)llround((double)st->count * p->period_ns),
			    0);
	}
}

/* Whether the stacks are written per thread: the threads' stacks (the
 * picked ones' with --thread) are then the measured stacks, with the
 * stacks of no thread in particular besides them without --thread. */
static bool
per_thread(const struct model *m)
{
	const struct thread_view *tv = m->threads;

	return tv != NULL && tv->any && tv->have_stacks;
}

/* With measured stacks: each distinct stack a sample of its own, each
 * thread's labelled with it. */
static void
stack_samples(struct pprof *p, uint32_t *nloc)
{
	const struct measured *me = p->m->measured;
	const struct thread_view *tv = p->m->threads;
	uint32_t *locs, most = 1;

	for (size_t s = 0; s < me->nstacks; s++)
		if (me->stacks[s].len > most)
			most = me->stacks[s].len;
	for (size_t s = 0; per_thread(p->m) && s < tv->nstacks; s++)
		if (tv->stacks[s].len > most)
			most = tv->stacks[s].len;
	locs = xcalloc(most, sizeof(*locs));
	if (!per_thread(p->m)) {
		write_stacks(p, me->stacks, me->nstacks, me->fns, locs, nloc);
		free(locs);
		return;
	}
	for (size_t i = 0; i < tv->n; i++) {
		const struct thread_row *r = &tv->rows[i];

		if (!r->selected)
			continue;
		label_with(p, r);
		write_stacks(p, tv->stacks + r->first, r->nstacks, tv->fns,
			     locs, nloc);
	}
	label_with(p, NULL);
	if (!tv->selection)
		write_stacks(p, tv->stacks + tv->n_owned,
			     tv->nstacks - tv->n_owned, tv->fns, locs, nloc);
	free(locs);
}

/* With --thread picking one row: that row (its arcs are the model's). */
static const struct thread_row *
picked_row(const struct model *m)
{
	const struct thread_view *tv = m->threads;
	const struct thread_row *one = NULL;

	if (tv == NULL || !tv->any || !tv->selection)
		return NULL;
	for (size_t i = 0; i < tv->n; i++)
		if (tv->rows[i].selected) {
			if (one != NULL)
				return NULL;
			one = &tv->rows[i];
		}
	return one;
}

static void
samples(struct pprof *p, uint32_t *nloc)
{
	const struct model *m = p->m;
	const struct callgraph *cg = m->cg;
	uint32_t *list = xcalloc(m->nfuncs + 1, sizeof(*list));
	uint64_t *count = xcalloc(m->nfuncs + 1, sizeof(*count));
	size_t n = 0;

	for (uint32_t fn = 0; fn < m->nfuncs; fn++)
		if (sampled(m, fn))
			list[n++] = fn;
	whole_samples(m, list, n, count);
	if (m->measured != NULL)
		stack_samples(p, nloc);
	for (uint32_t fn = 0; m->measured == NULL && fn < m->nfuncs; fn++) {
		double ticks = cg->nodes[fn].self_ticks;
		uint64_t ns = (uint64_t)llround(ticks * p->period_ns);

		if (!sampled(m, fn) || (count[fn] == 0 && ns == 0))
			continue;
		use_function(p, fn, nloc);
		sample(p, &p->loc[fn], 1, count[fn], ns, 0);
	}
	free(list);
	free(count);
	label_with(p, picked_row(m));
	for (size_t i = 0; i < cg->narcs; i++) {
		const struct cg_arc *a = &cg->arcs[i];
		uint32_t stack[2];

		if (a->count == 0)
			continue;
		use_function(p, a->child, nloc);
		use_function(p, a->parent, nloc);
		stack[0] = p->loc[a->child];
		stack[1] = p->loc[a->parent];
		sample(p, stack, 2, 0, 0, a->count);
	}
	label_with(p, NULL);
}

/* The mappings: the executable's, then the shared objects' (model.h's
 * struct model_map), mapping 2 + k for object k. */
static void
mapping(struct pprof *p, const struct view_ctx *v, bool files, bool lines)
{
	const struct model *m = p->m;

	p->msg.n = 0;
	pb_uint(&p->msg, MAPPING_ID, 1);
	pb_uint(&p->msg, MAPPING_MEMORY_START, m->maps[0].lo);
	pb_uint(&p->msg, MAPPING_MEMORY_LIMIT, m->maps[0].hi);
	pb_uint(&p->msg, MAPPING_FILENAME, strtab_id(&p->strs, v->o->exe));
	pb_uint(&p->msg, MAPPING_HAS_FUNCTIONS, 1);
	pb_uint(&p->msg, MAPPING_HAS_FILENAMES, files);
	pb_uint(&p->msg, MAPPING_HAS_LINE_NUMBERS, lines);
	pb_msg(&p->out, PROFILE_MAPPING, &p->msg);
	for (size_t k = 1; k < m->nmaps; k++) {
		const struct model_map *mp = &m->maps[k];

		if (mp->nfuncs == 0)
			continue;
		p->msg.n = 0;
		pb_uint(&p->msg, MAPPING_ID, 1 + k);
		pb_uint(&p->msg, MAPPING_MEMORY_START, mp->lo);
		pb_uint(&p->msg, MAPPING_MEMORY_LIMIT, mp->hi);
		pb_uint(&p->msg, MAPPING_FILENAME,
			strtab_id(&p->strs, mp->file));
		if (mp->build_id != NULL)
			pb_uint(&p->msg, MAPPING_BUILD_ID,
				strtab_id(&p->strs, mp->build_id));
		pb_uint(&p->msg, MAPPING_HAS_FUNCTIONS, 1);
		pb_msg(&p->out, PROFILE_MAPPING, &p->msg);
	}
}

/* Per function of the table: its mapping id, 1 for the executable's,
 * else its object's (see mapping()).  Owned by the caller. */
static uint64_t *
mapping_ids(const struct model *m)
{
	size_t n = m->nfuncs;
	uint64_t *id = xmalloc((n ? n : 1) * sizeof(*id));

	for (size_t fn = 0; fn < n; fn++)
		id[fn] = 1;
	for (size_t k = 1; k < m->nmaps; k++)
		for (size_t j = 0; j < m->maps[k].nfuncs; j++)
			if (m->maps[k].first + j < n)
				id[m->maps[k].first + j] = 1 + k;
	return id;
}

/* One location and one function per function used, ids alike. */
static void
locations(struct pprof *p, const struct view_ctx *v)
{
	const struct model *m = p->m;
	bool files = false, lines = false;
	uint64_t *map_id = mapping_ids(m);

	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		const struct model_src *s = m->src ? &m->src[fn] : NULL;
		int line = s != NULL && s->path != NULL ? s->line : 0;

		if (p->loc[fn] == 0)
			continue;
		files |= s != NULL && s->path != NULL;
		lines |= line > 0;
		p->msg.n = 0;
		pb_uint(&p->msg, FUNCTION_ID, p->loc[fn]);
		pb_uint(&p->msg, FUNCTION_NAME,
			strtab_id(&p->strs, model_name(m, fn)));
		pb_uint(&p->msg, FUNCTION_SYSTEM_NAME,
			strtab_id(&p->strs, model_raw_name(m, fn)));
		pb_uint(&p->msg, FUNCTION_FILENAME,
			strtab_id(&p->strs, s != NULL ? s->path : NULL));
		pb_int(&p->msg, FUNCTION_START_LINE, line);
		pb_msg(&p->out, PROFILE_FUNCTION, &p->msg);

		p->msg.n = 0;
		p->sub.n = 0;
		pb_uint(&p->sub, LINE_FUNCTION_ID, p->loc[fn]);
		pb_int(&p->sub, LINE_LINE, line);
		pb_uint(&p->msg, LOCATION_ID, p->loc[fn]);
		pb_uint(&p->msg, LOCATION_MAPPING_ID, map_id[fn]);
		pb_uint(&p->msg, LOCATION_ADDRESS, m->st->syms[fn].addr);
		pb_msg(&p->msg, LOCATION_LINE, &p->sub);
		pb_msg(&p->out, PROFILE_LOCATION, &p->msg);
	}
	free(map_id);
	mapping(p, v, files, lines);
}

/* Compress OUT's bytes into a gzip stream on F. */
static int
write_gzip(FILE *f, const struct wbuf *in, struct gp_err *err)
{
	z_stream z;
	unsigned char buf[1 << 16];
	int rc;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return gp_fail(err, "--format=pprof: zlib: cannot start");
	z.next_in = in->p;
	z.avail_in = 0;
	for (size_t left = in->n;;) {
		if (z.avail_in == 0 && left > 0) {
			uInt chunk = left > (1u << 30) ? 1u << 30 : (uInt)left;
			z.next_in = in->p + (in->n - left);
			z.avail_in = chunk;
			left -= chunk;
		}
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		rc = deflate(&z, left == 0 ? Z_FINISH : Z_NO_FLUSH);
		if (rc == Z_STREAM_ERROR)
			break;
		fwrite(buf, 1, sizeof(buf) - z.avail_out, f);
		if (rc == Z_STREAM_END)
			break;
	}
	deflateEnd(&z);
	if (rc != Z_STREAM_END)
		return gp_fail(err, "--format=pprof: zlib: compression failed");
	return 0;
}

int
view_pprof(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	struct pprof p = { .m = m };
	uint32_t nloc = 0;
	int rc;

	if (m->hz > 0 && strcmp(m->dimen, "seconds") != 0)
		return gp_fail(err,
			       "--format=pprof: the profile counts time in "
			       "'%s', not seconds",
			       m->dimen);
	p.period_ns = m->hz > 0 ? 1e9 / m->hz : 0;
	wbuf_init(&p.out, false, 8);
	wbuf_init(&p.msg, false, 8);
	wbuf_init(&p.sub, false, 8);
	wbuf_init(&p.packed, false, 8);
	p.loc = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*p.loc));
	strtab_id(&p.strs, "");
	value_type(&p, PROFILE_SAMPLE_TYPE, "samples", "count");
	value_type(&p, PROFILE_SAMPLE_TYPE, "cpu", "nanoseconds");
	value_type(&p, PROFILE_SAMPLE_TYPE, "calls", "count");
	samples(&p, &nloc);
	locations(&p, v);
	value_type(&p, PROFILE_PERIOD_TYPE, "cpu", "nanoseconds");
	pb_int(&p.out, PROFILE_PERIOD, llround(p.period_ns));
	if (m->window.has) {
		pb_int(&p.out, PROFILE_TIME_NANOS,
		       (int64_t)(m->window.start_ns > INT64_MAX
				     ? INT64_MAX
				     : m->window.start_ns));
		pb_int(&p.out, PROFILE_DURATION_NANOS,
		       m->window.end_ns > m->window.start_ns &&
			       m->window.end_ns - m->window.start_ns <=
				   INT64_MAX
			   ? (int64_t)(m->window.end_ns - m->window.start_ns)
			   : 0);
	}
	p.packed.n = 0;
	pb_varint(&p.packed, strtab_id(&p.strs, v->m->measured ? COMMENT_STACKS
							       : COMMENT));
	if (m->measured != NULL && per_thread(m))
		pb_varint(&p.packed, strtab_id(&p.strs, COMMENT_THREADS));
	pb_bytes(&p.out, PROFILE_COMMENT, p.packed.p, p.packed.n);
	pb_int(&p.out, PROFILE_DEFAULT_SAMPLE_TYPE, strtab_id(&p.strs, "cpu"));
	for (size_t i = 0; i < p.strs.n; i++)
		pb_bytes(&p.out, PROFILE_STRING_TABLE, p.strs.s[i],
			 strlen(p.strs.s[i]));
	rc = write_gzip(out, &p.out, err);
	wbuf_free(&p.out);
	wbuf_free(&p.msg);
	wbuf_free(&p.sub);
	wbuf_free(&p.packed);
	free(p.loc);
	intern_free(&p.strs);
	return rc;
}
