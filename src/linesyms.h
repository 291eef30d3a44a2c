/*
 * linesyms.h - where GNU gprof's line mode starts a new "line symbol".
 *
 * GNU gprof -l (and -s, which turns line mode on) walks every address
 * of .text and starts a symbol wherever the source position it looks up
 * changes: the file, the line, or the innermost function (inlined ones
 * included) that holds the address.  Addresses it cannot place (no line
 * information, a line-0 row, or no enclosing function) extend the
 * symbol before them.  Functions whose DW_AT_ranges is a rnglistx index
 * (clang's DWARF 5) enclose nothing, as in BFD 2.40 (found by comparing
 * gmon.sum and -r -s output on clang programs).
 */
#ifndef GPROF_LINESYMS_H
#define GPROF_LINESYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dwline.h"
#include "exe.h"

/*
 * The start addresses of the line symbols of X, ascending.  Sets *ADDRS
 * (owned by the caller) and returns how many; 0 without DWARF.  *NAMES
 * (owned by the caller) gets each symbol's function name, borrowed from
 * X (valid until exe_close).
 */
size_t linesyms_starts(struct exe *x, uint64_t **addrs, const char ***names);

/*
 * The line symbols of X with their source positions (what -l names them
 * after): per symbol its start, its function's name (borrowed from X),
 * and the file (as DWARF names it, see dwline.h) and line of its first
 * address.  The file names belong to the struct; linesyms_free()
 * releases it all.
 */
struct linesyms {
	uint64_t *addrs;
	const char **names;
	const char **files;
	int *lines;
	size_t n;
	struct dwline_table *tables; /* own the file names */
	size_t ntables;
	/* The positions of the query addresses (see linesyms_build). */
	const char **qfiles; /* per query: file, NULL when none */
	int *qlines;
};

/*
 * Fill LS for X; also place each of the NQ ascending addresses Q (the
 * functions' entries) in the same line rows, as srcline_find() would:
 * the last row at or below it, none for an end of sequence or line 0.
 */
void linesyms_build(struct exe *x, struct linesyms *ls, const uint64_t *q,
		    size_t nq);
void linesyms_free(struct linesyms *ls);

/*
 * Append to RANGES (of struct die_range, dieranges.h) the function and
 * inlined-subroutine ranges of the unit CU_DIE (a Dwarf_Die * of X's
 * srcline_dwarf()), as linesyms_build() reads each unit: by dieranges.c
 * unless LIBDW or it gives up on the unit, else by the walk with libdw,
 * which notes what it finds damaged (srcline_note).  Returns whether
 * dieranges.c read it (for fuzz_dieranges, which compares the two).
 */
bool linesyms_unit_ranges(struct exe *x, void *cu_die, bool libdw,
			  struct gp_vec *ranges);

#endif
