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
 * side's self time with its 95 % interval drawn as an error bar, and a
 * function's details; "#fn=NAME" (or "#fn=INDEX") selects a function,
 * "#selftest" runs the page's own checks (diff.js).
 */
#include "diff.h"
#include "jsonw.h"

#include "html/diff_assets.inc"

int
diff_print_html(FILE *out, const struct diff *d, struct gp_err *err)
{
	struct jsonw w;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; script-src 'unsafe-inline'; "
	      "style-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<meta name=\"generator\" content=\"gprof --diff "
	      "--format=html\">\n"
	      "<title>gprof profile diff</title>\n<style>\n",
	      out);
	fputs(diff_page_base_css, out);
	fputs(diff_page_css, out);
	fputs("</style>\n</head>\n<body>\n<div id=\"app\">"
	      "<noscript>This page needs JavaScript; the same data is in "
	      "gprof --diff --format=json.</noscript></div>\n"
	      "<script type=\"application/json\" id=\"gprof-diff-data\">\n",
	      out);
	jsonw_init(&w, out, JSONW_HTML);
	diff_json_emit(&w, d);
	if (jsonw_finish(&w, err) != 0)
		return -1;
	fputs("</script>\n<script>\n", out);
	fputs(diff_page_js, out);
	fputs("</script>\n</body>\n</html>\n", out);
	if (fflush(out) != 0 || ferror(out))
		return gp_fail(err, "cannot write the HTML page");
	return 0;
}
