/*
 * main.c - the gprof command: parse the command line, analyse, write
 * gmon.sum (-s), print the reports (or another view, views.h).  The only module that prints errors
 * and chooses the exit status (0 success, 1 any failure).
 */
#include <errno.h>
#include <stdio_ext.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "diff.h"
#include "memtune.h"
#include "options.h"
#include "views.h"
#include "sumfile.h"

#define GPROF_VERSION "0.1"

static int
fail(const struct gp_err *err)
{
	fflush(stdout);
	fprintf(stderr, "gprof: %s\n", err->msg);
	return 1;
}

/* -i: describe each profile file as soon as it is read (as GNU). */
static void
print_file_info(const struct gmon_file *f, void *ctx)
{
	gmon_file_describe(ctx, f);
}

static int
run(struct analysis *a, struct options *o, int argc, char **argv,
    struct gp_err *err)
{
	if (options_parse(o, argc, argv, err) != 0)
		return -1;
	if (o->help) {
		options_usage(stdout);
		return 0;
	}
	if (o->version) {
		printf("gprof (gprof in C) %s\n", GPROF_VERSION);
		return 0;
	}
	if (views_find(o->view ? o->view : "text", err) == NULL)
		return -1;
	if (analysis_load(a, o, o->file_info ? print_file_info : NULL, stdout,
			  err) != 0)
		return -1;
	if (o->file_info)
		return 0;
	/* The tables are built from here on (memtune.h); the profiles,
	 * read in a stream, are better served by the defaults. */
	memtune_init();
	if (analysis_compute(a, o, err) != 0)
		return -1;
	if (o->debug)
		analysis_describe(stdout, a, o->debug);
	if ((o->style & OUT_SUM) && sumfile_write(a, o->format, err) != 0)
		return -1;
	if (o->diff_base != NULL) /* --diff: our own comparison report */
		return diff_write(a, o, err);
	if (analysis_sum_only(o)) /* no report to print (analysis.h) */
		return 0;
	return views_write(a, o, err);
}

int
main(int argc, char **argv)
{
	struct analysis a;
	struct options o;
	struct gp_err err = { { 0 } };
	int rc;

	analysis_init(&a);
	memset(&o, 0, sizeof(o));
	/* One thread writes stdout: skip stdio's per-call locking. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	rc = run(&a, &o, argc, argv, &err);
	if (fflush(stdout) != 0 && rc == 0)
		rc = gp_fail(&err, "error writing output: %s", strerror(errno));
	analysis_free(&a);
	options_free(&o);
	return rc == 0 ? 0 : fail(&err);
}
