/*
 * stacks.h - the sampled call stacks of a side file (its STACKS and
 * STACKINFO records, include/gmon_side.h), kept as a set of distinct
 * stacks with their sample counts.
 *
 * sidefile.c hands each STACKS and STACKINFO body to stacks_parse() and
 * stacks_parse_info(), then stacks_resolve() turns the frames' object
 * ids into indices of the side file's OBJECT records.  objects_add()
 * then sums each side file's set into the profile's with stacks_add(),
 * through its map of objects, and -s writes the sum with stacks_encode().
 *
 * A set keeps every frame (object, address) once and every stack (its
 * frames and flags) once, so stacks that repeat within a record, across
 * records and across summed profiles are summed.  Everything read is
 * bounds-checked: counts against the bytes left, every frame index
 * against its record's table, depths against GMON_SIDE_STACK_DEPTH_MAX,
 * sums against 64 bits (capped, never wrapped).  All of it is linear in
 * the bytes read.
 *
 * Ownership: a set owns its arrays; a zeroed set is empty and valid.
 */
#ifndef GPROF_STACKS_H
#define GPROF_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "reader.h"

/* A frame's object: the executable (object 0 of the file). */
#define STACKS_EXE UINT32_MAX

struct stack_frame {
	uint32_t obj;  /* STACKS_EXE or an object's index; while RAW_IDS,
			* the file's id (0: the executable) */
	uint64_t addr; /* object address: a PC, or a return address */
};

struct stack_entry {
	uint64_t count; /* samples with this stack (saturated at 2^64-1) */
	size_t at;      /* its frame ids: ids[at], ..., innermost first */
	uint32_t depth; /* 1 to GMON_SIDE_STACK_DEPTH_MAX */
	uint32_t flags; /* GMON_SIDE_STACK_* */
	uint64_t hash;  /* of its frame ids, depth and flags */
};

struct stackset {
	struct stack_frame *frames; /* owned: distinct frames */
	size_t nframes, frames_cap;
	uint32_t *ids; /* owned: the frame ids of every stack */
	size_t nids, ids_cap;
	struct stack_entry *v; /* owned: distinct stacks */
	size_t n, cap;
	uint32_t *fhash, *shash; /* owned: frames, stacks by content */
	size_t fhash_cap, shash_cap;
	uint64_t samples;   /* every stack's count, summed */
	uint64_t truncated; /* of those, stacks flagged TRUNCATED */
	size_t nrecords;    /* STACKS records read */
	bool capped;        /* some count's sum overflowed and was capped */
	bool raw_ids;       /* frames name the file's object ids (parsing) */
	/* STACKINFO (summed over profiles; depth_max the largest). */
	bool has_info;
	uint64_t info_samples, info_stacks, info_truncated, info_dropped;
	uint64_t info_unwound; /* 0 in a 40-byte STACKINFO */
	uint32_t depth_max, method;
};

/*
 * Add the STACKS record body R (LEN bytes) to SS, whose frames keep the
 * file's object ids until stacks_resolve().  Returns 0, or -1 with the
 * reason in ERR, naming the record by its number ("STACKS record 2:
 * stack 5 names frame 12 of 10"): a body shorter than its counts say,
 * a depth of 0 or beyond the cap, a frame index out of the record's
 * table, a count of 0.  Counts whose sum overflows 64 bits are capped
 * at 2^64 - 1 and set CAPPED (the caller warns).
 */
int stacks_parse(struct stackset *ss, struct reader *r, uint32_t len,
		 struct gp_err *err);

/* The STACKINFO body R (LEN bytes); -1 when short or repeated. */
int stacks_parse_info(struct stackset *ss, struct reader *r, uint32_t len,
		      struct gp_err *err);

/*
 * Turn the frames' object ids into indices of OBJ[0..NOBJ), the side
 * file's OBJECT records (id 0 becomes STACKS_EXE).  -1 with ERR when a
 * frame names an object no OBJECT record declared (any id but 0, the
 * value of STACKS_EXE too).  O(frames log NOBJ).
 */
struct sidefile_object;
int stacks_resolve(struct stackset *ss, const struct sidefile_object *obj,
		   size_t nobj, struct gp_err *err);

/*
 * Sum SRC (resolved) into DST, SRC's object K becoming DST's MAP[K];
 * counts are capped at 2^64 - 1 (DST's CAPPED set).  Never fails (out
 * of memory ends the program).
 */
void stacks_add(struct stackset *dst, const struct stackset *src,
		const uint32_t *map);

/* The map stacks_add() takes when objects keep their numbers: MAP[K] =
 * K for N objects (owned by the caller; xcalloc's, never NULL). */
uint32_t *stacks_identity_map(size_t n);

/* DST takes SRC's STACKINFO figures (has_info, info_*, depth_max,
 * method), its stacks unchanged. */
void stacks_copy_info(struct stackset *dst, const struct stackset *src);

/*
 * Append SS as STACKS records (object index K written as id K + 1, the
 * ids objects_encode() gives) and, when some input had one, a STACKINFO
 * record, to W.  Nothing for an empty set.
 */
struct wbuf;
void stacks_encode(const struct stackset *ss, struct wbuf *w);

/* -d: "[stacks] ..." lines (nothing for an empty set). */
void stacks_describe(FILE *out, const struct stackset *ss);

void stacks_free(struct stackset *ss);

/*
 * A side-file record (gmon_side.h) written into W: open writes the
 * header of TAG with length 0 and returns its offset; close sets that
 * length from what follows and pads W to 8 bytes.  objects_encode()
 * frames its records with them too.
 */
size_t stacks_record_open(struct wbuf *w, uint32_t tag);
void stacks_record_close(struct wbuf *w, size_t at);

#endif
