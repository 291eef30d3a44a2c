/*
 * options.h - the command line, parsed once into a struct options.
 */
#ifndef GPROF_OPTIONS_H
#define GPROF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "argfile.h"
#include "diag.h"
#include "gmon_defs.h"

/* Which reports were asked for, on (-p) or off (-P). */
enum {
	OUT_FLAT = 1,
	OUT_GRAPH = 2,
	OUT_SUM = 4,         /* -s: write gmon.sum (and no default reports) */
	OUT_EXEC = 8,        /* -C: execution counts */
	OUT_ORDER = 16,      /* -r: suggested function order */
	OUT_FILE_ORDER = 32, /* -R: suggested object file order */
	OUT_ANNO = 64,       /* -A: annotated source */
};

/* The lists symbol specifications go to (GNU gprof's names). */
enum spec_kind {
	SPEC_INCL_FLAT,
	SPEC_EXCL_FLAT,
	SPEC_INCL_GRAPH,
	SPEC_EXCL_GRAPH,
	SPEC_INCL_TIME,
	SPEC_EXCL_TIME,
	SPEC_INCL_ARCS,
	SPEC_EXCL_ARCS,
	SPEC_INCL_EXEC,
	SPEC_EXCL_EXEC,
	SPEC_INCL_ANNO, /* -A SPEC */
	SPEC_EXCL_ANNO, /* -J SPEC */
	SPEC_NKINDS
};

struct spec_arg {
	enum spec_kind kind;
	char *text; /* owned */
};

struct options {
	const char *exe;    /* image file (default a.out) */
	const char **gmons; /* profile files (default gmon.out); owned array */
	size_t ngmons;
	unsigned style;     /* OUT_* asked for */
	unsigned specified; /* OUT_* mentioned by any option (-p or -P) */
	bool brief, zeros, no_static, ignore_non_functions, traditional;
	bool file_info, print_path;
	bool static_calls;      /* -c */
	bool inline_file_names; /* --inline-file-names */
	bool measured;       /* --measured: the call graph's measured times */
	bool threads_report; /* --threads: the table of threads, only */
	/* --thread=SPEC (each a comma list; threadsel.h), in order. */
	const char **thread_specs; /* owned array, strings borrowed */
	size_t nthread_specs;
	const char *nm_file;  /* -S: external symbol table */
	const char *map_file; /* -R: function-to-object-file map */
	unsigned debug;       /* -d[N]: trace stages on stdout */
	bool demangle;        /* on unless --no-demangle or -T */
	bool help, version;
	int width;
	const char *view;   /* --format: a views.h name, NULL: text */
	const char *output; /* --output: the file to write, NULL: stdout */
	/* --format=dot's (view_dot.c): percent of the total time a function
	 * (an arc) needs to be drawn; draw cycles as clusters. */
	double node_threshold, edge_threshold;
	bool dot_clusters;
	/* Our own statistics (stats.h): --error-bars, --diff and friends. */
	bool error_bars;        /* --error-bars */
	const char *diff_base;  /* --diff=BASE, or NULL */
	bool diff_share;        /* --diff-normalize: compare shares */
	double fail_regression; /* --fail-on-regression=PCT, < 0: none */
	/* Annotated source (-A) and -l. */
	long min_count;        /* -m (default 1: GNU's) */
	long table_length;     /* -t (default 10) */
	bool all_lines;        /* -x */
	bool line;             /* -l: line-by-line reports (GNU's line mode) */
	bool separate_files;   /* -y: write FILE-ann files */
	const char **src_dirs; /* -I, in order (each a ':' list); owned */
	size_t nsrc_dirs;
	/* Shared libraries of the side file (objects.h). */
	const char **object_dirs; /* --object-path, in order (':' lists) */
	size_t nobject_dirs;
	const char *sysroot; /* --sysroot, or NULL */
	enum gmon_format format;
	struct spec_arg *specs; /* owned, in command-line order */
	size_t nspecs;
	struct argfile args; /* the arguments, @FILEs expanded; owned */
};

/*
 * Parse ARGV into O, after expanding @FILE arguments.  Returns 0, or -1
 * with a message in ERR for an unknown option, a bad argument, or an
 * option not supported yet; messages name an option as it was typed
 * ("--line", not "-l").  O must be released with options_free() either
 * way; its strings point into ARGV or into O->args.
 */
int options_parse(struct options *o, int argc, char **argv, struct gp_err *err);
void options_free(struct options *o);
void options_usage(FILE *out);

#endif
