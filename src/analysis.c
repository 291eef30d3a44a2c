/*
 * analysis.c - from options and input files to the analysed profile.
 *
 * The stages, in order: the -R map (GNU reads it while parsing options,
 * so its errors come first), the executable and its function table (or
 * -S's), the profiles (summed), then selections, the call graph,
 * histogram charging, cycles and propagation, and -s's line mode.
 *
 * Invariant: every stage writes only its own fields of struct analysis;
 * analysis_free() can run after any of them.
 */
#include <stdlib.h>
#include <string.h>

#include "srcline.h"
#include "analysis.h"
#include "hist.h"
#include "nmfile.h"
#include "presort.h"
#include "staticcalls.h"
#include "task.h"
#include "threadsel.h"

void
analysis_init(struct analysis *a)
{
	memset(a, 0, sizeof(*a));
	a->x.fd = -1;
}

/*
 * Whether the reports will likely ask for source files (the "(file.c)"
 * of static functions in the call graph and index, -C, file names) while
 * nothing else needs the ELF or DWARF data before them: then the DWARF
 * pass can run on a second thread during reading and analysis.
 */
static bool
wants_sources(const struct options *o)
{
	/* -l: the line-mode table places everything itself (linesyms). */
	if (o->static_calls || (o->style & OUT_SUM) || o->nm_file != NULL ||
	    o->line)
		return false;
	return o->style == 0 ||
	       (o->style & (OUT_GRAPH | OUT_EXEC | OUT_ANNO)) ||
	       o->inline_file_names;
}

/* Whether the reports are GNU's text ones (no --format view). */
static bool
text_view(const struct options *o)
{
	return o->view == NULL || strcmp(o->view, "text") == 0;
}

/*
 * Whether the reports will want the files of static functions only
 * (reports.c's model_opts.static_sources): the text reports without
 * -C, -A, --inline-file-names and --diff.  With no report chosen, GNU's
 * choice can still be -C (a profile with neither histograms nor arcs),
 * and a symbol spec may name a file: the model and the selection then
 * ask for the rest (srcline_want_all).
 */
static bool
static_sources(const struct options *o)
{
	return text_view(o) && !(o->style & (OUT_EXEC | OUT_ANNO)) &&
	       !o->inline_file_names && o->diff_base == NULL;
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

	a->arc_syms =
	    xcalloc(a->g.narcs ? 2 * a->g.narcs : 1, sizeof(*a->arc_syms));
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
after_read(struct analysis *a, const struct options *o, size_t i,
	   const size_t *nbbs, analysis_file_fn *on_file, void *ctx)
{
	/* Line mode (-l, or -s, which turns it on) uses them. */
	if (nbbs[i] == 0 && nbbs[i + 1] > 0 && !analysis_line_mode(o))
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
	      analysis_file_fn *on_file, void *ctx, struct gp_err *err)
{
	struct reads r = { .a = a, .o = o };
	struct task reading;
	int rc;

	r.nbbs = xcalloc(o->ngmons + 1, sizeof(*r.nbbs));
	gmon_init(&a->g, a->x.word, a->x.big_endian);
	/* -i prints each file as it is read: one thread then. */
	task_start(&reading, reads_main, &r, on_file == NULL);
	rc = load_functions(a, o, err);
	if (rc == 0 && wants_sources(o))
		srcline_prefetch_start(&a->x, static_sources(o));
	task_join(&reading);
	for (size_t i = 0; rc == 0 && i < r.n; i++)
		after_read(a, o, i, r.nbbs, on_file, ctx);
	if (rc == 0 && r.rc != 0) {
		*err = r.err;
		rc = -1;
	}
	free(r.nbbs);
	return rc;
}

int
analysis_load(struct analysis *a, const struct options *o,
	      analysis_file_fn *on_file, void *ctx, struct gp_err *err)
{
	if (o->map_file != NULL && linkmap_read(&a->map, o->map_file, err) != 0)
		return -1;
	if (exe_open(&a->x, o->exe, err) != 0)
		return -1;
	if (load_and_read(a, o, on_file, ctx, err) != 0)
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
	return 0;
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

/* What the presorting thread makes (presort.h). */
struct presorting {
	struct analysed *r;
	bool flat, names, zeros;
};

static void
presort_main(void *arg)
{
	struct presorting *p = arg;
	struct analysed *r = p->r;

	if (p->flat) {
		r->nflat = presort_flat(&r->cg, &r->st, r->flat_excluded,
					p->zeros, &r->flat_order);
		if (r->nflat == SIZE_MAX)
			r->nflat = 0; /* NaN: the report decides */
	}
	if (p->names)
		r->nnamed =
		    presort_names(&r->cg, &r->st, p->zeros, &r->name_order);
}

/* Tables from this many functions on are presorted on a thread (the
 * real programs of the tests have more). */
#define PRESORT_MIN 256

/*
 * cg_assemble(), and meanwhile, on a second thread, the orders of the
 * text reports that need no propagated time (the flat profile's and
 * the index's) when those reports will print.
 */
static void
assemble(struct analysis *a, const struct options *o,
	 const struct cg_select *cs)
{
	struct presorting p = { .r = &a->fn, .zeros = o->zeros };
	struct task presorting;

	cg_prepare(&a->fn.cg, a->fn.ticks);
	p.flat = text_view(o) && (o->style == 0 || (o->style & OUT_FLAT));
	p.names = text_view(o) && (o->style == 0 || (o->style & OUT_GRAPH));
	if (a->fn.cg.n < PRESORT_MIN || (!p.flat && !p.names)) {
		cg_assemble(&a->fn.cg, a->fn.ticks, cs);
		return;
	}
	task_start(&presorting, presort_main, &p, true);
	cg_assemble(&a->fn.cg, a->fn.ticks, cs);
	task_join(&presorting);
}

int
analysis_compute(struct analysis *a, const struct options *o,
		 struct gp_err *err)
{
	struct charge charge = { .a = a };
	struct task charging;
	struct cg_select cs;

	for (size_t i = 0; i < a->g.nfiles; i++)
		a->have_arcs |= a->g.files[i].narcs > 0;
	/* Arcs with an end in a shared object are in the side files. */
	a->have_arcs |= a->objs.resolved && a->objs.narcs > 0;
	/*
	 * Only gmon.sum to write (analysis_sum_only): it needs the line
	 * table's arcs and nothing of the functions' analysis, which only
	 * reports, -c's warning and -d's summary read (and which reads
	 * nothing but the profiles and the table, so skipping it changes
	 * no state gmon.sum or its side file depend on).
	 */
	if (analysis_sum_only(o) && !o->static_calls && !o->debug) {
		linemode_build(&a->lines, &a->x, &a->fn.st, &a->g);
		return 0;
	}
	/* The threads' table; stacks know functions, not lines. */
	threadsel_view(&a->threads, &a->objs.threads, a->thread_picked,
		       &a->objs, &a->fn.st, !analysis_line_mode(o));
	/*
	 * Line mode's flat profile and call graph read only the line
	 * table's analysis (lineprof.h): the functions' is skipped, unless
	 * shared objects' samples (objects.h) are charged with it.
	 */
	if (o->line && !(o->style & OUT_SUM) && !a->objs.any &&
	    lineprof_shows_only_used(o, &a->g)) {
		linemode_build(&a->lines, &a->x, &a->fn.st, NULL);
		return lineprof_compute(&a->lp, &a->lines, &a->fn.st, &a->g, o,
					err);
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
	assemble(a, o, &cs);
	if (!analysis_line_mode(o)) /* stacks know functions, not lines */
		measured_compute(&a->meas, &a->objs.stacks, &a->objs, &a->fn.st,
				 &a->fn.cg);
	if (analysis_line_mode(o)) {
		/* The table's own arcs are gmon.sum's (-s). */
		linemode_build(&a->lines, &a->x, &a->fn.st,
			       (o->style & OUT_SUM) ? &a->g : NULL);
		if (!analysis_sum_only(o) &&
		    lineprof_compute(&a->lp, &a->lines, &a->fn.st, &a->g, o,
				     err) != 0)
			return -1;
	}
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
