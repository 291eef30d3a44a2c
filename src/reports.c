/*
 * reports.c - the report plan: GNU gprof's choice and order of reports.
 *
 * Without report options GNU prints the flat profile when there is a
 * histogram and the call graph (with its index) when there are arcs,
 * and falls back to -C's execution counts when neither applies.  -T
 * puts the call graph first (BSD order).  The suggested orders (-r,
 * -R) come last, with no separator.
 */
#include "reports.h"
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
		if (style == 0 && !(o->specified & OUT_EXEC))
			style |= OUT_EXEC; /* GNU's fallback: execution counts */
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
print_text(FILE *out, const struct report *rep, const struct options *o,
	   unsigned style)
{
	bool first = true;

	if (o->traditional) {
		/* BSD order: call graph, flat profile, index. */
		if (style & OUT_GRAPH) {
			separate(out, &first);
			report_graph(out, rep);
		}
		if (style & OUT_FLAT) {
			separate(out, &first);
			report_flat(out, rep);
		}
	} else {
		if (style & OUT_FLAT) {
			separate(out, &first);
			report_flat(out, rep);
			if (!o->brief)
				report_flat_blurb(out);
		}
		if (style & OUT_GRAPH) {
			separate(out, &first);
			report_graph(out, rep);
			if (!o->brief)
				report_graph_blurb(out);
		}
	}
	if (style & OUT_GRAPH) {
		fputs("\f\n", out);
		report_index(out, rep);
	}
	if (style & OUT_EXEC) {
		separate(out, &first);
		report_exec(out, rep);
	}
}

int
reports_print(FILE *out, struct analysis *a, const struct options *o,
	      struct gp_err *err)
{
	struct report rep = {
		.st = &a->st,
		.cg = &a->cg,
		.g = &a->g,
		.x = &a->x,
		.flat_excluded = a->flat_excluded,
		.exec_hidden = a->exec_hidden,
		.exec_specs = a->exec_specs,
		.hz = a->g.have_rate ? a->g.rate : 0,
		.total_ticks = a->total_ticks,
		/* Without a histogram (or with a rate of 0) hz is 0 and
		 * times print as nan or inf, as GNU gprof prints them. */
		.print_time = a->cg.print_time > 0 ? a->cg.print_time : 1.0,
		.brief = o->brief,
		.zeros = o->zeros,
		.traditional = o->traditional,
		.print_path = o->print_path,
		.width = o->width,
	};
	unsigned style = chosen(a, o);

	if ((style & OUT_FLAT) && a->g.nhists == 0)
		return gp_fail(err, "%s: no histogram in the profile, so no flat profile",
			       o->gmons[0]);
	if ((style & OUT_GRAPH) && !a->have_arcs)
		return gp_fail(err, "%s: no call-graph records in the profile, so no call graph",
			       o->gmons[0]);
	/* -T never demangles, whatever --demangle says (as GNU). */
	report_names(&rep, o->demangle && !o->traditional, o->inline_file_names);
	if (style & OUT_GRAPH)
		report_order_graph(&rep);
	print_text(out, &rep, o, style);
	/* GNU prints the order last, with no separator. */
	if ((style & OUT_ORDER) && (o->style & OUT_SUM))
		linemode_order(&a->lines, out);
	else if (style & OUT_ORDER)
		order_functions(out, &rep, (style & OUT_GRAPH) != 0, &a->sel,
				NULL);
	if (style & OUT_FILE_ORDER)
		order_files(out, &rep, &a->map, &a->sel);
	report_free(&rep);
	return 0;
}
