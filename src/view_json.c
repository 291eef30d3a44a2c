/*
 * view_json.c - --format=json: the analysed profile as one JSON
 * document (docs/gprof-profile.schema.json describes every field).
 *
 * Functions are numbered densely in the document ("id"): the functions
 * our views list (model.h's LIST_VIEW: called or sampled, at either
 * end of an arc; every one with -z).  gcc's clones (F.part.0, F.cold,
 * ...) are counted in the function they were split from, which lists
 * them ("clones"), not where GNU's reports put them.  Arcs carry the call sites the profile
 * recorded for them (a raw gmon.out keeps the return address in the
 * caller; gmon.sum keeps the start of the line GNU summed the call
 * into), each with its count and the line of its call, as every view
 * shows it (callsites.h: the call instruction's line).
 *
 * With the model's threads (threadview.h), "threads" lists the rows as
 * --threads does, each with its functions and arcs measured from its
 * stacks (threadfigs.h), and "thread_selection" the rows --thread
 * picked; the side file's WINDOW is "profile.window".  All optional
 * members: documents without per-thread data are as they were.
 */
#include "view_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "threadfigs.h"

/* What the writer needs besides the model. */
struct doc {
	struct jsonw *w;
	const struct model *m;
	uint32_t *jid; /* per function: its id in the document, or NONE */
	size_t nshown; /* functions in the document */
};

#define NONE UINT32_MAX

static void
key_string(struct jsonw *w, const char *k, const char *s)
{
	jsonw_key(w, k);
	jsonw_string(w, s);
}

static void
key_double(struct jsonw *w, const char *k, double v)
{
	jsonw_key(w, k);
	jsonw_double(w, v);
}

/* An estimate, to EST_DIGITS significant digits (more would claim a
 * precision gprof's average-call assumption does not have). */
#define EST_DIGITS 10

static void
key_est(struct jsonw *w, const char *k, double v)
{
	jsonw_key(w, k);
	jsonw_double_sig(w, v, EST_DIGITS);
}

static void
key_uint(struct jsonw *w, const char *k, uint64_t v)
{
	jsonw_key(w, k);
	jsonw_uint(w, v);
}

static void
key_bool(struct jsonw *w, const char *k, bool b)
{
	jsonw_key(w, k);
	jsonw_bool(w, b);
}

/* Seconds of TICKS samples (null without a rate). */
static double
secs(const struct doc *d, double ticks)
{
	return d->m->hz > 0 ? ticks / d->m->hz : (double)NAN;
}

/* Measured samples in seconds, or null without stacks. */
static void
key_measured(const struct doc *d, const char *k, const uint64_t *v, size_t i)
{
	jsonw_key(d->w, k);
	if (d->m->measured != NULL)
		jsonw_double(d->w, secs(d, (double)v[i]));
	else
		jsonw_null(d->w);
}

uint32_t *
view_json_ids(const struct model *m, size_t *nshown)
{
	uint32_t *jid = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*jid));

	*nshown = 0;
	for (uint32_t i = 0; i < m->nfuncs; i++)
		jid[i] = model_listed(m, LIST_VIEW, i) ? (uint32_t)(*nshown)++
						       : NONE;
	return jid;
}

/* Which functions the document lists, and their ids. */
static void
number_functions(struct doc *d)
{
	d->jid = view_json_ids(d->m, &d->nshown);
}

static void
emit_program(struct doc *d)
{
	struct jsonw *w = d->w;

	jsonw_key(w, "program");
	jsonw_object(w);
	key_string(w, "path", d->m->prog.path);
	jsonw_key(w, "build_id");
	if (d->m->prog.build_id != NULL)
		jsonw_string(w, d->m->prog.build_id);
	else
		jsonw_null(w);
	jsonw_end(w);
}

static void
emit_profile(struct doc *d)
{
	const struct model *m = d->m;
	const struct model_prog *p = &m->prog;
	struct jsonw *w = d->w;

	jsonw_key(w, "profile");
	jsonw_object(w);
	jsonw_key(w, "files");
	jsonw_array(w);
	for (size_t i = 0; i < p->nprofiles; i++)
		jsonw_string(w, p->profiles[i]);
	jsonw_end(w);
	key_bool(w, "has_histogram", p->has_hist);
	key_bool(w, "has_call_graph", p->has_arcs);
	jsonw_key(w, "sampling_rate_hz");
	if (m->hz > 0)
		jsonw_double(w, m->hz);
	else
		jsonw_null(w);
	key_double(w, "sample_period_seconds", secs(d, 1));
	key_string(w, "time_unit", m->dimen);
	jsonw_key(w, "bin_bytes");
	jsonw_int(w, m->bin_bytes);
	key_double(w, "total_samples", m->total_ticks);
	key_double(w, "total_seconds", secs(d, m->total_ticks));
	key_est(w, "propagated_total_seconds", secs(d, m->cg->print_time));
	key_uint(w, "function_count", d->nshown);
	key_uint(w, "arc_count", m->cg->narcs);
	key_uint(w, "cycle_count", m->ncycles);
	key_uint(w, "stack_samples", m->measured ? m->measured->samples : 0);
	key_uint(w, "stack_samples_truncated",
		 m->measured ? m->measured->truncated : 0);
	if (m->window.has) {
		jsonw_key(w, "window");
		jsonw_object(w);
		key_uint(w, "start_ns", m->window.start_ns);
		key_uint(w, "end_ns", m->window.end_ns);
		key_uint(w, "seq", m->window.seq);
		key_bool(w, "snapshot", m->window.snapshot);
		jsonw_end(w);
	}
	jsonw_end(w);
}

/* An interval, to 6 significant digits. */
static void
pair(struct jsonw *w, double lo, double hi)
{
	jsonw_array(w);
	jsonw_double_sig(w, lo, 6);
	jsonw_double_sig(w, hi, 6);
	jsonw_end(w);
}

/* The gcc clones counted in function I (model_clones), if any. */
static void
emit_clones(struct doc *d, uint32_t i)
{
	const char *const *names;
	size_t n = model_clones(d->m, i, &names);

	if (n == 0)
		return;
	jsonw_key(d->w, "clones");
	jsonw_array(d->w);
	for (size_t k = 0; k < n; k++)
		jsonw_string(d->w, names[k]);
	jsonw_end(d->w);
}

static void
emit_function(struct doc *d, uint32_t i)
{
	const struct model *m = d->m;
	const struct cg_node *v = &m->cg->nodes[i];
	struct jsonw *w = d->w;
	struct stats_interval ci;

	jsonw_object(w);
	key_uint(w, "id", d->jid[i]);
	key_string(w, "name", model_name(m, i));
	key_string(w, "raw_name", model_raw_name(m, i));
	emit_clones(d, i);
	jsonw_key(w, "address");
	jsonw_hex(w, m->st->syms[i].addr - m->st->syms[i].bias);
	if (m->st->syms[i].objname != NULL)
		key_string(w, "object", m->st->syms[i].objname);
	if (m->src != NULL && m->src[i].path != NULL) {
		key_string(w, "file", m->src[i].path);
		key_uint(w, "line", (uint64_t)m->src[i].line);
	} else {
		key_string(w, "file", NULL);
		key_string(w, "line", NULL);
	}
	key_double(w, "self_samples", v->self_ticks);
	key_double(w, "self_seconds", secs(d, v->self_ticks));
	ci = stats_poisson_interval(v->self_ticks, 0.95);
	jsonw_key(w, "self_samples_ci95");
	pair(w, ci.lo, ci.hi);
	jsonw_key(w, "self_seconds_ci95");
	pair(w, secs(d, ci.lo), secs(d, ci.hi));
	key_uint(w, "calls", v->ncalls);
	key_uint(w, "self_calls", v->self_calls);
	jsonw_key(w, "cycle");
	if (v->cycle)
		jsonw_uint(w, v->cycle);
	else
		jsonw_null(w);
	key_double(w, "child_samples_estimated", v->child_ticks);
	key_est(w, "child_seconds_estimated", secs(d, v->child_ticks));
	key_est(w, "propagated_self_seconds", secs(d, v->prop_self));
	key_est(w, "propagated_child_seconds_estimated",
		secs(d, v->prop_child));
	key_measured(d, "total_seconds_measured",
		     m->measured ? m->measured->total : NULL, i);
	key_bool(w, "in_flat_profile", model_listed(m, LIST_FLAT, i));
	jsonw_key(w, "graph_index");
	if (m->index != NULL && model_listed(m, LIST_GRAPH, i))
		jsonw_uint(w, m->index[i]);
	else
		jsonw_null(w);
	jsonw_end(w);
}

static void
emit_sites(struct doc *d, uint32_t k)
{
	const struct callsites *cs = d->m->sites;
	struct jsonw *w = d->w;

	jsonw_key(w, "call_sites");
	jsonw_array(w);
	for (size_t s = cs->rec_first[k]; s < cs->rec_first[k + 1]; s++) {
		const struct callsite_rec *r = &cs->rec[s];

		jsonw_object(w);
		jsonw_key(w, "address");
		jsonw_hex(w, r->addr);
		key_uint(w, "count", r->count);
		key_string(w, "file", r->file);
		jsonw_key(w, "line");
		if (r->file != NULL)
			jsonw_uint(w, (uint64_t)r->line);
		else
			jsonw_null(w);
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void
emit_arcs(struct doc *d)
{
	const struct model *m = d->m;
	struct jsonw *w = d->w;

	jsonw_key(w, "arcs");
	jsonw_array(w);
	for (uint32_t k = 0; k < m->cg->narcs; k++) {
		const struct cg_arc *a = &m->cg->arcs[k];

		if (d->jid[a->parent] == NONE || d->jid[a->child] == NONE)
			continue; /* cannot be: both ends are listed */
		jsonw_object(w);
		key_uint(w, "caller", d->jid[a->parent]);
		key_uint(w, "callee", d->jid[a->child]);
		key_uint(w, "count", a->count);
		key_bool(w, "self_call", a->parent == a->child);
		key_bool(w, "inside_cycle",
			 a->parent != a->child && model_arc_inside(m, a));
		key_est(w, "propagated_self_seconds_estimated",
			secs(d, a->time));
		key_est(w, "propagated_child_seconds_estimated",
			secs(d, a->child_time));
		key_measured(d, "child_seconds_measured",
			     m->measured ? m->measured->arc_total : NULL, k);
		emit_sites(d, k);
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void
emit_cycles(struct doc *d)
{
	const struct model *m = d->m;
	struct jsonw *w = d->w;

	jsonw_key(w, "cycles");
	jsonw_array(w);
	for (uint32_t k = 0; k < m->ncycles; k++) {
		const struct cg_cycle *c = &m->cg->cycles[k];
		entry_id e = (entry_id)(m->nfuncs + k);
		size_t guard = 0;

		jsonw_object(w);
		key_uint(w, "id", k + 1);
		jsonw_key(w, "members");
		jsonw_array(w);
		for (uint32_t f = c->first; f != CG_NONE && guard < m->nfuncs;
		     f = m->cg->nodes[f].cyc_next, guard++)
			if (d->jid[f] != NONE)
				jsonw_uint(w, d->jid[f]);
		jsonw_end(w);
		key_uint(w, "calls", c->ncalls);
		key_uint(w, "internal_calls", c->self_calls);
		key_double(w, "self_samples", c->self_ticks);
		key_double(w, "self_seconds", secs(d, c->self_ticks));
		key_est(w, "propagated_self_seconds", secs(d, c->prop_self));
		key_est(w, "propagated_child_seconds_estimated",
			secs(d, c->prop_child));
		jsonw_key(w, "graph_index");
		if (m->index != NULL && model_listed(m, LIST_GRAPH, e))
			jsonw_uint(w, m->index[e]);
		else
			jsonw_null(w);
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void
warning(struct jsonw *w, const char *code, const char *msg)
{
	jsonw_object(w);
	key_string(w, "code", code);
	key_string(w, "message", msg);
	jsonw_end(w);
}

static void
emit_warnings(struct doc *d)
{
	const struct model *m = d->m;
	const struct model_prog *p = &m->prog;
	struct jsonw *w = d->w;
	bool shared = false;

	for (uint32_t i = 0; i < m->nfuncs && !shared; i++)
		shared = m->cg->nodes[i].self_ticks !=
			 (double)(uint64_t)m->cg->nodes[i].self_ticks;
	jsonw_key(w, "warnings");
	jsonw_array(w);
	if (!p->has_hist)
		warning(w, "no_histogram",
			"the profile holds no histogram: no time was measured");
	if (!p->has_arcs)
		warning(w, "no_call_graph",
			"the profile holds no call-graph records: no calls "
			"were counted");
	for (size_t i = 0; i < p->nrate_assumed; i++)
		warning(w, "rate_assumed",
			"a 4.4BSD profile gave a rate of 0; 100 samples "
			"per second were assumed");
	for (size_t k = 0; k < p->nwarnings; k++)
		warning(w, "another_build", p->warnings[k]);
	if (shared)
		warning(w, "shared_bins",
			"some histogram bins straddle two functions and were "
			"shared between them in proportion to the overlap, so "
			"some sample counts are not whole");
	jsonw_end(w);
}

/* Per arc of the call graph: its place in the document's "arcs" (as
 * emit_arcs() writes them), or NONE. */
static uint32_t *
number_arcs(const struct doc *d)
{
	const struct callgraph *cg = d->m->cg;
	uint32_t *aid = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(*aid));
	uint32_t n = 0;

	for (size_t k = 0; k < cg->narcs; k++)
		aid[k] = d->jid[cg->arcs[k].parent] != NONE &&
				 d->jid[cg->arcs[k].child] != NONE
			     ? n++
			     : NONE;
	return aid;
}

/* Row R's numbers per function and arc (threadfigs.h), as documented
 * by the schema's thread: what it lists, and the self samples of
 * functions the document does not list. */
static void
emit_thread_figs(struct doc *d, const struct thread_row *r,
		 const struct thread_figs *f, const uint32_t *aid)
{
	struct jsonw *w = d->w;
	uint64_t elsewhere = f->unknown;

	key_uint(w, "stack_samples", r->stack_samples);
	key_uint(w, "stack_samples_truncated", f->truncated);
	jsonw_key(w, "functions");
	jsonw_array(w);
	for (size_t k = 0; k < f->nfns; k++) {
		const struct thread_fn_figs *e = &f->fns[k];

		if (e->fn >= d->m->nfuncs || d->jid[e->fn] == NONE) {
			elsewhere = gp_add_sat(elsewhere, e->self);
			continue;
		}
		jsonw_object(w);
		key_uint(w, "id", d->jid[e->fn]);
		key_uint(w, "self_samples", e->self);
		key_uint(w, "total_samples", e->total);
		jsonw_end(w);
	}
	jsonw_end(w);
	key_uint(w, "self_samples_elsewhere", elsewhere);
	jsonw_key(w, "arcs");
	jsonw_array(w);
	for (size_t k = 0; k < f->narcs; k++) {
		const struct thread_arc_figs *e = &f->arcs[k];

		if (aid[e->arc] == NONE)
			continue;
		jsonw_object(w);
		key_uint(w, "arc", aid[e->arc]);
		key_uint(w, "samples", e->samples);
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void
emit_thread(struct doc *d, const struct thread_row *r,
	    const struct thread_figs *f, const uint32_t *aid)
{
	const struct model *m = d->m;
	struct jsonw *w = d->w;

	jsonw_object(w);
	key_uint(w, "index", r->index);
	key_uint(w, "tid", r->tid);
	key_string(w, "name", r->name);
	key_uint(w, "threads", r->nthreads);
	key_bool(w, "live", r->live);
	key_bool(w, "main", r->main);
	key_bool(w, "mixed", r->mixed);
	key_bool(w, "selected", r->selected);
	key_double(w, "cpu_seconds", (double)r->cpu_ns / 1e9);
	key_uint(w, "samples", r->samples);
	key_double(w, "sampled_seconds", secs(d, (double)r->samples));
	key_uint(w, "calls", r->calls);
	key_uint(w, "first_ns", r->first_ns);
	key_uint(w, "last_ns", r->last_ns);
	jsonw_key(w, "busiest_function");
	if (r->top < m->nfuncs && d->jid[r->top] != NONE)
		jsonw_uint(w, d->jid[r->top]);
	else
		jsonw_null(w);
	key_uint(w, "busiest_samples",
		 r->top != UINT32_MAX ? r->top_samples : 0);
	if (f != NULL)
		emit_thread_figs(d, r, f, aid);
	jsonw_end(w);
}

/* The profile's threads (threadview.h), and which --thread picked. */
static void
emit_threads(struct doc *d)
{
	const struct model *m = d->m;
	const struct thread_view *tv = m->threads;
	struct jsonw *w = d->w;
	struct thread_figs *fs;
	uint32_t *aid;

	if (tv == NULL || !tv->any)
		return;
	fs = threadfigs_compute(tv, m->cg);
	aid = number_arcs(d);
	jsonw_key(w, "threads");
	jsonw_array(w);
	for (size_t i = 0; i < tv->n; i++)
		emit_thread(d, &tv->rows[i], fs ? &fs[i] : NULL, aid);
	jsonw_end(w);
	if (tv->selection) {
		jsonw_key(w, "thread_selection");
		jsonw_array(w);
		for (size_t i = 0; i < tv->n; i++)
			if (tv->rows[i].selected)
				jsonw_uint(w, tv->rows[i].index);
		jsonw_end(w);
	}
	free(aid);
	threadfigs_free(fs, tv->n);
}

void
view_json_emit(struct jsonw *w, const struct view_ctx *v)
{
	struct doc d = { w, v->m, NULL, 0 };
	unsigned nl = w->newline_depth;

	number_functions(&d);
	w->newline_depth = 2; /* one function, arc, cycle per line */
	jsonw_object(w);
	key_string(w, "format", "gprof-profile");
	key_uint(w, "version", VIEW_JSON_VERSION);
	emit_program(&d);
	emit_profile(&d);
	jsonw_key(w, "functions");
	jsonw_array(w);
	for (uint32_t i = 0; i < d.m->nfuncs; i++)
		if (d.jid[i] != NONE)
			emit_function(&d, i);
	jsonw_end(w);
	emit_arcs(&d);
	emit_cycles(&d);
	emit_warnings(&d);
	emit_threads(&d);
	jsonw_end(w);
	w->newline_depth = nl;
	free(d.jid);
}

int
view_json(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	struct jsonw w;

	jsonw_init(&w, out, 0);
	view_json_emit(&w, v);
	return jsonw_finish(&w, err);
}
