/*
 * modelbuild.c - the report model of an analysis (modelbuild.h): the
 * model_opts every model shares, which table it is built from, and the
 * views' data taken from the analysis once, here.
 *
 * Our views (and --measured) see gcc's clones where they came from: a
 * table of their own (symclones_build) in which F.part.0's
 * addresses are counted in F, not in the function GNU's rules give them
 * to.  Everything that maps an address to a function goes through that
 * table's symtab_find(), which answers with the origin: the histogram
 * (charged per entry, then each clone's share moved to its origin), the
 * arcs (gmon.out's, the side files', -c's), the sampled stacks
 * (measured.h) and the call sites (callsites.h).  GNU's reports keep
 * the analysis' own table.
 */
#include "modelbuild.h"

#include <stdlib.h>
#include <string.h>

#include "exebuildid.h"
#include "mismatch.h"
#include "staticcalls.h"
#include "symclones.h"
#include "threadsel.h"

void
model_opts_init(struct model_opts *mo, const struct options *o)
{
	*mo = (struct model_opts){
		/* -T never demangles, whatever --demangle says (as GNU). */
		.demangle = o->demangle && !o->traditional,
		.inline_file_names = o->inline_file_names,
		.print_path = o->print_path,
		.zeros = o->zeros,
		/* -A, -r and -R read GNU's table (and selection) too; a
		 * diff's functions do not depend on --measured. */
		.clones = o->measured && o->diff_base == NULL &&
			  !(o->style & (OUT_ANNO | OUT_ORDER | OUT_FILE_ORDER)),
		.opts = o,
	};
}

/* What a model of R is built from. */
static void
table_in(struct model_in *in, const struct analysed *r, struct analysis *a)
{
	*in = (struct model_in){
		.st = &r->st,
		.cg = &r->cg,
		.g = &a->g,
		.x = &a->x,
		.total_ticks = r->total_ticks,
		.flat_excluded = r->flat_excluded,
		.exec_hidden = r->exec_hidden,
		/* Stacks know functions, not line symbols. */
		.measured = r == &a->fn && a->meas.any ? &a->meas : NULL,
		.flat_order = r->flat_order,
		.name_order = r->name_order,
		.nflat = r->nflat,
		.nnamed = r->nnamed,
	};
}

/* The run as the views describe it: program, files, warnings. */
static void
describe_run(struct model_prog *p, struct analysis *a)
{
	const struct gmon *g = &a->g;
	char id[2 * 64 + 1];
	struct gp_err msg;

	p->path = a->x.path;
	if (exe_build_id(&a->x, id, sizeof(id)) == 0)
		p->build_id = xstrdup(id);
	p->profiles = xcalloc(g->nfiles ? g->nfiles : 1, sizeof(*p->profiles));
	for (size_t i = 0; i < g->nfiles; i++) {
		p->profiles[p->nprofiles++] = g->files[i].path;
		p->nrate_assumed += g->files[i].rate_assumed;
	}
	p->has_hist = g->nhists > 0;
	p->has_arcs = a->have_arcs;
	/* The check analysis_load() ran, worded for the executable. */
	for (size_t k = 0;
	     a->mismatch_checked &&
	     mismatch_message(&a->mismatch, k, g, a->x.path, &msg);
	     k++) {
		p->warnings = xreallocarray(p->warnings, p->nwarnings + 1,
					    sizeof(*p->warnings));
		p->warnings[p->nwarnings++] = xstrdup(msg.msg);
	}
}

/* Where ST's functions were loaded (model.h's struct model_map), from
 * the load map OS over it. */
static void
map_objects(struct model *m, const struct analysis *a, const struct objects *os,
	    bool line_table)
{
	const struct symtab *st = m->st;
	size_t nobjs = line_table ? 0 : os->n;
	/* The executable's functions come first (objects.h). */
	size_t nexe = !line_table && os->any ? os->nexe : st->n;
	struct model_map *exe;

	m->maps = xcalloc(1 + nobjs, sizeof(*m->maps));
	m->nmaps = 1 + nobjs;
	exe = &m->maps[0];
	exe->nfuncs = nexe;
	exe->lo = nexe ? st->syms[0].addr : 0;
	exe->hi = nexe ? st->syms[nexe - 1].end + 1 : 0;
	if (a->x.text_found && a->x.load_hi > a->x.load_lo) {
		exe->lo = a->x.load_lo;
		exe->hi = a->x.load_hi;
	}
	for (size_t k = 0; k < nobjs; k++) {
		const struct gp_object *ob = &os->v[k];
		struct model_map *mp = &m->maps[1 + k];
		char id[2 * GMON_SIDE_BUILD_ID_MAX + 1];
		const struct sym *last;

		mp->file = ob->file ? ob->file : ob->path;
		mp->first = ob->first;
		mp->nfuncs = ob->nfuncs;
		if (ob->nfuncs == 0)
			continue;
		last = &st->syms[ob->first + ob->nfuncs - 1];
		mp->lo = st->syms[ob->first].addr;
		mp->hi = (last->end > last->addr ? last->end : last->addr) + 1;
		if (ob->build_id_len &&
		    build_id_hex(ob->build_id, ob->build_id_len, id,
				 sizeof(id)))
			mp->build_id = xstrdup(id);
	}
}

/* Our views' own analysis: A's, over a table that counts gcc's clones
 * in their origins. */
struct views_an {
	struct symclones sp;
	/* A's load map over SP's table: its objects (V, owned) with their
	 * entries moved up past the clones; the rest borrowed from A's. */
	struct objects os;
	struct analysed r; /* all but r.st (sp.st is the table) */
	struct measured meas;
	struct thread_view tv; /* A's threads, stacks mapped to SP's table */
};

static void
views_an_free(void *p)
{
	struct views_an *va = p;

	analysed_free(&va->r);
	measured_free(&va->meas);
	threadsel_free(&va->tv);
	free(va->os.v);
	symclones_free(&va->sp);
	free(va);
}

/* The arc filters analysis.c gives cg_tally and objects_tally. */
static bool
views_exe_arc(void *ctx, uint32_t parent, uint32_t child)
{
	const struct views_an *va = ctx;

	if (va->os.any && (parent >= va->os.nexe || child >= va->os.nexe))
		return false;
	return select_arc(&va->r.sel, parent, child);
}

static bool
views_arc(void *ctx, uint32_t parent, uint32_t child)
{
	return select_arc(ctx, parent, child);
}

/* A's load map over VA's table, whose executable part is MORE longer. */
static void
views_objects(struct views_an *va, const struct objects *os, size_t more)
{
	va->os = *os;
	va->os.v = xcalloc(os->n ? os->n : 1, sizeof(*va->os.v));
	if (os->n > 0)
		memcpy(va->os.v, os->v, os->n * sizeof(*os->v));
	for (size_t k = 0; k < os->n; k++)
		va->os.v[k].first += more;
	va->os.nexe += more;
}

/* The samples, charged per entry, each clone's then its origin's. */
static int
views_charge(struct views_an *va, const struct analysis *a, struct gp_err *err)
{
	const struct symtab *st = &va->sp.st;
	const uint32_t *origin = va->sp.origin;
	struct analysed *r = &va->r;

	for (size_t k = 0; k < st->n; k++)
		r->flat_excluded[k] = r->flat_excluded[origin[k]];
	r->ticks = xcalloc(st->n ? st->n : 1, sizeof(*r->ticks));
	if (objects_charge(&va->os, &a->g, st, r->flat_excluded, r->ticks,
			   &r->total_ticks, err) != 0)
		return -1;
	for (size_t k = 0; k < st->n; k++)
		if (origin[k] != k) {
			r->ticks[origin[k]] += r->ticks[k];
			r->ticks[k] = 0;
		}
	return 0;
}

/*
 * A's functions analysed again over a table that counts gcc's clones in
 * their origins, as analysis_compute() did (selections, samples, arcs,
 * -c, cycles and propagation, stacks), or NULL when the executable has
 * none (or its bins cannot be read again: a warning says so), and the
 * views use A's.
 */
static struct views_an *
views_analyse(struct analysis *a, const struct options *o)
{
	const struct objects *os = &a->objs;
	size_t nexe = os->any ? os->nexe : a->fn.st.n;
	struct views_an *va;
	struct analysed *r;
	struct cg_select cs;
	struct gp_err err;

	/* Not analysed (-l's reports, -s alone), or names not symbols'. */
	if (a->fn.ticks == NULL || o->map_file != NULL || o->nm_file != NULL)
		return NULL;
	va = xcalloc(1, sizeof(*va));
	if (!symclones_build(&va->sp, &a->fn.st, nexe, &a->x, o->no_static)) {
		free(va);
		return NULL;
	}
	r = &va->r;
	views_objects(va, os, va->sp.nexe - nexe);
	select_build(&r->sel, o, &va->sp.st, &a->x);
	select_report_flags(&r->sel, va->sp.st.n, &r->graph_flags,
			    &r->flat_excluded, &r->exec_hidden, &cs);
	if (views_charge(va, a, &err) != 0) {
		gp_warn("%s; the views count gcc's clones as the text "
			"reports do",
			err.msg);
		views_an_free(va);
		return NULL;
	}
	cg_init(&r->cg, &va->sp.st);
	cg_tally(&r->cg, &a->g, views_exe_arc, va);
	objects_tally(&va->os, &r->cg, views_arc, &r->sel);
	if (o->static_calls)
		(void)static_calls(&r->cg, &a->x, &a->g); /* warned already */
	cg_assemble(&r->cg, r->ticks, &cs);
	if (a->meas.any)
		measured_compute(&va->meas, &os->stacks, &va->os, &va->sp.st,
				 &r->cg);
	if (a->threads.have_stacks)
		threadsel_view(&va->tv, &a->objs.threads, a->thread_picked,
			       &va->os, &va->sp.st, true);
	return va;
}

/* What a model of VA's table is built from. */
static void
views_in(struct model_in *in, const struct views_an *va, struct analysis *a)
{
	*in = (struct model_in){
		.st = &va->sp.st,
		.cg = &va->r.cg,
		.g = &a->g,
		.x = &a->x,
		.total_ticks = va->r.total_ticks,
		.flat_excluded = va->r.flat_excluded,
		.exec_hidden = va->r.exec_hidden,
		.measured = va->meas.any ? &va->meas : NULL,
	};
}

void
model_from_analysis(struct model *m, struct analysis *a,
		    const struct model_opts *mo)
{
	const struct objects *os = &a->objs;
	struct views_an *va = NULL;
	struct model_in in;

	/* --measured without stacks prints the estimates as they are. */
	if (!mo->line_table && (mo->views || (mo->clones && a->meas.any)) &&
	    mo->opts != NULL)
		va = views_analyse(a, mo->opts);
	if (va != NULL) {
		views_in(&in, va, a);
		os = &va->os;
	} else if (mo->line_table) {
		const struct lineprof *lp = &a->lp;

		table_in(&in, &lp->lt, a);
		in.files = lp->files;
		in.lines = lp->lines;
		in.is_line = lp->is_line;
		in.bbs = lp->bbs;
		in.nbbs = lp->nbbs;
		in.index_skip = lp->index_skip;
	} else {
		table_in(&in, &a->fn, a);
	}
	model_build(m, &in, mo);
	if (va != NULL) {
		m->merged = va->sp.origin;
		m->clone_lo = va->sp.clone_lo;
		m->clones = va->sp.clones;
		m->own = va;
		m->own_free = views_an_free;
	}
	/* Stacks know functions, not line symbols; the threads' stacks
	 * are mapped to the model's table. */
	m->threads = mo->line_table             ? NULL
		     : va != NULL && va->tv.any ? &va->tv
						: &a->threads;
	m->window = a->threads.window;
	if (mo->views) {
		describe_run(&m->prog, a);
		map_objects(m, a, os, mo->line_table);
	}
	if (mo->sites) {
		callsites_find(&m->sites, m->cg, &a->g, &a->x);
		m->have_sites = true;
	}
}
