/*
 * views.c - --format and --output: pick a view, build the model it
 * prints, and write it to standard output or atomically to a file.
 */
#include "views.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "modelbuild.h"
#include "outfile.h"
#include "reports.h"

static const struct view views[] = {
	{ "text", false, false, NULL },
	{ "callgrind", false, true, view_callgrind },
	{ "dot", false, false, view_dot },
	{ "json", false, true, view_json },
	{ "html", false, true, view_html },
	{ "pprof", true, false, view_pprof },
	{ "errorbars", false, false, view_errorbars },
	{ "folded", false, false, view_folded },
};

/* --threads: not a --format, a table of its own. */
static const struct view threads_view = { "threads", false, false,
					  view_threads };

enum { NVIEWS = sizeof(views) / sizeof(views[0]) };

const struct view *
views_find(const char *name, struct gp_err *err)
{
	char known[256] = "";

	for (size_t i = 0; i < NVIEWS; i++)
		if (strcmp(views[i].name, name) == 0)
			return &views[i];
	for (size_t i = 0; i < NVIEWS; i++) {
		strncat(known, i ? ", " : "",
			sizeof(known) - strlen(known) - 1);
		strncat(known, views[i].name,
			sizeof(known) - strlen(known) - 1);
	}
	gp_fail(err, "--format: unknown format '%s' (want %s)", name, known);
	return NULL;
}

/* Print V's document about A (analysed for PLAN) to OUT. */
static int
print_view(FILE *out, const struct view *v, struct analysis *a,
	   const struct options *o, const struct plan *plan, struct gp_err *err)
{
	struct model_opts mo;
	struct model m;
	struct view_ctx ctx = { &m, o };
	int rc;

	if (v->print == NULL)
		return reports_print(out, a, o, plan, err);
	model_opts_init(&mo, o);
	mo.graph = true;
	mo.views = true;
	mo.sites = v->sites;
	model_from_analysis(&m, a, &mo);
	rc = v->print(out, &ctx, err);
	model_free(&m);
	return rc;
}

int
views_write(struct analysis *a, const struct options *o,
	    const struct plan *plan, FILE *out, struct gp_err *err)
{
	const struct view *v =
	    o->threads_report ? &threads_view
			      : views_find(o->view ? o->view : "text", err);
	struct outfile of;
	struct gp_err warn = { { 0 } };

	if (v == NULL)
		return -1;
	if (o->output == NULL) {
		if (v->binary && isatty(STDOUT_FILENO))
			return gp_fail(err,
				       "--format=%s writes binary data; give "
				       "--output=FILE or redirect standard "
				       "output",
				       v->name);
		return print_view(out, v, a, o, plan, err);
	}
	if (outfile_open(&of, o->output, &warn, err) != 0)
		return -1;
	if (warn.msg[0] != '\0')
		gp_warn("%s", warn.msg);
	if (print_view(of.f, v, a, o, plan, err) != 0) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, err);
}
