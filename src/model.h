/*
 * model.h - the report model: one immutable picture of an analysed
 * profile that every printer reads (GNU's text reports, the orders of
 * -r/-R, -A, and our own views and --diff).
 *
 * model_build() (modelbuild.c) makes every decision a printer would
 * otherwise make on its own: the names shown (demangled,
 * --inline-file-names), the source file and line of each function (as
 * the analysis looked them up, never a printer), which entries each
 * report lists, the call graph's order and [n] numbers, and the units
 * (rate, dimension, bin size).  Printers take
 * a const model and their own layout options, and can run in any order.
 *
 * Entries: ids below model->nfuncs are functions (the call graph's
 * nodes); nfuncs + k is cycle k + 1.  Use the entry_* accessors rather
 * than decoding ids by hand.
 *
 * Besides the reports' decisions the model carries what our own views
 * show and GNU's reports do not (built only for them, modelbuild.h):
 * the program and its build id, the profile files, the warnings about
 * the profile, the object mappings and each call's source line.  No
 * printer needs anything else: none includes the analysis, the
 * executable, DWARF or profile-file headers (tests/tree-seam checks it).
 *
 * Ownership: the model borrows the analysis' symbol table, call graph,
 * orders, file names and call sites (which must outlive it) and owns
 * everything else; model_free() releases it.  It is built by
 * modelbuild.h.  Our views' models (and --measured's) count gcc's
 * clones in their origins: their table, call graph and measured times
 * are then the analysis' own of that table (clonesan.h), borrowed too.
 *
 * Adding something a view needs: a field here (owned or borrowed,
 * documented), filled in modelbuild.c from the analysis, freed in
 * model_free(); never a pointer to the analysis itself.
 */
#ifndef GPROF_MODEL_H
#define GPROF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "callgraph.h"
#include "callsites.h"
#include "gmon_defs.h"
#include "measured.h"
#include "symtab.h"
#include "threadview.h"

typedef uint32_t entry_id;

/* The reports that list entries, each with its own rule (model.c). */
enum model_list {
	LIST_FLAT,  /* the flat profile */
	LIST_GRAPH, /* an entry of its own in the call graph */
	LIST_INDEX, /* the index after the call graph */
	LIST_EXEC,  /* -C's execution counts */
	LIST_VIEW,  /* a node of our views (json, html, dot, callgrind) */
};

/* A function's source position, as reports show it. */
struct model_src {
	const char *path;  /* as DWARF records it, or NULL when unknown */
	const char *shown; /* path or base name (-L), or NULL */
	int line;
};

/* What the views say about the run (all borrowed from the analysis,
 * but for the arrays, which the model owns). */
struct model_prog {
	const char *path;      /* the executable as opened */
	char *build_id;        /* owned: its build id in hex, or NULL */
	const char **profiles; /* owned array: the profile files read */
	size_t nprofiles;
	size_t nrate_assumed; /* of them, 4.4BSD files with a rate of 0 */
	bool has_hist;        /* some profile held a histogram */
	bool has_arcs;        /* some profile held call-graph records */
	char **warnings;      /* owned: "another build" warnings */
	size_t nwarnings;
};

/*
 * Where the table's functions were loaded: maps[0] is the executable
 * (its loaded code, or its functions' addresses), maps[1 + k] shared
 * object k of the side files (objects.h), over its functions' addresses
 * in the table (biased, as the table's are); an object with no
 * functions in the table has NFUNCS 0.  Line mode's table is not the
 * objects': its model has maps[0] only.
 */
struct model_map {
	uint64_t lo, hi;  /* addresses [lo, hi) */
	const char *file; /* the ELF file read (NULL: the executable) */
	char *build_id;   /* owned: hex, or NULL */
	size_t first;     /* its functions: [first, first + nfuncs) */
	size_t nfuncs;
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
	/* Borrowed: the flat profile's and the index's functions in their
	 * orders (presort.h), for ZEROS and FLAT_EXCLUDED; each NULL unless
	 * that report prints (plan.h). */
	const uint32_t *flat_order, *name_order;
	size_t nflat, nnamed;
	const bool *exec_hidden; /* borrowed, per function, or NULL */
	char **shown;            /* owned: per function, NULL: raw name */
	struct model_src *src;   /* owned: per function, or NULL */
	entry_id *order;         /* owned: call graph order, or NULL */
	uint32_t *index;         /* owned: per entry, its [n], or NULL */
	/*
	 * With the call graph: every function's arcs in reverse list order
	 * (oldest first), [0] into it (callers), [1] out of it (callees):
	 * function F's are arcs[k][lo[k][F] .. lo[k][F + 1]).  Owned, or
	 * NULL (model_sorted_arcs then walks the lists).
	 */
	uint32_t *arc_lo[2], *arcs[2];
	/* Line mode (-l, lineprof.h): names carry "(file:line @ addr)",
	 * and the call graph has entries for functions only. */
	bool line_mode;
	const bool *is_line;       /* borrowed, per entry: a line symbol */
	const struct gmon_bb *bbs; /* borrowed: -C's basic-block counts */
	size_t nbbs;
	/* Our views' data (model_opts.views; else zero/NULL). */
	struct model_prog prog;
	struct model_map *maps; /* owned: maps[0] the executable, then one
				 * per shared object (see model_map) */
	size_t nmaps;
	/* Borrowed: each arc's call sites and their lines (model_opts.sites),
	 * or NULL. */
	const struct callsites *sites;
	/* Times measured from sampled stacks (measured.h), or NULL. */
	const struct measured *measured; /* borrowed */
	/*
	 * gcc's clones counted in the function they were split from
	 * (symclones.h), in the models of our views and
	 * --measured, when the analysis made that table (plan.h):
	 * MERGED[F] is the function F's numbers are counted in, F itself
	 * but for a clone's own entry, which no report or view lists;
	 * function F stands for the symbols CLONES[CLONE_LO[F] ..
	 * CLONE_LO[F + 1]) besides its name (use model_clones()).  All
	 * NULL when the table is GNU's.  Borrowed from the analysis
	 * (clonesan.h), as ST, CG and MEASURED then are.
	 */
	const uint32_t *merged, *clone_lo;
	const char *const *clones;
	/*
	 * The profile's threads (threadview.h): one row per thread of the
	 * side files' per-thread records, with each one's numbers, its
	 * stacks as this model's functions and its busiest function, and
	 * which rows --thread picked (THREADS->selection: then everything
	 * else in the model is those rows' data only).  Borrowed; NULL in
	 * line mode; THREADS->any false without per-thread data.
	 */
	const struct thread_view *threads;
	/* The wall-clock time the profile covers (WINDOW records). */
	struct run_window window;
};

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

/*
 * The symbols function FN stands for besides its name: gcc's clones of
 * it (and a renamed function's own symbol), counted in it.  Sets *NAMES
 * and returns how many; 0 when none.
 */
size_t model_clones(const struct model *m, uint32_t fn,
		    const char *const **names);

/* A function's raw (symbol table) name. */
const char *model_raw_name(const struct model *m, uint32_t fn);

/* The source file of a function for "(file.c)" suffixes, or NULL. */
const char *model_file(const struct model *m, uint32_t fn);

/*
 * Start fetching what the reports read of function FN (its node, index
 * number, symbol and name and file slots), and, when NAME, its name's
 * bytes (which reads the slots, so ask for those a few entries
 * earlier).  A report walking functions in an order of its own (by
 * time, by name) meets them at random in memory; this changes nothing
 * but the wait.
 */
void model_prefetch(const struct model *m, uint32_t fn, bool name);

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

/* Whether arc A (one of M->cg's) runs inside one cycle (or is a
 * self-call). */
bool model_arc_inside(const struct model *m, const struct cg_arc *a);

#endif
