/*
 * modelbuild.c - the report model of an analysis (modelbuild.h): the
 * model_opts every model shares, which table it is built from, and the
 * views' data taken from the analysis once, here.
 */
#include "modelbuild.h"

#include <stdlib.h>
#include <string.h>

#include "exebuildid.h"
#include "mismatch.h"

void
model_opts_init(struct model_opts *mo, const struct options *o)
{
	*mo = (struct model_opts){
		/* -T never demangles, whatever --demangle says (as GNU). */
		.demangle = o->demangle && !o->traditional,
		.inline_file_names = o->inline_file_names,
		.print_path = o->print_path,
		.zeros = o->zeros,
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

/* Where ST's functions were loaded (model.h's struct model_map). */
static void
map_objects(struct model *m, const struct analysis *a, bool line_table)
{
	const struct symtab *st = m->st;
	const struct objects *os = &a->objs;
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

void
model_from_analysis(struct model *m, struct analysis *a,
		    const struct model_opts *mo)
{
	struct model_in in;

	if (mo->line_table) {
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
	/* Stacks know functions, not line symbols. */
	m->threads = mo->line_table ? NULL : &a->threads;
	m->window = a->threads.window;
	if (mo->views) {
		describe_run(&m->prog, a);
		map_objects(m, a, mo->line_table);
	}
	if (mo->sites) {
		callsites_find(&m->sites, m->cg, &a->g, &a->x);
		m->have_sites = true;
	}
}
