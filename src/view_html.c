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
 *   {"format": "gprof-flame", "version": 1, "samples": N,
 *    "truncated": T, "min_samples": C, "nodes_full": F,
 *    "nodes_pruned": P, "samples_other": O,
 *    "names": [...], "ids": [function id in gprof-data, or null],
 *    "parent": [...], "name": [...], "node_samples": [...]}
 * The nodes in preorder (node 0 the root, "parent" -1), "name" indexing
 * "names"; "[truncated]", "[other]" and "[unknown]" name no function.
 * --format=json's document is unchanged by it.
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

/* The "gprof-flame" document of M's measured stacks. */
static void
emit_flame(struct jsonw *w, const struct model *m)
{
	struct flame fl;
	size_t nshown, nidx = m->nfuncs + 4;
	uint32_t *jid = view_json_ids(m, &nshown), nnames = 0;
	uint32_t *idx = xcalloc(nidx, sizeof(*idx));
	uint32_t *byname = xcalloc(nidx, sizeof(*byname));
	uint64_t *tmp;

	flame_build(&fl, m->measured, FLAME_MIN_PPM, FLAME_MAX_NODES);
	tmp = xcalloc(fl.n ? fl.n : 1, sizeof(*tmp));
	for (size_t i = 0; i < nidx; i++)
		idx[i] = NO_NAME;
	jsonw_object(w);
	jsonw_key(w, "format");
	jsonw_string(w, "gprof-flame");
	jsonw_key(w, "version");
	jsonw_uint(w, 1);
	jsonw_key(w, "samples");
	jsonw_uint(w, m->measured->samples);
	jsonw_key(w, "truncated");
	jsonw_uint(w, m->measured->truncated);
	jsonw_key(w, "min_samples");
	jsonw_uint(w, fl.min_samples);
	jsonw_key(w, "nodes_full");
	jsonw_uint(w, fl.nodes_full);
	jsonw_key(w, "nodes_pruned");
	jsonw_uint(w, fl.nodes_pruned);
	jsonw_key(w, "samples_other");
	jsonw_uint(w, fl.samples_other);
	jsonw_key(w, "names");
	jsonw_array(w);
	for (size_t i = 0; i < fl.n; i++) {
		uint32_t before = nnames, k;

		k = name_of(w, m, idx, &nnames, fl.fn[i]);
		if (k == before) /* a new name: remember whose */
			byname[k] = fl.fn[i];
		tmp[i] = k;
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
	jsonw_key(w, "parent");
	jsonw_array(w);
	for (size_t i = 0; i < fl.n; i++)
		jsonw_int(w, i == 0 ? -1 : (int64_t)fl.parent[i]);
	jsonw_end(w);
	uint_array(w, "name", tmp, fl.n);
	uint_array(w, "node_samples", fl.samples, fl.n);
	jsonw_end(w);
	free(tmp);
	free(byname);
	free(idx);
	free(jid);
	flame_free(&fl);
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
