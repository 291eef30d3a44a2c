/*
 * model.h - the report model: one immutable picture of an analysed
 * profile that every printer reads (GNU's text reports, the orders of
 * -r/-R, and later our own views).
 *
 * model_build() makes every decision a printer would otherwise make on
 * its own: the names shown (demangled, --inline-file-names), the source
 * file and line of each function (looked up once, here, never by a
 * printer), which entries each report lists, the call graph's order and
 * [n] numbers, and the units (rate, dimension, bin size).  Printers take
 * a const model and their own layout options, and can run in any order.
 *
 * Entries: ids below model->nfuncs are functions (the call graph's
 * nodes); nfuncs + k is cycle k + 1.  Use the entry_* accessors rather
 * than decoding ids by hand.
 *
 * Ownership: the model borrows the analysis' symbol table and call
 * graph (which must outlive it) and owns everything else;
 * model_free() releases it.
 */
#ifndef GPROF_MODEL_H
#define GPROF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "measured.h"
#include "symtab.h"

typedef uint32_t entry_id;

/* The reports that list entries, each with its own rule (model.c). */
enum model_list {
	LIST_FLAT,  /* the flat profile */
	LIST_GRAPH, /* an entry of its own in the call graph */
	LIST_INDEX, /* the index after the call graph */
	LIST_EXEC,  /* -C's execution counts */
};

/* What the model is built for (from the command line). */
struct model_opts {
	bool demangle;          /* show demangled C++ names */
	bool inline_file_names; /* --inline-file-names: "name (file:line)" */
	bool print_path;        /* -L: full source paths, not base names */
	bool zeros;             /* -z: list unused functions too */
	bool graph;             /* number the call graph (it will be printed) */
	bool sources;           /* look up source files (graph, index, -C) */
};

/* A function's source position, as reports show it. */
struct model_src {
	const char *path;  /* as DWARF records it, or NULL when unknown */
	const char *shown; /* path or base name (-L), or NULL */
	int line;
};

struct model {
	const struct symtab *st;    /* borrowed: functions, raw names */
	const struct callgraph *cg; /* borrowed: arcs, cycles, times */
	size_t nfuncs, ncycles;
	/* Units. */
	double hz;          /* samples per second (0: no rate) */
	const char *dimen;  /* "seconds" or the profile's dimension */
	char abbrev;        /* 's' or the profile's abbreviation */
	long bin_bytes;     /* bytes one histogram bin covers */
	double total_ticks; /* the flat profile's denominator */
	double print_time;  /* the call graph's % denominator (never 0) */
	/* Decisions. */
	bool zeros;                /* -z */
	const bool *flat_excluded; /* borrowed, per function, or NULL */
	const bool *exec_hidden;   /* borrowed, per function, or NULL */
	char **shown;              /* owned: per function, NULL: raw name */
	struct model_src *src;     /* owned: per function, or NULL */
	entry_id *order;           /* owned: call graph order, or NULL */
	uint32_t *index;           /* owned: per entry, its [n], or NULL */
	/* Line mode (-l, lineprof.h): names carry "(file:line @ addr)",
	 * and the call graph has entries for functions only. */
	bool line_mode;
	const bool *is_line;       /* borrowed, per entry: a line symbol */
	const struct gmon_bb *bbs; /* borrowed: -C's basic-block counts */
	size_t nbbs;
	/* Times measured from sampled stacks (measured.h), or NULL. */
	const struct measured *measured; /* borrowed */
};

/* What a model is built from: an analysis' results (all borrowed). */
struct model_in {
	const struct symtab *st;    /* the functions */
	const struct callgraph *cg; /* assembled (cg_assemble) */
	const struct gmon *g;       /* for the units, or NULL */
	struct exe *x;              /* for source positions */
	double total_ticks;         /* the flat profile's denominator */
	const bool *flat_excluded;  /* per function, or NULL */
	const bool *exec_hidden;    /* per function, or NULL */
	/* Line mode: per symbol its source file (NULL: unknown) and line,
	 * used instead of looking positions up; NULL otherwise. */
	const char *const *files;
	const int *lines;
	const bool *is_line; /* per symbol: a line symbol (line mode) */
	/* Line mode: basic-block counts, grouped by symbol in address
	 * order (bbsum.h), for -C. */
	const struct gmon_bb *bbs;
	size_t nbbs;
	const struct measured *measured; /* stack samples, or NULL */
};

/*
 * Build M from IN for MO: source positions are looked up now (from
 * IN->x, when MO->sources or MO->inline_file_names), so no printer ever
 * touches the executable.  Never fails; model_free() releases M.
 */
void model_build(struct model *m, const struct model_in *in,
		 const struct model_opts *mo);
void model_free(struct model *m);

static inline bool
entry_is_cycle(const struct model *m, entry_id id)
{
	return id >= m->nfuncs;
}

/* Propagated self plus child time of an entry, in ticks. */
double entry_total_ticks(const struct model *m, entry_id id);

/* Calls into an entry from outside it (a cycle: from outside the cycle). */
uint64_t entry_calls(const struct model *m, entry_id id);

/* Whether the call graph prints an entry for ID (its print flag). */
bool entry_printed(const struct model *m, entry_id id);

/* Ticks in seconds, as the reports print them. */
static inline double
model_secs(const struct model *m, double ticks)
{
	return ticks / m->hz;
}

/* Whether report LIST lists entry ID (GNU's rule for that report). */
bool model_listed(const struct model *m, enum model_list list, entry_id id);

/* A function's name as reports show it (demangled unless asked not to). */
const char *model_name(const struct model *m, uint32_t fn);

/* A function's raw (symbol table) name. */
const char *model_raw_name(const struct model *m, uint32_t fn);

/* The source file of a function for "(file.c)" suffixes, or NULL. */
const char *model_file(const struct model *m, uint32_t fn);

/*
 * FN's parent arcs (PARENTS) or child arcs into V (room for
 * cg_list_len()), in the order the call graph prints them: GNU's
 * insertion-sort order for listed entries, list order for the others
 * (GNU sorts only the lists of entries it prints, and -r walks them
 * afterwards in that order).  Returns the count.
 */
size_t model_arc_list(const struct model *m, uint32_t fn, bool parents,
		      uint32_t *v);

/*
 * The arcs as the call graph prints them under an entry: sorted
 * ascending (parents) or descending (children) by GNU's arc order.
 * V needs room for cg_list_len().  Returns the count.
 */
size_t model_sorted_arcs(const struct model *m, uint32_t fn, bool parents,
			 uint32_t *v);

/* Whether arc A runs inside one cycle (or is a self-call). */
bool model_arc_inside(const struct model *m, const struct cg_arc *a);

#endif
