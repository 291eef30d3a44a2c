/*
 * annsyms.h - the symbols annotated source (-A, annotate.h) shows,
 * collected from the analysis: each with its source position, call
 * count, kind, whether -A/-J select it, its rank in the executable's
 * symbol table, and (in line mode) its basic-block counts.  The
 * analysis side of -A: annotate.c prints from this and the model alone.
 *
 * Ownership: a struct ann_syms owns its arrays; its paths are borrowed
 * from the model or the analysis it was collected from (which must
 * outlive it).  ann_syms_free() releases it.
 */
#ifndef GPROF_ANNSYMS_H
#define GPROF_ANNSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon_defs.h"
#include "model.h"
#include "options.h"

struct analysis;

/* A symbol that annotations may show. */
struct ann_sym {
	const char *path; /* its source file */
	size_t line;
	uint64_t addr;
	uint64_t ncalls;  /* calls from elsewhere (0 for line symbols) */
	size_t rank;      /* .symtab index of its first symbol, or SIZE_MAX */
	bool is_func;     /* an STT_FUNC symbol (not a line symbol) */
	bool entry;       /* a function's entry (has a .symtab symbol) */
	bool selected;    /* by -A/-J */
	uint32_t bb, nbb; /* its basic-block counts: bbs[bb, bb + nbb) */
};

struct ann_syms {
	struct ann_sym *syms; /* owned */
	size_t nsyms;
	const struct gmon_bb *bbs; /* borrowed: counts by symbol, in slot
				    * order (line mode's, A->lp's) */
	size_t nbbs;
};

/*
 * Collect into S the symbols O's -A shows: the functions of M (built
 * with sources), or in GNU's line mode (A's line table built: -s, -l)
 * the table's functions and line symbols with their basic-block counts
 * (GNU's slots, bbsum.h).  A's executable caches DWARF, hence not const.
 * Never fails.
 */
void ann_syms_collect(struct ann_syms *s, const struct model *m,
		      struct analysis *a, const struct options *o);
void ann_syms_free(struct ann_syms *s);

#endif
