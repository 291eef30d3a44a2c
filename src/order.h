/*
 * order.h - -r/--function-ordering: a suggested link order of the
 * functions, so that functions which call each other often share pages
 * and cache lines.
 *
 * The order is GNU gprof 2.40's, rule for rule (found by experiment,
 * see docs/ARCHITECTURE.md): a few functions called from many places
 * first, then chains of callers and callees grown from the busiest arcs,
 * then the remaining used functions and finally the unused ones, each
 * group in address order.  GNU's quirks are kept, because scripts feed
 * this list to linkers and compare it with GNU's: the last of the
 * "many callers" functions is never printed, an unused caller of one of
 * them can be printed twice, and counts of exactly five callers stop
 * the search for such functions.
 */
#ifndef GPROF_ORDER_H
#define GPROF_ORDER_H

#include <stdbool.h>
#include <stdio.h>

#include "linkmap.h"
#include "model.h"
#include "select.h"

/*
 * Print every function of R's symbol table, one raw (mangled) name per
 * line, in the suggested order.  R's call graph must be assembled
 * (cg_assemble), so that ncalls leaves self-calls out.  GRAPH_PRINTED
 * says the call graph report came first; GNU's printer reorders the
 * arc lists this order walks, so the result depends on it.  SEL's arc
 * specs (or NULL) add GNU's count-0 arcs between copies of the
 * functions they match, which can put those names in the list twice.
 * A function with UNLISTED[i] set (UNLISTED may be NULL) takes part but
 * is not printed.  O(arcs log arcs + functions).
 */
void order_functions(FILE *out, const struct model *m, bool graph_printed,
		     const struct selection *sel, const bool *unlisted);

/*
 * -R: print the object files of MAP in a suggested link order, one per
 * line: the files of functions joined by busy arcs (taken in profile
 * order, GNU's way for -R; an arc counts only when both ends are named
 * after files), then the files of the other named functions in address
 * order, then the map's files that name no function, once each, in
 * name order.  The symbol table must have been built with MAP
 * (symtab_opts.map).
 */
void order_files(FILE *out, const struct model *m, const struct linkmap *map,
		 const struct selection *sel);

#endif
