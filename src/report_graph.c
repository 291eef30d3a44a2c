/*
 * report_graph.c - the call graph: one entry per function (and per
 * cycle as a whole), with its callers above and its callees below.
 *
 * Layout, the order of entries and the order of caller and callee lines
 * follow GNU gprof's, because scripts parse this text (gprof2dot reads
 * it up to the form feed that ends it).
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "hist.h"
#include "sort.h"

#define DASHES "-----------------------------------------------\n"

static double
entry_time(const struct report *r, uint32_t id)
{
	const struct callgraph *cg = r->cg;

	if (id >= cg->n)
		return cg->cycles[id - cg->n].prop_self + cg->cycles[id - cg->n].prop_child;
	return cg->nodes[id].prop_self + cg->nodes[id].prop_child;
}

static uint64_t
entry_calls(const struct report *r, uint32_t id)
{
	const struct callgraph *cg = r->cg;

	return id >= cg->n ? cg->cycles[id - cg->n].ncalls : cg->nodes[id].ncalls;
}

/* Total time first, then cycles, then names without a leading '_'. */
static int
by_total(uint32_t a, uint32_t b, const void *ctx)
{
	const struct report *r = ctx;
	double d = entry_time(r, b) - entry_time(r, a);
	const char *na, *nb;

	if (d < 0)
		return -1;
	if (d > 0)
		return 1;
	if (a >= r->cg->n)
		return -1;
	if (b >= r->cg->n)
		return 1;
	na = r->st->syms[a].name; /* raw, as GNU compares */
	nb = r->st->syms[b].name;
	if (na[0] != '_' && nb[0] == '_')
		return -1;
	if (na[0] == '_' && nb[0] != '_')
		return 1;
	if (entry_calls(r, a) > entry_calls(r, b))
		return -1;
	if (entry_calls(r, a) < entry_calls(r, b))
		return 1;
	return strcmp(na, nb);
}

void
report_order_graph(struct report *r)
{
	size_t total = r->cg->n + r->cg->ncycles;

	r->order = xcalloc(total ? total : 1, sizeof(*r->order));
	r->index = xcalloc(total ? total : 1, sizeof(*r->index));
	for (size_t i = 0; i < total; i++)
		r->order[i] = (uint32_t)i;
	gp_sort(r->order, total, by_total, r);
	for (size_t i = 0; i < total; i++)
		r->index[r->order[i]] = (uint32_t)i + 1;
}

void
report_free(struct report *r)
{
	free(r->order);
	free(r->index);
	r->order = r->index = NULL;
	if (r->shown != NULL)
		for (size_t i = 0; i < r->st->n; i++)
			free(r->shown[i]);
	free(r->shown);
	r->shown = NULL;
}

static bool
entry_printed(const struct report *r, uint32_t id)
{
	const struct callgraph *cg = r->cg;

	if (id >= cg->n)
		return cg->cycles[id - cg->n].print_flag;
	return cg->nodes[id].print_flag;
}

/* Whether arc A runs between two members of one cycle (or is a self-call). */
static bool
inside(const struct callgraph *cg, const struct cg_arc *a)
{
	return a->parent == a->child ||
	       (cg->nodes[a->parent].cycle != 0 &&
		cg->nodes[a->parent].cycle == cg->nodes[a->child].cycle);
}

/*
 * Order of arcs: self-calls lowest, then calls inside a cycle by count,
 * then the rest by propagated time and count.
 */
static int
arc_cmp(const struct callgraph *cg, uint32_t x, uint32_t y)
{
	const struct cg_arc *a = &cg->arcs[x], *b = &cg->arcs[y];
	double ta, tb;

	if (a->parent == a->child)
		return -1;
	if (b->parent == b->child)
		return 1;
	if (inside(cg, a)) {
		if (!inside(cg, b))
			return -1;
		return a->count < b->count ? -1 : a->count > b->count;
	}
	if (inside(cg, b))
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
 * The arcs of a list in the order GNU gprof's insertion sort leaves
 * them: it inserts each arc, from the list's front, before its equals,
 * so equal arcs end up in reverse list order.  Reversing the list and
 * sorting it stably gives the same order in O(n log n).  V needs room
 * for the list (cg_list_len).
 */
static size_t
sorted_arcs(const struct callgraph *cg, uint32_t node, bool parents,
	    bool ascending, uint32_t *v)
{
	size_t n = cg_list(cg, node, parents, v);

	for (size_t i = 0; i < n / 2; i++) {
		uint32_t t = v[i];
		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
	gp_sort(v, n, ascending ? arc_up : arc_down, cg);
	return n;
}

/* Room for any node's arc list (the caller frees it). */
static uint32_t *
list_buffer(const struct callgraph *cg)
{
	return xcalloc(cg->narcs + 1, sizeof(uint32_t));
}

static void
arc_line(FILE *out, const struct report *r, const struct cg_arc *a,
	 uint32_t other, uint64_t total)
{
	int w = r->traditional ? 11 : 7;
	char buf[256], *p = buf;

	if (inside(r->cg, a)) {
		/* "%6.6s %5.5s %7.7s %*.*s %7lu %7.7s     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1 + 7 + 1 + w + 1);
		p = fmt_u(p, a->count, 7, 0);
		p = fmt_pad(p, 1 + 7 + 5);
	} else {
		/* "%6.6s %5.5s %7.2f %*.2f %7lu/%-7lu     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1);
		p = fmt_f(p, a->time / r->hz, 7, 2);
		*p++ = ' ';
		p = fmt_f(p, a->child_time / r->hz, w, 2);
		*p++ = ' ';
		p = fmt_u(p, a->count, 7, 0);
		*p++ = '/';
		p = fmt_u(p, total, 7, 1);
		p = fmt_pad(p, 5);
	}
	fwrite(buf, 1, (size_t)(p - buf), out);
	report_put_name(out, r, other);
	fputc('\n', out);
}

static uint64_t
callee_calls(const struct callgraph *cg, uint32_t node)
{
	const struct cg_cycle *cy = cg_cycle_of(cg, node);

	return cy ? cy->ncalls : cg->nodes[node].ncalls;
}

static void
parents(FILE *out, const struct report *r, uint32_t node, uint32_t *v)
{
	const struct callgraph *cg = r->cg;
	size_t n;
	int w = r->traditional ? 11 : 7;

	if (cg->nodes[node].first_parent == CG_NONE) {
		fprintf(out, "%6.6s %5.5s %7.7s %*.*s %7.7s %7.7s     <spontaneous>\n",
			"", "", "", w, w, "", "", "");
		return;
	}
	n = sorted_arcs(cg, node, true, true, v);
	for (size_t i = 0; i < n; i++)
		arc_line(out, r, &cg->arcs[v[i]], cg->arcs[v[i]].parent,
			 callee_calls(cg, node));
}

static void
children(FILE *out, const struct report *r, uint32_t node, uint32_t *v)
{
	const struct callgraph *cg = r->cg;
	size_t n = sorted_arcs(cg, node, false, false, v);

	for (size_t i = 0; i < n; i++) {
		uint32_t c = cg->arcs[v[i]].child;
		arc_line(out, r, &cg->arcs[v[i]], c, callee_calls(cg, c));
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

	fwrite(buf, 1, (size_t)(calls_text(buf, ncalls, self_calls) - buf), out);
}

static void
primary(FILE *out, const struct report *r, uint32_t node)
{
	const struct cg_node *v = &r->cg->nodes[node];
	char idx[32], buf[256], *p = buf, *q = idx;
	size_t len;

	/* "%-6.6s" of "[index]", then "%5.1f %7.2f %*.2f" */
	*q++ = '[';
	q = fmt_u(q, r->index[node], 0, 0);
	*q++ = ']';
	len = (size_t)(q - idx) < 6 ? (size_t)(q - idx) : 6;
	memcpy(p, idx, len);
	p = fmt_pad(p + len, (int)(6 - len));
	*p++ = ' ';
	p = fmt_f(p, 100 * (v->prop_self + v->prop_child) / r->print_time, 5, 1);
	*p++ = ' ';
	p = fmt_f(p, v->prop_self / r->hz, 7, 2);
	*p++ = ' ';
	p = fmt_f(p, v->prop_child / r->hz, r->traditional ? 11 : 7, 2);
	if (v->ncalls + v->self_calls != 0) {
		p = calls_text(p, v->ncalls, v->self_calls);
		*p++ = ' ';
	} else {
		p = fmt_pad(p, 1 + 7 + 1 + 7 + 1);
	}
	fwrite(buf, 1, (size_t)(p - buf), out);
	report_put_name(out, r, node);
	fputc('\n', out);
}

static int
by_member(uint32_t a, uint32_t b, const void *ctx)
{
	const struct cg_node *v = ctx;
	double ta = v[a].prop_self + v[a].prop_child;
	double tb = v[b].prop_self + v[b].prop_child;
	uint64_t ca = v[a].ncalls + v[a].self_calls, cb = v[b].ncalls + v[b].self_calls;

	if (ta != tb)
		return ta > tb ? -1 : 1;
	if (ca != cb)
		return ca > cb ? -1 : 1;
	return 0;
}

static void
cycle_entry(FILE *out, const struct report *r, uint32_t k)
{
	const struct callgraph *cg = r->cg;
	const struct cg_cycle *cy = &cg->cycles[k];
	uint32_t id = (uint32_t)(cg->n + k);
	uint32_t *m;
	size_t n = 0;
	char buf[32];

	snprintf(buf, sizeof(buf), "[%u]", r->index[id]);
	fprintf(out, "%-6.6s %5.1f %7.2f %*.2f", buf,
		100 * (cy->prop_self + cy->prop_child) / r->print_time,
		cy->prop_self / r->hz, r->traditional ? 11 : 7, cy->prop_child / r->hz);
	calls_field(out, cy->ncalls, cy->self_calls);
	fprintf(out, " <cycle %u as a whole> [%u]\n", k + 1, r->index[id]);
	for (uint32_t v = cy->first; v != CG_NONE; v = cg->nodes[v].cyc_next)
		n++;
	m = xcalloc(n ? n : 1, sizeof(*m));
	n = 0;
	for (uint32_t v = cy->first; v != CG_NONE; v = cg->nodes[v].cyc_next)
		m[n++] = v;
	gp_sort(m, n, by_member, cg->nodes);
	for (size_t i = 0; i < n; i++) {
		const struct cg_node *v = &cg->nodes[m[i]];
		fprintf(out, "%6.6s %5.5s %7.2f %*.2f", "", "", v->prop_self / r->hz,
			r->traditional ? 11 : 7, v->prop_child / r->hz);
		calls_field(out, v->ncalls, v->self_calls);
		fputs("     ", out);
		report_put_name(out, r, m[i]);
		fputc('\n', out);
	}
	free(m);
}

static bool
hidden(const struct report *r, uint32_t id)
{
	const struct callgraph *cg = r->cg;

	if (!entry_printed(r, id))
		return true;
	if (r->zeros)
		return false;
	if (id >= cg->n) {
		const struct cg_cycle *cy = &cg->cycles[id - cg->n];
		return cy->ncalls == 0 && cy->self_calls == 0 && cy->prop_self == 0 &&
		       cy->prop_child == 0;
	}
	return cg->nodes[id].ncalls == 0 && cg->nodes[id].self_calls == 0 &&
	       cg->nodes[id].prop_self == 0 && cg->nodes[id].prop_child == 0;
}

size_t
report_graph_list(const struct report *r, uint32_t node, bool parents,
		  uint32_t **out)
{
	const struct callgraph *cg = r->cg;

	*out = xcalloc(cg_list_len(cg, node, parents) + 1, sizeof(**out));
	if (hidden(r, node))
		return cg_list(cg, node, parents, *out);
	return sorted_arcs(cg, node, parents, parents, *out);
}

void
report_graph(FILE *out, const struct report *r)
{
	const struct callgraph *cg = r->cg;
	double pt = cg->print_time;
	uint32_t *v = list_buffer(cg);

	if (r->traditional)
		;
	else if (r->brief)
		fputs("\t\t\tCall graph\n\n", out);
	else
		fputs("\t\t     Call graph (explanation follows)\n\n", out);
	fprintf(out, "\ngranularity: each sample hit covers %ld byte(s)",
		hist_bin_bytes(r->g));
	if (pt > 0)
		fprintf(out, " for %.2f%% of %.2f seconds\n\n", 100.0 / pt,
			pt / r->hz); /* "seconds" whatever the unit, as GNU */
	else
		fputs(" no time propagated\n\n", out);
	if (r->traditional)
		fprintf(out,
			"%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n"
			"%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n"
			"%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n\n",
			"", "", "", "", "called", "total", "parents", "index", "%time",
			"self", "descendants", "called", "self", "name", "index", "", "",
			"", "", "called", "total", "children");
	else
		fputs("index % time    self  children    called     name\n", out);
	for (size_t i = 0; i < cg->n + cg->ncycles; i++) {
		uint32_t id = r->order[i];

		if (hidden(r, id))
			continue;
		if (id >= cg->n) {
			cycle_entry(out, r, id - (uint32_t)cg->n);
		} else {
			parents(out, r, id, v);
			primary(out, r, id);
			children(out, r, id, v);
		}
		fputs(r->traditional ? "\n" DASHES "\n" : DASHES, out);
	}
	free(v);
}

void
report_graph_blurb(FILE *out)
{
	fputs("\n"
	      " How to read an entry: the line that starts with [n] is the\n"
	      " function the entry is about.  The lines above it are its callers,\n"
	      " the lines below it the functions it calls.\n"
	      "\n"
	      " On the function's own line:\n"
	      "   index     its number; names elsewhere are followed by [n] (or by\n"
	      "             (n) when that entry is not shown).\n"
	      "   % time    share of the run spent in it and in what it calls.\n"
	      "   self      seconds in its own code.\n"
	      "   children  seconds in its callees on its behalf.\n"
	      "   called    calls from other functions, then +calls to itself.\n"
	      "\n"
	      " On a caller's line: the part of this function's self and children\n"
	      " time charged to that caller, and its calls out of all calls\n"
	      " (calls/total).  On a callee's line: the part of the callee's time\n"
	      " charged to this function, and this function's calls out of all of\n"
	      " the callee's calls.  Callers outside the profile show as\n"
	      " <spontaneous>.\n"
	      "\n"
	      " Functions that call each other in a loop form a cycle: it gets an\n"
	      " entry of its own, <cycle N as a whole>, listing its members; time\n"
	      " is shared between cycle members and their callers as a whole, and\n"
	      " the +count is the number of calls made inside the cycle.\n",
	      out);
}
