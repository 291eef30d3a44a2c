/*
 * reports.c - GNU gprof's text reports in GNU's order, as the plan
 * chose them (plan.h: GNU's defaults and its -C fallback).
 *
 * The flat profile, then the call graph and its index; -T puts the
 * call graph first (BSD order).  -C's execution counts follow, then
 * -A's annotated source, and the suggested orders (-r, -R) come last,
 * with no separator.
 */
#include "reports.h"

#include <stdlib.h>

#include "annotate.h"
#include "modelbuild.h"
#include "order.h"
#include "plan.h"
#include "report.h"
#include "textjobs.h"

/*
 * The text reports as parts (textjobs.h), in print order: large ones
 * render on several threads, small ones are a few bytes each.
 */
struct text_plan {
	const struct model *m;
	const struct report_opts *ro;
	struct textjob *jobs; /* owned */
	size_t n, cap;
	bool first; /* nothing printed yet: no form feed before a report */
};

/* Room for K more parts. */
static void
reserve(struct text_plan *p, size_t k)
{
	if (p->cap - p->n >= k)
		return;
	while (p->cap - p->n < k)
		p->cap = p->cap ? 2 * p->cap : 16;
	p->jobs = xreallocarray(p->jobs, p->cap, sizeof(*p->jobs));
}

static void
add(struct text_plan *p, void (*fn)(FILE *, void *, size_t, unsigned),
    void *ctx, bool early)
{
	reserve(p, 1);
	p->jobs[p->n++] = (struct textjob){ fn, ctx, 0, early, TEXTJOBS_NONE };
}

static void
put_text(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	fputs(ctx, out);
}

static void
flat_part(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	const struct text_plan *p = ctx;

	report_flat(out, p->m, p->ro);
}

static void
flat_blurb_part(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	report_flat_blurb(out);
}

static void
graph_blurb_part(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	report_graph_blurb(out);
}

static void
index_part(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	const struct text_plan *p = ctx;

	report_index(out, p->m, p->ro);
}

static void
exec_part(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	const struct text_plan *p = ctx;

	report_exec(out, p->m);
}

/* The form feed between two reports. */
static void
separate(struct text_plan *p)
{
	if (!p->first)
		add(p, put_text, (void *)"\f\n", false);
	p->first = false;
}

static void
add_flat(struct text_plan *p, bool blurb)
{
	separate(p);
	add(p, flat_part, p, false);
	if (blurb)
		add(p, flat_blurb_part, NULL, false);
}

static void
add_graph(struct text_plan *p, struct report_graph_run *g, bool blurb)
{
	size_t k = report_graph_njobs(g);

	separate(p);
	reserve(p, k);
	report_graph_jobs(g, p->jobs + p->n, p->n);
	p->n += k;
	if (blurb)
		add(p, graph_blurb_part, NULL, false);
}

/* Text the reports will print, roughly: whether threads pay. */
static size_t
text_size(const struct model *m, unsigned style)
{
	size_t n = 80 * (size_t)m->nfuncs;

	if (style & OUT_GRAPH)
		n += 2 * 80 * m->cg->narcs;
	return n;
}

static void
print_text(FILE *out, const struct model *m, const struct report_opts *ro,
	   unsigned style, bool *firstp)
{
	unsigned nthreads = textjobs_threads(text_size(m, style));
	struct text_plan p = { m, ro, NULL, 0, 0, true };
	struct report_graph_run *g = NULL;

	if (style & OUT_GRAPH)
		g = report_graph_plan(m, ro, nthreads);
	if (ro->traditional) {
		/* BSD order: call graph, flat profile, index. */
		if (g != NULL)
			add_graph(&p, g, false);
		if (style & OUT_FLAT)
			add_flat(&p, false);
	} else {
		if (style & OUT_FLAT)
			add_flat(&p, !ro->brief);
		if (g != NULL)
			add_graph(&p, g, !ro->brief);
	}
	if (g != NULL) {
		add(&p, put_text, (void *)"\f\n", false);
		/* Long, and printed last: started first. */
		add(&p, index_part, &p, true);
	}
	if (style & OUT_EXEC) {
		separate(&p);
		add(&p, exec_part, &p, false);
	}
	textjobs_run(out, p.jobs, p.n, nthreads);
	report_graph_plan_free(g);
	free(p.jobs);
	*firstp = p.first;
}

int
reports_print(FILE *out, struct analysis *a, const struct options *o,
	      const struct plan *plan, struct gp_err *err)
{
	unsigned style = plan->style;
	struct report_opts ro = {
		.brief = o->brief,
		.traditional = o->traditional,
		.width = o->width,
		.measured = o->measured,
	};
	struct model_opts mo;
	const struct selection *sel = &a->fn.sel;
	struct model m;
	bool first;
	int rc = 0;

	if ((style & OUT_FLAT) && a->g.nhists == 0)
		return gp_fail(
		    err, "%s: no histogram in the profile, so no flat profile",
		    o->gmons[0]);
	if ((style & OUT_GRAPH) && !a->have_arcs)
		return gp_fail(err,
			       "%s: no call-graph records in the profile, so "
			       "no call graph",
			       o->gmons[0]);
	model_opts_init(&mo, o);
	mo.graph = (style & OUT_GRAPH) != 0;
	/* Line mode: the model (and the selection) of the line table. */
	mo.line_table = plan->line_mode;
	if (mo.line_table)
		sel = &a->lp.lt.sel;
	model_from_analysis(&m, a, &mo);
	if (o->measured && (style & OUT_GRAPH) && m.measured == NULL)
		gp_warn("--measured: %s; the call graph shows gprof's "
			"estimates",
			mo.line_table
			    ? "stacks are not mapped to -l's line symbols"
			    : "the profile holds no stack samples (no side "
			      "file, or a collector that records none)");
	print_text(out, &m, &ro, style, &first);
	/* Annotated source follows the other reports, before -r/-R. */
	if (style & OUT_ANNO) {
		struct ann_syms as;

		ann_syms_collect(&as, &m, a, o);
		rc = annotate_print(out, &as, o, &first, err);
		ann_syms_free(&as);
	}
	/* GNU prints the order last, with no separator. */
	if (style & OUT_ORDER)
		order_functions(out, &m, (style & OUT_GRAPH) != 0, sel, NULL);
	if (style & OUT_FILE_ORDER)
		order_files(out, &m, &a->map, sel);
	model_free(&m);
	return rc;
}
