/*
 * html_page.h - the frame of a self-contained --format=html page, shared
 * by --format=html (view_html.c) and --diff --format=html (diff_html.c).
 *
 * A page is: a Content-Security-Policy that forbids every fetch, its
 * stylesheets, a <noscript> note, one JSON document in a
 * <script type="application/json"> element (written by the caller
 * between html_page_begin() and html_page_end(), through the jsonw
 * that html_page_begin() sets up with JSONW_HTML so that no "</" can
 * end it early) and the page's scripts (one <script> element), which
 * build the page from it.
 */
#ifndef GPROF_HTML_PAGE_H
#define GPROF_HTML_PAGE_H

#include <stdio.h>

#include "diag.h"
#include "jsonw.h"

struct html_page {
	const char *generator; /* <meta name="generator"> content */
	const char *title;     /* <title> text */
	const char *css[3];    /* stylesheets in order, NULL-terminated */
	const char *noscript;  /* the note shown without JavaScript */
	const char *data_id;   /* id of the JSON <script> element */
	const char *script[3]; /* its scripts in order, NULL-terminated */
};

/* Write P's head and open its data element; W then writes the JSON
 * document to OUT. */
void html_page_begin(FILE *out, const struct html_page *p, struct jsonw *w);

/*
 * Finish W's document and its element, and open another data element,
 * ID, for the next document W writes (a page may hold several).
 * Returns 0, or -1 with ERR set (a JSON error).
 */
int html_page_data(FILE *out, struct jsonw *w, const char *id,
		   struct gp_err *err);

/* Finish W's document and write P's scripts and the end of the page.
 * Returns 0, or -1 with ERR set (a JSON error). */
int html_page_end(FILE *out, const struct html_page *p, struct jsonw *w,
		  struct gp_err *err);

#endif
