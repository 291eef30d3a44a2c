/*
 * view_callgrind.c - --format=callgrind: the profile in the callgrind
 * format that KCachegrind, QCachegrind and callgrind_annotate read
 * (valgrind's "Callgrind Format Specification").
 *
 * One event, ns.  A function's self cost is its histogram samples times
 * the sampling period, at its first line; each arc is a "calls=" line
 * with the exact count, at the line of the call site (the model's,
 * callsites.h), followed by the call's inclusive cost:
 * gprof's propagated share of the callee's time (self plus children).
 * Arcs inside a cycle, and self-calls, carry no cost (gprof propagates
 * no time along them).  With stacks (model->measured, measured.h), the
 * inclusive cost is measured instead: the samples in which the call is
 * the one into the callee's outermost activation (its first frame from
 * the stack's outer end), times the period.  callgrind_annotate
 * --inclusive=yes takes a called function's inclusive cost to be the
 * sum of the costs of the calls into it, so each sample then counts
 * once per function, however deep it recurses: none passes 100 %.
 * Valgrind's own files get there for the outermost activation by
 * naming the others apart: a call back into a function already on the
 * stack goes to "NAME'2", whose calls carry their nested costs again
 * (valgrind 3.19: a 21-deep recursion's NAME'2 at 998 %).  gprof counts
 * calls per caller and callee, not per depth, so we keep one name and
 * charge the recursive calls (a self-call, a call back into a cycle)
 * nothing: their time is in the outer call's cost already.  No
 * "<cycle N>" pseudo-functions: the viewers find cycles themselves.
 *
 * Costs are integers: fractional nanoseconds are rounded so that each
 * partial sum is the rounded exact partial sum, hence the totals are
 * exact to the nanosecond and no cost is off by more than one.
 *
 * Listed: the functions every view lists (model.h's LIST_VIEW: samples,
 * calls or arcs; -z: every function); the arcs -c adds (count 0) are
 * left out, so a function only -c's arcs reach is listed with no cost
 * and no calls.
 * Files and functions are written with name compression ("fl=(3)").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "intern.h"
#include "views.h"

/* Integer costs whose running sums follow the exact running sums. */
struct rounder {
	double exact;   /* exact sum so far */
	long long sent; /* sum of what was handed out */
};

static long long
round_next(struct rounder *r, double v)
{
	long long want;

	r->exact += v;
	/* Costs are 64-bit; the unit is chosen so that they fit (see
	 * pick_unit), this only keeps absurd inputs defined. */
	if (!(r->exact >= 0))
		want = 0;
	else if (r->exact >= 9e18)
		want = 9000000000000000000LL;
	else
		want = llround(r->exact);
	v = (double)(want - r->sent);
	r->sent = want;
	return (long long)v;
}

struct cg_out {
	FILE *out;
	const struct model *m;
	const struct callsites *cs;
	uint64_t *entry;  /* owned, with stacks: per arc (entry_samples) */
	double per_tick;  /* the sampling period in UNIT (0: no rate) */
	const char *unit; /* the event: "ns", or coarser for huge totals */
	struct intern files;
	uint32_t cur_file; /* the file cost lines now refer to, +1 */
	uint32_t fn_file;  /* the function's own (fl=) file, +1 */
	bool *listed;      /* per function */
	bool *named;       /* per function: its "(id) name" was written */
	struct intern obs; /* objects: the executable, then shared ones */
	const char *exe;   /* the executable's name (object 1) */
	uint32_t cur_ob;   /* the object fn= lines now refer to, +1 */
};

/* Put S with every byte that would break a line replaced by '?'. */
static void
put_clean(FILE *out, const char *s)
{
	for (; *s != '\0'; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

/* "KEY=(id)" for file NAME, with the name the first time. */
static uint32_t
put_file(struct cg_out *c, const char *key, const char *name)
{
	bool fresh;
	uint32_t id = intern_id(&c->files, name ? name : "???", &fresh);

	fprintf(c->out, "%s=(%u)", key, id + 1);
	if (fresh) {
		fputc(' ', c->out);
		put_clean(c->out, intern_str(&c->files, id));
	}
	fputc('\n', c->out);
	return id + 1;
}

/* The object (+1) function FN belongs to: 1 for the executable. */
static uint32_t
ob_of(struct cg_out *c, uint32_t fn, bool *fresh)
{
	const char *name = c->m->st->syms[fn].objname;

	return intern_id(&c->obs, name ? name : c->exe, fresh) + 1;
}

/* "KEY=(id)" for FN's object when it is not CUR (shared objects only:
 * the executable's alone is "ob=(1)" at the top). */
static uint32_t
put_ob(struct cg_out *c, const char *key, uint32_t fn, uint32_t cur)
{
	bool fresh;
	uint32_t id = ob_of(c, fn, &fresh);

	if (id == cur)
		return id;
	fprintf(c->out, "%s=(%u)", key, id);
	if (fresh) {
		fputc(' ', c->out);
		put_clean(c->out, intern_str(&c->obs, id - 1));
	}
	fputc('\n', c->out);
	return id;
}

/* "KEY=(id)" for function FN, with its name the first time. */
static void
put_fn(struct cg_out *c, const char *key, uint32_t fn)
{
	fprintf(c->out, "%s=(%u)", key, fn + 1);
	if (!c->named[fn]) {
		c->named[fn] = true;
		fputc(' ', c->out);
		put_clean(c->out, model_name(c->m, fn));
	}
	fputc('\n', c->out);
}

static const char *
fn_file(const struct model *m, uint32_t fn)
{
	return m->src != NULL ? m->src[fn].path : NULL;
}

static int
fn_line(const struct model *m, uint32_t fn)
{
	return m->src != NULL && m->src[fn].path != NULL ? m->src[fn].line : 0;
}

/*
 * The event's unit for TICKS samples at HZ: ns, unless the total would
 * not fit a 64-bit cost (only absurd profiles: 2^64 ns is 584 years).
 */
static void
pick_unit(struct cg_out *c, double hz, double ticks)
{
	static const char *const units[] = { "ns", "us", "ms", "s" };
	size_t u = 0;

	c->per_tick = hz > 0 ? 1e9 / hz : 0;
	while (u + 1 < sizeof(units) / sizeof(units[0]) &&
	       ticks * c->per_tick >= 1e18) {
		c->per_tick /= 1000;
		u++;
	}
	c->unit = units[u];
}

/* One call site of arc A: "calls=" and its cost line, at LINE in FILE. */
static void
put_call(struct cg_out *c, const struct cg_arc *a, uint64_t count,
	 const char *file, int line, bool costed, long long cost)
{
	const struct model *m = c->m;

	if (file == NULL) {
		file = fn_file(m, a->parent);
		line = fn_line(m, a->parent);
	}
	if (c->cur_file == 0 || strcmp(intern_str(&c->files, c->cur_file - 1),
				       file ? file : "???") != 0)
		c->cur_file = put_file(c, "fi", file);
	/* Readers differ on whether a callee without cfi= is in the fl= or
	 * the fi= file: name it whenever that could matter. */
	if (c->cur_file != c->fn_file ||
	    strcmp(fn_file(m, a->child) ? fn_file(m, a->child) : "???",
		   intern_str(&c->files, c->cur_file - 1)) != 0)
		put_file(c, "cfi", fn_file(m, a->child));
	put_ob(c, "cob", a->child, c->cur_ob);
	put_fn(c, "cfn", a->child);
	fprintf(c->out, "calls=%llu %d\n", (unsigned long long)count,
		fn_line(m, a->child));
	if (costed)
		fprintf(c->out, "%d %lld\n", line, cost);
	else
		fprintf(c->out, "%d\n", line);
}

static uint64_t
add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/*
 * Per arc of M's call graph, the stack samples in which it is the call
 * into its callee's outermost activation (M has stacks).  A stack is
 * walked from its outer end, each function's first frame marked with
 * the stack's serial; a truncated stack's outermost known frame has no
 * caller to charge.  Linear in the frames.  The caller frees it.
 */
static uint64_t *
entry_samples(const struct model *m)
{
	const struct measured *me = m->measured;
	const struct callgraph *cg = m->cg;
	uint64_t *entry = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*entry));
	size_t *seen = xcalloc(cg->n ? cg->n : 1, sizeof(*seen));

	for (size_t s = 0; s < me->nstacks; s++) {
		const struct measured_stack *st = &me->stacks[s];
		const uint32_t *path = me->fns + st->at;

		for (uint32_t i = st->len; i-- > 0;) {
			uint32_t f = path[i], a;

			/* measured.c keeps only functions of CG. */
			if (NEVER(f >= cg->n) || seen[f] == s + 1)
				continue;
			seen[f] = s + 1;
			if (i + 1 == st->len)
				continue;
			a = cg_find_arc(cg, path[i + 1], f);
			if (a != CG_NONE)
				entry[a] = add_sat(entry[a], st->count);
		}
	}
	free(seen);
	return entry;
}

/* Every call out of FN, site by site, its cost shared by count. */
static void
put_calls(struct cg_out *c, uint32_t fn)
{
	const struct model *m = c->m;
	const struct callgraph *cg = m->cg;

	for (uint32_t ai = cg->nodes[fn].first_child; ai != CG_NONE;
	     ai = cg->arcs[ai].next_child) {
		const struct cg_arc *a = &cg->arcs[ai];
		const struct callsite *s = &c->cs->v[c->cs->first[ai]];
		size_t ns = c->cs->first[ai + 1] - c->cs->first[ai];
		/* Measured (the callee's samples while called from here,
		 * inside cycles too) when the model has stacks. */
		bool costed = m->measured != NULL || !model_arc_inside(m, a);
		double ticks = m->measured != NULL ? (double)c->entry[ai]
						   : a->time + a->child_time;
		double share = ticks * c->per_tick;
		struct rounder r = { 0, 0 };
		uint64_t left = a->count;

		/* -c's static arcs (never called) have no calls to show. */
		if (!c->listed[a->child] || a->count == 0)
			continue;
		for (size_t i = 0; i < ns && left > 0; i++) {
			uint64_t k = s[i].count < left ? s[i].count : left;
			left -= k;
			put_call(c, a, k, s[i].file, s[i].line, costed,
				 round_next(&r, a->count ? share * (double)k /
							       (double)a->count
							 : 0));
		}
		/* Calls with no raw record in the profile (none, normally). */
		if (left > 0)
			put_call(c, a, left, NULL, 0, costed,
				 round_next(&r, share - r.exact));
	}
}

int
view_callgrind(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	struct cg_out c = { .out = out, .m = m, .cs = m->sites };
	struct rounder self = { 0, 0 };
	long long total = 0;
	double exact = 0;

	if (m->measured != NULL)
		c.entry = entry_samples(m);
	c.listed = xcalloc(m->nfuncs + 1, sizeof(*c.listed));
	c.named = xcalloc(m->nfuncs + 1, sizeof(*c.named));
	intern_init(&c.files);
	intern_init(&c.obs);
	c.exe = v->o->exe ? v->o->exe : "a.out";
	c.cur_ob = intern_id(&c.obs, c.exe, &(bool){ false }) + 1;
	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		c.listed[fn] = model_listed(m, LIST_VIEW, fn);
		if (c.listed[fn])
			exact += m->cg->nodes[fn].self_ticks;
	}
	pick_unit(&c, m->hz, exact);
	total = round_next(&(struct rounder){ 0, 0 }, exact * c.per_tick);

	fputs("# callgrind format\nversion: 1\ncreator: gprof (gprof in C)\n",
	      out);
	fputs("cmd: ", out);
	put_clean(out, v->o->exe ? v->o->exe : "a.out");
	fputs("\ndesc: Profile:", out);
	for (size_t i = 0; i < v->o->ngmons; i++) {
		fputc(' ', out);
		put_clean(out, v->o->gmons[i]);
	}
	if (m->hz > 0)
		fprintf(out,
			"\ndesc: Sampling: %g Hz (one sample = %.0f ns), "
			"%ld bytes per histogram bin\n",
			m->hz, 1e9 / m->hz, m->bin_bytes);
	else
		fputs("\ndesc: Sampling: none (no histogram)\n", out);
	fprintf(out,
		"positions: line\n"
		"event: %s : Time in %s (self: histogram samples x sampling "
		"period, measured; calls: %s)\n"
		"events: %s\n",
		c.unit, c.unit,
		v->m->measured ? "the callee's time while called from the "
				 "caller, measured from the sampled stacks, "
				 "recursive calls none"
			       : "gprof's propagated estimate, none inside "
				 "cycles",
		c.unit);
	fprintf(out, "summary: %lld\n\n", total);
	fputs("ob=(1) ", out);
	put_clean(out, v->o->exe ? v->o->exe : "a.out");
	fputc('\n', out);
	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		if (!c.listed[fn])
			continue;
		fputc('\n', out);
		c.cur_ob = put_ob(&c, "ob", fn, c.cur_ob);
		c.cur_file = c.fn_file = put_file(&c, "fl", fn_file(m, fn));
		put_fn(&c, "fn", fn);
		fprintf(out, "%d %lld\n", fn_line(m, fn),
			round_next(&self,
				   m->cg->nodes[fn].self_ticks * c.per_tick));
		put_calls(&c, fn);
	}
	fprintf(out, "\ntotals: %lld\n", total);
	intern_free(&c.files);
	intern_free(&c.obs);
	free(c.entry);
	free(c.listed);
	free(c.named);
	return 0;
}
