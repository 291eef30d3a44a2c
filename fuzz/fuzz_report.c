/*
 * fuzz_report.c - libFuzzer target for the whole analysis and every
 * printed report, on a profile read from the input and a function table
 * made from its addresses (fake_symtab.h).  It runs what gprof runs:
 * analysis_compute() and reports_print(), with options set from the
 * input; the JSON and HTML views (view_json, view_html); then
 * --format=pprof and errorbars, and --diff of the profile against
 * itself (text, JSON and HTML) and the HTML diff against an empty base.
 *
 * Input: byte 0 as in fuzz_gmon.c (bit 0 word 4, bit 1 big-endian, bits
 * 2-3 format); byte 1 report options (bit 0 -b, 1 -z, 2 -T, 3 -L,
 * 4 demangle and --inline-file-names, 5 -Qa (no graph entry for "a"),
 * 6 -qmain, 7 -Emain and -Pc); byte 2 the -w width; the rest is the
 * profile.  Reports (-p -q -C -r, then -R-free defaults) and the
 * callgrind and dot views go to /dev/null.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"
#include "analysis.h"
#include "diag.h"
#include "modelbuild.h"
#include "plan.h"
#include "reports.h"
#include "views.h"

#include "fake_symtab.h"

/* viewdiff: pprof, errorbars and the diff over the same model. */
#include "diff.h"
#include "views.h"

/*
 * diffhtml: the self-diff has no rows, so also the HTML page of M
 * against an empty base, where every function is a row "only in this"
 * (its names through JSONW_HTML into the page).
 */
static void
print_diff_page(FILE *out, const struct model *m, const struct options *o)
{
	struct diff_input none = { 0 }, cur;
	struct diff d;
	struct gp_err err;

	memset(&d, 0, sizeof(d));
	diff_input_from_model(&cur, m);
	diff_compute_inputs(&d, &none, &cur, (o->width & 1) != 0, 10);
	d.base.exe = "none";
	(void)diff_print_html(out, &d, &err);
	diff_free(&d);
	diff_input_free(&cur);
}

static void
print_stats_views(struct analysis *a, const struct options *o, FILE *out)
{
	struct model_opts mo = { .demangle = o->demangle, .views = true };
	struct model m;
	struct view_ctx ctx = { &m, o };
	struct diff d;
	struct gp_err err;

	model_from_analysis(&m, a, &mo);
	(void)view_pprof(out, &ctx, &err);
	(void)view_errorbars(out, &ctx, &err);
	memset(&d, 0, sizeof(d));
	diff_compute(&d, &m, &m, (o->width & 1) != 0, 0);
	diff_print_text(out, &d, true);
	(void)diff_print_json(out, &d, &err);
	(void)diff_print_html(out, &d, &err); /* diffhtml */
	diff_free(&d);
	print_diff_page(out, &m, o);
	model_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The symbol specs byte 1 asks for, into SPECS; returns how many. */
static size_t
specs_of(uint8_t bits, struct spec_arg *specs)
{
	size_t n = 0;

	if (bits & 0x20)
		specs[n++] = (struct spec_arg){ SPEC_EXCL_GRAPH, (char *)"a" };
	if (bits & 0x40)
		specs[n++] =
		    (struct spec_arg){ SPEC_INCL_GRAPH, (char *)"main" };
	if (bits & 0x80) {
		specs[n++] =
		    (struct spec_arg){ SPEC_EXCL_TIME, (char *)"main" };
		specs[n++] = (struct spec_arg){ SPEC_EXCL_FLAT, (char *)"c" };
	}
	return n;
}

/* The views over the model: callgrind, dot, json and html. */
static void
print_views(struct analysis *a, struct options *o, FILE *out)
{
	struct model_opts mo = { .demangle = o->demangle,
				 .inline_file_names = o->inline_file_names,
				 .print_path = o->print_path,
				 .zeros = o->zeros,
				 .graph = true,
				 .views = true,
				 .sites = true };
	struct model m;
	struct view_ctx ctx = { &m, o };
	struct gp_err err;

	model_from_analysis(&m, a, &mo);
	(void)view_callgrind(out, &ctx, &err);
	o->node_threshold = o->edge_threshold = o->brief ? 0 : 0.5;
	o->dot_clusters = o->zeros;
	(void)view_dot(out, &ctx, &err);
	(void)view_json(out, &ctx, &err);
	(void)view_html(out, &ctx, &err);
	model_free(&m);
}

static void
print_all(struct analysis *a, uint8_t bits, int width, FILE *out)
{
	static const char *gmons[] = { "in", NULL };
	struct spec_arg specs[4];
	struct options o;
	struct plan plan;
	struct gp_err err;

	memset(&o, 0, sizeof(o));
	o.brief = bits & 1;
	o.zeros = bits & 2;
	o.traditional = bits & 4;
	o.print_path = bits & 8;
	o.demangle = o.inline_file_names = (bits & 0x10) != 0;
	o.width = width;
	o.specs = specs;
	o.nspecs = specs_of(bits, specs);
	/* Messages name the profile, as gprof's command line always has one. */
	o.gmons = gmons;
	o.ngmons = 1;
	o.style = OUT_FLAT | OUT_GRAPH | OUT_EXEC | OUT_ORDER;
	o.specified = o.style;
	fake_symtab(&a->g, &a->fn.st);
	srcline_none(&a->x);
	analysis_loaded(a);
	if (plan_init(&plan, &o, &err) != 0)
		return;
	plan_finish(&plan, &o, a);
	plan.sites = true; /* for the views below, on the same analysis */
	if (analysis_compute(a, &o, &plan, &err) != 0)
		return;
	(void)reports_print(out, a, &o, &plan, &err);
	print_stats_views(a, &o, out); /* viewdiff */
	print_views(a, &o, out);
	/* GNU's default choice of reports, on the same analysis (which
	 * holds every order and position those can print). */
	o.style = o.specified = 0;
	if (plan_init(&plan, &o, &err) != 0)
		return;
	plan_finish(&plan, &o, a);
	(void)reports_print(out, a, &o, &plan, &err);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum gmon_format fmts[] = { GMON_AUTO, GMON_GNU, GMON_BSD,
						 GMON_BSD44 };
	static FILE *out;
	struct analysis a;
	struct gp_err err;

	if (size < 3)
		return 0;
	if (out == NULL)
		out = fopen("/dev/null", "w");
	if (out == NULL)
		return 0;
	analysis_init(&a);
	gmon_init(&a.g, (data[0] & 1) ? 4 : 8, (data[0] & 2) != 0);
	if (gmon_read_mem(&a.g, "in", data + 3, size - 3,
			  fmts[(data[0] >> 2) & 3], &err) == 0)
		print_all(&a, data[1], 1 + data[2] % 200, out);
	analysis_free(&a);
	return 0;
}
