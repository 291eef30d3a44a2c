/*
 * annotate.h - annotated source (-A): each source file of the selected
 * functions, every line of it behind a 16-column field that shows how
 * often the functions starting on that line were called, then a table of
 * the busiest lines and a summary.  GNU gprof 2.40's layout and rules,
 * found by experiment:
 *
 * - A function belongs to the file and line of its entry address (what
 *   -C prints); its count is its calls from other functions.  Functions
 *   on one line add up.  -A SPEC / -J SPEC select functions (a match in
 *   -A's list wins over -J's; an -A list that matches nothing selects
 *   everything).  Basic-block counts are not used outside line mode.
 * - In GNU's line mode (-l, and -s, which turns it on) the symbols are
 *   the line-mode table's as -l's reports see them (A->lp): functions
 *   and line symbols, each with its calls on the arcs -k leaves and the
 *   basic-block counts its code holds (GNU's slots, bbsum.h), specs
 *   matched against the table (a line symbol by its own file and
 *   line).  Of several symbols on one line the
 *   first by address gives the line its kind and blocks, and the line
 *   counts as having address 0.  A line shows a function's calls, then
 *   its blocks' counts, comma-separated; with -x a line of code that
 *   starts inside a block (address 0 included) first repeats the last
 *   count seen, counts equal to the last one shown are dropped, and a
 *   line with nothing of its own shows the last count.  The last count
 *   carries on from line to line and file to file.  A line symbol with
 *   nothing to show is blank, yet counts as executable; "lines
 *   executed" are those that show something.
 * - A file is printed when the counts of its selected functions add up
 *   to more than zero (with -z: when it holds a selected function),
 *   files in the reverse of the order in which their
 *   functions first come in the symbol table (.symtab order).
 * - "*** File NAME:" (NAME as DWARF gives it, even when the file was
 *   found along -I or GPROF_PATH, see srcpath.h), then every line: a
 *   line holding functions gets "%12s -> " with their summed count, or
 *   "#####" when the sum is below -m (default 1), cut to 16 columns;
 *   other lines get 16 spaces.  The file's bytes are copied as they are
 *   (a last line without '\n' stays without).
 * - "Top N Lines" (-t N, none with -t 0): lines with a call count
 *   above zero (blocks not counted), by count, ties in line order,
 *   whether or not the file still reaches that line; then "Execution
 *   Summary": executable lines (lines printed that hold symbols), lines
 *   executed, the percentage (100 when there are none), the total call
 *   count and the average per executable line (0 when there are none).
 * - On standard output files are separated like reports ("\f\n" after
 *   another report, "\n\f\n" between files).  With -y each file goes to
 *   BASE-ann in the current directory instead (no "*** File" line),
 *   written whole and atomically (outfile.h), one after the other.
 * - A source file that cannot be found or read is skipped with a
 *   warning (GNU: the same, exit status 0).
 */
#ifndef GPROF_ANNOTATE_H
#define GPROF_ANNOTATE_H

#include <stdbool.h>
#include <stdio.h>

#include "annsyms.h"
#include "options.h"

/*
 * Print the annotated source of the selected symbols of SYMS (collected
 * by ann_syms_collect) to OUT (or with -y to BASE-ann files).  *FIRST
 * says whether nothing has been printed to OUT yet; it is cleared when
 * something is.  Returns 0, or -1 with a message in ERR when an -ann
 * file could not be written (the first such file's; the other files are
 * written anyway); missing sources are warnings.
 */
int annotate_print(FILE *out, const struct ann_syms *syms,
		   const struct options *o, bool *first, struct gp_err *err);

#endif
