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
#include "sort.h"

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
 * Function FN's text is S[OFF[FN] .. OFF[FN + 1]).
 */
struct tails {
	char *s;     /* owned */
	size_t *off; /* owned, nfuncs + 1 of them */
};

static void
tails_make(struct tails *t, const struct model *m)
{
	size_t cap = 32 * ((size_t)m->nfuncs + 1), n = 0;

	t->s = xmalloc(cap);
	t->off = xcalloc(m->nfuncs + 1, sizeof(*t->off));
	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		const char *name = model_name(m, fn);
		size_t len = strlen(name);
		char suf[64];
		size_t ns = (size_t)(name_suffix(suf, m, fn) - suf);

		while (cap - n < len + ns + 1) {
			if (cap > SIZE_MAX / 2)
				gp_out_of_memory();
			cap *= 2;
			t->s = xreallocarray(t->s, cap, 1);
		}
		t->off[fn] = n;
		memcpy(t->s + n, name, len);
		memcpy(t->s + n + len, suf, ns);
		n += len + ns;
		t->s[n++] = '\n';
	}
	t->off[m->nfuncs] = n;
}

static void
tails_free(struct tails *t)
{
	free(t->s);
	free(t->off);
}

/* Write BUF up to P, then FN's tail: one write when it fits in BUF. */
static void
put_line(FILE *out, const struct tails *t, char *buf, size_t size, char *p,
	 uint32_t fn)
{
	size_t n = t->off[fn + 1] - t->off[fn];

	if (n <= size - (size_t)(p - buf)) {
		memcpy(p, t->s + t->off[fn], n);
		fwrite(buf, 1, (size_t)(p - buf) + n, out);
		return;
	}
	fwrite(buf, 1, (size_t)(p - buf), out);
	fwrite(t->s + t->off[fn], 1, n, out);
}

/* Room for any node's arc list (the caller frees it). */
static uint32_t *
list_buffer(const struct callgraph *cg)
{
	return xcalloc(cg->narcs + 1, sizeof(uint32_t));
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

static void
arc_line(FILE *out, const struct model *m, const struct report_opts *ro,
	 const struct tails *t, const struct cg_arc *a, uint32_t other,
	 uint64_t total)
{
	int w = child_width(ro);
	char buf[512], *p = buf;
	bool inside = model_arc_inside(m, a);
	double self = a->time, child = a->child_time;

	if (measured(m, ro)) {
		/* The callee's time while called from the caller. */
		size_t k = (size_t)(a - m->cg->arcs);
		self = (double)m->measured->arc_self[k];
		child = (double)(m->measured->arc_total[k] -
				 m->measured->arc_self[k]);
	}
	if (inside && !measured(m, ro)) {
		/* "%6.6s %5.5s %7.7s %*.*s %7lu %7.7s     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1 + 7 + 1 + w + 1);
		p = fmt_u(p, a->count, 7, 0);
		p = fmt_pad(p, 1 + 7 + 5);
	} else {
		/* "%6.6s %5.5s %7.2f %*.2f %7lu/%-7lu     " */
		p = fmt_pad(p, 6 + 1 + 5 + 1);
		p = fmt_f(p, model_secs(m, self), 7, 2);
		*p++ = ' ';
		p = fmt_f(p, model_secs(m, child), w, 2);
		*p++ = ' ';
		p = fmt_u(p, a->count, 7, 0);
		if (inside) {
			p = fmt_pad(p, 1 + 7);
		} else {
			*p++ = '/';
			p = fmt_u(p, total, 7, 1);
		}
		p = fmt_pad(p, 5);
	}
	put_line(out, t, buf, sizeof(buf), p, other);
}

static uint64_t
callee_calls(const struct callgraph *cg, uint32_t node)
{
	const struct cg_cycle *cy = cg_cycle_of(cg, node);

	return cy ? cy->ncalls : cg->nodes[node].ncalls;
}

static void
parents(FILE *out, const struct model *m, const struct report_opts *ro,
	const struct tails *t, uint32_t node, uint32_t *v)
{
	const struct callgraph *cg = m->cg;
	size_t n;
	int w = child_width(ro);

	if (cg->nodes[node].first_parent == CG_NONE) {
		fprintf(
		    out,
		    "%6.6s %5.5s %7.7s %*.*s %7.7s %7.7s     <spontaneous>\n",
		    "", "", "", w, w, "", "", "");
		return;
	}
	n = model_sorted_arcs(m, node, true, v);
	for (size_t i = 0; i < n; i++)
		arc_line(out, m, ro, t, &cg->arcs[v[i]], cg->arcs[v[i]].parent,
			 callee_calls(cg, node));
}

static void
children(FILE *out, const struct model *m, const struct report_opts *ro,
	 const struct tails *t, uint32_t node, uint32_t *v)
{
	const struct callgraph *cg = m->cg;
	size_t n = model_sorted_arcs(m, node, false, v);

	for (size_t i = 0; i < n; i++) {
		uint32_t c = cg->arcs[v[i]].child;
		arc_line(out, m, ro, t, &cg->arcs[v[i]], c,
			 callee_calls(cg, c));
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
primary(FILE *out, const struct model *m, const struct report_opts *ro,
	const struct tails *t, uint32_t node)
{
	const struct cg_node *v = &m->cg->nodes[node];
	char idx[32], buf[512], *p = buf, *q = idx;
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
	put_line(out, t, buf, sizeof(buf), p, node);
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

void
report_graph(FILE *out, const struct model *m, const struct report_opts *ro)
{
	const struct callgraph *cg = m->cg;
	double pt = measured(m, ro) ? measured_base(m) : cg->print_time;
	uint32_t *v = list_buffer(cg);
	struct tails t;

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
	tails_make(&t, m);
	for (size_t i = 0; i < m->nfuncs + m->ncycles; i++) {
		entry_id id = m->order[i];

		if (!model_listed(m, LIST_GRAPH, id))
			continue;
		if (entry_is_cycle(m, id)) {
			cycle_entry(out, m, ro, id - (uint32_t)m->nfuncs);
		} else {
			parents(out, m, ro, &t, id, v);
			primary(out, m, ro, &t, id);
			children(out, m, ro, &t, id, v);
		}
		fputs(ro->traditional ? "\n" DASHES "\n" : DASHES, out);
	}
	tails_free(&t);
	free(v);
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
