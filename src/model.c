/*
 * model.c - build the report model: names, source positions, listing
 * rules, the call graph's order and its sorted arc lists.
 *
 * Invariant: after model_build() nothing here changes; every function
 * below it is a pure reader, so printers can run in any order.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"
#include "demangle.h"
#include "fmt.h"
#include "hist.h"
#include "model.h"
#include "modelbuild.h"
#include "presort.h"
#include "sort.h"
#include "task.h"
#include "textjobs.h"

double
entry_total_ticks(const struct model *m, entry_id id)
{
	const struct callgraph *cg = m->cg;

	if (entry_is_cycle(m, id))
		return cg->cycles[id - m->nfuncs].prop_self +
		       cg->cycles[id - m->nfuncs].prop_child;
	return cg->nodes[id].prop_self + cg->nodes[id].prop_child;
}

uint64_t
entry_calls(const struct model *m, entry_id id)
{
	if (entry_is_cycle(m, id))
		return m->cg->cycles[id - m->nfuncs].ncalls;
	return m->cg->nodes[id].ncalls;
}

bool
entry_printed(const struct model *m, entry_id id)
{
	if (entry_is_cycle(m, id))
		return m->cg->cycles[id - m->nfuncs].print_flag;
	return m->cg->nodes[id].print_flag;
}

/* Whether an entry has neither calls nor time (-z lists those too). */
static bool
unused(const struct model *m, entry_id id)
{
	const struct callgraph *cg = m->cg;

	if (entry_is_cycle(m, id)) {
		const struct cg_cycle *cy = &cg->cycles[id - m->nfuncs];
		return cy->ncalls == 0 && cy->self_calls == 0 &&
		       cy->prop_self == 0 && cy->prop_child == 0;
	}
	return cg->nodes[id].ncalls == 0 && cg->nodes[id].self_calls == 0 &&
	       cg->nodes[id].prop_self == 0 && cg->nodes[id].prop_child == 0;
}

/*
 * GNU gprof's four listing rules, side by side:
 * - flat: not excluded from it (-P, -p lists), and called or sampled
 *   (self ticks, before propagation) unless -z;
 * - index: every function called or sampled (the flat rule without the
 *   flat lists: GNU indexes what the graph names, listed or not), and
 *   every cycle;
 * - graph: the entry's print flag (the -q/-Q lists and propagation
 *   decided it), and some calls or propagated time unless -z; in line
 *   mode functions only (GNU's line symbols and cycle entries are not
 *   functions there);
 * - exec (-C): called (or -z), and kept by -C/-Z's lists (GNU sorts
 *   every kept function, listed or not: see report_exec.c);
 * - and ours, for the views (json, html, dot, callgrind): a function
 *   that was sampled or called, or is at either end of an arc (-c's
 *   never-called arcs included: the views show what -c found), or
 *   every function with -z; no cycle.
 * No list shows a gcc clone's own entry in a model that counts clones in
 * their origins (model.h's MERGED): it holds nothing.
 */
bool
model_listed(const struct model *m, enum model_list list, entry_id id)
{
	const struct cg_node *v;

	/* A clone's own entry: its numbers are its origin's. */
	if (m->merged != NULL && !entry_is_cycle(m, id) && m->merged[id] != id)
		return false;
	if (list == LIST_GRAPH)
		return entry_printed(m, id) && (m->zeros || !unused(m, id)) &&
		       !(m->line_mode &&
			 (entry_is_cycle(m, id) || !m->st->syms[id].is_func));
	if (entry_is_cycle(m, id))
		return list == LIST_INDEX;
	v = &m->cg->nodes[id];
	switch (list) {
	case LIST_FLAT:
		return presort_flat_listed(
		    v, m->flat_excluded != NULL && m->flat_excluded[id],
		    m->zeros);
	case LIST_INDEX:
		return presort_index_listed(v, m->zeros);
	case LIST_EXEC:
		return (v->ncalls != 0 || m->zeros) &&
		       !(m->exec_hidden != NULL && m->exec_hidden[id]);
	case LIST_VIEW:
		return m->zeros || v->ncalls != 0 || v->self_ticks != 0 ||
		       v->first_child != CG_NONE || v->first_parent != CG_NONE;
	case LIST_GRAPH:
		break;
	}
	return false;
}

size_t
model_clones(const struct model *m, uint32_t fn, const char *const **names)
{
	if (m->clone_lo == NULL || fn >= m->nfuncs) {
		*names = NULL;
		return 0;
	}
	*names = m->clones + m->clone_lo[fn];
	return m->clone_lo[fn + 1] - m->clone_lo[fn];
}

const char *
model_raw_name(const struct model *m, uint32_t fn)
{
	return m->st->syms[fn].name;
}

const char *
model_name(const struct model *m, uint32_t fn)
{
	if (m->shown != NULL && m->shown[fn] != NULL)
		return m->shown[fn];
	return m->st->syms[fn].name;
}

void
model_prefetch(const struct model *m, uint32_t fn, bool name)
{
	if (fn >= m->nfuncs)
		return;
	if (name) {
		GP_PREFETCH(model_name(m, fn));
		return;
	}
	GP_PREFETCH(&m->cg->nodes[fn]);
	GP_PREFETCH(&m->st->syms[fn]);
	if (m->index != NULL)
		GP_PREFETCH(&m->index[fn]);
	if (m->shown != NULL)
		GP_PREFETCH(&m->shown[fn]);
	if (m->src != NULL)
		GP_PREFETCH(&m->src[fn]);
}

const char *
model_file(const struct model *m, uint32_t fn)
{
	/* Line mode names carry the file already. */
	if (m->line_mode)
		return NULL;
	return m->src != NULL ? m->src[fn].shown : NULL;
}

/* Line mode: the positions the line-mode table gives every symbol. */
static void
given_sources(struct model *m, const struct model_in *in, bool print_path)
{
	m->src = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*m->src));
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		struct model_src *s = &m->src[i];

		if (in->files[i] == NULL)
			continue;
		s->path = in->files[i];
		s->line = in->lines[i];
		s->shown = print_path ? s->path : xpath_base(s->path);
	}
}

/*
 * GNU's line-mode name: "name (file:line @ addr)", NAME (RAW's shown
 * form, freed if it is not RAW) with FN's position.  Formatted by hand:
 * it runs for every entry of a table that can hold millions.
 */
static char *
line_name(const struct model *m, uint32_t fn, const char *raw, char *name)
{
	static const char hex[] = "0123456789abcdef";
	const struct model_src *s = &m->src[fn];
	const char *base = name != NULL ? name : raw;
	size_t nb = strlen(base), nf, k = 0;
	char digits[24], *out, *p;
	uint64_t a = m->st->syms[fn].addr;

	if (s->shown == NULL)
		return name != NULL ? name : xstrdup(raw);
	nf = strlen(s->shown);
	out = p = xmalloc(nb + nf + 64);
	memcpy(p, base, nb);
	p += nb;
	*p++ = ' ';
	*p++ = '(';
	memcpy(p, s->shown, nf);
	p += nf;
	*p++ = ':';
	if (s->line < 0) /* as "%d" prints it (damaged DWARF) */
		*p++ = '-';
	p = fmt_u(
	    p, s->line < 0 ? (uint64_t)(-(int64_t)s->line) : (uint64_t)s->line,
	    0, 0);
	*p++ = ' ';
	*p++ = '@';
	*p++ = ' ';
	do {
		digits[k++] = hex[a & 15];
		a >>= 4;
	} while (a != 0);
	while (k > 0)
		*p++ = digits[--k];
	*p++ = ')';
	*p = '\0';
	if (name != NULL)
		free(name);
	return out;
}

/* Every function's source position, in one pass (srcline_find). */
static void
find_sources(struct model *m, struct exe *x, bool print_path, bool static_only)
{
	size_t cursor = 0; /* the table is in address order */

	if (!static_only)
		srcline_want_all(x);
	m->src = xcalloc(m->nfuncs, sizeof(*m->src));
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		struct model_src *s = &m->src[i];

		if (static_only && !m->st->syms[i].is_static)
			continue;
		if (srcline_find_next(x, m->st->syms[i].addr, &cursor, &s->path,
				      &s->line) != 0) {
			s->path = NULL;
			s->line = 0;
			continue;
		}
		s->shown = print_path ? s->path : xpath_base(s->path);
	}
}

/* "name (file.c:line)" for --inline-file-names; NAME is freed. */
static char *
with_position(const struct model *m, uint32_t i, char *name)
{
	const struct model_src *s = &m->src[i];
	char *out;
	size_t n;

	if (s->shown == NULL)
		return name;
	n = strlen(name) + strlen(s->shown) + 32;
	out = xmalloc(n);
	snprintf(out, n, "%s (%s:%d)", name, s->shown, s->line);
	free(name);
	return out;
}

/* "name [libfoo.so]" for a shared object's function (objects.h); NAME
 * (freed) or RAW when NAME is NULL. */
static char *
with_object(const char *raw, char *name, const char *obj)
{
	const char *n = name ? name : raw;
	size_t len = strlen(n) + strlen(obj) + 4;
	char *out = xmalloc(len);

	snprintf(out, len, "%s [%s]", n, obj);
	free(name);
	return out;
}

static void
make_names(struct model *m, bool demangled, bool positions)
{
	bool objs = false;

	for (uint32_t i = 0; i < m->nfuncs && !objs; i++)
		objs = m->st->syms[i].obj != NULL;
	if (!demangled && !positions && !m->line_mode && !objs)
		return;
	m->shown = xcalloc(m->nfuncs, sizeof(*m->shown));
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		const char *raw = m->st->syms[i].name;
		char *name = demangled ? demangle(raw) : NULL;

		if (m->st->syms[i].obj != NULL)
			name = with_object(raw, name, m->st->syms[i].obj);

		if (m->line_mode)
			name = line_name(m, i, raw, name);
		else if (positions)
			name = with_position(m, i, name ? name : xstrdup(raw));
		m->shown[i] = name;
	}
}

/* What by_total compares, looked up once per entry. */
struct graph_key {
	double total;     /* propagated self + child ticks */
	uint64_t calls;   /* entry_calls() */
	const char *name; /* raw, as GNU compares; NULL for a cycle */
};

/* Total time first, then cycles, then names without a leading '_'. */
static int
by_total(uint32_t a, uint32_t b, const void *ctx)
{
	const struct graph_key *ka = (const struct graph_key *)ctx + a;
	const struct graph_key *kb = (const struct graph_key *)ctx + b;
	double d = kb->total - ka->total;
	const char *na = ka->name, *nb = kb->name;

	if (d < 0)
		return -1;
	if (d > 0)
		return 1;
	if (na == NULL)
		return -1;
	if (nb == NULL)
		return 1;
	if (na[0] != '_' && nb[0] == '_')
		return -1;
	if (na[0] == '_' && nb[0] != '_')
		return 1;
	if (ka->calls != kb->calls)
		return ka->calls > kb->calls ? -1 : 1;
	/* Line symbols of one function share its name's bytes. */
	return na == nb ? 0 : strcmp(na, nb);
}

/* Number the call graph's entries: ORDER by total time, INDEX[id]. */
/*
 * M->arc_lo and M->arcs (see model.h) in one pass over the arcs rather
 * than a walk of every list: cg_add() puts each new arc at the front of
 * both its lists, so reverse list order is the order of arc ids.
 */
static void
arc_tables(struct model *m)
{
	const struct callgraph *cg = m->cg;

	for (int k = 0; k < 2; k++) {
		uint32_t *lo = xcalloc(m->nfuncs + 2, sizeof(*lo));
		uint32_t *v = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*v));

		for (size_t a = 0; a < cg->narcs; a++)
			lo[(k ? cg->arcs[a].parent : cg->arcs[a].child) + 2]++;
		for (size_t f = 2; f < m->nfuncs + 2; f++)
			lo[f] += lo[f - 1];
		for (size_t a = 0; a < cg->narcs; a++)
			v[lo[(k ? cg->arcs[a].parent : cg->arcs[a].child) +
			     1]++] = (uint32_t)a;
		m->arc_lo[k] = lo;
		m->arcs[k] = v;
	}
}

/*
 * ORDER (entry ids ascending) in by_total's order, by keys made once:
 * total time descending; cycles first, then names without a leading
 * '_'; calls descending (not for cycles, which by_total sets apart in
 * input order); the name's first bytes; then strcmp and the id (input
 * order, as the stable sort keeps ties).  A NaN total makes by_total
 * inconsistent: gp_sort decides then.
 */
#define CALLS_PACKED ((1ull << 62) - 1) /* calls that fit beside a class */

static void
sort_graph(uint32_t *order, size_t total, const struct graph_key *keys,
	   unsigned nthreads)
{
	struct gp_key *k = xcalloc(total ? total : 1, sizeof(*k));
	bool packed = true;

	for (size_t i = 0; i < total; i++)
		packed &= keys[i].calls <= CALLS_PACKED;
	for (size_t i = 0; i < total; i++) {
		const struct graph_key *g = &keys[order[i]];
		uint64_t class = g->name == NULL     ? 0
				 : g->name[0] == '_' ? 2
						     : 1;

		if (isnan(g->total)) {
			free(k);
			gp_sort(order, total, by_total, keys);
			return;
		}
		k[i].k[0] = ~gp_key_double(g->total);
		k[i].name = g->name;
		k[i].id = order[i];
		if (!packed) {
			k[i].k[1] = class;
			k[i].k[2] = g->name == NULL ? 0 : ~g->calls;
			continue;
		}
		/* Class and calls in one key, the name's first 8 bytes in
		 * the next: strcmp only past them. */
		k[i].k[1] = class << 62 |
			    (g->name == NULL ? 0 : CALLS_PACKED - g->calls);
		k[i].k[2] = 0;
		if (g->name != NULL)
			k[i].name = gp_key_name_rest(g->name, &k[i].k[2], NULL);
	}
	gp_sort_keys_par(k, total, nthreads);
	for (size_t i = 0; i < total; i++)
		order[i] = k[i].id;
	free(k);
}

static void
arc_tables_task(void *m)
{
	arc_tables(m);
}

/* ORDER and INDEX by total time, and (on a second thread when the
 * graph is large: it reads only the arcs and writes only its own
 * arrays) the arc tables. */
static void
order_graph(struct model *m, const uint32_t *skip)
{
	size_t total = m->nfuncs + m->ncycles;
	struct graph_key *keys = xcalloc(total ? total : 1, sizeof(*keys));
	/* The call graph's text is about 600 bytes an entry. */
	unsigned nthreads = textjobs_threads(600 * total);
	struct task tables;

	task_start(&tables, arc_tables_task, m, nthreads > 1);

	m->order = xcalloc(total, sizeof(*m->order));
	m->index = xcalloc(total, sizeof(*m->index));

	for (size_t i = 0; i < total; i++) {
		m->order[i] = (entry_id)i;
		keys[i].total = entry_total_ticks(m, (entry_id)i);
		keys[i].calls = entry_calls(m, (entry_id)i);
		keys[i].name =
		    entry_is_cycle(m, (entry_id)i) ? NULL : m->st->syms[i].name;
	}
	sort_graph(m->order, total, keys, nthreads);
	free(keys);
	for (size_t i = 0; i < total; i++)
		m->index[m->order[i]] =
		    (uint32_t)i + 1 + (skip ? skip[m->order[i]] : 0);
	task_join(&tables);
}

void
model_build(struct model *m, const struct model_in *in,
	    const struct model_opts *mo)
{
	const struct callgraph *cg = in->cg;
	const struct gmon *g = in->g;

	memset(m, 0, sizeof(*m));
	m->st = in->st;
	m->cg = cg;
	m->total_ticks = in->total_ticks;
	m->flat_excluded = in->flat_excluded;
	m->flat_order = in->flat_order;
	m->name_order = in->name_order;
	m->nflat = in->nflat;
	m->nnamed = in->nnamed;
	m->exec_hidden = in->exec_hidden;
	m->nfuncs = cg->n;
	m->ncycles = cg->ncycles;
	m->hz = g != NULL && g->have_rate ? g->rate : 0;
	m->dimen = g != NULL && g->have_rate ? g->dimen : "seconds";
	m->abbrev = g != NULL && g->have_rate ? g->abbrev : 's';
	m->bin_bytes = g != NULL ? hist_bin_bytes(g) : 0;
	/* Without a histogram (or with a rate of 0) hz is 0 and times
	 * print as nan or inf, as GNU gprof prints them. */
	m->print_time = cg->print_time > 0 ? cg->print_time : 1.0;
	m->zeros = mo->zeros;
	m->line_mode = in->files != NULL;
	m->is_line = in->is_line;
	m->bbs = in->bbs;
	m->nbbs = in->nbbs;
	m->measured = in->measured;
	if (m->line_mode)
		given_sources(m, in, mo->print_path);
	else if (mo->sources || mo->inline_file_names)
		find_sources(m, in->x, mo->print_path, mo->static_sources);
	make_names(m, mo->demangle, mo->inline_file_names);
	if (mo->graph)
		order_graph(m, in->index_skip);
}

void
model_free(struct model *m)
{
	if (m->shown != NULL)
		for (size_t i = 0; i < m->nfuncs; i++)
			free(m->shown[i]);
	free(m->shown);
	free(m->src);
	free(m->order);
	free(m->index);
	for (int k = 0; k < 2; k++) {
		free(m->arc_lo[k]);
		free(m->arcs[k]);
	}
	free(m->prog.build_id);
	free(m->prog.profiles);
	for (size_t i = 0; i < m->prog.nwarnings; i++)
		free(m->prog.warnings[i]);
	free(m->prog.warnings);
	for (size_t i = 0; i < m->nmaps; i++)
		free(m->maps[i].build_id);
	free(m->maps);
	if (m->have_sites)
		callsites_free(&m->sites);
	if (m->own != NULL)
		m->own_free(m->own);
	memset(m, 0, sizeof(*m));
}

bool
model_arc_inside(const struct model *m, const struct cg_arc *a)
{
	const struct cg_node *v = m->cg->nodes;

	return a->parent == a->child ||
	       (v[a->parent].cycle != 0 &&
		v[a->parent].cycle == v[a->child].cycle);
}

/*
 * Order of arcs: self-calls lowest, then calls inside a cycle by count,
 * then the rest by propagated time and count.
 */
static int
arc_cmp(const struct model *m, uint32_t x, uint32_t y)
{
	const struct cg_arc *a = &m->cg->arcs[x], *b = &m->cg->arcs[y];
	double ta, tb;

	if (a->parent == a->child)
		return -1;
	if (b->parent == b->child)
		return 1;
	if (model_arc_inside(m, a)) {
		if (!model_arc_inside(m, b))
			return -1;
		return a->count < b->count ? -1 : a->count > b->count;
	}
	if (model_arc_inside(m, b))
		return 1;
	ta = a->time + a->child_time;
	tb = b->time + b->child_time;
	if (ta < tb)
		return -1;
	if (ta > tb)
		return 1;
	return a->count < b->count ? -1 : a->count > b->count;
}

static int
arc_up(uint32_t x, uint32_t y, const void *ctx)
{
	return arc_cmp(ctx, x, y);
}

static int
arc_down(uint32_t x, uint32_t y, const void *ctx)
{
	return -arc_cmp(ctx, x, y);
}

/*
 * GNU gprof's insertion sort inserts each arc, from the list's front,
 * before its equals, so equal arcs end up in reverse list order.
 * Reversing the list and sorting it stably gives the same order in
 * O(n log n).
 */
size_t
model_sorted_arcs(const struct model *m, uint32_t fn, bool parents, uint32_t *v)
{
	const uint32_t *lo = m->arc_lo[!parents];
	size_t n;

	if (lo != NULL) {
		n = lo[fn + 1] - lo[fn];
		memcpy(v, m->arcs[!parents] + lo[fn], n * sizeof(*v));
	} else {
		n = cg_list(m->cg, fn, parents, v);
		for (size_t i = 0; i < n / 2; i++) {
			uint32_t t = v[i];
			v[i] = v[n - 1 - i];
			v[n - 1 - i] = t;
		}
	}
	gp_sort(v, n, parents ? arc_up : arc_down, m);
	return n;
}

size_t
model_arc_list(const struct model *m, uint32_t fn, bool parents, uint32_t *v)
{
	if (!model_listed(m, LIST_GRAPH, fn))
		return cg_list(m->cg, fn, parents, v);
	return model_sorted_arcs(m, fn, parents, v);
}
