/*
 * modelbuild.c - the report model of an analysis (modelbuild.h): the
 * model_opts every model shares, which table it is built from, the
 * names shown, the call graph's order and arc tables, and the views'
 * data taken from the analysis once, here.
 *
 * Invariant: a projection of what the analysis holds.  Nothing here
 * reads a file or changes the analysis: the analysis looked up what the
 * plan said the printers show (positions, call sites, the build id) and
 * made the table our views and --measured see, in which gcc's clones
 * count in their origins (clonesan.h).
 */
#include "modelbuild.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clonesan.h"
#include "demangle.h"
#include "exebuildid.h"
#include "fmt.h"
#include "hist.h"
#include "mismatch.h"
#include "sort.h"
#include "task.h"
#include "textjobs.h"

void
model_opts_init(struct model_opts *mo, const struct options *o)
{
	*mo = (struct model_opts){
		/* -T never demangles, whatever --demangle says (as GNU). */
		.demangle = o->demangle && !o->traditional,
		.inline_file_names = o->inline_file_names,
		.print_path = o->print_path,
		.zeros = o->zeros,
	};
}

/* Line mode: the positions the line-mode table gives every symbol. */
static void
given_sources(struct model *m, const struct model_in *in, bool print_path)
{
	m->src = xcalloc(m->nfuncs, sizeof(*m->src));
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

/* The positions the analysis looked up (analysed.h), as shown. */
static void
copy_sources(struct model *m, const struct src_pos *src, bool print_path)
{
	m->src = xcalloc(m->nfuncs, sizeof(*m->src));
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		struct model_src *s = &m->src[i];

		if (src[i].path == NULL)
			continue;
		s->path = src[i].path;
		s->line = src[i].line;
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
		uint32_t *v = xcalloc(cg->narcs, sizeof(*v));

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
	struct gp_key *k = xcalloc(total, sizeof(*k));
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
	struct graph_key *keys = xcalloc(total, sizeof(*keys));
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
	else if (in->src != NULL)
		copy_sources(m, in->src, mo->print_path);
	/* The plan looks every position up for --inline-file-names. */
	assert(!mo->inline_file_names || m->src != NULL);
	make_names(m, mo->demangle, mo->inline_file_names);
	if (mo->graph)
		order_graph(m, in->index_skip);
}

/* What a model of R is built from. */
static void
table_in(struct model_in *in, const struct analysed *r,
	 const struct analysis *a)
{
	*in = (struct model_in){
		.st = &r->st,
		.cg = &r->cg,
		.g = &a->g,
		.src = r->src,
		.total_ticks = r->total_ticks,
		.flat_excluded = r->flat_excluded,
		.exec_hidden = r->exec_hidden,
		/* Stacks know functions, not line symbols. */
		.measured = r == &a->fn && a->meas.any ? &a->meas : NULL,
		.flat_order = r->flat_order,
		.name_order = r->name_order,
		.nflat = r->nflat,
		.nnamed = r->nnamed,
	};
}

/* The run as the views describe it: program, files, warnings. */
static void
describe_run(struct model_prog *p, const struct analysis *a)
{
	const struct gmon *g = &a->g;
	struct gp_err msg;

	p->path = a->x.path;
	if (a->build_id != NULL)
		p->build_id = xstrdup(a->build_id);
	p->profiles = xcalloc(g->nfiles, sizeof(*p->profiles));
	for (size_t i = 0; i < g->nfiles; i++) {
		p->profiles[p->nprofiles++] = g->files[i].path;
		p->nrate_assumed += g->files[i].rate_assumed;
	}
	p->has_hist = g->nhists > 0;
	p->has_arcs = a->have_arcs;
	/* The check analysis_load() ran, worded for the executable. */
	for (size_t k = 0;
	     a->mismatch_checked &&
	     mismatch_message(&a->mismatch, k, g, a->x.path, &msg);
	     k++) {
		p->warnings = xreallocarray(p->warnings, p->nwarnings + 1,
					    sizeof(*p->warnings));
		p->warnings[p->nwarnings++] = xstrdup(msg.msg);
	}
}

/* Where ST's functions were loaded (model.h's struct model_map), from
 * the load map OS over it. */
static void
map_objects(struct model *m, const struct analysis *a, const struct objects *os,
	    bool line_table)
{
	const struct symtab *st = m->st;
	size_t nobjs = line_table ? 0 : os->n;
	/* The executable's functions come first (objects.h). */
	size_t nexe = !line_table && os->any ? os->nexe : st->n;
	struct model_map *exe;

	m->maps = xcalloc(1 + nobjs, sizeof(*m->maps));
	m->nmaps = 1 + nobjs;
	exe = &m->maps[0];
	exe->nfuncs = nexe;
	exe->lo = nexe ? st->syms[0].addr : 0;
	exe->hi = nexe ? st->syms[nexe - 1].end + 1 : 0;
	if (a->x.text_found && a->x.load_hi > a->x.load_lo) {
		exe->lo = a->x.load_lo;
		exe->hi = a->x.load_hi;
	}
	for (size_t k = 0; k < nobjs; k++) {
		const struct gp_object *ob = &os->v[k];
		struct model_map *mp = &m->maps[1 + k];
		char id[2 * GMON_SIDE_BUILD_ID_MAX + 1];
		const struct sym *last;

		mp->file = ob->file ? ob->file : ob->path;
		mp->first = ob->first;
		mp->nfuncs = ob->nfuncs;
		if (ob->nfuncs == 0)
			continue;
		last = &st->syms[ob->first + ob->nfuncs - 1];
		mp->lo = st->syms[ob->first].addr;
		mp->hi = (last->end > last->addr ? last->end : last->addr) + 1;
		if (ob->build_id_len &&
		    build_id_hex(ob->build_id, ob->build_id_len, id,
				 sizeof(id)))
			mp->build_id = xstrdup(id);
	}
}

/* What a model of VA's table is built from. */
static void
clones_in(struct model_in *in, const struct clonesan *va,
	  const struct analysis *a)
{
	table_in(in, &va->r, a);
	in->st = &va->sp.st;
	in->measured = va->meas.any ? &va->meas : NULL;
}

void
model_from_analysis(struct model *m, const struct analysis *a,
		    const struct model_opts *mo)
{
	const struct objects *os = &a->objs;
	/* Made only for the printers that count clones (plan.h). */
	const struct clonesan *va = mo->line_table ? NULL : a->clones;
	struct model_in in;

	if (va != NULL) {
		clones_in(&in, va, a);
		os = &va->os;
	} else if (mo->line_table) {
		const struct lineprof *lp = &a->lp;

		table_in(&in, &lp->lt, a);
		in.files = lp->files;
		in.lines = lp->lines;
		in.is_line = lp->is_line;
		in.bbs = lp->bbs;
		in.nbbs = lp->nbbs;
		in.index_skip = lp->index_skip;
	} else {
		table_in(&in, &a->fn, a);
	}
	model_build(m, &in, mo);
	if (va != NULL) {
		m->merged = va->sp.origin;
		m->clone_lo = va->sp.clone_lo;
		m->clones = va->sp.clones;
	}
	/* Stacks know functions, not line symbols; the threads' stacks
	 * are mapped to the model's table. */
	m->threads = mo->line_table             ? NULL
		     : va != NULL && va->tv.any ? &va->tv
						: &a->threads;
	m->window = a->threads.window;
	if (mo->views) {
		describe_run(&m->prog, a);
		map_objects(m, a, os, mo->line_table);
	}
	if (mo->sites) {
		/* Looked up for the model's call graph, as the plan said. */
		assert(a->have_sites && a->sites_cg == m->cg);
		m->sites = &a->sites;
	}
}
