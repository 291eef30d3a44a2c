/*
 * options.c - parse gprof's command line (GNU gprof 2.40's option set).
 */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The leading ':' makes getopt return ':' for a missing argument. */
static const char short_opts[] =
    ":aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::";

enum {
	OPT_DEMANGLE = 256,
	OPT_NO_DEMANGLE,
	OPT_INLINE_FILE_NAMES,
	OPT_FORMAT,
	OPT_OUTPUT,
	OPT_NODE_THRESHOLD,
	OPT_EDGE_THRESHOLD,
	OPT_DOT_CLUSTERS,
	OPT_ERROR_BARS,
	OPT_DIFF,
	OPT_DIFF_NORMALIZE,
	OPT_FAIL_ON_REGRESSION,
	OPT_OBJECT_PATH,
	OPT_SYSROOT,
	OPT_MEASURED,
	OPT_THREADS,
	OPT_THREAD,
};

/*
 * getopt_long is handed a copy of long_opts whose values are LONG_BASE
 * plus the entry's index, so that the option (and, on an error, optopt)
 * tells which long name the user typed.
 */
enum { LONG_BASE = 0x1000, NAME_MAX_LEN = 40 };

static const struct option long_opts[] = {
	{ "annotated-source", optional_argument, NULL, 'A' },
	{ "brief", no_argument, NULL, 'b' },
	{ "debug", optional_argument, NULL, 'd' },
	{ "demangle", optional_argument, NULL, OPT_DEMANGLE },
	{ "diff", required_argument, NULL, OPT_DIFF },
	{ "diff-normalize", no_argument, NULL, OPT_DIFF_NORMALIZE },
	{ "directory-path", required_argument, NULL, 'I' },
	{ "display-unused-functions", no_argument, NULL, 'z' },
	{ "error-bars", no_argument, NULL, OPT_ERROR_BARS },
	{ "exec-counts", optional_argument, NULL, 'C' },
	{ "external-symbol-table", required_argument, NULL, 'S' },
	{ "fail-on-regression", required_argument, NULL,
	  OPT_FAIL_ON_REGRESSION },
	{ "file-format", required_argument, NULL, 'O' },
	{ "file-info", no_argument, NULL, 'i' },
	{ "file-ordering", required_argument, NULL, 'R' },
	{ "flat-profile", optional_argument, NULL, 'p' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "function-ordering", no_argument, NULL, 'r' },
	{ "graph", optional_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "ignore-non-functions", no_argument, NULL, 'D' },
	{ "inline-file-names", no_argument, NULL, OPT_INLINE_FILE_NAMES },
	{ "line", no_argument, NULL, 'l' },
	{ "measured", no_argument, NULL, OPT_MEASURED },
	{ "min-count", required_argument, NULL, 'm' },
	{ "no-annotated-source", optional_argument, NULL, 'J' },
	{ "no-demangle", no_argument, NULL, OPT_NO_DEMANGLE },
	{ "no-exec-counts", optional_argument, NULL, 'Z' },
	{ "no-flat-profile", optional_argument, NULL, 'P' },
	{ "no-graph", optional_argument, NULL, 'Q' },
	{ "no-static", no_argument, NULL, 'a' },
	{ "no-time", required_argument, NULL, 'N' },
	{ "object-path", required_argument, NULL, OPT_OBJECT_PATH },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "print-path", no_argument, NULL, 'L' },
	{ "separate-files", no_argument, NULL, 'y' },
	{ "static-call-graph", no_argument, NULL, 'c' },
	{ "sum", no_argument, NULL, 's' },
	{ "sysroot", required_argument, NULL, OPT_SYSROOT },
	{ "table-length", required_argument, NULL, 't' },
	{ "thread", required_argument, NULL, OPT_THREAD },
	{ "threads", no_argument, NULL, OPT_THREADS },
	{ "time", required_argument, NULL, 'n' },
	{ "traditional", no_argument, NULL, 'T' },
	{ "version", no_argument, NULL, 'v' },
	{ "width", required_argument, NULL, 'w' },
	{ "all-lines", no_argument, NULL, 'x' },
	/* --format=dot's */
	{ "node-threshold", required_argument, NULL, OPT_NODE_THRESHOLD },
	{ "edge-threshold", required_argument, NULL, OPT_EDGE_THRESHOLD },
	{ "dot-clusters", no_argument, NULL, OPT_DOT_CLUSTERS },
	{ NULL, 0, NULL, 0 },
};

static void
spec_add(struct options *o, enum spec_kind kind, const char *text)
{
	o->specs = xreallocarray(o->specs, o->nspecs + 1, sizeof(*o->specs));
	o->specs[o->nspecs].kind = kind;
	o->specs[o->nspecs].text = xstrdup(text);
	o->nspecs++;
}

static int
parse_format(const char *name, const char *arg, enum gmon_format *f,
	     struct gp_err *err)
{
	switch (arg[0]) {
	case 'a':
		*f = GMON_AUTO;
		return 0;
	case 'm':
		*f = GMON_GNU;
		return 0;
	case 'b':
		*f = GMON_BSD;
		return 0;
	case '4':
		*f = GMON_BSD44;
		return 0;
	case 'p':
		return gp_fail(err, "%s: the prof file format is not supported",
			       name);
	default:
		return gp_fail(err,
			       "%s: unknown file format '%s' (want auto, "
			       "magic, bsd, 4.4bsd or prof)",
			       name, arg);
	}
}

/* A decimal number from LO to HI in *V, or -1 naming the option. */
static int
parse_number(const char *name, const char *arg, long lo, long hi, long *v,
	     struct gp_err *err)
{
	char *end;

	errno = 0;
	*v = strtol(arg, &end, 10);
	if (*arg != '\0' && *end == '\0' && errno == 0 && *v >= lo && *v <= hi)
		return 0;
	if (hi == LONG_MAX)
		return gp_fail(err, "%s wants a number (%ld or more), got '%s'",
			       name, lo, arg);
	return gp_fail(err, "%s wants a number from %ld to %ld, got '%s'", name,
		       lo, hi, arg);
}

/* A percentage from 0 to 100 (--node-threshold, --edge-threshold). */
static int
parse_percent(const char *name, const char *arg, double *v, struct gp_err *err)
{
	char *end;

	errno = 0;
	*v = strtod(arg, &end);
	if (*arg != '\0' && *end == '\0' && errno == 0 && *v >= 0 && *v <= 100)
		return 0;
	return gp_fail(err, "%s wants a percentage from 0 to 100, got '%s'",
		       name, arg);
}

static int
parse_debug(struct options *o, const char *name, const char *arg,
	    struct gp_err *err)
{
	char *end;
	unsigned long v;

	if (arg == NULL) {
		o->debug = 0xffffffffu;
		return 0;
	}
	errno = 0;
	v = strtoul(arg, &end, 0);
	if (*arg == '\0' || *end != '\0' || errno != 0 || v > 0xffffffffu)
		return gp_fail(err, "%s wants a number, got '%s'", name, arg);
	o->debug = (unsigned)v;
	return 0;
}

/*
 * -p/-P, -q/-Q, -C/-Z: without a spec they turn a report on or off; with
 * one they turn it on and restrict it (INCL) or leave things out (EXCL).
 * A spec with a '/' for the graph options names arcs.
 */
static int
report_opt(struct options *o, const char *name, unsigned bit, bool on,
	   const char *arg, enum spec_kind incl, struct gp_err *err)
{
	o->specified |= bit;
	if (arg == NULL) {
		/* The off form turns off what an earlier on form asked. */
		if (on)
			o->style |= bit;
		else
			o->style &= ~bit;
		return 0;
	}
	if (*arg == '\0')
		return gp_fail(err, "%s: empty symbol specification", name);
	o->style |= bit;
	if (bit == OUT_GRAPH && strchr(arg, '/') != NULL)
		incl = SPEC_INCL_ARCS;
	spec_add(o, on ? incl : (enum spec_kind)(incl + 1), arg);
	return 0;
}

static int
arc_spec(struct options *o, const char *name, const char *arg,
	 struct gp_err *err)
{
	const char *slash = strchr(arg, '/');

	if (slash == NULL || slash == arg || slash[1] == '\0')
		return gp_fail(err, "%s wants FROM/TO, got '%s'", name, arg);
	spec_add(o, SPEC_EXCL_ARCS, arg);
	return 0;
}

/*
 * Annotated source: -A[SPEC] turns it on (for SPEC only), -J alone
 * turns it off, -J SPEC turns it on and leaves SPEC out (GNU's rule).
 * The options that only shape it (-I -m -t -x -y) change nothing else,
 * as in GNU gprof.
 */
static int
source_opt(struct options *o, int c, const char *name, const char *arg,
	   struct gp_err *err)
{
	switch (c) {
	case 'I':
		o->src_dirs = xreallocarray(o->src_dirs, o->nsrc_dirs + 1,
					    sizeof(*o->src_dirs));
		o->src_dirs[o->nsrc_dirs++] = arg;
		return 0;
	case 'A':
		return report_opt(o, name, OUT_ANNO, true, arg, SPEC_INCL_ANNO,
				  err);
	case 'J':
		return report_opt(o, name, OUT_ANNO, false, arg, SPEC_INCL_ANNO,
				  err);
	case 'm':
		return parse_number(name, arg, 0, LONG_MAX, &o->min_count, err);
	case 't':
		return parse_number(name, arg, 0, LONG_MAX, &o->table_length,
				    err);
	case 'l': /* line-by-line: GNU's line mode (lineprof.h) */
		o->line = true;
		return 0;
	case 'x':
		o->all_lines = true;
		return 0;
	case 'y':
		o->separate_files = true;
		return 0;
	default:
		/* Every letter of short_opts is handled above. */
		return gp_fail(err, "option %s is not known", name);
	}
}

static int
order_opt(struct options *o, int c, const char *arg)
{
	if (c == 'r') {
		o->style |= OUT_ORDER;
		o->specified |= OUT_ORDER;
		return 0;
	}
	o->map_file = arg;
	o->style |= OUT_FILE_ORDER;
	o->specified |= OUT_FILE_ORDER;
	return 0;
}

/* --error-bars, --diff, --diff-normalize, --fail-on-regression. */
static int
stats_opt(struct options *o, int c, const char *name, const char *arg,
	  struct gp_err *err)
{
	char *end;

	switch (c) {
	case OPT_ERROR_BARS:
		o->error_bars = true;
		return 0;
	case OPT_DIFF:
		if (*arg == '\0')
			return gp_fail(err, "%s wants a base profile", name);
		o->diff_base = arg;
		return 0;
	case OPT_DIFF_NORMALIZE:
		o->diff_share = true;
		return 0;
	default: /* OPT_FAIL_ON_REGRESSION */
		errno = 0;
		o->fail_regression = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || errno != 0 ||
		    !(o->fail_regression >= 0 && o->fail_regression <= 1e9))
			return gp_fail(err,
				       "%s: '%s' is not a percentage (a "
				       "number from 0 up)",
				       name, arg);
		return 0;
	}
}

static int
one_option(struct options *o, int c, const char *name, const char *arg,
	   struct gp_err *err)
{
	switch (c) {
	case 'a':
		o->no_static = true;
		return 0;
	case 'b':
		o->brief = true;
		return 0;
	case 'B':
		return report_opt(o, name, OUT_GRAPH, true, NULL,
				  SPEC_INCL_GRAPH, err);
	case 'c':
		o->static_calls = true;
		return 0;
	case 'C':
		return report_opt(o, name, OUT_EXEC, true, arg, SPEC_INCL_EXEC,
				  err);
	case 'Z':
		return report_opt(o, name, OUT_EXEC, false, arg, SPEC_INCL_EXEC,
				  err);
	case 'd':
		return parse_debug(o, name, arg, err);
	case 'D':
		o->ignore_non_functions = true;
		return 0;
	case 'e':
		spec_add(o, SPEC_EXCL_GRAPH, arg);
		return 0;
	case 'E':
		spec_add(o, SPEC_EXCL_GRAPH, arg);
		spec_add(o, SPEC_EXCL_TIME, arg);
		return 0;
	case 'f':
		spec_add(o, SPEC_INCL_GRAPH, arg);
		return 0;
	case 'F':
		spec_add(o, SPEC_INCL_GRAPH, arg);
		spec_add(o, SPEC_INCL_TIME, arg);
		return 0;
	case 'k':
		return arc_spec(o, name, arg, err);
	case 'n':
		spec_add(o, SPEC_INCL_TIME, arg);
		return 0;
	case 'N':
		spec_add(o, SPEC_EXCL_TIME, arg);
		return 0;
	case 'h':
		o->help = true;
		return 0;
	case 'i':
		o->file_info = true;
		return 0;
	case 'L':
		o->print_path = true;
		return 0;
	case 'O':
		return parse_format(name, arg, &o->format, err);
	case 'p':
		return report_opt(o, name, OUT_FLAT, true, arg, SPEC_INCL_FLAT,
				  err);
	case 'P':
		return report_opt(o, name, OUT_FLAT, false, arg, SPEC_INCL_FLAT,
				  err);
	case 'q':
		return report_opt(o, name, OUT_GRAPH, true, arg,
				  SPEC_INCL_GRAPH, err);
	case 'Q':
		return report_opt(o, name, OUT_GRAPH, false, arg,
				  SPEC_INCL_GRAPH, err);
	case 'r':
	case 'R':
		return order_opt(o, c, arg);
	case 'S':
		o->nm_file = arg;
		return 0;
	case 's':
		o->style |= OUT_SUM;
		o->specified |= OUT_SUM;
		return 0;
	case 'T':
		o->traditional = true;
		o->demangle = false;
		return 0;
	case 'v':
		o->version = true;
		return 0;
	case 'w': {
		long w;
		if (parse_number(name, arg, 1, 100000, &w, err) != 0)
			return -1;
		o->width = (int)w;
		return 0;
	}
	case 'z':
		o->zeros = true;
		return 0;
	case OPT_NO_DEMANGLE:
		o->demangle = false;
		return 0;
	case OPT_INLINE_FILE_NAMES:
		o->inline_file_names = true;
		return 0;
	case OPT_MEASURED:
		o->measured = true;
		return 0;
	case OPT_THREADS:
		o->threads_report = true;
		return 0;
	case OPT_THREAD:
		if (*arg == '\0')
			return gp_fail(err, "%s wants a thread name or id",
				       name);
		o->thread_specs =
		    xreallocarray(o->thread_specs, o->nthread_specs + 1,
				  sizeof(*o->thread_specs));
		o->thread_specs[o->nthread_specs++] = arg;
		return 0;
	case OPT_FORMAT:
		if (*arg == '\0')
			return gp_fail(err, "%s wants a format name", name);
		o->view = arg;
		return 0;
	case OPT_OUTPUT:
		if (*arg == '\0')
			return gp_fail(err, "%s wants a file name", name);
		o->output = arg;
		return 0;
	case OPT_NODE_THRESHOLD:
		return parse_percent(name, arg, &o->node_threshold, err);
	case OPT_EDGE_THRESHOLD:
		return parse_percent(name, arg, &o->edge_threshold, err);
	case OPT_DOT_CLUSTERS:
		o->dot_clusters = true;
		return 0;
	case OPT_OBJECT_PATH:
		o->object_dirs =
		    xreallocarray(o->object_dirs, o->nobject_dirs + 1,
				  sizeof(*o->object_dirs));
		o->object_dirs[o->nobject_dirs++] = arg;
		return 0;
	case OPT_SYSROOT:
		if (*arg == '\0')
			return gp_fail(err, "%s wants a directory", name);
		o->sysroot = arg;
		return 0;
	case OPT_ERROR_BARS:
	case OPT_DIFF:
	case OPT_DIFF_NORMALIZE:
	case OPT_FAIL_ON_REGRESSION:
		return stats_opt(o, c, name, arg, err);
	case OPT_DEMANGLE:
		if (arg != NULL && strcmp(arg, "auto") != 0 &&
		    strcmp(arg, "gnu-v3") != 0)
			return gp_fail(err,
				       "%s: unknown demangling style '%s' "
				       "(want auto or gnu-v3)",
				       name, arg);
		o->demangle = true;
		return 0;
	default:
		return source_opt(o, c, name, arg, err);
	}
}

/* How our statistics options fit with the rest of the command line. */
static int
stats_check(const struct options *o, struct gp_err *err)
{
	const char *view = o->view ? o->view : "text";

	if (o->diff_base != NULL && strcmp(view, "text") != 0 &&
	    strcmp(view, "json") != 0 && strcmp(view, "html") != 0)
		return gp_fail(err,
			       "--diff writes text or --format=json or "
			       "--format=html, not --format=%s",
			       view);
	if (o->diff_base == NULL && (o->fail_regression >= 0 || o->diff_share))
		return gp_fail(err, "%s needs --diff=BASE",
			       o->diff_share ? "--diff-normalize"
					     : "--fail-on-regression");
	if (o->error_bars && o->diff_base == NULL &&
	    strcmp(view, "errorbars") != 0)
		return gp_fail(err,
			       "--error-bars does not change GNU's reports "
			       "or --format=%s; use --format=errorbars (our "
			       "own flat profile with sampling error) or "
			       "--diff",
			       view);
	return 0;
}

/* How the thread options fit with the rest of the command line. */
static int
threads_check(const struct options *o, struct gp_err *err)
{
	const char *view = o->view ? o->view : "text";

	if (o->threads_report && strcmp(view, "text") != 0)
		return gp_fail(err, "--threads prints a table of its own; it "
				    "cannot be used with --format");
	if (o->threads_report && o->diff_base != NULL)
		return gp_fail(err, "--threads cannot be used with --diff");
	if (o->threads_report && o->line)
		return gp_fail(err, "--threads lists threads, not lines; it "
				    "cannot be used with -l (--line)");
	if (o->nthread_specs > 0 && (o->style & OUT_SUM))
		return gp_fail(err, "--thread cannot be used with -s (gmon.sum "
				    "keeps every thread)");
	if (strcmp(view, "folded") == 0 && o->line)
		return gp_fail(err, "--format=folded shows functions; it "
				    "cannot be used with -l (--line)");
	return 0;
}

/*
 * The name of option C for messages, as the user typed it: "--line" for
 * a long option (C is LONG_BASE + its index), else "-l".
 */
static int
option_name(int c, char name[NAME_MAX_LEN])
{
	if (c >= LONG_BASE) {
		snprintf(name, NAME_MAX_LEN, "--%s",
			 long_opts[c - LONG_BASE].name);
		return long_opts[c - LONG_BASE].val;
	}
	snprintf(name, NAME_MAX_LEN, "-%c", c);
	return c;
}

/* How many long options ARG ("--xyz" or "--xyz=v") is a prefix of. */
static size_t
long_matches(const char *arg)
{
	size_t len = strcspn(arg + 2, "="), n = 0;

	for (size_t i = 0; long_opts[i].name != NULL; i++)
		n += strncmp(long_opts[i].name, arg + 2, len) == 0;
	return n;
}

/* getopt_long's error C ('?' or ':') as a message. */
static int
bad_option(int c, const char *arg, struct gp_err *err)
{
	char name[NAME_MAX_LEN];

	if (optopt == 0 && long_matches(arg) > 1)
		return gp_fail(err, "option '%s' is ambiguous (try --help)",
			       arg);
	if (optopt == 0)
		return gp_fail(err, "unrecognized option '%s' (try --help)",
			       arg);
	option_name(optopt, name);
	if (c == ':')
		return gp_fail(err, "option %s needs an argument (try --help)",
			       name);
	if (optopt >= LONG_BASE)
		return gp_fail(err, "option %s takes no argument (try --help)",
			       name);
	return gp_fail(err, "invalid option -- '%c' (try --help)", optopt);
}

/* Set O's defaults and expand its @FILE arguments. */
static int
start(struct options *o, int *argc, char ***argv, struct gp_err *err)
{
	memset(o, 0, sizeof(*o));
	o->width = 80;
	o->node_threshold = 0.5; /* gprof2dot's defaults */
	o->edge_threshold = 0.1;
	o->table_length = 10;
	o->min_count = 1;
	o->exe = "a.out";
	o->demangle = true;
	o->fail_regression = -1;
	if (argfile_expand(&o->args, *argc, *argv, err) != 0)
		return -1;
	*argc = o->args.argc;
	*argv = o->args.argv;
	return 0;
}

int
options_parse(struct options *o, int argc, char **argv, struct gp_err *err)
{
	enum { NLONG = sizeof(long_opts) / sizeof(long_opts[0]) };
	struct option lopts[NLONG];
	char name[NAME_MAX_LEN], rname[NAME_MAX_LEN] = "",
				 fname[NAME_MAX_LEN] = "";
	int c;

	if (start(o, &argc, &argv, err) != 0)
		return -1;
	for (size_t i = 0; i < NLONG; i++) {
		lopts[i] = long_opts[i];
		lopts[i].val = long_opts[i].name ? LONG_BASE + (int)i : 0;
	}
	opterr = 0;
	optind = 0; /* glibc: start over, forgetting a previous parse's state */
	while ((c = getopt_long(argc, argv, short_opts, lopts, NULL)) != -1) {
		if (c == '?' || c == ':')
			return bad_option(c, argv[optind - 1], err);
		c = option_name(c, name);
		if (c == 'r' || c == 'R')
			memcpy(c == 'r' ? rname : fname, name, sizeof(name));
		if (one_option(o, c, name, optarg, err) != 0)
			return -1;
	}
	if (optind < argc)
		o->exe = argv[optind++];
	o->gmons = xcalloc((size_t)(argc - optind) + 1, sizeof(*o->gmons));
	while (optind < argc)
		o->gmons[o->ngmons++] = argv[optind++];
	if (o->ngmons == 0)
		o->gmons[o->ngmons++] = "gmon.out";
	if ((o->style & OUT_ORDER) && (o->style & OUT_FILE_ORDER))
		return gp_fail(err, "%s and %s cannot be used together", rname,
			       fname);
	/* One output file is replaced at a time (outfile.h). */
	if (o->separate_files && (o->style & OUT_ANNO) && o->output != NULL)
		return gp_fail(err, "--output cannot be used with -y "
				    "(--separate-files)");
	if (stats_check(o, err) != 0)
		return -1;
	return threads_check(o, err);
}

void
options_free(struct options *o)
{
	for (size_t i = 0; i < o->nspecs; i++)
		free(o->specs[i].text);
	free(o->specs);
	free(o->gmons);
	free(o->src_dirs);
	free(o->object_dirs);
	free(o->thread_specs);
	argfile_free(&o->args);
}

void
options_usage(FILE *out)
{
	fputs(
	    "Usage: gprof [OPTION]... [EXECUTABLE [PROFILE]...]\n"
	    "Print the flat profile and the call graph of a program built "
	    "with\n"
	    "-pg from its profile data (gmon.out).  EXECUTABLE defaults to "
	    "a.out\n"
	    "and PROFILE to gmon.out; several profiles are summed.\n"
	    "\n"
	    "Reports (SPEC is a symbol specification, see below):\n"
	    "  -p, --flat-profile[=SPEC]  print the flat profile (of SPEC "
	    "only)\n"
	    "  -P, --no-flat-profile[=SPEC]\n"
	    "                             leave the flat profile (or SPEC) "
	    "out\n"
	    "  -q, --graph[=SPEC]         print the call graph and its index "
	    "(of\n"
	    "                             SPEC, or only the arcs FROM/TO)\n"
	    "  -Q, --no-graph[=SPEC]      leave the call graph (or SPEC, or "
	    "FROM/TO) out\n"
	    "  -B                         same as -q\n"
	    "  -C, --exec-counts[=SPEC]   print how often each function was "
	    "called\n"
	    "  -Z, --no-exec-counts[=SPEC]\n"
	    "                             leave the execution counts (or SPEC) "
	    "out\n"
	    "  -A, --annotated-source[=SPEC]\n"
	    "                             print the source files (of SPEC) "
	    "with counts\n"
	    "  -J, --no-annotated-source[=SPEC]\n"
	    "                             leave the annotated source (or "
	    "SPEC) out\n"
	    "  -i, --file-info            say what each profile file holds, "
	    "then stop\n"
	    "      --threads              list the threads instead (busiest "
	    "first):\n"
	    "                             CPU and sampled time, share, "
	    "calls, busiest\n"
	    "                             function; several profiles: one "
	    "per name\n"
	    "  -s, --sum                  write the summed profiles to "
	    "gmon.sum\n"
	    "  -r, --function-ordering    suggest a link order of the "
	    "functions\n"
	    "  -R, --file-ordering=MAP    suggest a link order of the object "
	    "files;\n"
	    "                             MAP lists FILE:ADDRESS TYPE FUNCTION "
	    "lines\n"
	    "                             (nm --print-file-name output)\n"
	    "\n"
	    "Selection:\n"
	    "  -e SPEC                    hide SPEC's entry in the call graph\n"
	    "  -E SPEC                    like -e, and leave SPEC's time out "
	    "of totals\n"
	    "  -f SPEC                    show only SPEC and its descendants "
	    "in the graph\n"
	    "  -F SPEC                    like -f, and count only their time\n"
	    "  -n, --time=SPEC            propagate only SPEC's time to its "
	    "callers\n"
	    "  -N, --no-time=SPEC         do not propagate SPEC's time\n"
	    "  -k FROM/TO                 ignore the calls from FROM to TO\n"
	    "  -c, --static-call-graph    add the calls found in the code "
	    "(count 0)\n"
	    "  -S, --external-symbol-table=FILE\n"
	    "                             take the functions from FILE (nm "
	    "format)\n"
	    "  -a, --no-static            ignore static (file-local) "
	    "functions\n"
	    "  -D, --ignore-non-functions ignore local symbols that are not "
	    "functions\n"
	    "  -z, --display-unused-functions\n"
	    "                             list functions never called and "
	    "never sampled\n"
	    "      --object-path=DIRS     look for the shared libraries a side "
	    "file\n"
	    "                             names in DIRS first (a ':' list; "
	    "repeatable)\n"
	    "      --sysroot=DIR          then for each library's recorded "
	    "path "
	    "under DIR\n"
	    "      --thread=SPEC          every report and view of those "
	    "threads only:\n"
	    "                             SPEC is a comma list of names "
	    "(shell\n"
	    "                             wildcards) or thread ids; "
	    "repeatable (needs\n"
	    "                             our collector's per-thread data "
	    "and stacks)\n"
	    "\n"
	    "Line by line (GNU's line mode; needs a program built with -g):\n"
	    "  -l, --line                 every report over one symbol per "
	    "source line,\n"
	    "                             \"func (file.c:12 @ 401a2b)\"; -C "
	    "adds the\n"
	    "                             basic-block counts (-s turns it on "
	    "too)\n"
	    "\n"
	    "Annotated source (-A):\n"
	    "  -I, --directory-path=DIRS  look for source files in DIRS (a "
	    "':' list;\n"
	    "                             then in $GPROF_PATH's)\n"
	    "  -m, --min-count=N          show ##### for counts below N "
	    "(default 1)\n"
	    "  -t, --table-length=N       list the N busiest lines (default "
	    "10)\n"
	    "  -x, --all-lines            (with basic-block counts) annotate "
	    "every line\n"
	    "                             of a block\n"
	    "  -y, --separate-files       write FILE-ann files in the current "
	    "directory\n"
	    "                             instead of standard output\n"
	    "\n"
	    "Format:\n"
	    "  -b, --brief                leave out the explanations of each "
	    "column\n"
	    "      --demangle[=STYLE]     show C++ names demangled (the "
	    "default)\n"
	    "      --no-demangle          show symbol names as they are in the "
	    "file\n"
	    "      --inline-file-names    add (file.c:line) after function "
	    "names\n"
	    "      --measured             call graph times measured from the "
	    "stacks our\n"
	    "                             collector samples (its side file), "
	    "not gprof's\n"
	    "                             estimates; without stacks, says so "
	    "and estimates\n"
	    "                             (with stacks, f.part.0, f.cold ... "
	    "count in f)\n"
	    "  -T, --traditional          BSD layout: call graph first, no "
	    "demangling\n"
	    "  -w, --width=N              width of the function index (default "
	    "80)\n"
	    "  -L, --print-path           full source paths in file names\n"
	    "  -O, --file-format=FMT      profile format: auto, magic (GNU), "
	    "bsd, 4.4bsd\n"
	    "                             (also the format -s writes: BSD for "
	    "bsd, 4.4bsd)\n"
	    "\n"
	    "Our own outputs (no GNU gprof has them):\n"
	    "      --format=FMT           write FMT instead of the text "
	    "reports:\n"
	    "                             text (GNU's reports, the default)\n"
	    "                             callgrind (for KCachegrind, "
	    "callgrind_annotate)\n"
	    "                             dot (a call graph for Graphviz: "
	    "dot -Tsvg)\n"
	    "                             pprof (gzipped profile.proto, "
	    "for pprof)\n"
	    "                             errorbars (our flat profile with "
	    "each\n"
	    "                             self time's 95% interval)\n"
	    "                             folded (the sampled stacks as "
	    "collapsed\n"
	    "                             stacks, for flamegraph.pl or "
	    "speedscope)\n"
	    "                             json (the analysed profile; schema "
	    "in\n"
	    "                             docs/gprof-profile.schema.json)\n"
	    "                             html (one page for a browser, no "
	    "network;\n"
	    "                             with stacks, measured times and a "
	    "flame graph)\n"
	    "                             Each counts gcc's clones of f "
	    "(f.part.0, f.cold,\n"
	    "                             ...) in f, not in the function "
	    "before them\n"
	    "      --node-threshold=PCT   dot: draw functions with at least "
	    "PCT% of the\n"
	    "                             time (default 0.5)\n"
	    "      --edge-threshold=PCT   dot: draw calls carrying at least "
	    "PCT% of the\n"
	    "                             time (default 0.1)\n"
	    "      --dot-clusters         dot: draw each cycle's functions in "
	    "a box\n"
	    "      --output=FILE          write the reports or FMT to FILE "
	    "(replaced\n"
	    "                             whole, never left half written), "
	    "not to\n"
	    "                             standard output\n"
	    "      --diff=BASE            compare with BASE (PROFILE, "
	    "EXE,PROFILE[,...],\n"
	    "                             or a --format=json export): calls, "
	    "self\n"
	    "                             time and its significance, and "
	    "measured\n"
	    "                             total time when both sides have "
	    "stacks (text,\n"
	    "                             --format=json, or --format=html: a "
	    "page to sort\n"
	    "                             and filter)\n"
	    "      --diff-normalize       compare shares of each run, not "
	    "seconds\n"
	    "      --fail-on-regression=PCT\n"
	    "                             exit 1 when a function's self time "
	    "grew\n"
	    "                             significantly by more than PCT "
	    "percent\n"
	    "      --error-bars           with --diff: each side's 95% "
	    "interval\n"
	    "\n"
	    "  -d, --debug[=N]            print the level N and a summary of "
	    "the analysis\n"
	    "                             (functions, arcs, cycles, samples) "
	    "on standard\n"
	    "                             output first; GNU's own trace is not "
	    "reproduced\n"
	    "  @FILE                      read more arguments from FILE\n"
	    "  -h, --help                 print this help and exit\n"
	    "  -v, --version              print the version and exit\n"
	    "\n"
	    "A SPEC is a function name (as in the symbol table), a source "
	    "file\n"
	    "(a word with a dot, or NAME: for one without), FILE:FUNCTION,\n"
	    "FILE:LINE, a LINE alone, or :NAME for a name with a dot.\n"
	    "\n"
	    "Environment: GPROF_PATH (more source directories for -A),\n"
	    "GPROF_THREADS (threads rendering a large report, 1 to 64),\n"
	    "GPROF_DWARF (libdw,table: read DWARF with the reference readers;\n"
	    "the same output, slower; for testing).\n"
	    "\n"
	    "See gprof(1).\n",
	    out);
}
