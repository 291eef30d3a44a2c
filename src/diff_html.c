/*
 * diff_html.c - --diff=BASE --format=html: the profile diff as one
 * self-contained page, with no network access (its
 * Content-Security-Policy allows nothing to be fetched).
 *
 * The page is the "gprof-diff" JSON document of --format=json
 * (diff_json_emit(), diff_print.c) in a <script type="application/json">
 * element, written with JSONW_HTML so that no "</" can end it early,
 * plus --format=html's stylesheet (src/html/report.css), the diff's own
 * additions (src/html/diff.css) and its script (src/html/diff.js),
 * which tools/embed.sh turns into src/html/diff_assets.inc at build
 * time.  The script builds the page: a sortable, filterable table of
 * the functions in the document's order (most significant first), each
 * side's self time with its 95 % interval drawn as an error bar (and,
 * when both sides had stacks, its measured total time the same way),
 * and a function's details; "#fn=NAME" (or "#fn=INDEX") selects a function,
 * "#selftest" runs the page's own checks (diff.js).
 */
#include "diff.h"
#include "html_page.h"

#include "html/diff_assets.inc"

int
diff_print_html(FILE *out, const struct diff *d, struct gp_err *err)
{
	static const struct html_page page = {
		.generator = "gprof --diff --format=html",
		.title = "gprof profile diff",
		.css = { diff_page_base_css, diff_page_css, NULL },
		.noscript = "This page needs JavaScript; the same data is in "
			    "gprof --diff --format=json.",
		.data_id = "gprof-diff-data",
		.script = { diff_page_common_js, diff_page_js, NULL },
	};
	struct jsonw w;

	html_page_begin(out, &page, &w);
	diff_json_emit(&w, d);
	return html_page_end(out, &page, &w, err);
}
