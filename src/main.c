/*
 * main.c - the gprof command: parse the command line, analyse, write
 * gmon.sum (-s), print the reports (or another view, views.h).  The only
 * module that prints errors and chooses the exit status (0 success, 1
 * any failure).
 *
 * Everything printed goes through one stream on standard output
 * (outfile_stdout) or an outfile of its own, and a failed write is found
 * once, when that outfile is committed: a full disk, a file size limit
 * or a closed pipe is an error, never a short report and status 0.
 */
#include <stdio_ext.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "diff.h"
#include "memtune.h"
#include "options.h"
#include "outfile.h"
#include "plan.h"
#include "sumfile.h"
#include "views.h"

#define GPROF_VERSION "0.1"

static int
fail(const struct gp_err *err)
{
	fprintf(stderr, "gprof: %s\n", err->msg);
	return 1;
}

/* -i: describe each profile file as soon as it is read (as GNU). */
static void
print_file_info(const struct gmon_file *f, void *ctx)
{
	gmon_file_describe(ctx, f);
}

/* Everything but the end: OUT is standard output's stream. */
static int
run(struct analysis *a, struct options *o, FILE *out, int argc, char **argv,
    struct gp_err *err)
{
	struct plan plan;

	if (options_parse(o, argc, argv, err) != 0)
		return -1;
	if (o->help) {
		options_usage(out);
		return 0;
	}
	if (o->version) {
		fprintf(out, "gprof (gprof in C) %s\n", GPROF_VERSION);
		return 0;
	}
	/* What will print, and so what to compute (plan.h). */
	if (plan_init(&plan, o, err) != 0)
		return -1;
	if (analysis_load(a, o, &plan, plan.file_info ? print_file_info : NULL,
			  out, err) != 0)
		return -1;
	if (plan.file_info)
		return 0;
	plan_finish(&plan, o, a);
	/* The tables are built from here on (memtune.h); the profiles,
	 * read in a stream, are better served by the defaults. */
	memtune_init();
	if (analysis_compute(a, o, &plan, err) != 0)
		return -1;
	if (plan.describe)
		analysis_describe(out, a, plan.describe);
	if (plan.sum && sumfile_write(a, o->format, err) != 0)
		return -1;
	if (plan.diff) /* --diff: our own comparison report */
		return diff_write(a, o, out, err);
	if (plan.sum_only) /* no report to print */
		return 0;
	return views_write(a, o, &plan, out, err);
}

int
main(int argc, char **argv)
{
	struct analysis a;
	struct options o;
	struct gp_err err = { { 0 } };
	struct outfile out;
	int rc;

	analysis_init(&a);
	memset(&o, 0, sizeof(o));
	outfile_stdout(&out);
	/* One thread at a time writes it: skip stdio's per-call locking. */
	__fsetlocking(out.f, FSETLOCKING_BYCALLER);
	rc = run(&a, &o, out.f, argc, argv, &err);
	/* What was printed goes out even after an error, which is then
	 * the one reported. */
	if (outfile_commit(&out, rc == 0 ? &err : NULL) != 0)
		rc = -1;
	analysis_free(&a);
	options_free(&o);
	return rc == 0 ? 0 : fail(&err);
}
