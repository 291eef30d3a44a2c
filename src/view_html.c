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
 */
#include "html_page.h"
#include "view_json.h"

#include "html/assets.inc"

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
	return html_page_end(out, &page, &w, err);
}
