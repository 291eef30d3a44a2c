/*
 * dieranges.h - the address ranges of every function (subprogram) and
 * inlined subroutine of a DWARF unit, read straight from .debug_info
 * and .debug_abbrev in one pass: what linesyms.c's walk with libdw
 * finds, at a fraction of its cost.
 *
 * It reads only what it fully understands: compile and partial units
 * of DWARF 2 to 5 with 4- or 8-byte addresses, the standard forms,
 * sibling links that agree with the entries' nesting, names by
 * DW_FORM_string, strp, line_strp and strx, references inside the unit,
 * DW_AT_ranges in .debug_ranges or .debug_rnglists.  Anything else, and
 * any damage (a read past a section's end, an unknown abbreviation), makes
 * it give up on the whole unit, so that the caller reads that one with
 * libdw, whose findings and messages are the reference; so does what
 * libdw reads its own way (a children flag other than 0 and 1, a LEB128
 * number longer than ten bytes: found by fuzz_dieranges, which compares
 * the two on every unit this reader takes).  Every read is
 * bounded; nothing recurses; a name's chain of DW_AT_abstract_origin
 * and DW_AT_specification links is followed 16 entries deep at most,
 * as libdw's dwarf_attr_integrate() does.
 */
#ifndef GPROF_DIERANGES_H
#define GPROF_DIERANGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* The sections read (NULL and 0 when absent). */
struct dieranges_secs {
	const unsigned char *info, *abbrev, *str, *line_str, *str_offsets,
	    *addr, *ranges, *rnglists;
	size_t ninfo, nabbrev, nstr, nline_str, nstr_offsets, naddr, nranges,
	    nrnglists;
	bool big_endian;
};

/* One range of one entry, as dwarf_ranges() gives it (HI > LO). */
struct die_range {
	uint64_t lo, hi;
	const char *name; /* NULL when the entry has none */
	bool linkage;     /* NAME is a linkage (mangled) name, or the unit's
			     language does not mangle (see linesyms.c) */
	size_t order;     /* OUT->n when it was added: later entries win ties */
};

/* Append [LO, HI) to OUT (of struct die_range), numbered in order;
 * nothing when HI <= LO (an empty range names no code). */
void die_range_push(struct gp_vec *out, uint64_t lo, uint64_t hi,
		    const char *name, bool linkage);

/*
 * Append to OUT (of struct die_range) the ranges of every
 * DW_TAG_subprogram and DW_TAG_inlined_subroutine of the unit whose
 * header starts at offset UNIT of S->info, in entry order, each entry's
 * in its list's order; a DW_AT_ranges of form DW_FORM_rnglistx gives
 * none (as BFD 2.40 does).  PLAIN says the language's names are linkage
 * names.  Returns 0, or -1 with OUT as it was when the unit holds
 * something this reader leaves to libdw (see above).
 */
int dieranges_unit(const struct dieranges_secs *s, uint64_t unit,
		   bool (*plain)(int lang), struct gp_vec *out);

#endif
