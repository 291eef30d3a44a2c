/*
 * model.c - the report model's readers (model.h): the entry accessors,
 * GNU's listing rules, names and files as shown, and the call graph's
 * arc lists in print order.
 *
 * Invariant: the model is immutable once modelbuild.c has made it, and
 * every function here is a pure reader of it, so printers can run in
 * any order and on any thread.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "presort.h"
#include "sort.h"

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
