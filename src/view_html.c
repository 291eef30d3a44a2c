/*
 * view_html.c - --format=html: one self-contained page, with no network
 * access (its Content-Security-Policy allows nothing to be fetched).
 *
 * The page is the JSON document of --format=json (view_json.h) in a
 * <script type="application/json"> element, written with JSONW_HTML so
 * that no "</" can end it early, plus the stylesheet and the script of
 * src/html/ (report.css, report.js), which tools/embed.sh turns into
 * src/html/assets.inc at build time.  The script builds the page: a
 * sortable, filterable flat table drawn a screenful at a time, a
 * function's callers, callees, call sites and a small call graph (SVG),
 * cycles as groups, and error bars on self time; "#fn=ID" links to a
 * function, "#selftest" runs the page's own checks (report.js).
 *
 * With sampled stacks (model.h's measured), a second data element,
 * "gprof-flame", holds their calling-context tree (flame.h: merged
 * paths, nodes below 0.01 % of the samples or past 20,000 merged into
 * "[other]" nodes), for the page's flame graph:
 *   {"format": "gprof-flame", "version": 1,
 *    "names": [...], "ids": [function id in gprof-data, or null],
 *    "samples": N, "truncated": T, "min_samples": C, "max_nodes": M,
 *    "nodes_full": F, "nodes_pruned": P, "samples_other": O,
 *    "parent": [...], "name": [...], "node_samples": [...],
 *    "threads": [{"index": I, "samples": ..., "node_samples": [...]}]}
 * The nodes in preorder (node 0 the root, "parent" -1), "name" indexing
 * "names"; "[truncated]", "[other]" and "[unknown]" name no function.
 * With the model's threads (threadview.h), "threads" holds the same
 * tree of each thread the page's selector offers (every row, or those
 * --thread picked, with stack samples; "index" its row's, "samples" its
 * stack samples), all of them naming functions in the one "names": the
 * K trees share the 20,000 nodes, at most 20,000 / K each ("max_nodes"),
 * 0.01 % of their thread's samples the floor, so the page stays as
 * bounded as with one tree (twice the nodes at most, [other]s aside).
 * --format=json's document is unchanged by it (its "threads" carry each
 * thread's numbers per function and arc, which the page's table and
 * pane show).
 */
#include <stdlib.h>

#include "flame.h"
#include "html_page.h"
#include "view_json.h"

#include "html/assets.inc"

#define NO_NAME UINT32_MAX
#define NONE_ID UINT32_MAX /* view_json_ids(): not listed */

/* The index in "names" of node function FN, written to W (the "names"
 * array) on first use; IDX[] per function, then per special node. */
static uint32_t
name_of(struct jsonw *w, const struct model *m, uint32_t *idx, uint32_t *nnames,
	uint32_t fn)
{
	static const char *const special[] = { "[unknown]", "[other]",
					       "[truncated]", "all" };
	size_t at = fn >= FLAME_UNKNOWN ? m->nfuncs + (fn - FLAME_UNKNOWN) : fn;

	if (idx[at] != NO_NAME)
		return idx[at];
	if (fn >= FLAME_UNKNOWN)
		jsonw_string(w, special[fn - FLAME_UNKNOWN]);
	else
		jsonw_string(w, model_name(m, fn));
	return idx[at] = (*nnames)++;
}

static void
uint_array(struct jsonw *w, const char *key, const uint64_t *v, size_t n)
{
	jsonw_key(w, key);
	jsonw_array(w);
	for (size_t i = 0; i < n; i++)
		jsonw_uint(w, v[i]);
	jsonw_end(w);
}

/* One tree of the "gprof-flame" document: the whole profile's (ROW
 * NULL) or one thread's; NAME[i] is node i's index in "names". */
struct tree {
	struct flame fl;
	const struct thread_row *row;
	uint64_t *name;
	uint64_t truncated; /* samples of truncated stacks */
	size_t max_nodes;   /* its bound (flame.h) */
};

/* The trees: the measured stacks', then each selected thread's with
 * stack samples, those sharing FLAME_MAX_NODES (view_html.c's top). */
static struct tree *
build_trees(const struct model *m, size_t *ntrees)
{
	const struct thread_view *tv = m->threads;
	size_t k = 0, n = 1, max_nodes;
	struct tree *t;

	if (tv != NULL && tv->any && tv->have_stacks)
		for (size_t i = 0; i < tv->n; i++)
			k += tv->rows[i].selected &&
			     tv->rows[i].stack_samples > 0;
	t = xcalloc(1 + k, sizeof(*t));
	flame_build(&t[0].fl, m->measured, FLAME_MIN_PPM, FLAME_MAX_NODES);
	t[0].truncated = m->measured->truncated;
	t[0].max_nodes = FLAME_MAX_NODES;
	max_nodes = k > 0 && FLAME_MAX_NODES / k > 0 ? FLAME_MAX_NODES / k : 1;
	for (size_t i = 0; k > 0 && i < tv->n; i++) {
		const struct thread_row *r = &tv->rows[i];

		if (!r->selected || r->stack_samples == 0)
			continue;
		t[n].row = r;
		t[n].max_nodes = max_nodes;
		flame_build_stacks(&t[n].fl, tv->stacks + r->first, r->nstacks,
				   tv->fns, FLAME_MIN_PPM, max_nodes);
		for (size_t s = r->first; s < r->first + r->nstacks; s++)
			if (tv->stacks[s].truncated)
				t[n].truncated = gp_add_sat(
				    t[n].truncated, tv->stacks[s].count);
		n++;
	}
	*ntrees = n;
	return t;
}

static void
key_uint(struct jsonw *w, const char *k, uint64_t v)
{
	jsonw_key(w, k);
	jsonw_uint(w, v);
}

/* Tree T's members, SAMPLES its stack samples. */
static void
emit_tree(struct jsonw *w, const struct tree *t, uint64_t samples)
{
	const struct flame *fl = &t->fl;

	key_uint(w, "samples", samples);
	key_uint(w, "truncated", t->truncated);
	key_uint(w, "min_samples", fl->min_samples);
	key_uint(w, "max_nodes", t->max_nodes);
	key_uint(w, "nodes_full", fl->nodes_full);
	key_uint(w, "nodes_pruned", fl->nodes_pruned);
	key_uint(w, "samples_other", fl->samples_other);
	jsonw_key(w, "parent");
	jsonw_array(w);
	for (size_t i = 0; i < fl->n; i++)
		jsonw_int(w, i == 0 ? -1 : (int64_t)fl->parent[i]);
	jsonw_end(w);
	uint_array(w, "name", t->name, fl->n);
	uint_array(w, "node_samples", fl->samples, fl->n);
}

/* The "gprof-flame" document of M's measured stacks (and its threads'). */
static void
emit_flame(struct jsonw *w, const struct model *m)
{
	size_t nshown, nidx = m->nfuncs + 4, ntrees;
	uint32_t *jid = view_json_ids(m, &nshown), nnames = 0;
	uint32_t *idx = xcalloc(nidx, sizeof(*idx));
	uint32_t *byname = xcalloc(nidx, sizeof(*byname));
	struct tree *t = build_trees(m, &ntrees);

	for (size_t i = 0; i < nidx; i++)
		idx[i] = NO_NAME;
	jsonw_object(w);
	jsonw_key(w, "format");
	jsonw_string(w, "gprof-flame");
	jsonw_key(w, "version");
	jsonw_uint(w, 1);
	jsonw_key(w, "names");
	jsonw_array(w);
	for (size_t k = 0; k < ntrees; k++) {
		const struct flame *fl = &t[k].fl;

		t[k].name = xcalloc(fl->n ? fl->n : 1, sizeof(*t[k].name));
		for (size_t i = 0; i < fl->n; i++) {
			uint32_t before = nnames, j;

			j = name_of(w, m, idx, &nnames, fl->fn[i]);
			if (j == before) /* a new name: remember whose */
				byname[j] = fl->fn[i];
			t[k].name[i] = j;
		}
	}
	jsonw_end(w);
	jsonw_key(w, "ids");
	jsonw_array(w);
	for (uint32_t k = 0; k < nnames; k++)
		if (byname[k] < m->nfuncs && jid[byname[k]] != NONE_ID)
			jsonw_uint(w, jid[byname[k]]);
		else
			jsonw_null(w);
	jsonw_end(w);
	emit_tree(w, &t[0], m->measured->samples);
	if (ntrees > 1) {
		jsonw_key(w, "threads");
		jsonw_array(w);
		for (size_t k = 1; k < ntrees; k++) {
			jsonw_object(w);
			key_uint(w, "index", t[k].row->index);
			emit_tree(w, &t[k], t[k].row->stack_samples);
			jsonw_end(w);
		}
		jsonw_end(w);
	}
	jsonw_end(w);
	for (size_t k = 0; k < ntrees; k++) {
		free(t[k].name);
		flame_free(&t[k].fl);
	}
	free(t);
	free(byname);
	free(idx);
	free(jid);
}

int
view_html(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	static const struct html_page page = {
		.generator = "gprof --format=html",
		.title = "gprof profile",
		.css = { html_css, NULL },
		.noscript = "This report needs JavaScript; the same data is in "
			    "gprof --format=json.",
		.data_id = "gprof-data",
		.script = { html_common_js, html_js, NULL },
	};
	struct jsonw w;

	html_page_begin(out, &page, &w);
	view_json_emit(&w, v);
	if (v->m->measured != NULL && v->m->measured->any) {
		if (html_page_data(out, &w, "gprof-flame", err) != 0)
			return -1;
		emit_flame(&w, v->m);
	}
	return html_page_end(out, &page, &w, err);
}
