/*
 * analysis.c - from options and input files to the analysed profile.
 *
 * The stages, in order: the -R map (GNU reads it while parsing options,
 * so its errors come first), the executable and its function table (or
 * -S's), the profiles (summed), then selections, the call graph,
 * histogram charging, cycles and propagation, line mode (-l, -s), and
 * what the printers show from the executable.  Which stages run, and
 * for which reports, is the plan's word (plan.h): no output option is
 * read here.
 *
 * Invariant: every stage writes only its own fields of struct analysis;
 * analysis_free() can run after any of them.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"
#include "analysis.h"
#include "clonesan.h"
#include "exebuildid.h"
#include "hist.h"
#include "nmfile.h"
#include "plan.h"
#include "staticcalls.h"
#include "task.h"
#include "threadsel.h"

void
analysis_init(struct analysis *a)
{
	memset(a, 0, sizeof(*a));
	a->x.fd = -1;
}

static int
load_functions(struct analysis *a, const struct options *o, struct gp_err *err)
{
	struct symtab_opts so = { 0 };

	so.map = o->map_file != NULL ? &a->map : NULL;
	so.no_static = o->no_static;
	so.ignore_non_functions = o->ignore_non_functions;
	if (o->nm_file == NULL)
		return symtab_build(&a->fn.st, &a->x, &so, err);
	if (nmfile_read(&a->fn.st, o->nm_file,
			a->x.text_found ? a->x.text_hi : 0, &a->nm_names,
			err) != 0)
		return -1;
	srcline_none(&a->x);
	return 0;
}

/* Warn when the profiles look as if another build wrote them (and
 * keep the finding for the views' warnings). */
static void
warn_mismatch(struct analysis *a, const struct options *o)
{
	struct gp_err msg;

	a->arc_syms = xcalloc(2 * a->g.narcs, sizeof(*a->arc_syms));
	mismatch_check(&a->mismatch, &a->g, &a->x, &a->fn.st, a->arc_syms);
	a->mismatch_checked = true;
	for (size_t k = 0;
	     mismatch_message(&a->mismatch, k, &a->g, o->exe, &msg); k++)
		gp_warn("%s", msg.msg);
}

/* sidefile_check's ON_SIDE: gather the side file's load map. */
static void
on_side(const struct sidefile *s, void *ctx)
{
	objects_add(ctx, s);
}

/*
 * The profiles are read (gmon_read: their files only, never the
 * executable's, and no message) on a thread of their own while the
 * symbols load; what reading each one tells (its warnings, its side
 * file, -i) follows in order once both are done.
 */
struct reads {
	struct analysis *a;
	const struct options *o;
	size_t n;     /* profiles read */
	size_t *nbbs; /* owned [ngmons + 1]: block counts before each */
	int rc;
	struct gp_err err;
};

static void
reads_main(void *arg)
{
	struct reads *r = arg;
	struct analysis *a = r->a;

	for (; r->n < r->o->ngmons; r->n++) {
		r->nbbs[r->n] = a->g.nbbs;
		if (gmon_read(&a->g, r->o->gmons[r->n], r->o->format,
			      &r->err) != 0) {
			r->rc = -1;
			break;
		}
	}
	r->nbbs[r->n] = a->g.nbbs;
}

/* What reading profile I tells: G->files[I] is its entry. */
static void
after_read(struct analysis *a, const struct options *o, bool line_mode,
	   size_t i, const size_t *nbbs, analysis_file_fn *on_file, void *ctx)
{
	/* Line mode (-l, or -s, which turns it on) uses them. */
	if (nbbs[i] == 0 && nbbs[i + 1] > 0 && !line_mode)
		gp_warn("%s: basic-block counts are ignored without "
			"-l (--line)",
			o->gmons[i]);
	if (a->g.files[i].rate_assumed)
		gp_warn("%s: the 4.4BSD header gives a profiling rate "
			"of 0; assuming 100 samples per second",
			o->gmons[i]);
	/* The collector's side file, if any (sidefile.h). */
	size_t nsides = a->objs.threads.nsides;
	sidefile_check(&a->g.files[i], &a->x, o->exe, &a->side, on_side,
		       &a->objs);
	threadsel_note(&a->objs.threads, i, o->gmons[i], nsides);
	if (on_file != NULL)
		on_file(&a->g.files[i], ctx);
}

/* Load the functions while the profiles are read; 0 or -1 with ERR. */
static int
load_and_read(struct analysis *a, const struct options *o,
	      const struct plan *plan, analysis_file_fn *on_file, void *ctx,
	      struct gp_err *err)
{
	struct reads r = { .a = a, .o = o };
	struct task reading;
	int rc;

	r.nbbs = xcalloc(o->ngmons + 1, sizeof(*r.nbbs));
	gmon_init(&a->g, a->x.word, a->x.big_endian);
	/* -i prints each file as it is read: one thread then. */
	task_start(&reading, reads_main, &r, on_file == NULL);
	rc = load_functions(a, o, err);
	if (rc == 0 && plan->dwarf == PLAN_DWARF_EARLY)
		srcline_prefetch_start(&a->x, plan->dwarf_static);
	task_join(&reading);
	for (size_t i = 0; rc == 0 && i < r.n; i++)
		after_read(a, o, plan->line_mode, i, r.nbbs, on_file, ctx);
	if (rc == 0 && r.rc != 0) {
		*err = r.err;
		rc = -1;
	}
	free(r.nbbs);
	return rc;
}

int
analysis_load(struct analysis *a, const struct options *o,
	      const struct plan *plan, analysis_file_fn *on_file, void *ctx,
	      struct gp_err *err)
{
	if (o->map_file != NULL && linkmap_read(&a->map, o->map_file, err) != 0)
		return -1;
	if (exe_open(&a->x, o->exe, err) != 0)
		return -1;
	if (load_and_read(a, o, plan, on_file, ctx, err) != 0)
		return -1;
	gmon_compact(&a->g);
	/* The stacks are summed in objs: the kept side file's copy goes. */
	stacks_free(&a->side.stacks);
	if (on_file == NULL) /* not for -i, which stops here */
		measured_check(&a->objs, &a->g, (const char *const *)o->gmons,
			       o->ngmons);
	sidefile_threads_free(&a->side.pt);
	/* --thread: the selected threads' data replaces the profile's. */
	if (on_file == NULL &&
	    threadsel_apply(&a->objs.threads, o, &a->g, &a->objs,
			    &a->thread_picked, err) != 0)
		return -1;
	if (on_file == NULL) /* -i describes the files and stops there */
		warn_mismatch(a, o);
	if (on_file == NULL && a->objs.n > 0)
		objects_resolve(&a->objs, &a->fn.st, &a->x, o);
	if (a->objs.any) { /* the table grew: look the arcs up again */
		free(a->arc_syms);
		a->arc_syms = NULL;
	}
	analysis_loaded(a);
	return 0;
}

void
analysis_loaded(struct analysis *a)
{
	for (size_t i = 0; i < a->g.nfiles; i++)
		a->have_arcs |= a->g.files[i].narcs > 0;
	/* Arcs with an end in a shared object are in the side files. */
	a->have_arcs |= a->objs.resolved && a->objs.narcs > 0;
}

/* cg_tally's filter: the arc lists of -q/-Q/-k. */
static bool
arc_selected(void *ctx, uint32_t parent, uint32_t child)
{
	return select_arc(ctx, parent, child);
}

/* The same for gmon.out's arcs: both ends in the executable, never in
 * a shared object's functions (which follow the executable's). */
static bool
exe_arc_selected(void *ctx, uint32_t parent, uint32_t child)
{
	const struct analysis *a = ctx;

	if (a->objs.any && (parent >= a->objs.nexe || child >= a->objs.nexe))
		return false;
	return select_arc(&a->fn.sel, parent, child);
}

/*
 * The samples are charged (objects_charge: the histograms and the
 * functions, read only) on a thread of their own while the arcs are
 * tallied (the call graph, written only there); nothing either writes
 * is read by the other until the task is joined (task.h).
 */
struct charge {
	struct analysis *a;
	struct gp_err err;
	int rc;
};

static void
charge_main(void *arg)
{
	struct charge *c = arg;
	struct analysis *a = c->a;

	c->rc = objects_charge(&a->objs, &a->g, &a->fn.st, a->fn.flat_excluded,
			       a->fn.ticks, &a->fn.total_ticks, &c->err);
}

/*
 * The source positions of R's table, in one pass (srcline_find_next)
 * over X's DWARF: every function's, or STATIC_ONLY the static ones'
 * (the others keep none).
 */
static void
find_sources(struct analysed *r, struct exe *x, bool static_only)
{
	const struct symtab *st = &r->st;
	size_t cursor = 0; /* the table is in address order */

	r->src = xcalloc(st->n, sizeof(*r->src));
	for (uint32_t i = 0; i < st->n; i++) {
		struct src_pos *s = &r->src[i];

		if (static_only && !st->syms[i].is_static)
			continue;
		if (srcline_find_next(x, st->syms[i].addr, &cursor, &s->path,
				      &s->line) != 0) {
			s->path = NULL;
			s->line = 0;
		}
	}
}

/*
 * What the printers show from the executable, looked up once, here, as
 * PLAN says (the model only reads it): the source positions of the
 * functions they print (the clones' table's when there is one), and
 * for the views each call's line and the build id.
 */
static void
for_printers(struct analysis *a, const struct plan *plan)
{
	struct analysed *r = a->clones != NULL ? &a->clones->r : &a->fn;
	char id[2 * 64 + 1];

	if (plan->sources != PLAN_SOURCES_NONE)
		find_sources(r, &a->x, plan->sources == PLAN_SOURCES_STATIC);
	if (plan->sites) {
		callsites_find(&a->sites, &r->cg, &a->g, &a->x);
		a->have_sites = true;
		a->sites_cg = &r->cg;
	}
	if (plan->view && exe_build_id(&a->x, id, sizeof(id)) == 0)
		a->build_id = xstrdup(id);
}

int
analysis_compute(struct analysis *a, const struct options *o,
		 const struct plan *plan, struct gp_err *err)
{
	struct charge charge = { .a = a };
	struct task charging;
	struct cg_select cs;

	assert(plan->finished);
	/* GNU's choice of reports said what the DWARF pass covers. */
	if (plan->dwarf == PLAN_DWARF_LATE)
		srcline_prefetch_start(&a->x, plan->dwarf_static);
	/*
	 * Without the functions' analysis (plan.h): gmon.sum alone, which
	 * needs the line table's arcs, or -l's cut table, whose reports
	 * read only its own analysis (lineprof.h).  Nothing else reads the
	 * functions' then (and it reads nothing but the profiles and the
	 * table, so skipping it changes no state gmon.sum or its side file
	 * depend on).
	 */
	if (!plan->functions && !plan->line_reports) {
		linemode_build(&a->lines, &a->x, &a->fn.st, &a->g);
		return 0;
	}
	/* The threads' table; stacks know functions, not lines. */
	threadsel_view(&a->threads, &a->objs.threads, a->thread_picked,
		       &a->objs, &a->fn.st, !plan->line_mode);
	if (!plan->functions) { /* -l's cut table, and not -s */
		linemode_build(&a->lines, &a->x, &a->fn.st, NULL);
		return lineprof_compute(&a->lp, &a->lines, &a->fn.st, &a->g, o,
					plan, err);
	}
	select_build(&a->fn.sel, o, &a->fn.st, &a->x);
	select_report_flags(&a->fn.sel, a->fn.st.n, &a->fn.graph_flags,
			    &a->fn.flat_excluded, &a->fn.exec_hidden, &cs);
	a->fn.ticks = xcalloc(a->fn.st.n, sizeof(*a->fn.ticks));
	task_start(&charging, charge_main, &charge, true);
	cg_init(&a->fn.cg, &a->fn.st);
	cg_tally_mapped(&a->fn.cg, &a->g, a->arc_syms, exe_arc_selected, a);
	free(a->arc_syms);
	a->arc_syms = NULL;
	objects_tally(&a->objs, &a->fn.cg, arc_selected, &a->fn.sel);
	if (o->static_calls && !static_calls(&a->fn.cg, &a->x, &a->g))
		gp_warn(
		    "-c is not supported for this architecture (machine %u)",
		    a->x.machine);
	task_join(&charging);
	if (charge.rc != 0) {
		*err = charge.err;
		return -1;
	}
	/* The orders are the function table's unless in line mode. */
	analysed_assemble(&a->fn, &cs, plan->flat_order && !plan->line_mode,
			  plan->name_order && !plan->line_mode, plan->zeros);
	if (!plan->line_mode) /* stacks know functions, not lines */
		measured_compute(&a->meas, &a->objs.stacks, &a->objs, &a->fn.st,
				 &a->fn.cg);
	if (plan->line_mode) {
		/* The table's own arcs are gmon.sum's (-s). */
		linemode_build(&a->lines, &a->x, &a->fn.st,
			       plan->sum ? &a->g : NULL);
		if (plan->line_reports &&
		    lineprof_compute(&a->lp, &a->lines, &a->fn.st, &a->g, o,
				     plan, err) != 0)
			return -1;
	}
	/* --measured without stacks prints the estimates as they are. */
	if (plan->clones == PLAN_CLONES_ALWAYS ||
	    (plan->clones == PLAN_CLONES_MEASURED && a->meas.any))
		a->clones = clonesan_build(a, o, plan);
	for_printers(a, plan);
	return 0;
}

void
analysis_describe(FILE *out, const struct analysis *a, unsigned level)
{
	fprintf(out,
		"[main] debug-level=0x%x\n"
		"[main] %zu functions, %zu histogram(s), %zu distinct arcs "
		"(%zu between functions), %zu cycle(s), %.0f samples\n",
		level, a->fn.st.n, a->g.nhists, a->g.narcs, a->fn.cg.narcs,
		a->fn.cg.ncycles, a->fn.total_ticks);
	sidefile_describe(out, &a->side);
	objects_describe(out, &a->objs);
}

void
analysis_free(struct analysis *a)
{
	free(a->arc_syms);
	if (a->have_sites)
		callsites_free(&a->sites);
	free(a->build_id);
	clonesan_free(a->clones); /* before what it borrows from */
	analysed_free(&a->fn);
	measured_free(&a->meas);
	threadsel_free(&a->threads);
	free(a->thread_picked);
	lineprof_free(&a->lp);
	linemode_free(&a->lines);
	gmon_free(&a->g);
	symtab_free(&a->fn.st);
	free(a->nm_names);
	if (a->x.elf != NULL)
		exe_close(&a->x);
	linkmap_free(&a->map);
	sidefile_free(&a->side);
	objects_free(&a->objs); /* after the table: it lends the names */
	analysis_init(a);
}
