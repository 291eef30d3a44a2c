/*
 * view_dot.c - --format=dot: the call graph for Graphviz, drawn the way
 * gprof2dot draws gprof's (so its users know how to read it), but from
 * our own propagated times rather than from the rounded text.
 *
 * Nodes are functions, named by their call-graph index [n]; a node's
 * label is its name, total time % (self + children, of the call graph's
 * total), self time % in parentheses, calls (from other functions plus
 * self-calls) when there are any, and "+N clones" when gcc's clones of
 * it are counted in it (model.h's CLONES; their names in the tooltip,
 * after the source file).  Edges are arcs: the share of the
 * callee's time propagated to this caller in %, and the exact count;
 * arcs inside a cycle and self-calls carry the count alone (gprof
 * propagates no time along them).  Colours run from dark blue (0%) to
 * red (100%) through the HSL "temperature" scale, pens get wider with
 * the share.
 *
 * With stacks (model->measured, measured.h), a node's total is its
 * measured total (samples with it on the stack) and an edge's share the
 * arc's measured total (the callee's samples while called from that
 * caller), both of the stack samples (or of the propagated time, if
 * more), and arcs inside a cycle carry their share too.  The self %
 * stays the histogram's.  Without stacks the output is as above.
 *
 * What is drawn (the structural rules the tests check):
 * - a node for every function the views list (model.h's LIST_VIEW:
 *   samples, calls or arcs; -z: every function) whose total is at
 *   least --node-threshold percent (0.5 by default); when the profile
 *   holds no time at all, for every such function;
 * - an edge for every arc between two drawn nodes whose share is at
 *   least --edge-threshold percent (0.1 by default), and for every arc
 *   inside a cycle (or self-call) between drawn nodes, with its count
 *   (with stacks: only if its measured share reaches the threshold);
 * - with --dot-clusters, each cycle's drawn members in a box of its own.
 *
 * Names are written as DOT quoted strings: '"' and '\' escaped, control
 * characters and bytes that are not UTF-8 shown as '?', and names
 * longer than NAME_MAX_SHOWN bytes cut with "...".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "views.h"

enum { NAME_MAX_SHOWN = 1024 };

#define TIMES "\xc3\x97" /* U+00D7 MULTIPLICATION SIGN */

/* Length of the UTF-8 sequence at S (1-4), or 0 if it is not valid. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong three- and four-byte forms, surrogates, > U+10FFFF. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* S inside a DOT quoted string (the quotes are the caller's). */
static void
put_escaped(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t shown = 0;

	while (*s != '\0') {
		size_t n = utf8_len(s);

		if (shown >= NAME_MAX_SHOWN) {
			fputs("...", out);
			return;
		}
		if (n == 0 || *s < 0x20 || *s == 0x7f) {
			fputc('?', out);
			n = 1;
		} else if (*s == '"' || *s == '\\') {
			fputc('\\', out);
			fputc(*s, out);
		} else {
			fwrite(s, 1, n, out);
		}
		s += n;
		shown += n;
	}
}

/* The HSL temperature scale at W (0..1) as "#rrggbb" into BUF. */
static void
temperature(double w, char buf[8])
{
	double h, s, l, q, p, rgb[3];

	if (!(w > 0))
		w = 0;
	if (w > 1)
		w = 1;
	h = 2.0 / 3.0 * (1 - w);
	s = 0.80 + 0.20 * w;
	l = 0.25 + 0.25 * w;
	q = l < 0.5 ? l * (1 + s) : l + s - l * s;
	p = 2 * l - q;
	for (int i = 0; i < 3; i++) {
		double t = h + (1 - i) / 3.0, c;

		if (t < 0)
			t += 1;
		if (t > 1)
			t -= 1;
		if (t < 1.0 / 6)
			c = p + (q - p) * 6 * t;
		else if (t < 0.5)
			c = q;
		else if (t < 2.0 / 3)
			c = p + (q - p) * (2.0 / 3 - t) * 6;
		else
			c = p;
		rgb[i] = c;
	}
	snprintf(buf, 8, "#%02x%02x%02x", (int)(255 * rgb[0] + 0.5),
		 (int)(255 * rgb[1] + 0.5), (int)(255 * rgb[2] + 0.5));
}

static uint32_t
node_id(const struct model *m, uint32_t fn)
{
	return m->index != NULL ? m->index[fn] : fn + 1;
}

/* TICKS as a share of the call graph's time, never above 1 (rounding
 * in the propagation could otherwise print 100.01 %). */
static double
fraction(const struct model *m, double ticks)
{
	double base = m->cg->print_time;
	double f;

	/* Measured: of the stack samples (or the propagated time, if more:
	 * samples whose stack was not kept), as --measured's % time. */
	if (m->measured != NULL && (double)m->measured->samples > base)
		base = (double)m->measured->samples;
	f = base > 0 ? ticks / base : 0;

	return f > 1 ? 1 : f;
}

/* A function's share of the time: measured (samples with it on the
 * stack) when the model has stacks, else propagated. */
static double
node_share(const struct model *m, uint32_t fn, const struct cg_node *v)
{
	if (m->measured != NULL)
		return fraction(m, (double)m->measured->total[fn]);
	return fraction(m, v->prop_self + v->prop_child);
}

static void
put_node(FILE *out, const struct model *m, uint32_t fn)
{
	const struct cg_node *v = &m->cg->nodes[fn];
	double total = node_share(m, fn, v);
	const char *file = model_file(m, fn);
	const char *const *clones;
	size_t nclones = model_clones(m, fn, &clones);
	char col[8];

	temperature(total, col);
	fprintf(out,
		"\t\"%u\" [color=\"%s\", fontcolor=\"#ffffff\", "
		"fontsize=\"10.00\", label=\"",
		node_id(m, fn), col);
	put_escaped(out, model_name(m, fn));
	fprintf(out, "\\n%.2f%%\\n(%.2f%%)", 100 * total,
		100 * fraction(m, v->prop_self));
	if (v->ncalls + v->self_calls != 0)
		fprintf(out, "\\n%llu" TIMES,
			(unsigned long long)(v->ncalls + v->self_calls));
	if (nclones > 0)
		fprintf(out, "\\n+%zu clone%s", nclones,
			nclones > 1 ? "s" : "");
	fputc('"', out);
	if (file != NULL || nclones > 0) {
		fputs(", tooltip=\"", out);
		if (file != NULL)
			put_escaped(out, file);
		for (size_t k = 0; k < nclones; k++) {
			fputs(k > 0          ? ", "
			      : file != NULL ? "; with "
					     : "with ",
			      out);
			put_escaped(out, clones[k]);
		}
		fputc('"', out);
	}
	fputs("];\n", out);
}

/* An arc's share of the time: measured (the callee's samples while
 * called from the caller) when the model has stacks, else gprof's. */
static double
edge_share(const struct model *m, const struct cg_arc *a)
{
	if (m->measured != NULL)
		return fraction(
		    m, (double)m->measured->arc_total[a - m->cg->arcs]);
	return fraction(m, a->time + a->child_time);
}

static void
put_edge(FILE *out, const struct model *m, const struct cg_arc *a)
{
	bool inside = model_arc_inside(m, a) && m->measured == NULL;
	double w = inside ? 0 : edge_share(m, a);
	double pen = w * 4.0 > 0.5 ? w * 4.0 : 0.5;
	char col[8];

	temperature(w, col);
	fprintf(out,
		"\t\"%u\" -> \"%u\" [arrowsize=\"%.2f\", color=\"%s\", "
		"fontcolor=\"%s\", fontsize=\"10.00\", label=\"",
		node_id(m, a->parent), node_id(m, a->child), 0.5 * sqrt(pen),
		col, col);
	if (!inside)
		fprintf(out, "%.2f%%\\n", 100 * w);
	fprintf(out,
		"%llu" TIMES
		"\", labeldistance=\"%.2f\", penwidth=\"%.2f\"];\n",
		(unsigned long long)a->count, pen, pen);
}

/* Each cycle's drawn members in a cluster of their own. */
static void
put_clusters(FILE *out, const struct model *m, const bool *shown)
{
	const struct callgraph *cg = m->cg;

	for (size_t k = 0; k < cg->ncycles; k++) {
		bool any = false;

		for (uint32_t v = cg->cycles[k].first; v != CG_NONE;
		     v = cg->nodes[v].cyc_next)
			any |= shown[v];
		if (!any)
			continue;
		fprintf(out,
			"\tsubgraph \"cluster_cycle%zu\" {\n"
			"\t\tlabel=\"<cycle %zu>\";\n"
			"\t\tstyle=dashed;\n",
			k + 1, k + 1);
		for (uint32_t v = cg->cycles[k].first; v != CG_NONE;
		     v = cg->nodes[v].cyc_next)
			if (shown[v])
				fprintf(out, "\t\t\"%u\";\n", node_id(m, v));
		fputs("\t}\n", out);
	}
}

int
view_dot(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	const struct callgraph *cg = m->cg;
	bool timed = cg->print_time > 0;
	bool *shown = xcalloc(m->nfuncs + 1, sizeof(*shown));
	double node_min = v->o->node_threshold / 100;
	double edge_min = v->o->edge_threshold / 100;

	fputs("digraph \"gprof\" {\n"
	      "\tgraph [fontname=\"Arial\", nodesep=\"0.125\", "
	      "ranksep=\"0.25\"];\n"
	      "\tnode [fontcolor=\"#ffffff\", fontname=\"Arial\", "
	      "height=\"0\", shape=\"box\", style=\"filled\", width=\"0\"];\n"
	      "\tedge [fontname=\"Arial\"];\n",
	      out);
	/* Nodes in the call graph's order (by total time) when numbered. */
	for (size_t i = 0; i < m->nfuncs + m->ncycles; i++) {
		entry_id fn = m->order != NULL ? m->order[i] : (entry_id)i;
		const struct cg_node *n;

		if (entry_is_cycle(m, fn) || !model_listed(m, LIST_VIEW, fn))
			continue;
		n = &cg->nodes[fn];
		if (timed && node_share(m, fn, n) < node_min)
			continue;
		shown[fn] = true;
		put_node(out, m, fn);
	}
	for (size_t i = 0; i < m->nfuncs + m->ncycles; i++) {
		entry_id fn = m->order != NULL ? m->order[i] : (entry_id)i;

		if (entry_is_cycle(m, fn) || !shown[fn])
			continue;
		for (uint32_t ai = cg->nodes[fn].first_child; ai != CG_NONE;
		     ai = cg->arcs[ai].next_child) {
			const struct cg_arc *a = &cg->arcs[ai];

			if (!shown[a->child])
				continue;
			if (timed &&
			    (!model_arc_inside(m, a) || m->measured != NULL) &&
			    edge_share(m, a) < edge_min)
				continue;
			put_edge(out, m, a);
		}
	}
	if (v->o->dot_clusters)
		put_clusters(out, m, shown);
	fputs("}\n", out);
	free(shown);
	return 0;
}
