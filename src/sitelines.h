/*
 * sitelines.h - source lines of many code addresses at once (the call
 * sites that gmon.out's arcs record), in one pass over the DWARF units.
 *
 * srcline_find() answers any address, but one that is not a symbol's
 * costs a read of its unit's whole line table; a profile has hundreds of
 * thousands of call sites.  Here the addresses are sorted and each
 * unit's line table is read at most once, for all of its addresses.
 */
#ifndef GPROF_SITELINES_H
#define GPROF_SITELINES_H

#include <stddef.h>
#include <stdint.h>

#include "exe.h"

/* One query: ADDR in; FILE (NULL: no line) and LINE out. */
struct siteline {
	uint64_t addr;
	const char *file; /* owned by the struct sitelines */
	int line;
};

struct sitelines {
	char **names; /* owned file names, one per (unit, file entry) used */
	size_t nnames, cap;
};

/*
 * Answer the N queries of Q, sorted by address (duplicates allowed),
 * from X's DWARF line tables (no answers without DWARF).  The file
 * names live in S until sitelines_free(S).  S must start zeroed.
 */
void sitelines_find(struct exe *x, struct siteline *q, size_t n,
		    struct sitelines *s);
void sitelines_free(struct sitelines *s);

#endif
