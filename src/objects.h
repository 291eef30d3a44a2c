/*
 * objects.h - the other objects of a process: the shared libraries and
 * dlopen'ed objects a side file's load map names (OBJECT, HIST and ARCS
 * records, include/gmon_side.h), put into one address space with the
 * executable so that every report sees their functions.
 *
 * While the profiles are read, objects_add() gathers each side file's
 * objects (one per build-id, or per path when a side has none), their
 * histograms summed bin by bin and their arcs.  objects_resolve() then
 * finds each object's ELF file (--object-path DIRs, then --sysroot, then
 * the recorded path; a build-id must match when both sides have one),
 * gives it a bias above the executable and the objects before it
 * (a multiple of 2^32), and appends its functions, biased, to the
 * function table: the executable's functions stay the first NEXE
 * entries, unchanged.  A function whose name another object also has is
 * tagged with its object's base name (struct sym's OBJ), shown as
 * "name [libfoo.so]".  An object that cannot be found is named in one
 * warning with the samples and calls left out, and skipped.
 *
 * The objects' histograms and arcs stay here, not in the struct gmon:
 * gmon.out's rules (one scale, the mismatch checks, gmon.sum) see only
 * the executable's data, and no code that reads the executable's bytes
 * or DWARF is ever handed a biased address by them.
 */
#ifndef GPROF_OBJECTS_H
#define GPROF_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "options.h"
#include "sidefile.h"
#include "symtab.h"
#include "threads.h"

struct gp_object {
	char *path; /* owned: the path the loader gave (first side file) */
	char *file; /* owned: the ELF file used, or NULL (not found) */
	uint8_t build_id[GMON_SIDE_BUILD_ID_MAX];
	size_t build_id_len;
	uint32_t flags;            /* the first OBJECT record's */
	uint64_t text_lo, text_hi; /* the first OBJECT record's */
	uint64_t bias;    /* added to its addresses in the function table */
	uint64_t hi;      /* its highest address (file or histogram) */
	struct exe x;     /* its ELF file, open only while it is read */
	char *names;      /* owned: its functions' names */
	size_t first;     /* its functions in the table: [first, */
	size_t nfuncs;    /*   first + nfuncs) */
	uint64_t lowpc;   /* histogram: object address of bin 0 */
	uint32_t nbins;   /* 4 bytes each, 0: none */
	uint64_t *bins;   /* owned, summed over the profiles (saturating) */
	uint64_t samples; /* every bin, summed (saturating: gp_add_sat) */
	uint64_t calls;   /* counts of the arcs with an end in it (same) */
	size_t narcs;     /* distinct arcs recorded with an end in it */
};

struct objects_keys; /* objects.c: which object a key names first */

/* An arc between objects (indices into V, or SIDEFILE_EXE). */
struct objects {
	struct gp_object *v; /* owned */
	size_t n, cap;
	struct objects_keys *keys; /* owned: objects_add()'s lookup */
	struct sidefile_arc *arcs; /* owned, in order read, repeats kept */
	size_t narcs, arcs_cap;
	size_t nexe;   /* functions of the executable, at the table's head */
	bool resolved; /* objects_resolve() ran */
	bool any;      /* some object's functions are in the table */
	struct stackset stacks; /* the side files' stacks, summed; frames
				 * name objects by index into V */
	/* Of STACKS' samples, those of side files without a CLOCK record
	 * (gmon.sum's: checked when they were summed, against histograms
	 * whose 16-bit bins gmon.sum may have cut; measured_check). */
	uint64_t stacks_unclocked;
	struct threads threads; /* the side files' threads (threads.h),
				 * objects named as STACKS's */
};

void objects_init(struct objects *os);

/* Gather the load map of side file S (one per profile read): each of
 * its objects joins the first object gathered before that it is the
 * same as (one build-id, or one path when either has none), found by
 * hash: O(objects) for the file. */
void objects_add(struct objects *os, const struct sidefile *s);

/*
 * Find the objects' files, bias them and append their functions to ST
 * (the executable X's table), as described at the top.  Warns about
 * objects left out; never fails.
 */
void objects_resolve(struct objects *os, struct symtab *st, const struct exe *x,
		     const struct options *o);

/*
 * The function of ST (after objects_resolve()) that holds object
 * address ADDR of object OBJ (an index into OS->v, or SIDEFILE_EXE), or
 * SYM_NONE: no function of that object holds it, or its file was not
 * found.  O(log n).
 */
sym_id objects_function(const struct objects *os, const struct symtab *st,
			uint32_t obj, uint64_t addr);

/* Add the objects' arcs to CG (as cg_tally does with gmon.out's). */
void objects_tally(const struct objects *os, struct callgraph *cg,
		   cg_arc_filter *keep, void *ctx);

/*
 * hist_charge() over the executable's histograms (G, charged to the
 * table's first NEXE functions) and then each object's, to its own
 * functions: TICKS and EXCLUDED as hist_charge's, *TOTAL the sum.
 */
int objects_charge(const struct objects *os, const struct gmon *g,
		   const struct symtab *st, const bool *excluded, double *ticks,
		   double *total, struct gp_err *err);

/*
 * -s: the side file of gmon.sum (PROFILE.gmonx), tied to it by RUN_ID
 * (the spare bytes of the header written): a RUN record like RUN's (the
 * first side file read), then every object (found or not) with its
 * summed histogram, every arc, the threads when every profile had them
 * (threads_encode()) and the stacks (each thread's after its
 * STACKOWNER then), appended to W.
 */
struct wbuf;
void objects_encode(const struct objects *os, const struct sidefile *run,
		    const uint8_t run_id[GMON_SIDE_RUN_ID_LEN], struct wbuf *w);

/* -d: one "[objects]" line per object. */
void objects_describe(FILE *out, const struct objects *os);

void objects_free(struct objects *os);

#endif
