/*
 * mismatch.h - does the profile belong to this executable?
 *
 * A profile written by another program, or by another build of this
 * one, is read without complaint: its addresses simply land in the
 * wrong places.  What can be told from the addresses alone is checked
 * here, so that main.c can warn (the reports are still printed).
 */
#ifndef GPROF_MISMATCH_H
#define GPROF_MISMATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "exe.h"
#include "gmon.h"
#include "symtab.h"

struct mismatch {
	/* Histogram records reaching outside the loaded image [IMG_LO,
	 * IMG_HI) of the executable (its PT_LOAD segments, out to whole
	 * 4 KiB pages), out of NHISTS; the first of them is
	 * [BAD_LO, BAD_HI).  No check (0 of 0) when the image is unknown. */
	size_t nhists, hists_out;
	uint64_t img_lo, img_hi, bad_lo, bad_hi;
	/* Distinct arcs whose caller lies outside the code, or whose
	 * callee lies inside the image but outside the code (see
	 * mismatch.c), out of NARCS; 0 of 0 when X has no code symbols.
	 * A callee outside the image (a -pg shared library) is fine. */
	size_t narcs, arcs_out;
};

/*
 * Check the profile data G (all files read) against the executable X
 * and its function table ST, filling M.  SYMS (NULL, or room for
 * 2 * G->narcs) gets symtab_find() of each arc's caller and callee
 * address, [2i] and [2i + 1], for cg_tally_mapped(): each arc is
 * looked up once.  Never fails; O(arcs log n).
 */
void mismatch_check(struct mismatch *m, const struct gmon *g,
		    const struct exe *x, const struct symtab *st,
		    uint32_t *syms);

/*
 * The Kth warning (K = 0, 1, ...) that M calls for, written into
 * MSG->msg without the "gprof: " prefix, naming the profiles of G and
 * the executable EXE.  Returns false when there is no Kth warning.
 */
bool mismatch_message(const struct mismatch *m, size_t k, const struct gmon *g,
		      const char *exe, struct gp_err *msg);

#endif
