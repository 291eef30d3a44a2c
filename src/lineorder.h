/*
 * lineorder.h - the rows of many units' line tables in one address
 * order, as GNU's line-symbol table takes them (linesyms.c).
 *
 * The order is by address, then unit, then end-of-sequence rows first,
 * then program order: what each unit's sorted table (dwline_read),
 * concatenated in unit order and sorted by address, gives.  The rows
 * come in program order, unit after unit, cut into stretches whose
 * addresses never go down (every sequence a compiler writes is one), so
 * only the stretches need sorting, and only stretches that overlap need
 * their rows merged.
 */
#ifndef GPROF_LINEORDER_H
#define GPROF_LINEORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct line_row {
	uint64_t addr;
	const char *file; /* borrowed */
	int line;
	bool end; /* end of a sequence: no line from here */
};

/* ROWS[start .. start + n) of unit UNIT (units numbered in order). */
struct line_stretch {
	size_t start, n;
	uint32_t unit;
};

/*
 * The rows ROWS[0..NROWS), cut into the stretches S[0..NS) (in order,
 * covering ROWS exactly; within one, addresses never go down and a row
 * that ends a sequence has an address above the others'), in the
 * order above with one row per address: the last one there that does
 * not end a sequence, or the first when every one there does.  *OUT is
 * ROWS itself (rewritten in place) when the stretches come in order,
 * else a new array the caller frees (ROWS is left as it was).  Returns
 * the number of rows in *OUT.
 */
size_t lineorder_rows(struct line_row *rows, size_t nrows,
		      const struct line_stretch *s, size_t ns,
		      struct line_row **out);

#endif
