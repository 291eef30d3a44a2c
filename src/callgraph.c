/*
 * callgraph.c - arcs, cycles and time propagation.
 *
 * The steps of cg_assemble(), in order:
 *   1. self-calls leave ncalls;
 *   2. a depth-first numbering from every function in address order
 *      finds the cycles (members glued into one list behind a head) and
 *      gives each function a topological number, callees first;
 *   3. cycles are numbered by their head's address;
 *   4. print flags and time fractions flow from callers to callees
 *      (highest topological number first);
 *   5. time flows from callees to callers (lowest number first), each
 *      arc carrying the callee's time in proportion to its calls.
 *
 * Invariant: the depth-first walk keeps its own stack, so no input can
 * make it recurse; every loop is linear in nodes + arcs.
 */
#include "callgraph.h"
#include "gmon.h"

#include <stdlib.h>
#include <string.h>

#define TOP_NAN 0
#define TALLY_BATCH 16
#define TOP_BUSY (-1)

void
cg_init(struct callgraph *cg, const struct symtab *st)
{
	memset(cg, 0, sizeof(*cg));
	cg->st = st;
	cg->n = st->n;
	cg->nodes = xcalloc(st->n ? st->n : 1, sizeof(*cg->nodes));
	for (size_t i = 0; i < st->n; i++) {
		struct cg_node *v = &cg->nodes[i];
		v->first_child = v->first_parent = CG_NONE;
		v->cyc_next = CG_NONE;
		v->cyc_head = (uint32_t)i;
	}
}

void
cg_free(struct callgraph *cg)
{
	free(cg->nodes);
	free(cg->cycles);
	free(cg->arcs);
	free(cg->hash);
	free(cg->topo);
	memset(cg, 0, sizeof(*cg));
}

static size_t
hash_slot(uint32_t parent, uint32_t child, size_t cap)
{
	uint64_t h = ((uint64_t)parent << 32 | child) * 0x9E3779B97F4A7C15ull;

	return (size_t)(h >> 20) & (cap - 1);
}

uint32_t
cg_find_arc(const struct callgraph *cg, uint32_t parent, uint32_t child)
{
	if (cg->hash_cap == 0)
		return CG_NONE;
	for (size_t s = hash_slot(parent, child, cg->hash_cap);;
	     s = (s + 1) & (cg->hash_cap - 1)) {
		uint32_t a = cg->hash[s];
		if (a == CG_NONE)
			return CG_NONE;
		if (cg->arcs[a].parent == parent && cg->arcs[a].child == child)
			return a;
	}
}

static void
hash_insert(struct callgraph *cg, uint32_t a)
{
	size_t s =
	    hash_slot(cg->arcs[a].parent, cg->arcs[a].child, cg->hash_cap);

	while (cg->hash[s] != CG_NONE)
		s = (s + 1) & (cg->hash_cap - 1);
	cg->hash[s] = a;
}

/* A table with room for NEED arcs at most half full. */
static void
hash_grow_for(struct callgraph *cg, size_t need)
{
	size_t cap = cg->hash_cap ? cg->hash_cap * 2 : 1024;

	while (cap / 2 <= need)
		cap *= 2;
	free(cg->hash);
	cg->hash = xreallocarray(NULL, cap, sizeof(*cg->hash));
	memset(cg->hash, 0xff, cap * sizeof(*cg->hash));
	cg->hash_cap = cap;
	for (size_t a = 0; a < cg->narcs; a++)
		hash_insert(cg, (uint32_t)a);
}

static void
hash_grow(struct callgraph *cg)
{
	hash_grow_for(cg, cg->narcs);
}

uint32_t
cg_add(struct callgraph *cg, uint32_t parent, uint32_t child, uint64_t count)
{
	uint32_t a = cg_find_arc(cg, parent, child);
	struct cg_arc *e;

	cg->nodes[child].ncalls += count;
	if (a != CG_NONE) {
		cg->arcs[a].count += count;
		return a;
	}
	if (cg->narcs >= CG_NONE - 1)
		gp_out_of_memory();
	if (cg->narcs == cg->arcs_cap) {
		cg->arcs_cap = cg->arcs_cap ? 2 * cg->arcs_cap : 1024;
		cg->arcs =
		    xreallocarray(cg->arcs, cg->arcs_cap, sizeof(*cg->arcs));
	}
	a = (uint32_t)cg->narcs++;
	e = &cg->arcs[a];
	memset(e, 0, sizeof(*e));
	e->parent = parent;
	e->child = child;
	e->count = count;
	e->next_child = cg->nodes[parent].first_child;
	cg->nodes[parent].first_child = a;
	e->next_parent = cg->nodes[child].first_parent;
	cg->nodes[child].first_parent = a;
	if (2 * cg->narcs >= cg->hash_cap)
		hash_grow(cg);
	else
		hash_insert(cg, a);
	return a;
}

/* cg_map_arc() on the ends' symtab_find() answers P and C. */
static bool
map_found(const struct callgraph *cg, sym_id p, sym_id c, uint32_t *parent,
	  uint32_t *child)
{
	if (p == SYM_NONE || c == SYM_NONE)
		return false;
	/* The keys carry is_func side by side (symtab_index). */
	while (!symtab_is_func(cg->st, c)) {
		if (c == 0)
			return false;
		c--;
	}
	*parent = p;
	*child = c;
	return true;
}

bool
cg_map_arc(const struct callgraph *cg, uint64_t from, uint64_t self,
	   uint32_t *parent, uint32_t *child)
{
	return map_found(cg, symtab_find(cg->st, from),
			 symtab_find(cg->st, self), parent, child);
}

/* Make the arc array exactly CAP long (CAP >= NARCS). */
static void
arcs_resize(struct callgraph *cg, size_t cap)
{
	cg->arcs = xreallocarray(cg->arcs, cap ? cap : 1, sizeof(*cg->arcs));
	cg->arcs_cap = cap ? cap : 1;
}

void
cg_tally(struct callgraph *cg, const struct gmon *g, cg_arc_filter *keep,
	 void *ctx)
{
	cg_tally_mapped(cg, g, NULL, keep, ctx);
}

void
cg_tally_mapped(struct callgraph *cg, const struct gmon *g,
		const uint32_t *syms, cg_arc_filter *keep, void *ctx)
{
	/*
	 * G's arcs add at most g->narcs arcs: room for them all at once,
	 * then the unused rest back, instead of doubling (which leaves up
	 * to half the array unused on a big program, three call graphs
	 * over with -s).
	 */
	if (g->narcs > cg->arcs_cap - cg->narcs && g->narcs < CG_NONE - 1)
		arcs_resize(cg, cg->narcs + g->narcs);
	/* The table too, once, rather than doubling as arcs come. */
	if (2 * (cg->narcs + g->narcs) >= cg->hash_cap &&
	    g->narcs < CG_NONE - 1)
		hash_grow_for(cg, cg->narcs + g->narcs);
	/*
	 * A batch at a time: map every arc of the batch, fetch what adding
	 * each will read (its hash slot, the arc there, both nodes), then
	 * add them in order.  The table and the nodes outgrow the caches.
	 */
	for (size_t i = 0; i < g->narcs; i += TALLY_BATCH) {
		size_t n =
		    g->narcs - i < TALLY_BATCH ? g->narcs - i : TALLY_BATCH;
		uint32_t p[TALLY_BATCH], c[TALLY_BATCH];
		size_t slot[TALLY_BATCH];
		bool ok[TALLY_BATCH];

		for (size_t k = 0; k < n; k++) {
			const struct gmon_arc *a = &g->arcs[i + k];

			ok[k] = (syms != NULL ? map_found(cg, syms[2 * (i + k)],
							  syms[2 * (i + k) + 1],
							  &p[k], &c[k])
					      : cg_map_arc(cg, a->from, a->self,
							   &p[k], &c[k])) &&
				(keep == NULL || keep(ctx, p[k], c[k]));
			if (!ok[k] || cg->hash_cap == 0)
				continue;
			slot[k] = hash_slot(p[k], c[k], cg->hash_cap);
			GP_PREFETCH(&cg->hash[slot[k]]);
			GP_PREFETCH(&cg->nodes[p[k]]);
			GP_PREFETCH(&cg->nodes[c[k]]);
		}
		for (size_t k = 0; k < n && cg->hash_cap > 0; k++)
			if (ok[k] && cg->hash[slot[k]] != CG_NONE)
				GP_PREFETCH(&cg->arcs[cg->hash[slot[k]]]);
		for (size_t k = 0; k < n; k++)
			if (ok[k])
				cg_add(cg, p[k], c[k], g->arcs[i + k].count);
	}
	if (cg->arcs_cap > cg->narcs + cg->narcs / 8 + 1024)
		arcs_resize(cg, cg->narcs);
}

/* Step 1: calls of a function to itself are counted apart (one arc per
 * pair, so one pass over the arcs finds them all). */
static void
split_self_calls(struct callgraph *cg)
{
	for (size_t a = 0; a < cg->narcs; a++) {
		const struct cg_arc *e = &cg->arcs[a];

		if (e->parent == e->child) {
			cg->nodes[e->child].ncalls -= e->count;
			cg->nodes[e->child].self_calls = e->count;
		}
	}
}

/*
 * Every node's two lists as arrays, in list order (newest first, which
 * is descending arc id, as cg_add() puts each new arc in front): walking
 * the linked lists meets the arcs at random, one miss per step, each
 * waiting for the one before.  Node X's arcs into it (K 0) or out of it
 * (K 1) are IDS[K][LO[K][X] .. LO[K][X + 1]); KID[i] is arc IDS[1][i]'s
 * child, side by side for the depth-first walk.
 */
struct adj {
	uint32_t *lo[2], *ids[2], *kid, *par; /* owned; PAR: IDS[0]'s
					       * parents, side by side */
};

static void
adj_make(struct adj *j, const struct callgraph *cg)
{
	for (int k = 0; k < 2; k++) {
		uint32_t *lo = xcalloc(cg->n + 1, sizeof(*lo));
		uint32_t *ids =
		    xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*ids));

		for (size_t a = 0; a < cg->narcs; a++)
			lo[k ? cg->arcs[a].parent : cg->arcs[a].child]++;
		/* Each node's end, then fill backwards from it. */
		for (size_t x = 1; x <= cg->n; x++)
			lo[x] += lo[x - 1];
		for (size_t a = 0; a < cg->narcs; a++)
			ids[--lo[k ? cg->arcs[a].parent : cg->arcs[a].child]] =
			    (uint32_t)a;
		/* LO[X] is X's start now; LO[N] stays the total. */
		j->lo[k] = lo;
		j->ids[k] = ids;
	}
	/* Filled backwards in ascending id order: newest first. */
	j->kid = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*j->kid));
	j->par = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*j->par));
	for (size_t i = 0; i < cg->narcs; i++) {
		j->kid[i] = cg->arcs[j->ids[1][i]].child;
		j->par[i] = cg->arcs[j->ids[0][i]].parent;
	}
}

/*
 * Fetch what the propagation steps will read for node X, its list K's
 * arcs and the nodes at their other ends (up to a few of each): they
 * visit nodes in topological order, at random in memory.
 */
static void
fetch_node(const struct callgraph *cg, const struct adj *j, uint32_t x, int k)
{
	uint32_t lo = j->lo[k][x], hi = j->lo[k][x + 1];

	for (uint32_t q = lo; q < hi && q < lo + 8; q++) {
		GP_PREFETCH(&cg->arcs[j->ids[k][q]]);
		GP_PREFETCH(&cg->nodes[k ? j->kid[q] : j->par[q]]);
	}
}

static void
adj_free(struct adj *j)
{
	for (int k = 0; k < 2; k++) {
		free(j->lo[k]);
		free(j->ids[k]);
	}
	free(j->kid);
	free(j->par);
}

/*
 * State of the depth-first walk.  CYC_HEAD of the nodes is a union-find
 * forest while the walk runs (find() gives a node's cycle head); TAIL is
 * the last member of each head's list, POS a node's place on the stack
 * (-1 when off it).  These make gluing cost O(members glued), so a
 * profile cannot make the walk quadratic.
 */
struct walk {
	uint32_t *stack, *iter, *tail;
	int64_t *pos;
	int64_t *top; /* the nodes' toporder while the walk runs */
	const struct adj *adj;
	size_t depth;
	int64_t counter;
};

static uint32_t
find(struct cg_node *v, uint32_t x)
{
	while (v[x].cyc_head != x) {
		v[x].cyc_head = v[v[x].cyc_head].cyc_head;
		x = v[x].cyc_head;
	}
	return x;
}

/*
 * CHILD, reached again while still being walked, closes a loop: glue the
 * functions on the stack above the one it returns to into one cycle, in
 * stack order, behind the cycle's head (the function entered first).
 * The same rules as the classic gprof, which scanned the stack instead.
 */
static void
close_cycle(struct callgraph *cg, struct walk *w, uint32_t child)
{
	struct cg_node *v = cg->nodes;
	uint32_t root = find(v, child), head, tail;
	int64_t top = w->pos[child];
	size_t n = 0;
	uint32_t *todo;

	if (root != child && w->pos[root] > top)
		top = w->pos[root];
	if (NEVER(top < 0))
		return; /* CHILD is always on the stack here */
	if ((size_t)top + 1 == w->depth)
		return; /* a self-call */
	head = find(v, w->stack[top]);
	tail = w->tail[head];
	/* The unglued entries above TOP, found top-down by jumping over
	 * runs already glued (each run sits right above its head). */
	todo = w->iter + w->depth; /* spare room past the live iterators */
	for (int64_t i = (int64_t)w->depth - 1; i > top;) {
		uint32_t m = w->stack[i], r = find(v, m);
		if (r == m) {
			todo[n++] = m;
			i--;
		} else {
			i = w->pos[r] < i ? w->pos[r] : i - 1;
		}
	}
	while (n-- > 0) {
		uint32_t m = todo[n];
		v[tail].cyc_next = m;
		tail = w->tail[m];
		v[m].cyc_head = head;
	}
	w->tail[head] = tail;
}

/* Step 2: depth-first numbering from ROOT with an explicit stack.
 * ITER holds each stacked node's place in its callee array. */
static void
number_from(struct callgraph *cg, struct walk *w, uint32_t root)
{
	struct cg_node *v = cg->nodes;
	const uint32_t *lo = w->adj->lo[1], *kid = w->adj->kid;
	int64_t *top = w->top;

	top[root] = TOP_BUSY;
	w->pos[root] = 0;
	w->stack[0] = root;
	w->iter[0] = lo[root];
	w->depth = 1;
	while (w->depth > 0) {
		uint32_t t = w->stack[w->depth - 1];
		uint32_t k = w->iter[w->depth - 1];

		if (k < lo[t + 1]) {
			uint32_t c = kid[k];

			w->iter[w->depth - 1] = k + 1;
			if (top[c] == TOP_NAN) {
				top[c] = TOP_BUSY;
				w->pos[c] = (int64_t)w->depth;
				w->stack[w->depth] = c;
				w->iter[w->depth++] = lo[c];
			} else if (top[c] == TOP_BUSY) {
				close_cycle(cg, w, c);
			}
			continue;
		}
		if (find(v, t) == t) {
			++w->counter;
			for (uint32_t m = t; m != CG_NONE; m = v[m].cyc_next)
				top[m] = w->counter;
		}
		w->pos[t] = -1;
		w->depth--;
	}
}

/* Step 3: number the cycles by their heads' addresses; count calls. */
static void
link_cycles(struct callgraph *cg, const struct adj *j)
{
	struct cg_node *v = cg->nodes;
	size_t k = 0;

	for (uint32_t i = 0; i < cg->n; i++)
		if (v[i].cyc_head == i && v[i].cyc_next != CG_NONE)
			k++;
	cg->cycles = xcalloc(k ? k : 1, sizeof(*cg->cycles));
	cg->ncycles = k;
	k = 0;
	for (uint32_t i = 0; i < cg->n; i++) {
		struct cg_cycle *cy;

		if (v[i].cyc_head != i || v[i].cyc_next == CG_NONE)
			continue;
		cy = &cg->cycles[k++];
		cy->first = i;
		for (uint32_t m = i; m != CG_NONE; m = v[m].cyc_next)
			v[m].cycle = (uint32_t)k;
		for (uint32_t m = i; m != CG_NONE; m = v[m].cyc_next) {
			for (uint32_t q = j->lo[0][m]; q < j->lo[0][m + 1];
			     q++) {
				uint32_t a = j->ids[0][q];
				uint32_t p = cg->arcs[a].parent;
				if (p == m)
					continue;
				if (v[p].cycle == k)
					cy->self_calls += cg->arcs[a].count;
				else
					cy->ncalls += cg->arcs[a].count;
			}
		}
	}
}

/* What a function or cycle inherits from its callers (step 4). */
static void
inherit(struct callgraph *cg, const struct adj *j, uint32_t c)
{
	struct cg_node *v = cg->nodes;
	struct cg_cycle *cy = cg_cycle_of(cg, c);

	if (cy == NULL) {
		v[c].print_flag = false;
		v[c].prop_fract = 0;
		for (uint32_t q = j->lo[0][c]; q < j->lo[0][c + 1]; q++) {
			uint32_t a = j->ids[0][q];
			uint32_t p = j->par[q];
			if (p == c)
				continue;
			v[c].print_flag |= v[p].print_flag;
			if (v[c].ncalls != 0)
				v[c].prop_fract += v[p].prop_fract *
						   ((double)cg->arcs[a].count /
						    (double)v[c].ncalls);
		}
		return;
	}
	cy->print_flag = false;
	cy->prop_fract = 0;
	for (uint32_t m = cy->first; m != CG_NONE; m = v[m].cyc_next) {
		for (uint32_t q = j->lo[0][m]; q < j->lo[0][m + 1]; q++) {
			uint32_t a = j->ids[0][q];
			uint32_t p = j->par[q];
			if (v[p].cycle == v[c].cycle)
				continue;
			cy->print_flag |= v[p].print_flag;
			if (cy->ncalls != 0)
				cy->prop_fract += v[p].prop_fract *
						  ((double)cg->arcs[a].count /
						   (double)cy->ncalls);
		}
	}
	for (uint32_t m = cy->first; m != CG_NONE; m = v[m].cyc_next) {
		v[m].print_flag = cy->print_flag;
		v[m].prop_fract = cy->prop_fract;
	}
}

static void
propagate_flags(struct callgraph *cg, const struct adj *j,
		const struct cg_select *sel)
{
	struct cg_node *v = cg->nodes;
	uint64_t last = UINT64_MAX;

	cg->print_time = 0;
	for (size_t i = cg->n; i-- > 0;) {
		uint32_t c = cg->topo[i];

		if (i >= 4) {
			GP_PREFETCH(&v[cg->topo[i - 4]]);
			GP_PREFETCH(&j->lo[0][cg->topo[i - 4]]);
		}
		if (i >= 2)
			fetch_node(cg, j, cg->topo[i - 2], 0);
		uint8_t f = sel->flags ? sel->flags[c] : 0;
		uint64_t key = v[c].cycle ? (uint64_t)v[c].cycle << 32
					  : (uint64_t)c | 1ull << 63;

		if (key != last) {
			last = key;
			inherit(cg, j, c);
		}
		if (!v[c].print_flag) {
			if ((f & CG_INCL_GRAPH) ||
			    (!sel->any_incl_graph && !(f & CG_EXCL_GRAPH)))
				v[c].print_flag = true;
		} else if (f & CG_EXCL_GRAPH) {
			v[c].print_flag = false;
		}
		if (v[c].prop_fract == 0) {
			if ((f & CG_INCL_TIME) ||
			    (!sel->any_incl_time && !(f & CG_EXCL_TIME)))
				v[c].prop_fract = 1.0;
		} else if (f & CG_EXCL_TIME) {
			v[c].prop_fract = 0;
		}
		v[c].prop_self = v[c].self_ticks * v[c].prop_fract;
		cg->print_time += v[c].prop_self;
	}
}

static void
cycle_times(struct callgraph *cg)
{
	for (size_t k = 0; k < cg->ncycles; k++) {
		struct cg_cycle *cy = &cg->cycles[k];

		for (uint32_t m = cy->first; m != CG_NONE;
		     m = cg->nodes[m].cyc_next)
			if (cg->nodes[m].prop_fract != 0)
				cy->self_ticks += cg->nodes[m].self_ticks;
		cy->prop_self = cy->prop_fract * cy->self_ticks;
	}
}

static void
propagate_time(struct callgraph *cg, const struct adj *j, uint32_t p)
{
	struct cg_node *v = cg->nodes;
	struct cg_cycle *pc = cg_cycle_of(cg, p);

	/* A function whose time is excluded (-E, -F) collects nothing from
	 * its callees, not even for its own total: GNU gprof's rule. */
	if (v[p].prop_fract == 0)
		return;
	for (uint32_t q = j->lo[1][p]; q < j->lo[1][p + 1]; q++) {
		struct cg_arc *e = &cg->arcs[j->ids[1][q]];
		uint32_t c = e->child;
		struct cg_cycle *cc = cg_cycle_of(cg, c);
		double self, child, ncalls, share, prop_share;

		if (e->count == 0 || c == p || v[c].prop_fract == 0)
			continue;
		if (cc != NULL) {
			if (v[p].cycle == v[c].cycle)
				continue;
			self = cc->self_ticks;
			child = cc->child_ticks;
			ncalls = (double)cc->ncalls;
		} else {
			self = v[c].self_ticks;
			child = v[c].child_ticks;
			ncalls = (double)v[c].ncalls;
		}
		if (ncalls == 0)
			continue;
		e->time = self * ((double)e->count / ncalls);
		e->child_time = child * ((double)e->count / ncalls);
		share = e->time + e->child_time;
		v[p].child_ticks += share;
		prop_share = v[p].prop_fract * share;
		v[p].prop_child += prop_share;
		e->time *= v[p].prop_fract;
		e->child_time *= v[p].prop_fract;
		if (pc != NULL) {
			pc->child_ticks += share;
			pc->prop_child += prop_share;
		}
	}
}

/*
 * CG->topo: the nodes by toporder, ties (a cycle's members) by id, by a
 * counting sort (toporders run from 1 to at most N).
 */
static void
sort_topo(struct callgraph *cg, const int64_t *top)
{
	uint32_t *start = xcalloc(cg->n + 2, sizeof(*start));

	cg->topo = xcalloc(cg->n ? cg->n : 1, sizeof(*cg->topo));
	for (uint32_t i = 0; i < cg->n; i++)
		if (ALWAYS(top[i] >= 1 && (uint64_t)top[i] <= cg->n))
			start[top[i] + 1]++;
	for (size_t t = 1; t < cg->n + 2; t++)
		start[t] += start[t - 1];
	for (uint32_t i = 0; i < cg->n; i++)
		if (top[i] >= 1 && (uint64_t)top[i] <= cg->n)
			cg->topo[start[top[i]]++] = i;
	free(start);
}

void
cg_prepare(struct callgraph *cg, const double *ticks)
{
	for (uint32_t i = 0; i < cg->n; i++)
		cg->nodes[i].self_ticks = ticks ? ticks[i] : 0;
	split_self_calls(cg);
	cg->prepared = true;
}

void
cg_assemble(struct callgraph *cg, const double *ticks,
	    const struct cg_select *sel)
{
	size_t n = cg->n ? cg->n : 1;
	struct walk w = { 0 };
	struct adj j;

	if (!cg->prepared)
		cg_prepare(cg, ticks);
	adj_make(&j, cg);
	w.adj = &j;
	w.stack = xcalloc(n, sizeof(*w.stack));
	w.iter = xcalloc(2 * n, sizeof(*w.iter)); /* + room for close_cycle */
	w.tail = xcalloc(n, sizeof(*w.tail));
	w.pos = xcalloc(n, sizeof(*w.pos));
	w.top = xcalloc(n, sizeof(*w.top));
	for (uint32_t i = 0; i < cg->n; i++) {
		w.tail[i] = i;
		w.pos[i] = -1;
		w.top[i] = cg->nodes[i].toporder;
	}
	for (uint32_t i = 0; i < cg->n; i++)
		if (w.top[i] == TOP_NAN)
			number_from(cg, &w, i);
	for (uint32_t i = 0; i < cg->n; i++) {
		cg->nodes[i].cyc_head = find(cg->nodes, i);
		cg->nodes[i].toporder = w.top[i];
	}
	sort_topo(cg, w.top);
	free(w.stack);
	free(w.iter);
	free(w.tail);
	free(w.pos);
	free(w.top);
	link_cycles(cg, &j);
	propagate_flags(cg, &j, sel);
	cycle_times(cg);
	for (size_t i = 0; i < cg->n; i++) {
		if (i + 4 < cg->n) {
			GP_PREFETCH(&cg->nodes[cg->topo[i + 4]]);
			GP_PREFETCH(&j.lo[1][cg->topo[i + 4]]);
		}
		if (i + 2 < cg->n)
			fetch_node(cg, &j, cg->topo[i + 2], 1);
		propagate_time(cg, &j, cg->topo[i]);
	}
	adj_free(&j);
}

static uint32_t
list_next(const struct callgraph *cg, uint32_t a, bool parents)
{
	return parents ? cg->arcs[a].next_parent : cg->arcs[a].next_child;
}

size_t
cg_list_len(const struct callgraph *cg, uint32_t node, bool parents)
{
	size_t n = 0;

	for (uint32_t a = parents ? cg->nodes[node].first_parent
				  : cg->nodes[node].first_child;
	     a != CG_NONE; a = list_next(cg, a, parents))
		n++;
	return n;
}

size_t
cg_list(const struct callgraph *cg, uint32_t node, bool parents, uint32_t *out)
{
	size_t n = 0;

	for (uint32_t a = parents ? cg->nodes[node].first_parent
				  : cg->nodes[node].first_child;
	     a != CG_NONE; a = list_next(cg, a, parents))
		out[n++] = a;
	return n;
}
