/*
 * options.h - the command line, parsed once into a struct options.
 */
#ifndef GPROF_OPTIONS_H
#define GPROF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "gmon.h"

/* Which reports were asked for, on (-p) or off (-P). */
enum {
	OUT_FLAT = 1,
	OUT_GRAPH = 2,
	OUT_SUM = 4,  /* -s: write gmon.sum (and no default reports) */
	OUT_EXEC = 8, /* -C: execution counts */
};

struct name_list {
	char **v; /* owned strings */
	size_t n;
};

struct options {
	const char *exe;     /* image file (default a.out) */
	const char **gmons;  /* profile files (default gmon.out); owned array */
	size_t ngmons;
	unsigned style;	     /* OUT_* asked for */
	unsigned specified;  /* OUT_* mentioned by any option (-p or -P) */
	bool brief, zeros, no_static, ignore_non_functions, traditional;
	bool file_info, print_path;
	bool demangle; /* on unless --no-demangle or -T */
	bool help, version;
	int width;
	enum gmon_format format;
	struct name_list excl_graph, excl_time, incl_graph, incl_time; /* -e -E -f -F */
	char **argv_owned; /* owned: expanded @file arguments */
	size_t nargv_owned;
};

/*
 * Parse ARGV into O.  Returns 0, or -1 with a message in ERR for an
 * unknown option, a bad argument, or an option not supported yet.
 */
int options_parse(struct options *o, int argc, char **argv, struct gp_err *err);
void options_free(struct options *o);
void options_usage(FILE *out);

#endif
