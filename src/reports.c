/*
 * reports.c - the report plan: GNU gprof's choice and order of reports.
 *
 * Without report options GNU prints the flat profile when there is a
 * histogram and the call graph (with its index) when there are arcs,
 * and falls back to -C's execution counts for a profile with neither.  -T
 * puts the call graph first (BSD order).  The suggested orders (-r,
 * -R) come last, with no separator.
 */
#include "reports.h"
#include "annotate.h"
#include "modelbuild.h"
#include "order.h"
#include "report.h"

/* Which reports to print: O's, or GNU's defaults for A. */
static unsigned
chosen(const struct analysis *a, const struct options *o)
{
	unsigned style = o->style;

	if (style == 0) {
		if (a->g.nhists > 0 && !(o->specified & OUT_FLAT))
			style |= OUT_FLAT;
		if (a->have_arcs && !(o->specified & OUT_GRAPH))
			style |= OUT_GRAPH;
		/* GNU's fallback, for a profile with neither: the
		 * execution counts. */
		if (a->g.nhists == 0 && !a->have_arcs &&
		    !(o->specified & OUT_EXEC))
			style |= OUT_EXEC;
	}
	return style & ~OUT_SUM;
}

static void
separate(FILE *out, bool *first)
{
	if (!*first)
		fputs("\f\n", out);
	*first = false;
}

static void
print_text(FILE *out, const struct model *m, const struct report_opts *ro,
	   unsigned style, bool *firstp)
{
	bool first = true;

	if (ro->traditional) {
		/* BSD order: call graph, flat profile, index. */
		if (style & OUT_GRAPH) {
			separate(out, &first);
			report_graph(out, m, ro);
		}
		if (style & OUT_FLAT) {
			separate(out, &first);
			report_flat(out, m, ro);
		}
	} else {
		if (style & OUT_FLAT) {
			separate(out, &first);
			report_flat(out, m, ro);
			if (!ro->brief)
				report_flat_blurb(out);
		}
		if (style & OUT_GRAPH) {
			separate(out, &first);
			report_graph(out, m, ro);
			if (!ro->brief)
				report_graph_blurb(out);
		}
	}
	if (style & OUT_GRAPH) {
		fputs("\f\n", out);
		report_index(out, m, ro);
	}
	if (style & OUT_EXEC) {
		separate(out, &first);
		report_exec(out, m);
	}
	*firstp = first;
}

int
reports_print(FILE *out, struct analysis *a, const struct options *o,
	      struct gp_err *err)
{
	unsigned style = chosen(a, o);
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
	mo.sources = (style & (OUT_GRAPH | OUT_EXEC | OUT_ANNO)) != 0;
	/* Line mode: the model (and the selection) of the line table. */
	mo.line_table = analysis_line_mode(o);
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
