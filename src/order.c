/*
 * order.c - the suggested function order of -r (see order.h).
 *
 * The steps, each checked against GNU gprof 2.40 on thousands of random
 * call graphs:
 *
 *  1. A function is used when other functions call it (ncalls > 0).
 *     Unused functions count as placed from the start, so arcs touching
 *     them build nothing.
 *  2. Arcs are sorted by count, busiest first (stable).  Over the arcs
 *     that make up the first 90% of all calls (self-calls left out), a
 *     function's "sites" is the number of such arcs into it.
 *  3. Hubs: with U used functions, up to U/80 of them with the most
 *     sites.  The search stops at a function with exactly 5 sites (not
 *     "5 or fewer"; this is GNU's test).  Each hub is placed, and all its
 *     arcs are marked: marked arcs never join functions into chains.  An
 *     arc of a hub whose other end is also placed (unused, or another
 *     hub) goes to a "high" list and both ends become unplaced again.
 *     The hubs before the last one are printed if still placed.
 *  4. Three passes over arc lists (below): the high list, all arcs,
 *     then the arcs the second pass left for later.
 *  5. The used functions not printed yet, then every unused function,
 *     both in address order.  A hub still placed is never printed.
 *
 * A pass walks its arcs in order.  In the second pass, once the running
 * sum of counts passes 99% of the list's total, the remaining arcs are
 * deferred to the third pass; marked arcs are never deferred.  An arc
 * between two unplaced functions that is not marked grows the chains:
 * two functions outside chains start one, caller first; a function
 * outside chains joins the chain of the other at the end nearer to it
 * (on a tie a callee goes after the tail, a caller before the head); two
 * functions already in chains change nothing.  Then the pass prints, arc by arc, the whole chain of
 * each caller that is still unplaced along with its callee, and marks
 * it placed.  The first pass prints such a caller even when it is in no
 * chain; the others only print chains.
 *
 * Chains only grow at their ends, so each keeps its end positions and
 * each member its own position: the distances to the ends cost O(1).
 */
#include "order.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model.h"
#include "select.h"
#include "sort.h"

enum {
	ARC_MARKED = 1,   /* an arc of a hub, or (-R) of an unnamed function */
	ARC_DEFERRED = 2, /* left by the second pass for the third */
};

/* An arc as the ordering sees it (see orderer.arcs). */
struct oarc {
	uint32_t parent, child;
	uint64_t count;
};

struct chain {
	uint32_t head, tail;
	int64_t head_pos, tail_pos;
};

/*
 * Nodes are the call graph's functions, then "copies": GNU gprof gives
 * every arc spec (-k, and -q/-Q with a '/') its own copies of the
 * functions each side matches, and joins every left copy to every right
 * copy by an arc of count 0.  Those arcs come first in its arc list, the
 * last spec's first; they are in no report, but the orderings see them.
 */
struct orderer {
	const struct callgraph *cg;
	const struct model *graph; /* the printed call graph, or NULL */
	FILE *out;
	const bool *unlisted; /* per function: not printed, or NULL */
	struct oarc
	    *arcs; /* the copies' arcs, then cg's (cg arc k at base + k) */
	size_t narcs, base;
	uint32_t *origin;   /* per copy: the function it copies */
	size_t nnodes;      /* functions plus copies */
	bool *placed;       /* per node */
	uint8_t *arc_flags; /* per arc, ARC_* */
	uint32_t *chain_of; /* per node: chain id or CG_NONE */
	int64_t *pos;       /* per node: position in its chain */
	uint32_t *next;     /* per node: next in its chain or CG_NONE */
	struct chain *chains;
	size_t nchains;
};

static int
by_count_desc(uint32_t a, uint32_t b, const void *ctx)
{
	const struct oarc *arcs = ctx;
	uint64_t ca = arcs[a].count, cb = arcs[b].count;

	return ca < cb ? 1 : ca > cb ? -1 : 0;
}

static int
by_sites_desc(uint32_t a, uint32_t b, const void *ctx)
{
	const uint32_t *sites = ctx;

	return sites[a] < sites[b] ? 1 : sites[a] > sites[b] ? -1 : 0;
}

static bool
is_self(const struct orderer *o, uint32_t a)
{
	return o->arcs[a].parent == o->arcs[a].child;
}

/* Sum of the counts of the non-self arcs in LIST (wrapping as GNU's). */
static uint64_t
total_calls(const struct orderer *o, const uint32_t *list, size_t n)
{
	uint64_t total = 0;

	for (size_t i = 0; i < n; i++)
		if (!is_self(o, list[i]))
			total += o->arcs[list[i]].count;
	return total;
}

/* True once RUNNING is more than FRACTION of TOTAL (never if TOTAL is 0). */
static bool
past(uint64_t running, uint64_t total, double fraction)
{
	return total != 0 && (double)running / (double)total > fraction;
}

/* The function NODE is or copies. */
static uint32_t
function_of(const struct orderer *o, uint32_t node)
{
	return node < o->cg->n ? node : o->origin[node - o->cg->n];
}

static void
put_name(struct orderer *o, uint32_t node)
{
	uint32_t f = function_of(o, node);

	if (o->unlisted != NULL && o->unlisted[f])
		return; /* left out on purpose (see order.h) */
	if (o->cg->st->syms[f].objname != NULL)
		return; /* a shared library's: not the program's to order */
	fputs(o->cg->st->syms[f].name, o->out);
	fputc('\n', o->out);
}

static void
start_chain(struct orderer *o, uint32_t p, uint32_t c)
{
	struct chain *ch = &o->chains[o->nchains];

	ch->head = p;
	ch->tail = c;
	ch->head_pos = 0;
	ch->tail_pos = 1;
	o->chain_of[p] = o->chain_of[c] = (uint32_t)o->nchains++;
	o->pos[p] = 0;
	o->pos[c] = 1;
	o->next[p] = c;
}

static void
add_after_tail(struct orderer *o, struct chain *ch, uint32_t node)
{
	o->next[ch->tail] = node;
	ch->tail = node;
	o->pos[node] = ++ch->tail_pos;
	o->chain_of[node] = (uint32_t)(ch - o->chains);
}

static void
add_before_head(struct orderer *o, struct chain *ch, uint32_t node)
{
	o->next[node] = ch->head;
	ch->head = node;
	o->pos[node] = --ch->head_pos;
	o->chain_of[node] = (uint32_t)(ch - o->chains);
}

/* Grow the chains with the arc P -> C (both unplaced). */
static void
link_arc(struct orderer *o, uint32_t p, uint32_t c)
{
	uint32_t cp = o->chain_of[p], cc = o->chain_of[c];
	struct chain *ch;
	int64_t to_head, to_tail;

	if (cp == CG_NONE && cc == CG_NONE) {
		start_chain(o, p, c);
		return;
	}
	if (cp != CG_NONE && cc != CG_NONE)
		return;
	if (cp != CG_NONE) { /* a new callee */
		ch = &o->chains[cp];
		to_head = o->pos[p] - ch->head_pos;
		to_tail = ch->tail_pos - o->pos[p];
		if (to_tail <= to_head)
			add_after_tail(o, ch, c);
		else
			add_before_head(o, ch, c);
	} else { /* a new caller */
		ch = &o->chains[cc];
		to_head = o->pos[c] - ch->head_pos;
		to_tail = ch->tail_pos - o->pos[c];
		if (to_head <= to_tail)
			add_before_head(o, ch, p);
		else
			add_after_tail(o, ch, p);
	}
}

/* Print the unplaced members of NODE's chain (or NODE alone). */
static void
print_chain(struct orderer *o, uint32_t node)
{
	uint32_t k = node;

	if (o->chain_of[node] != CG_NONE)
		k = o->chains[o->chain_of[node]].head;
	for (; k != CG_NONE; k = o->next[k]) {
		if (!o->placed[k]) {
			put_name(o, k);
			o->placed[k] = true;
		}
	}
}

/*
 * One pass over LIST (see the file comment).  When DEFER is not NULL,
 * arcs past 99% of the calls are appended to it.  LONE prints callers
 * that are in no chain.
 */
static void
run_pass(struct orderer *o, const uint32_t *list, size_t n, uint32_t *defer,
	 size_t *ndefer, bool lone)
{
	uint64_t total = total_calls(o, list, n), running = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t a = list[i], p = o->arcs[a].parent,
			 c = o->arcs[a].child;

		if (p == c)
			continue;
		running += o->arcs[a].count;
		if ((o->placed[p] && o->placed[c]) ||
		    (o->arc_flags[a] & ARC_MARKED))
			continue;
		if (defer != NULL && past(running, total, 0.99)) {
			defer[(*ndefer)++] = a;
			o->arc_flags[a] |= ARC_DEFERRED;
			continue;
		}
		if (o->placed[p] || o->placed[c])
			continue;
		link_arc(o, p, c);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t a = list[i], p = o->arcs[a].parent,
			 c = o->arcs[a].child;

		if (p == c ||
		    (defer != NULL && (o->arc_flags[a] & ARC_DEFERRED)))
			continue;
		if (o->placed[p] || o->placed[c])
			continue;
		if (lone || o->chain_of[p] != CG_NONE)
			print_chain(o, p);
	}
}

/*
 * Append the arcs of hub H to SCRATCH (self-calls left out), its child
 * list first, and mark them all.  The lists are walked in their current
 * order: newest first, or as the printed call graph sorted them.
 */
static size_t
collect_hub_arcs(struct orderer *o, uint32_t h, uint32_t *scratch, size_t n)
{
	for (int parents = 0; parents < 2; parents++) {
		uint32_t *v;
		size_t k;

		v = xcalloc(cg_list_len(o->cg, h, parents) + 1, sizeof(*v));
		if (o->graph != NULL)
			k = model_arc_list(o->graph, h, parents, v);
		else
			k = cg_list(o->cg, h, parents, v);
		for (size_t i = 0; i < k; i++) {
			uint32_t a = (uint32_t)o->base + v[i];

			o->arc_flags[a] |= ARC_MARKED;
			if (!is_self(o, a))
				scratch[n++] = a;
		}
		free(v);
	}
	return n;
}

/*
 * Steps 2 and 3: pick and place the hubs, print all but the last, and
 * fill HIGH (sorted) with the arcs the first pass orders.  Returns the
 * number of high arcs.
 */
static size_t
place_hubs(struct orderer *o, const uint32_t *sorted, uint32_t *used,
	   size_t nused, uint32_t *high)
{
	uint32_t *sites = xcalloc(o->nnodes + 1, sizeof(*sites));
	uint32_t *scratch;
	uint64_t total = total_calls(o, sorted, o->narcs), running = 0;
	size_t nhubs = nused / 80, last = 0, nscratch = 0, nhigh = 0;

	for (size_t i = 0; i < o->narcs; i++) {
		uint32_t a = sorted[i];

		if (is_self(o, a))
			continue;
		running += o->arcs[a].count;
		if (past(running, total, 0.9))
			break;
		sites[o->arcs[a].child]++;
	}
	gp_sort(used, nused, by_sites_desc, sites);
	/* Each arc is collected at most twice, once per end. */
	scratch = xcalloc(2 * o->narcs + 1, sizeof(*scratch));
	for (size_t i = 0; i < nhubs; i++) {
		uint32_t h = used[i];

		if (sites[h] == 5)
			break;
		nscratch = collect_hub_arcs(o, h, scratch, nscratch);
		last = i;
		o->placed[h] = true;
	}
	for (size_t i = 0; i < nscratch; i++) {
		uint32_t p = o->arcs[scratch[i]].parent,
			 c = o->arcs[scratch[i]].child;

		if (o->placed[p] && o->placed[c]) {
			high[nhigh++] = scratch[i];
			o->placed[p] = o->placed[c] = false;
		}
	}
	for (size_t i = 0; i < last; i++)
		if (o->placed[used[i]])
			put_name(o, used[i]);
	gp_sort(high, nhigh, by_count_desc, o->arcs);
	free(scratch);
	free(sites);
	return nhigh;
}

/* Where an arc spec's copies come from: one per entry of its list. */
static const uint8_t *
copy_side(const struct arc_sel *a, bool from)
{
	if (from)
		return a->from_runs != NULL ? a->from_runs : a->from;
	return a->to_runs != NULL ? a->to_runs : a->to;
}

/* Count the copies and copy-arcs of SEL's arc specs. */
static void
count_copies(const struct selection *sel, size_t n, size_t *ncopies,
	     size_t *ncarcs)
{
	*ncopies = *ncarcs = 0;
	for (size_t k = 0; sel != NULL && k < sel->narcs; k++) {
		size_t l = 0, r = 0;

		for (size_t i = 0; i < n; i++) {
			l += copy_side(&sel->arcs[k], true)[i] != 0;
			r += copy_side(&sel->arcs[k], false)[i] != 0;
		}
		*ncopies += l + r;
		*ncarcs += l * r;
	}
}

/*
 * The arc specs' copies and their arcs (see struct orderer), last spec
 * first, each spec's pairs left by left in address order.
 */
static void
add_copies(struct orderer *o, const struct selection *sel)
{
	size_t n = o->cg->n, ncopy = 0, na = 0;
	uint32_t *left = xcalloc(n + 1, sizeof(*left));
	uint32_t *right = xcalloc(n + 1, sizeof(*right));

	for (size_t k = sel != NULL ? sel->narcs : 0; k-- > 0;) {
		size_t nl = 0, nr = 0;

		for (size_t i = 0; i < n; i++)
			if (copy_side(&sel->arcs[k], true)[i]) {
				o->origin[ncopy] = (uint32_t)i;
				left[nl++] = (uint32_t)(n + ncopy++);
			}
		for (size_t i = 0; i < n; i++)
			if (copy_side(&sel->arcs[k], false)[i]) {
				o->origin[ncopy] = (uint32_t)i;
				right[nr++] = (uint32_t)(n + ncopy++);
			}
		for (size_t i = 0; i < nl; i++)
			for (size_t j = 0; j < nr; j++) {
				o->arcs[na].parent = left[i];
				o->arcs[na].child = right[j];
				o->arcs[na++].count = 0;
			}
	}
	free(left);
	free(right);
}

/* Set up O: every node unplaced and outside chains, arcs unmarked. */
static void
orderer_init(struct orderer *o, const struct callgraph *cg,
	     const struct selection *sel, FILE *out)
{
	size_t ncopies, ncarcs, nn;

	memset(o, 0, sizeof(*o));
	o->cg = cg;
	o->out = out;
	count_copies(sel, cg->n, &ncopies, &ncarcs);
	o->nnodes = nn = cg->n + ncopies;
	o->base = ncarcs;
	o->narcs = ncarcs + cg->narcs;
	o->arcs = xcalloc(o->narcs + 1, sizeof(*o->arcs));
	o->origin = xcalloc(ncopies + 1, sizeof(*o->origin));
	add_copies(o, sel);
	for (size_t i = 0; i < cg->narcs; i++) {
		o->arcs[o->base + i].parent = cg->arcs[i].parent;
		o->arcs[o->base + i].child = cg->arcs[i].child;
		o->arcs[o->base + i].count = cg->arcs[i].count;
	}
	o->placed = xcalloc(nn + 1, sizeof(*o->placed));
	o->arc_flags = xcalloc(o->narcs + 1, sizeof(*o->arc_flags));
	o->chain_of = xcalloc(nn + 1, sizeof(*o->chain_of));
	o->pos = xcalloc(nn + 1, sizeof(*o->pos));
	o->next = xcalloc(nn + 1, sizeof(*o->next));
	o->chains = xcalloc(nn / 2 + 1, sizeof(*o->chains));
	for (size_t i = 0; i < nn; i++)
		o->chain_of[i] = o->next[i] = CG_NONE;
}

static void
orderer_free(struct orderer *o)
{
	free(o->arcs);
	free(o->origin);
	free(o->placed);
	free(o->arc_flags);
	free(o->chain_of);
	free(o->pos);
	free(o->next);
	free(o->chains);
}

/* All arc ids, in list order or (SORTED) busiest first, stably. */
static uint32_t *
all_arcs(const struct orderer *o, bool sorted)
{
	uint32_t *v = xcalloc(o->narcs + 1, sizeof(*v));

	for (size_t i = 0; i < o->narcs; i++)
		v[i] = (uint32_t)i;
	if (sorted)
		gp_sort(v, o->narcs, by_count_desc, o->arcs);
	return v;
}

void
order_functions(FILE *out, const struct model *m, bool graph_printed,
		const struct selection *sel, const bool *unlisted)
{
	const struct callgraph *cg = m->cg;
	size_t n = cg->n, nused = 0, nhigh, ndefer = 0;
	struct orderer o;
	uint32_t *sorted, *high, *defer;
	uint32_t *used = xcalloc(n + 1, sizeof(*used));

	orderer_init(&o, cg, sel, out);
	o.graph = graph_printed ? m : NULL;
	o.unlisted = unlisted;
	sorted = all_arcs(&o, true);
	high = xcalloc(2 * o.narcs + 1, sizeof(*high));
	defer = xcalloc(o.narcs + 1, sizeof(*defer));
	for (size_t i = 0; i < n; i++) {
		o.placed[i] = cg->nodes[i].ncalls == 0;
		if (!o.placed[i])
			used[nused++] = (uint32_t)i;
	}

	nhigh = place_hubs(&o, sorted, used, nused, high);
	run_pass(&o, high, nhigh, NULL, NULL, true);
	run_pass(&o, sorted, o.narcs, defer, &ndefer, false);
	run_pass(&o, defer, ndefer, NULL, NULL, false);

	for (size_t i = 0; i < n; i++)
		if (cg->nodes[i].ncalls > 0 && !o.placed[i])
			put_name(&o, (uint32_t)i);
	for (size_t i = 0; i < n; i++)
		if (cg->nodes[i].ncalls == 0)
			put_name(&o, (uint32_t)i);

	orderer_free(&o);
	free(sorted);
	free(high);
	free(defer);
	free(used);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether some function of the table is named after FILE. */
static bool
has_function(const char **names, size_t n, const char *file)
{
	return n > 0 &&
	       bsearch(&file, names, n, sizeof(*names), by_name) != NULL;
}

void
order_files(FILE *out, const struct model *m, const struct linkmap *map,
	    const struct selection *sel)
{
	const struct callgraph *cg = m->cg;
	const struct sym *syms = cg->st->syms;
	size_t n = cg->n, ndefer = 0, nnames = 0;
	struct orderer o;
	uint32_t *list, *defer;
	const char **names = xcalloc(n + 1, sizeof(*names)), **files;

	orderer_init(&o, cg, sel, out);
	list = all_arcs(&o, false);
	defer = xcalloc(o.narcs + 1, sizeof(*defer));
	for (size_t i = 0; i < o.narcs; i++)
		if (!syms[function_of(&o, o.arcs[i].parent)].mapped ||
		    !syms[function_of(&o, o.arcs[i].child)].mapped)
			o.arc_flags[i] |= ARC_MARKED;
	/* One pass, in profile order; what it defers is never placed. */
	run_pass(&o, list, o.narcs, defer, &ndefer, false);
	for (size_t i = 0; i < n; i++) {
		if (!syms[i].mapped)
			continue;
		names[nnames++] = syms[i].name;
		if (!o.placed[i])
			put_name(&o, (uint32_t)i);
	}
	/* Then the map's other files, once each, in name order. */
	qsort(names, nnames, sizeof(*names), by_name);
	files = xcalloc(map->n + 1, sizeof(*files));
	for (size_t i = 0; i < map->n; i++)
		files[i] = map->e[i].file;
	qsort(files, map->n, sizeof(*files), by_name);
	for (size_t i = 0; i < map->n; i++) {
		if (i > 0 && strcmp(files[i - 1], files[i]) == 0)
			continue;
		if (!has_function(names, nnames, files[i])) {
			fputs(files[i], out);
			fputc('\n', out);
		}
	}
	free(files);
	orderer_free(&o);
	free(list);
	free(defer);
	free(names);
}
