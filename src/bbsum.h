/*
 * bbsum.h - the basic-block counts as GNU gprof keeps them for gmon.sum.
 *
 * GNU gprof files each count under the symbol holding its address (with
 * -s, the line-mode table: functions and line symbols) in at most
 * BBSUM_SLOTS slots per symbol.  A count for an address a slot already
 * holds is added to it; a new address takes the next free slot; one that
 * finds no symbol or no free slot is dropped.  gmon.sum lists the slots
 * symbol by symbol (in address order), each symbol's in the order its
 * addresses first came.  Found by experiment with gprof 2.40.
 */
#ifndef GPROF_BBSUM_H
#define GPROF_BBSUM_H

#include <stddef.h>

#include "gmon.h"
#include "symtab.h"

#define BBSUM_SLOTS 10

/*
 * Merge the N counts V (in the order they were read) as GNU does against
 * ST; *OUT gets the pairs gmon.sum holds (owned by the caller, NULL when
 * there are none).  Returns their number.  Never fails; O(n log n).
 */
size_t bbsum_merge(const struct gmon_bb *v, size_t n, const struct symtab *st,
		   struct gmon_bb **out);

#endif
