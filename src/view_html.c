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
#include "view_json.h"

#include "html/assets.inc"

int
view_html(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	struct jsonw w;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; script-src 'unsafe-inline'; "
	      "style-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n"
	      "<meta name=\"generator\" content=\"gprof --format=html\">\n"
	      "<title>gprof profile</title>\n<style>\n",
	      out);
	fputs(html_css, out);
	fputs("</style>\n</head>\n<body>\n<div id=\"app\">"
	      "<noscript>This report needs JavaScript; the same data is in "
	      "gprof --format=json.</noscript></div>\n"
	      "<script type=\"application/json\" id=\"gprof-data\">\n",
	      out);
	jsonw_init(&w, out, JSONW_HTML);
	view_json_emit(&w, v);
	if (jsonw_finish(&w, err) != 0)
		return -1;
	fputs("</script>\n<script>\n", out);
	fputs(html_js, out);
	fputs("</script>\n</body>\n</html>\n", out);
	if (fflush(out) != 0 || ferror(out))
		return gp_fail(err, "cannot write the HTML page");
	return 0;
}
