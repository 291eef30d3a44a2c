/*
 * linepos.h - the source position of many code addresses at once, from
 * every unit's line table in one pass (for annotated source in line
 * mode, where each line symbol needs its file and line).
 *
 * The rule is the one line symbols are made by (linesyms.h): the last
 * row at or below an address, of several rows at one address the last
 * that does not end a sequence; an address whose row ends a sequence or
 * has line 0 has no position.
 */
#ifndef GPROF_LINEPOS_H
#define GPROF_LINEPOS_H

#include <stddef.h>
#include <stdint.h>

#include "exe.h"

struct linepos {
	struct linepos_row *rows; /* owned, by address */
	size_t nrows;
	struct dwline_table *tables; /* owned: the names rows borrow */
	size_t ntables;
};

/* Read every unit's line table of X into LP (empty without DWARF). */
void linepos_load(struct linepos *lp, struct exe *x);

/*
 * The position of ADDR: sets *FILE (borrowed from LP) and *LINE and
 * returns 0, or returns -1 when ADDR has none.  O(log n).
 */
int linepos_find(const struct linepos *lp, uint64_t addr, const char **file,
		 int *line);

void linepos_free(struct linepos *lp);

#endif
