/*
 * plan.c - the plan of what this run prints (plan.h): GNU's choice of
 * reports, and what the analysis computes for what prints.
 *
 * Invariant: the rules of what prints live here once.  The analysis
 * skips work on the plan's word alone (a position not looked up, a line
 * table cut, an order not sorted), so a rule decided anywhere else
 * would make a report print what was never computed.
 */
#include "plan.h"

#include <string.h>

#include "analysis.h"
#include "select.h"
#include "views.h"

/*
 * GNU's choice of reports: O's, or without report options the flat
 * profile when there is a histogram and the call graph (with its
 * index) when there are arcs, and -C's execution counts for a profile
 * with neither.  -s alone prints nothing.
 */
static unsigned
chosen(const struct options *o, const struct analysis *a)
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

/*
 * Whose positions the printers of P show when the text reports are
 * STYLE: every function's in our views and --diff (their rows name
 * files), none in line mode (the line table carries its own), and in
 * the text reports the "(file.c)" of static functions in the call graph
 * and index, or every function's for -C, -A and --inline-file-names.
 */
static enum plan_sources
sources_for(const struct plan *p, const struct options *o, unsigned style)
{
	if (p->view || p->diff)
		return PLAN_SOURCES_ALL;
	if (p->line_mode)
		return PLAN_SOURCES_NONE;
	if (o->inline_file_names || (style & (OUT_EXEC | OUT_ANNO)))
		return PLAN_SOURCES_ALL;
	if (style & OUT_GRAPH)
		return PLAN_SOURCES_STATIC;
	return PLAN_SOURCES_NONE;
}

/*
 * The DWARF pass on a second thread, when the printers or a symbol
 * spec naming a file (select.h) will want positions and nothing else
 * reaches the ELF or DWARF data first: -c reads the code, -S has no
 * DWARF, line mode builds its table from it, and -i stops early.
 * Without report options GNU's choice, known once the profiles are
 * read, decides what the printers want: the pass starts then.
 */
static void
plan_dwarf(struct plan *p, const struct options *o)
{
	bool specs = select_needs_positions(o);
	enum plan_sources s;

	if (o->static_calls || o->nm_file != NULL || p->line_mode ||
	    p->file_info)
		return;
	if (p->text && o->style == 0 && !o->inline_file_names && !specs) {
		p->dwarf = PLAN_DWARF_LATE;
		return;
	}
	s = sources_for(p, o, o->style & ~OUT_SUM);
	if (s == PLAN_SOURCES_NONE && !specs)
		return;
	p->dwarf = PLAN_DWARF_EARLY;
	p->dwarf_static = s == PLAN_SOURCES_STATIC && !specs;
}

int
plan_init(struct plan *p, const struct options *o, struct gp_err *err)
{
	const struct view *v = views_find(o->view ? o->view : "text", err);

	memset(p, 0, sizeof(*p));
	if (v == NULL)
		return -1;
	p->file_info = o->file_info;
	p->diff = o->diff_base != NULL;
	p->text = v->print == NULL && !p->diff;
	p->view = v->print != NULL && !p->diff;
	p->sites = p->view && v->sites;
	p->sum = (o->style & OUT_SUM) != 0;
	/* Not with --format=text, even though GNU then prints nothing. */
	p->sum_only = o->style == OUT_SUM && o->view == NULL &&
		      o->output == NULL && !p->diff;
	p->line_mode = o->line || p->sum;
	p->line_reports = p->line_mode && !p->sum_only;
	p->zeros = o->zeros;
	p->describe = o->debug;
	plan_dwarf(p, o);
	return 0;
}

/*
 * Whether -l's reports show only entries that own a sample, an arc or a
 * block count: GNU's flat profile and call graph (and its index) in the
 * text reports of -l (not -s), without -z and with no symbol
 * specification (which could name an entry that owns nothing).
 */
static bool
shows_only_used(const struct plan *p, const struct options *o)
{
	return p->text && o->line && !p->sum && !o->zeros && o->nspecs == 0 &&
	       (p->style & ~(unsigned)(OUT_FLAT | OUT_GRAPH)) == 0;
}

void
plan_finish(struct plan *p, const struct options *o, const struct analysis *a)
{
	p->finished = true;
	if (p->text)
		p->style = chosen(o, a);
	p->sources = sources_for(p, o, p->style);
	if (p->dwarf == PLAN_DWARF_LATE && p->sources == PLAN_SOURCES_NONE)
		p->dwarf = PLAN_DWARF_NONE;
	else if (p->dwarf == PLAN_DWARF_LATE)
		p->dwarf_static = p->sources == PLAN_SOURCES_STATIC;
	p->line_cut = shows_only_used(p, o);
	/*
	 * The functions' analysis is read by every report but line mode's,
	 * by -c's warning and -d's summary, and charges shared objects'
	 * samples in line mode too (objects.h).
	 */
	p->functions = !((p->sum_only || (p->line_cut && !a->objs.any)) &&
			 !o->static_calls && o->debug == 0);
	p->flat_order = p->text && (p->style & OUT_FLAT);
	p->name_order = p->text && (p->style & OUT_GRAPH);
	/* -A, -r and -R read GNU's table (and selection) beside the
	 * model, and a diff's functions do not depend on --measured. */
	if (p->view)
		p->clones = PLAN_CLONES_ALWAYS;
	else if (p->text && !p->line_mode && o->measured &&
		 !(p->style & (OUT_ANNO | OUT_ORDER | OUT_FILE_ORDER)))
		p->clones = PLAN_CLONES_MEASURED;
}
