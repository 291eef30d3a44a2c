/*
 * html_page.c - the frame of a self-contained HTML page (html_page.h).
 */
#include "html_page.h"

void
html_page_begin(FILE *out, const struct html_page *p, struct jsonw *w)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; script-src 'unsafe-inline'; "
	      "style-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n",
	      out);
	fprintf(out, "<meta name=\"generator\" content=\"%s\">\n",
		p->generator);
	fprintf(out, "<title>%s</title>\n<style>\n", p->title);
	for (const char *const *css = p->css; *css != NULL; css++)
		fputs(*css, out);
	fprintf(out,
		"</style>\n</head>\n<body>\n<div id=\"app\">"
		"<noscript>%s</noscript></div>\n"
		"<script type=\"application/json\" id=\"%s\">\n",
		p->noscript, p->data_id);
	jsonw_init(w, out, JSONW_HTML);
}

int
html_page_data(FILE *out, struct jsonw *w, const char *id, struct gp_err *err)
{
	if (jsonw_finish(w, err) != 0)
		return -1;
	fprintf(out,
		"</script>\n<script type=\"application/json\" id=\"%s\">\n",
		id);
	jsonw_init(w, out, JSONW_HTML);
	return 0;
}

int
html_page_end(FILE *out, const struct html_page *p, struct jsonw *w,
	      struct gp_err *err)
{
	if (jsonw_finish(w, err) != 0)
		return -1;
	fputs("</script>\n<script>\n", out);
	for (const char *const *js = p->script; *js != NULL; js++)
		fputs(*js, out);
	fputs("</script>\n</body>\n</html>\n", out);
	return 0;
}
