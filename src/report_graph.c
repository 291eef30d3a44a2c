/*
 * report_graph.c - the call graph: one entry per function (and per
 * cycle as a whole), with its callers above and its callees below.
 *
 * Layout, the order of entries and the order of caller and callee lines
 * follow GNU gprof's, because scripts parse this text (gprof2dot reads
 * it up to the form feed that ends it).
 */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "sort.h"
#include "textjobs.h"

#define DASHES "-----------------------------------------------\n"

/* " <cycle N> [I]" (each part when it applies) after FN's name, at P. */
static char *
name_suffix(char *p, const struct model *m, uint32_t fn)
{
	const struct cg_node *v = &m->cg->nodes[fn];

	if (v->cycle) {
		p = fmt_s(p, " <cycle ");
		p = fmt_u(p, v->cycle, 0, 0);
		*p++ = '>';
	}
	if (m->index != NULL) {
		p = fmt_s(p, v->print_flag ? " [" : " (");
		p = fmt_u(p, m->index[fn], 0, 0);
		*p++ = v->print_flag ? ']' : ')';
	}
	return p;
}

void
report_put_name(FILE *out, const struct model *m, uint32_t fn)
{
	char buf[64];

	fputs(model_name(m, fn), out);
	fwrite(buf, 1, (size_t)(name_suffix(buf, m, fn) - buf), out);
}

/*
 * Every function's name as report_put_name() prints it, and the newline,
 * made once in one block: a caller or callee line names a function
 * chosen by the graph, and looking up its name, cycle and index for each
 * of hundreds of thousands of lines costs more than printing them.
 * Function FN's text is S[OFF[FN] .. OFF[FN + 1]).  Each function also
 * has a 64-byte slot with the calls a callee line divides by and, when
 * it fits, a copy of the text: a line then costs one miss, and that one
 * can be fetched ahead.
 */
#define SLOT_TEXT 52

struct tail_slot {
	uint64_t calls;    /* callee_calls(): its (cycle's) calls */
	uint32_t len;      /* bytes of text */
	char s[SLOT_TEXT]; /* the text, when LEN <= SLOT_TEXT */
};

_Static_assert(sizeof(struct tail_slot) == 64, "a slot is one cache line");

struct tails {
	char *s;                /* owned */
	size_t *off;            /* owned, nfuncs + 1 of them */
	struct tail_slot *slot; /* owned, nfuncs of them, 64-byte aligned */
};

static uint64_t
callee_calls(const struct callgraph *cg, uint32_t node)
{
	const struct cg_cycle *cy = cg_cycle_of(cg, node);

	return cy ? cy->ncalls : cg->nodes[node].ncalls;
}

static void
tails_make(struct tails *t, const struct model *m)
{
	size_t cap = 32 * ((size_t)m->nfuncs + 1), n = 0;
	size_t nslots = m->nfuncs ? m->nfuncs : 1;

	t->s = xmalloc(cap);
	t->off = xcalloc(m->nfuncs + 1, sizeof(*t->off));
	if (nslots > SIZE_MAX / sizeof(*t->slot))
		gp_out_of_memory();
	t->slot = aligned_alloc(64, nslots * sizeof(*t->slot));
	if (t->slot == NULL)
		gp_out_of_memory();
	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		const char *name = model_name(m, fn);
		size_t len = strlen(name);
		char suf[64];
		size_t ns = (size_t)(name_suffix(suf, m, fn) - suf);
		struct tail_slot *sl = &t->slot[fn];

		while (cap - n < len + ns + 1) {
			if (cap > SIZE_MAX / 2)
				gp_out_of_memory();
			cap *= 2;
			t->s = xreallocarray(t->s, cap, 1);
		}
		t->off[fn] = n;
		memcpy(t->s + n, name, len);
		memcpy(t->s + n + len, suf, ns);
		sl->calls = callee_calls(m->cg, fn);
		sl->len = len + ns + 1 <= SLOT_TEXT ? (uint32_t)(len + ns + 1)
						    : UINT32_MAX;
		n += len + ns;
		t->s[n++] = '\n';
		if (sl->len != UINT32_MAX)
			memcpy(sl->s, t->s + t->off[fn], sl->len);
	}
	t->off[m->nfuncs] = n;
}

static void
tails_free(struct tails *t)
{
	free(t->s);
	free(t->off);
	free(t->slot);
}

/*
 * The report's bytes, gathered into large blocks: one fwrite per block
 * rather than two or three per line.  Whatever else writes to OUT
 * directly flushes the block first (ob_flush).
 */
struct obuf {
	FILE *out;
	char *buf; /* owned */
	size_t n, cap;
};

#define OB_CAP (256 * 1024)
#define OB_LINE 256 /* room for a line's numbers (fmt_f: 64 at most) */

static void
ob_flush(struct obuf *b)
{
	if (b->n > 0)
		fwrite(b->buf, 1, b->n, b->out);
	b->n = 0;
}

/* Room for OB_LINE bytes at the end of B. */
static char *
ob_room(struct obuf *b)
{
	if (b->cap - b->n < OB_LINE)
		ob_flush(b);
	return b->buf + b->n;
}

static void
ob_put(struct obuf *b, const void *s, size_t n)
{
	if (n > b->cap - b->n) {
		ob_flush(b);
		if (n > b->cap) {
			fwrite(s, 1, n, b->out);
			return;
		}
	}
	memcpy(b->buf + b->n, s, n);
	b->n += n;
}

/* The line's text from ob_room() up to P, then FN's tail. */
static void
put_line(struct obuf *b, const struct tails *t, char *p, uint32_t fn)
{
	const struct tail_slot *sl = &t->slot[fn];

	b->n = (size_t)(p - b->buf);
	if (sl->len != UINT32_MAX && b->cap - b->n >= SLOT_TEXT) {
		/* A copy of constant size (no call), of which LEN count. */
		memcpy(b->buf + b->n, sl->s, SLOT_TEXT);
		b->n += sl->len;
	} else if (sl->len != UINT32_MAX)
		ob_put(b, sl->s, sl->len);
	else
		ob_put(b, t->s + t->off[fn], t->off[fn + 1] - t->off[fn]);
}

/* The width of the children column: wider in the BSD layout. */
static int
child_width(const struct report_opts *ro)
{
	return ro->traditional ? 11 : 7;
}

/* --measured, and the model has measured times. */
static bool
measured(const struct model *m, const struct report_opts *ro)
{
	return ro->measured && m->measured != NULL;
}

/* The measured children of an entry: its total less its self time. */
static double
measured_children(double total, double self)
{
	return total > self ? total - self : 0;
}

/* The denominator of --measured's "% time": the stack samples (or the
 * propagated time, if more: samples whose stack was not kept). */
static double
measured_base(const struct model *m)
{
	double n = (double)m->measured->samples;

	return n > m->print_time ? n : m->print_time;
}

/*
 * One caller or callee line, with what sorting and printing it needs,
 * gathered from the arc (and its ends) once per list: the lists name
 * arcs at random, and looking each one up again for every comparison
 * and for printing cost more than formatting it.
 */
struct gline {
	double self, child; /* the times printed, in ticks */
	double key;         /* the sort key: propagated time (the arc's) */
	uint64_t count;     /* its calls */
	uint32_t other;     /* the function the line names */
	uint32_t kind;      /* 0: a self-call, 1: inside a cycle, 2: other */
};

/*
 * What gathering needs besides the model, and two sets of gathered
 * lists: the next entry's are gathered (and its names fetched) while
 * the one before is printed.
 */
struct gctx {
	const struct model *m;
	const struct tails *t;
	bool meas;             /* --measured times */
	uint32_t *cycle;       /* owned: its cycle's number, 0 for none */
	uint32_t *ids;         /* owned: room for the longest list */
	struct gline *l[2][2]; /* owned: [set][K], room for the longest */
	size_t n[2][2];        /* lines in each */
	uint32_t *v;           /* owned: room for the longest list */
};

static void
gctx_make(struct gctx *g, const struct model *m, const struct tails *t,
	  bool meas)
{
	const struct callgraph *cg = m->cg;
	size_t longest = cg->narcs;

	memset(g, 0, sizeof(*g));
	g->m = m;
	g->t = t;
	g->meas = meas;
	g->cycle = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*g->cycle));
	for (size_t f = 0; f < m->nfuncs; f++)
		g->cycle[f] = cg->nodes[f].cycle;
	if (m->arc_lo[0] != NULL && m->arc_lo[1] != NULL) {
		longest = 0;
		for (int k = 0; k < 2; k++)
			for (size_t f = 0; f < m->nfuncs; f++)
				if (m->arc_lo[k][f + 1] - m->arc_lo[k][f] >
				    longest)
					longest = m->arc_lo[k][f + 1] -
						  m->arc_lo[k][f];
	}
	g->ids = xcalloc(longest + 1, sizeof(*g->ids));
	for (int set = 0; set < 2; set++)
		for (int k = 0; k < 2; k++)
			g->l[set][k] =
			    xcalloc(longest + 1, sizeof(struct gline));
	g->v = xcalloc(longest + 1, sizeof(*g->v));
}

static void
gctx_free(struct gctx *g)
{
	free(g->cycle);
	free(g->ids);
	for (int set = 0; set < 2; set++)
		for (int k = 0; k < 2; k++)
			free(g->l[set][k]);
	free(g->v);
}

/* How far ahead of the one being read to fetch an arc. */
#define AHEAD 8

/*
 * FN's arcs into it (K 0) or out of it (K 1) as lines, in arc-id order
 * (GNU's list order reversed), into set SET; the names they print are
 * fetched.
 */
static void
gather(struct gctx *g, int set, uint32_t fn, int k)
{
	const struct model *m = g->m;
	const struct cg_arc *arcs = m->cg->arcs;
	const uint32_t *ids = g->ids;
	size_t n;

	if (m->arc_lo[k] != NULL) {
		n = m->arc_lo[k][fn + 1] - m->arc_lo[k][fn];
		ids = m->arcs[k] + m->arc_lo[k][fn];
	} else {
		n = cg_list(m->cg, fn, k == 0, g->ids);
		for (size_t i = 0; i < n / 2; i++) {
			uint32_t t = g->ids[i];
			g->ids[i] = g->ids[n - 1 - i];
			g->ids[n - 1 - i] = t;
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct cg_arc *e = &arcs[ids[i]];
		struct gline *l = &g->l[set][k][i];

		if (i + AHEAD < n)
			GP_PREFETCH(&arcs[ids[i + AHEAD]]);
		l->self = e->time;
		l->child = e->child_time;
		if (g->meas) {
			/* The callee's time while called from the caller. */
			l->self = (double)m->measured->arc_self[ids[i]];
			l->child = (double)(m->measured->arc_total[ids[i]] -
					    m->measured->arc_self[ids[i]]);
		}
		l->key = e->time + e->child_time;
		l->count = e->count;
		l->kind = e->parent == e->child ? 0
			  : g->cycle[e->parent] != 0 &&
				  g->cycle[e->parent] == g->cycle[e->child]
			      ? 1
			      : 2;
		l->other = k == 0 ? e->parent : e->child;
		GP_PREFETCH(&g->t->slot[l->other]);
	}
	g->n[set][k] = n;
}

/*
 * GNU's order of arcs: self-calls lowest, then calls inside a cycle by
 * count, then the rest by propagated time and count (model.c's
 * arc_cmp, on the lines).
 */
static int
line_cmp(const struct gline *a, const struct gline *b)
{
	if (a->kind == 0)
		return -1;
	if (b->kind == 0)
		return 1;
	if (a->kind == 1) {
		if (b->kind != 1)
			return -1;
		return a->count < b->count ? -1 : a->count > b->count;
	}
	if (b->kind == 1)
		return 1;
	if (a->key < b->key)
		return -1;
	if (a->key > b->key)
		return 1;
	return a->count < b->count ? -1 : a->count > b->count;
}

static int
line_up(uint32_t x, uint32_t y, const void *ctx)
{
	const struct gline *l = ctx;

	return line_cmp(&l[x], &l[y]);
}

static int
line_down(uint32_t x, uint32_t y, const void *ctx)
{
	const struct gline *l = ctx;

	return -line_cmp(&l[x], &l[y]);
}

/*
 * The order to print the N lines L in, into V: ascending (callers) or
 * descending (callees), equals in arc-id order, which is the order of
 * GNU's insertion sort from the list's front (model_sorted_arcs).  A
 * stable insertion sort gives gp_sort's order for a consistent
 * comparison; a NaN time makes it inconsistent, so gp_sort decides then,
 * and for long lists.
 */
static void
sort_lines(const struct gline *l, size_t n, bool down, uint32_t *v)
{
	bool nan = false;

	for (size_t i = 0; i < n; i++) {
		v[i] = (uint32_t)i;
		nan |= isnan(l[i].key);
	}
	if (nan || n > 16) {
		gp_sort(v, n, down ? line_down : line_up, l);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		uint32_t x = v[i];
		size_t j = i;

		while (j > 0 && (down ? -line_cmp(&l[v[j - 1]], &l[x])
				      : line_cmp(&l[v[j - 1]], &l[x])) > 0) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

static void
arc_line(struct obuf *b, const struct tails *t, const struct gline *l, int w,
	 bool meas, double hz, uint64_t total)
{
	char *p = ob_room(b);
	bool inside = l->kind < 2;

	if (inside && !meas) {
		/* "%6.6s %5.5s %7.7s %*.*s %7lu %7.7s     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1 + 7 + 1 + w + 1);
		p = fmt_u(p, l->count, 7, 0);
		p = fmt_pad(p, 1 + 7 + 5);
	} else {
		/* "%6.6s %5.5s %7.2f %*.2f %7lu/%-7lu     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1);
		p = fmt_f(p, l->self / hz, 7, 2);
		*p++ = ' ';
		p = fmt_f(p, l->child / hz, w, 2);
		*p++ = ' ';
		p = fmt_u(p, l->count, 7, 0);
		if (inside) {
			p = fmt_pad(p, 1 + 7);
		} else {
			*p++ = '/';
			p = fmt_u(p, total, 7, 1);
		}
		p = fmt_pad(p, 5);
	}
	put_line(b, t, p, l->other);
}

/*
 * Fetch what the entry at place I of the graph's order will read, in
 * three steps a few entries apart (each needs the one before to have
 * arrived): its node and list bounds, its lists of arc ids, its arcs.
 * Most lists are shorter than a look-ahead within one list.
 */
static void
fetch_ahead(const struct gctx *g, size_t i)
{
	const struct model *m = g->m;
	size_t total = m->nfuncs + m->ncycles;
	entry_id far = i + 8 < total ? m->order[i + 8] : CG_NONE;
	entry_id mid = i + 5 < total ? m->order[i + 5] : CG_NONE;
	entry_id near = i + 2 < total ? m->order[i + 2] : CG_NONE;

	if (m->arc_lo[0] == NULL || m->arc_lo[1] == NULL)
		return;
	if (far < m->nfuncs) {
		/* A node is 88 bytes: often two cache lines. */
		GP_PREFETCH(&m->cg->nodes[far]);
		GP_PREFETCH((const char *)&m->cg->nodes[far + 1] - 1);
		GP_PREFETCH(&m->arc_lo[0][far]);
		GP_PREFETCH(&m->arc_lo[1][far]);
	}
	if (mid < m->nfuncs)
		for (int k = 0; k < 2; k++)
			GP_PREFETCH(m->arcs[k] + m->arc_lo[k][mid]);
	if (near < m->nfuncs)
		for (int k = 0; k < 2; k++) {
			uint32_t lo = m->arc_lo[k][near];
			uint32_t hi = m->arc_lo[k][near + 1];

			for (uint32_t q = lo; q < hi && q < lo + AHEAD; q++)
				GP_PREFETCH(&m->cg->arcs[m->arcs[k][q]]);
		}
}

/* FN's callers (K 0, ascending) or callees (K 1, descending), sorted,
 * from set SET. */
static void
arc_lines(struct obuf *b, struct gctx *g, const struct report_opts *ro, int set,
	  uint32_t fn, int k)
{
	int w = child_width(ro);
	size_t n = g->n[set][k];
	const struct gline *l = g->l[set][k];
	const struct tails *t = g->t;
	const uint32_t *v = g->v;

	sort_lines(l, n, k == 1, g->v);
	for (size_t i = 0; i < n; i++) {
		const struct gline *x = &l[v[i]];

		/* The callee's calls: FN's on a caller's line. */
		arc_line(b, t, x, w, g->meas, g->m->hz,
			 t->slot[k == 0 ? fn : x->other].calls);
	}
}

/* " %7lu" then "+%-7lu" for self-calls or 8 spaces, at P. */
static char *
calls_text(char *p, uint64_t ncalls, uint64_t self_calls)
{
	*p++ = ' ';
	p = fmt_u(p, ncalls, 7, 0);
	if (self_calls) {
		*p++ = '+';
		return fmt_u(p, self_calls, 7, 1);
	}
	return fmt_pad(p, 8);
}

static void
calls_field(FILE *out, uint64_t ncalls, uint64_t self_calls)
{
	char buf[64];

	fwrite(buf, 1, (size_t)(calls_text(buf, ncalls, self_calls) - buf),
	       out);
}

static void
primary(struct obuf *b, const struct model *m, const struct report_opts *ro,
	const struct tails *t, uint32_t node)
{
	const struct cg_node *v = &m->cg->nodes[node];
	char idx[32], *p = ob_room(b), *q = idx;
	size_t len;
	double child = v->prop_child, base = m->print_time;

	if (measured(m, ro)) {
		child = measured_children((double)m->measured->total[node],
					  v->prop_self);
		base = measured_base(m);
	}

	/* "%-6.6s" of "[index]", then "%5.1f %7.2f %*.2f" */
	*q++ = '[';
	q = fmt_u(q, m->index[node], 0, 0);
	*q++ = ']';
	len = (size_t)(q - idx) < 6 ? (size_t)(q - idx) : 6;
	memcpy(p, idx, len);
	p = fmt_pad(p + len, (int)(6 - len));
	*p++ = ' ';
	p = fmt_f(p, 100 * (v->prop_self + child) / base, 5, 1);
	*p++ = ' ';
	p = fmt_f(p, model_secs(m, v->prop_self), 7, 2);
	*p++ = ' ';
	p = fmt_f(p, model_secs(m, child), child_width(ro), 2);
	if (v->ncalls + v->self_calls != 0) {
		p = calls_text(p, v->ncalls, v->self_calls);
		*p++ = ' ';
	} else {
		p = fmt_pad(p, 1 + 7 + 1 + 7 + 1);
	}
	put_line(b, t, p, node);
}

static int
by_member(uint32_t a, uint32_t b, const void *ctx)
{
	const struct cg_node *v = ctx;
	double ta = v[a].prop_self + v[a].prop_child;
	double tb = v[b].prop_self + v[b].prop_child;
	uint64_t ca = v[a].ncalls + v[a].self_calls,
		 cb = v[b].ncalls + v[b].self_calls;

	if (ta != tb)
		return ta > tb ? -1 : 1;
	if (ca != cb)
		return ca > cb ? -1 : 1;
	return 0;
}

static void
cycle_entry(FILE *out, const struct model *m, const struct report_opts *ro,
	    uint32_t k)
{
	const struct callgraph *cg = m->cg;
	const struct cg_cycle *cy = &cg->cycles[k];
	entry_id id = (entry_id)(m->nfuncs + k);
	uint32_t *mem;
	size_t n = 0;
	char buf[32];
	double child = cy->prop_child, base = m->print_time;

	if (measured(m, ro)) {
		child = measured_children((double)m->measured->cycle_total[k],
					  cy->prop_self);
		base = measured_base(m);
	}
	snprintf(buf, sizeof(buf), "[%u]", m->index[id]);
	fprintf(out, "%-6.6s %5.1f %7.2f %*.2f", buf,
		100 * (cy->prop_self + child) / base,
		model_secs(m, cy->prop_self), child_width(ro),
		model_secs(m, child));
	calls_field(out, cy->ncalls, cy->self_calls);
	fprintf(out, " <cycle %u as a whole> [%u]\n", k + 1, m->index[id]);
	for (uint32_t v = cy->first; v != CG_NONE; v = cg->nodes[v].cyc_next)
		n++;
	mem = xcalloc(n, sizeof(*mem));
	n = 0;
	for (uint32_t v = cy->first; v != CG_NONE; v = cg->nodes[v].cyc_next)
		mem[n++] = v;
	gp_sort(mem, n, by_member, cg->nodes);
	for (size_t i = 0; i < n; i++) {
		const struct cg_node *v = &cg->nodes[mem[i]];
		double vc = v->prop_child;

		if (measured(m, ro))
			vc = measured_children(
			    (double)m->measured->total[mem[i]], v->prop_self);
		fprintf(out, "%6.6s %5.5s %7.2f %*.2f", "", "",
			model_secs(m, v->prop_self), child_width(ro),
			model_secs(m, vc));
		calls_field(out, v->ncalls, v->self_calls);
		fputs("     ", out);
		report_put_name(out, m, mem[i]);
		fputc('\n', out);
	}
	free(mem);
}

/* Entry ID of the graph (a function's lists gathered in SET). */
static void
entry(struct obuf *b, struct gctx *g, const struct report_opts *ro,
      const char *spont, int set, entry_id id)
{
	const struct model *m = g->m;

	if (entry_is_cycle(m, id)) {
		ob_flush(b);
		cycle_entry(b->out, m, ro, id - (uint32_t)m->nfuncs);
	} else {
		if (g->n[set][0] == 0)
			ob_put(b, spont, strlen(spont));
		arc_lines(b, g, ro, set, id, 0);
		primary(b, m, ro, g->t, id);
		arc_lines(b, g, ro, set, id, 1);
	}
	ob_put(b, ro->traditional ? "\n" DASHES "\n" : DASHES,
	       strlen(ro->traditional ? "\n" DASHES "\n" : DASHES));
}

/* The line of an entry no function calls. */
static void
spontaneous(char *buf, size_t size, const struct report_opts *ro)
{
	int w = child_width(ro);

	snprintf(buf, size,
		 "%6.6s %5.5s %7.7s %*.*s %7.7s %7.7s     <spontaneous>\n", "",
		 "", "", w, w, "", "", "");
}

/* Entries of the graph's order per part: enough that a part's text
 * (about 150 KB on the bench's program) outweighs handing it over. */
#define CHUNK 256

/* One worker's state: its gathered lists and its output block. */
struct gworker {
	bool made;
	struct gctx g;
	struct obuf b;
};

struct report_graph_run {
	const struct model *m;
	const struct report_opts *ro;
	char spont[128];
	struct tails t;
	struct gworker *w; /* owned [nworkers] */
	unsigned nworkers;
};

/* The title, the granularity line and the column headings. */
static void
graph_head(FILE *out, const struct model *m, const struct report_opts *ro)
{
	double pt = measured(m, ro) ? measured_base(m) : m->cg->print_time;

	if (ro->traditional)
		;
	else if (ro->brief)
		fputs("\t\t\tCall graph\n\n", out);
	else
		fputs("\t\t     Call graph (explanation follows)\n\n", out);
	fprintf(out, "\ngranularity: each sample hit covers %ld byte(s)",
		m->bin_bytes);
	if (pt > 0)
		fprintf(
		    out, " for %.2f%% of %.2f seconds\n", 100.0 / pt,
		    model_secs(m, pt)); /* "seconds" whatever the unit (GNU) */
	else
		fputs(" no time propagated\n", out);
	if (measured(m, ro))
		fprintf(out,
			"times measured from %llu stack samples, %llu of them "
			"truncated\n",
			(unsigned long long)m->measured->samples,
			(unsigned long long)m->measured->truncated);
	else if (ro->measured)
		fputs("no stack samples in the profile: times are gprof's "
		      "estimates\n",
		      out);
	fputc('\n', out);
	if (ro->traditional)
		fprintf(
		    out,
		    "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n"
		    "%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n"
		    "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n\n",
		    "", "", "", "", "called", "total", "parents", "index",
		    "%time", "self", "descendants", "called", "self", "name",
		    "index", "", "", "", "", "called", "total", "children");
	else
		fputs("index % time    self  children    called     name\n",
		      out);
}

/* Part 0: the heading, and what every entry's part reads. */
static void
graph_prepare(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	struct report_graph_run *r = ctx;

	graph_head(out, r->m, r->ro);
	tails_make(&r->t, r->m);
}

/* Part 1 + K: the entries at places [K * CHUNK, (K + 1) * CHUNK) of the
 * graph's order; each function's lists are gathered one entry before
 * it is printed. */
static void
graph_chunk(FILE *out, void *ctx, size_t k, unsigned worker)
{
	struct report_graph_run *r = ctx;
	const struct model *m = r->m;
	struct gworker *w = &r->w[worker];
	size_t total = m->nfuncs + m->ncycles;
	size_t lo = k * CHUNK, hi = total - lo > CHUNK ? lo + CHUNK : total;
	entry_id pend = CG_NONE;
	int set = 0;

	if (!w->made) {
		gctx_make(&w->g, m, &r->t, measured(m, r->ro));
		w->b = (struct obuf){ NULL, xmalloc(OB_CAP), 0, OB_CAP };
		w->made = true;
	}
	w->b.out = out;
	for (size_t i = lo; i < hi; i++) {
		entry_id id = m->order[i];

		fetch_ahead(&w->g, i);
		if (!model_listed(m, LIST_GRAPH, id))
			continue;
		if (!entry_is_cycle(m, id)) {
			gather(&w->g, set, id, 0);
			gather(&w->g, set, id, 1);
		}
		if (pend != CG_NONE)
			entry(&w->b, &w->g, r->ro, r->spont, set ^ 1, pend);
		pend = id;
		set ^= 1;
	}
	if (pend != CG_NONE)
		entry(&w->b, &w->g, r->ro, r->spont, set ^ 1, pend);
	ob_flush(&w->b);
}

struct report_graph_run *
report_graph_plan(const struct model *m, const struct report_opts *ro,
		  unsigned nworkers)
{
	struct report_graph_run *r = xcalloc(1, sizeof(*r));

	r->m = m;
	r->ro = ro;
	r->nworkers = nworkers ? nworkers : 1;
	r->w = xcalloc(r->nworkers, sizeof(*r->w));
	spontaneous(r->spont, sizeof(r->spont), ro);
	return r;
}

size_t
report_graph_njobs(const struct report_graph_run *r)
{
	size_t total = r->m->nfuncs + r->m->ncycles;

	return 1 + (total + CHUNK - 1) / CHUNK;
}

void
report_graph_jobs(struct report_graph_run *r, struct textjob *jobs, size_t base)
{
	size_t n = report_graph_njobs(r);

	jobs[0] = (struct textjob){ graph_prepare, r, 0, true, TEXTJOBS_NONE };
	for (size_t k = 1; k < n; k++)
		jobs[k] =
		    (struct textjob){ graph_chunk, r, k - 1, false, base };
}

void
report_graph_plan_free(struct report_graph_run *r)
{
	if (r == NULL)
		return;
	for (unsigned i = 0; i < r->nworkers; i++)
		if (r->w[i].made) {
			gctx_free(&r->w[i].g);
			free(r->w[i].b.buf);
		}
	free(r->w);
	if (r->t.s != NULL)
		tails_free(&r->t);
	free(r);
}

void
report_graph(FILE *out, const struct model *m, const struct report_opts *ro)
{
	struct report_graph_run *r = report_graph_plan(m, ro, 1);
	size_t n = report_graph_njobs(r);
	struct textjob *jobs = xcalloc(n, sizeof(*jobs));

	report_graph_jobs(r, jobs, 0);
	textjobs_run(out, jobs, n, 1);
	free(jobs);
	report_graph_plan_free(r);
}

void
report_graph_blurb(FILE *out)
{
	fputs(
	    "\n"
	    " How to read an entry: the line that starts with [n] is the\n"
	    " function the entry is about.  The lines above it are its "
	    "callers,\n"
	    " the lines below it the functions it calls.\n"
	    "\n"
	    " On the function's own line:\n"
	    "   index     its number; names elsewhere are followed by [n] (or "
	    "by\n"
	    "             (n) when that entry is not shown).\n"
	    "   % time    share of the run spent in it and in what it calls.\n"
	    "   self      seconds in its own code.\n"
	    "   children  seconds in its callees on its behalf.\n"
	    "   called    calls from other functions, then +calls to itself.\n"
	    "\n"
	    " On a caller's line: the part of this function's self and "
	    "children\n"
	    " time charged to that caller, and its calls out of all calls\n"
	    " (calls/total).  On a callee's line: the part of the callee's "
	    "time\n"
	    " charged to this function, and this function's calls out of all "
	    "of\n"
	    " the callee's calls.  Callers outside the profile show as\n"
	    " <spontaneous>.\n"
	    "\n"
	    " Functions that call each other in a loop form a cycle: it gets "
	    "an\n"
	    " entry of its own, <cycle N as a whole>, listing its members; "
	    "time\n"
	    " is shared between cycle members and their callers as a whole, "
	    "and\n"
	    " the +count is the number of calls made inside the cycle.\n",
	    out);
}

void
report_graph_measured_blurb(FILE *out)
{
	fputs("\n"
	      " --measured: the times come from the call stacks sampled with "
	      "the\n"
	      " histogram, not from gprof's assumption that every call of a "
	      "function\n"
	      " costs the same.  A function's self time is the histogram's; "
	      "its\n"
	      " children time is the samples with it anywhere on the stack, "
	      "less its\n"
	      " self time (each sample counted once, even under recursion).  "
	      "A caller's\n"
	      " or callee's line shows the samples taken while the callee "
	      "was called\n"
	      " right from that caller: self where the callee itself was "
	      "running,\n"
	      " children for its descendants.  Cycle members are measured "
	      "one by one.\n"
	      " A truncated stack is counted as far as it is known.\n",
	      out);
}
