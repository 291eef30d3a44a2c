/*
 * options.c - parse gprof's command line (GNU gprof 2.40's option set).
 */
#include "options.h"
#include "reader.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char short_opts[] =
	"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::";

enum { OPT_DEMANGLE = 256, OPT_NO_DEMANGLE, OPT_INLINE_FILE_NAMES };

static const struct option long_opts[] = {
	{ "annotated-source", optional_argument, NULL, 'A' },
	{ "brief", no_argument, NULL, 'b' },
	{ "debug", optional_argument, NULL, 'd' },
	{ "demangle", optional_argument, NULL, OPT_DEMANGLE },
	{ "directory-path", required_argument, NULL, 'I' },
	{ "display-unused-functions", no_argument, NULL, 'z' },
	{ "exec-counts", optional_argument, NULL, 'C' },
	{ "external-symbol-table", required_argument, NULL, 'S' },
	{ "file-format", required_argument, NULL, 'O' },
	{ "file-info", no_argument, NULL, 'i' },
	{ "file-ordering", required_argument, NULL, 'R' },
	{ "flat-profile", optional_argument, NULL, 'p' },
	{ "function-ordering", no_argument, NULL, 'r' },
	{ "graph", optional_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "ignore-non-functions", no_argument, NULL, 'D' },
	{ "inline-file-names", no_argument, NULL, OPT_INLINE_FILE_NAMES },
	{ "line", no_argument, NULL, 'l' },
	{ "min-count", required_argument, NULL, 'm' },
	{ "no-annotated-source", optional_argument, NULL, 'J' },
	{ "no-demangle", no_argument, NULL, OPT_NO_DEMANGLE },
	{ "no-exec-counts", optional_argument, NULL, 'Z' },
	{ "no-flat-profile", optional_argument, NULL, 'P' },
	{ "no-graph", optional_argument, NULL, 'Q' },
	{ "no-static", no_argument, NULL, 'a' },
	{ "no-time", required_argument, NULL, 'N' },
	{ "print-path", no_argument, NULL, 'L' },
	{ "separate-files", no_argument, NULL, 'y' },
	{ "static-call-graph", no_argument, NULL, 'c' },
	{ "sum", no_argument, NULL, 's' },
	{ "table-length", required_argument, NULL, 't' },
	{ "time", required_argument, NULL, 'n' },
	{ "traditional", no_argument, NULL, 'T' },
	{ "version", no_argument, NULL, 'v' },
	{ "width", required_argument, NULL, 'w' },
	{ "all-lines", no_argument, NULL, 'x' },
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
parse_format(const char *arg, enum gmon_format *f, struct gp_err *err)
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
		return gp_fail(err, "the prof file format is not supported");
	default:
		return gp_fail(err, "unknown file format '%s' (want auto, magic, bsd, 4.4bsd or prof)",
			       arg);
	}
}

static int
parse_width(const char *arg, int *w, struct gp_err *err)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 1 || v > 100000)
		return gp_fail(err, "invalid width '%s'", arg);
	*w = (int)v;
	return 0;
}

static int
not_yet(int c, struct gp_err *err)
{
	return gp_fail(err, "option -%c is not supported yet", c);
}

/*
 * -p/-P, -q/-Q, -C/-Z: without a spec they turn a report on or off; with
 * one they turn it on and restrict it (INCL) or leave things out (EXCL).
 * A spec with a '/' for the graph options names arcs.
 */
static int
report_opt(struct options *o, unsigned bit, bool on, const char *arg,
	   enum spec_kind incl, struct gp_err *err)
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
		return gp_fail(err, "empty symbol specification");
	o->style |= bit;
	if (bit == OUT_GRAPH && strchr(arg, '/') != NULL)
		incl = SPEC_INCL_ARCS;
	spec_add(o, on ? incl : (enum spec_kind)(incl + 1), arg);
	return 0;
}

static int
arc_spec(struct options *o, const char *arg, struct gp_err *err)
{
	const char *slash = strchr(arg, '/');

	if (slash == NULL || slash == arg || slash[1] == '\0')
		return gp_fail(err, "-k wants FROM/TO, got '%s'", arg);
	spec_add(o, SPEC_EXCL_ARCS, arg);
	return 0;
}

static int
parse_count(const char *arg, long *v, struct gp_err *err)
{
	char *end;

	*v = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || *v < 0)
		return gp_fail(err, "invalid count '%s'", arg);
	return 0;
}

static int
one_option(struct options *o, int c, const char *arg, struct gp_err *err)
{
	switch (c) {
	case 'a': o->no_static = true; return 0;
	case 'b': o->brief = true; return 0;
	case 'B': return report_opt(o, OUT_GRAPH, true, NULL, SPEC_INCL_GRAPH, err);
	case 'c': o->static_calls = true; return 0;
	case 'C': return report_opt(o, OUT_EXEC, true, arg, SPEC_INCL_EXEC, err);
	case 'Z': return report_opt(o, OUT_EXEC, false, arg, SPEC_INCL_EXEC, err);
	case 'd': {
		char *end;
		unsigned long v = arg ? strtoul(arg, &end, 0) : 0xffffffffu;
		if (arg != NULL && (*arg == '\0' || *end != '\0' || v > 0xffffffffu))
			return gp_fail(err, "invalid debug level '%s'", arg);
		o->debug = (unsigned)v;
		return 0;
	}
	case 'D': o->ignore_non_functions = true; return 0;
	case 'e': spec_add(o, SPEC_EXCL_GRAPH, arg); return 0;
	case 'E':
		spec_add(o, SPEC_EXCL_GRAPH, arg);
		spec_add(o, SPEC_EXCL_TIME, arg);
		return 0;
	case 'f': spec_add(o, SPEC_INCL_GRAPH, arg); return 0;
	case 'F':
		spec_add(o, SPEC_INCL_GRAPH, arg);
		spec_add(o, SPEC_INCL_TIME, arg);
		return 0;
	case 'k': return arc_spec(o, arg, err);
	case 'm': return parse_count(arg, &o->min_count, err);
	case 'n': spec_add(o, SPEC_INCL_TIME, arg); return 0;
	case 'N': spec_add(o, SPEC_EXCL_TIME, arg); return 0;
	case 'h': o->help = true; return 0;
	case 'i': o->file_info = true; return 0;
	case 'L': o->print_path = true; return 0;
	case 'O': return parse_format(arg, &o->format, err);
	case 'p': return report_opt(o, OUT_FLAT, true, arg, SPEC_INCL_FLAT, err);
	case 'P': return report_opt(o, OUT_FLAT, false, arg, SPEC_INCL_FLAT, err);
	case 'q': return report_opt(o, OUT_GRAPH, true, arg, SPEC_INCL_GRAPH, err);
	case 'r': o->style |= OUT_ORDER; o->specified |= OUT_ORDER; return 0;
	case 'R':
		o->map_file = arg;
		o->style |= OUT_FILE_ORDER;
		o->specified |= OUT_FILE_ORDER;
		return 0;
	case 'Q': return report_opt(o, OUT_GRAPH, false, arg, SPEC_INCL_GRAPH, err);
	case 'S': o->nm_file = arg; return 0;
	case 's': o->style |= OUT_SUM; o->specified |= OUT_SUM; return 0;
	case 'T': o->traditional = true; o->demangle = false; return 0;
	case 'v': o->version = true; return 0;
	case 'w': return parse_width(arg, &o->width, err);
	case 'z': o->zeros = true; return 0;
	case OPT_NO_DEMANGLE: o->demangle = false; return 0;
	case OPT_INLINE_FILE_NAMES: o->inline_file_names = true; return 0;
	case OPT_DEMANGLE:
		if (arg != NULL && strcmp(arg, "auto") != 0 && strcmp(arg, "gnu-v3") != 0)
			return gp_fail(err, "unknown demangling style '%s' (want auto or gnu-v3)",
				       arg);
		o->demangle = true;
		return 0;
	default:
		if (c > 0 && c < 256)
			return not_yet(c, err);
		return gp_fail(err, "option not supported yet");
	}
}

static char *
own(struct options *o, char *s)
{
	o->argv_owned = xreallocarray(o->argv_owned, o->nargv_owned + 1,
				      sizeof(*o->argv_owned));
	o->argv_owned[o->nargv_owned++] = s;
	return s;
}

/*
 * Split a response file's text into arguments: blanks separate them,
 * quotes ('...' or "...") group, a backslash takes the next character
 * literally.  Appends them to *V.
 */
static void
split_words(struct options *o, const char *text, char ***v, size_t *n)
{
	const char *p = text;

	for (;;) {
		char quote = 0, *w, *q;
		size_t len = strlen(p);

		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		       *p == '\f' || *p == '\v')
			p++;
		if (*p == '\0')
			return;
		w = q = own(o, xmalloc(len + 1));
		for (; *p != '\0'; p++) {
			if (*p == '\\' && p[1] != '\0') {
				*q++ = *++p;
			} else if (quote != 0) {
				if (*p == quote)
					quote = 0;
				else
					*q++ = *p;
			} else if (*p == '\'' || *p == '"') {
				quote = *p;
			} else if (*p == ' ' || *p == '\t' || *p == '\n' ||
				   *p == '\r' || *p == '\f' || *p == '\v') {
				break;
			} else {
				*q++ = *p;
			}
		}
		*q = '\0';
		*v = xreallocarray(*v, *n + 1, sizeof(**v));
		(*v)[(*n)++] = w;
	}
}

/*
 * Replace every "@FILE" argument by the arguments FILE holds (again and
 * again for nested ones); an unreadable FILE stays as it is, like GNU's.
 */
#define MAX_RESPONSE_FILES 256

static int
expand_response_files(struct options *o, int *argc, char ***argv,
		      struct gp_err *err)
{
	char **v = NULL;
	size_t n = 0, files = 0;

	for (int i = 0; i < *argc; i++) {
		v = xreallocarray(v, n + 1, sizeof(*v));
		v[n++] = (*argv)[i];
	}
	for (size_t i = 1; i < n; i++) {
		char **words = NULL, *text;
		size_t nw = 0;

		if (v[i][0] != '@' || (text = slurp_file(v[i] + 1, NULL)) == NULL)
			continue;
		if (++files > MAX_RESPONSE_FILES) {
			free(text);
			free(words);
			own(o, (char *)v);
			return gp_fail(err, "%s: more than %d response files (a loop?)",
				       v[i] + 1, MAX_RESPONSE_FILES);
		}
		split_words(o, text, &words, &nw);
		free(text);
		v = xreallocarray(v, n + nw, sizeof(*v));
		memmove(v + i + nw, v + i + 1, (n - i - 1) * sizeof(*v));
		if (nw > 0) /* an empty file has no WORDS to copy */
			memcpy(v + i, words, nw * sizeof(*v));
		free(words);
		n = n - 1 + nw;
		i--; /* look at what replaced it */
	}
	v = xreallocarray(v, n + 1, sizeof(*v));
	v[n] = NULL;
	own(o, (char *)v);
	*argc = (int)n;
	*argv = v;
	return 0;
}

int
options_parse(struct options *o, int argc, char **argv, struct gp_err *err)
{
	int c;

	memset(o, 0, sizeof(*o));
	if (expand_response_files(o, &argc, &argv, err) != 0)
		return -1;
	o->width = 80;
	o->exe = "a.out";
	o->demangle = true;
	opterr = 0;
	optind = 0; /* glibc: start over, forgetting a previous parse's state */
	while ((c = getopt_long(argc, argv, short_opts, long_opts, NULL)) != -1) {
		if (c == '?') {
			if (optopt)
				return gp_fail(err, "invalid option -- '%c' (try --help)",
					       optopt);
			return gp_fail(err, "unrecognized option '%s' (try --help)",
				       argv[optind - 1]);
		}
		if (one_option(o, c, optarg, err) != 0)
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
		return gp_fail(err, "-r and -R cannot be used together");
	return 0;
}

void
options_free(struct options *o)
{
	for (size_t i = 0; i < o->nspecs; i++)
		free(o->specs[i].text);
	free(o->specs);
	free(o->gmons);
	for (size_t i = 0; i < o->nargv_owned; i++)
		free(o->argv_owned[i]);
	free(o->argv_owned);
}

void
options_usage(FILE *out)
{
	fputs("Usage: gprof [OPTION]... [EXECUTABLE [PROFILE]...]\n"
	      "Print the flat profile and the call graph of a program built with\n"
	      "-pg from its profile data (gmon.out).  EXECUTABLE defaults to a.out\n"
	      "and PROFILE to gmon.out; several profiles are summed.\n"
	      "\n"
	      "Reports (SPEC is a symbol specification, see below):\n"
	      "  -p, --flat-profile[=SPEC]  print the flat profile (of SPEC only)\n"
	      "  -P, --no-flat-profile[=SPEC]\n"
	      "                             leave the flat profile (or SPEC) out\n"
	      "  -q, --graph[=SPEC]         print the call graph and its index (of\n"
	      "                             SPEC, or only the arcs FROM/TO)\n"
	      "  -Q, --no-graph[=SPEC]      leave the call graph (or SPEC, or FROM/TO) out\n"
	      "  -B                         same as -q\n"
	      "  -C, --exec-counts[=SPEC]   print how often each function was called\n"
	      "  -Z, --no-exec-counts[=SPEC]\n"
	      "                             leave the execution counts (or SPEC) out\n"
	      "  -i, --file-info            say what each profile file holds, then stop\n"
	      "  -s, --sum                  write the summed profiles to gmon.sum\n"
	      "  -r, --function-ordering    suggest a link order of the functions\n"
	      "  -R, --file-ordering=MAP    suggest a link order of the object files;\n"
	      "                             MAP lists FILE:ADDRESS TYPE FUNCTION lines\n"
	      "                             (nm --print-file-name output)\n"
	      "\n"
	      "Selection:\n"
	      "  -e SPEC                    hide SPEC's entry in the call graph\n"
	      "  -E SPEC                    like -e, and leave SPEC's time out of totals\n"
	      "  -f SPEC                    show only SPEC and its descendants in the graph\n"
	      "  -F SPEC                    like -f, and count only their time\n"
	      "  -n, --time=SPEC            propagate only SPEC's time to its callers\n"
	      "  -N, --no-time=SPEC         do not propagate SPEC's time\n"
	      "  -k FROM/TO                 ignore the calls from FROM to TO\n"
	      "  -c, --static-call-graph    add the calls found in the code (count 0)\n"
	      "  -S, --external-symbol-table=FILE\n"
	      "                             take the functions from FILE (nm format)\n"
	      "  -a, --no-static            ignore static (file-local) functions\n"
	      "  -D, --ignore-non-functions ignore local symbols that are not functions\n"
	      "  -z, --display-unused-functions\n"
	      "                             list functions never called and never sampled\n"
	      "  -m, --min-count=N          (annotated source) hide counts below N\n"
	      "\n"
	      "Format:\n"
	      "  -b, --brief                leave out the explanations of each column\n"
	      "      --demangle[=STYLE]     show C++ names demangled (the default)\n"
	      "      --no-demangle          show symbol names as they are in the file\n"
	      "      --inline-file-names    add (file.c:line) after function names\n"
	      "  -T, --traditional          BSD layout: call graph first, no demangling\n"
	      "  -w, --width=N              width of the function index (default 80)\n"
	      "  -L, --print-path           full source paths in file names\n"
	      "  -O, --file-format=FMT      profile format: auto, magic (GNU), bsd, 4.4bsd\n"
	      "                             (also the format -s writes: BSD for bsd, 4.4bsd)\n"
	      "\n"
	      "  -d, --debug[=N]            trace the analysis stages on standard output\n"
	      "  @FILE                      read more arguments from FILE\n"
	      "  -h, --help                 print this help and exit\n"
	      "  -v, --version              print the version and exit\n"
	      "\n"
	      "A SPEC is a function name (as in the symbol table), a source file\n"
	      "(a word with a dot, or NAME: for one without), FILE:FUNCTION,\n"
	      "FILE:LINE, a LINE alone, or :NAME for a name with a dot.\n"
	      "Options of GNU gprof not listed here (-A -I -J -l -t -x -y) are\n"
	      "reported as not supported yet.  See gprof(1).\n",
	      out);
}
