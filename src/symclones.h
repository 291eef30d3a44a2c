/*
 * symclones.h - gcc's clones of functions, for our own views: which
 * symbols are clones (f.part.0, f.cold, ...), which function each was
 * split from, and a function table in which they count there.
 *
 * GNU's rules (symtab.h) make no function of most clone names (they are
 * not C-like), so their addresses belong to whatever function precedes
 * them in memory; GNU's reports, and ours, keep that.  This table is
 * for the views and --measured only (clonesan.c).
 */
#ifndef GPROF_SYMCLONES_H
#define GPROF_SYMCLONES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "symtab.h"

struct exe;

/*
 * gcc's clones of a function F: F.part.N (partial inlining's split-off
 * body), F.isra.N (scalar replacement of aggregates), F.constprop.N
 * (constant propagation), F.cold and F.cold.N (the cold blocks moved
 * out), F.clone.N (older versioning), F.localalias, F.simdclone.N and
 * F.artificial_thunk.N, nested in any order (F.constprop.0.isra.0,
 * F.isra.0.part.0, F.part.0.cold); each suffix's number may be absent.
 * The length of NAME's origin: NAME less every such suffix at its end
 * (strlen(NAME) when it has none, so NAME is no clone).  F.lto_priv.N is
 * not a clone but LTO's new name for a static F (another F may exist):
 * the origin of F.lto_priv.0.part.0 is F.lto_priv.0.  Never fails; the
 * origin is never empty.
 */
size_t symclones_origin(const char *name);

/*
 * A table for our own views (never GNU's reports) in which gcc's clones
 * are counted in the function they were split from: GNU's rules make
 * F.part.0 no function (the name is not C-like), so its addresses, its
 * samples and calls into it belong to whatever function precedes it.
 * Here each clone symbol of the executable is an entry of its own whose
 * ALIAS is its origin: the local function of that name in the clone's
 * compilation unit (STT_FILE group), else the global one; a clone whose
 * origin is no function of the table stands with the other clones of
 * that name in its unit for an origin of their own, the lowest-address
 * one renamed to the origin's name.  With -a (NO_STATIC) such a clone
 * stays GNU's.  Entries GNU keeps under a clone's name
 * (F.constprop.0, when its scan allows) are counted in F the same way.
 * The other local functions GNU's rules drop (main._omp_fn.0) are
 * entries too, so that no clone's range runs over them, counted where
 * GNU counts them: nothing but a clone's own addresses moves.
 */
struct symclones {
	struct symtab st; /* the table; st.alias is ORIGIN */
	uint32_t *origin; /* owned: per entry, the entry counted in */
	/* Entries of the executable; the shared objects' follow, as in
	 * the table split. */
	size_t nexe;
	char *names; /* owned: the origins' names no symbol has */
	/* Per entry, the symbols counted in it besides its own name:
	 * clones[clone_lo[i] .. clone_lo[i + 1]), in address order (a
	 * renamed origin's own symbol first).  Both owned; names borrowed
	 * from the executable. */
	uint32_t *clone_lo;
	const char **clones;
};

/*
 * Make SP from ST, GNU's table of X's functions (its first NEXE entries;
 * shared objects' functions after them are kept as they are), built
 * with NO_STATIC (-a) from X's symbols, with no -R map.  Returns false
 * (and SP empty) when X holds no clone, so that ST serves as it is.
 * SP borrows names from X and ST.  O(n log n).
 */
bool symclones_build(struct symclones *sp, const struct symtab *st, size_t nexe,
		     const struct exe *x, bool no_static);
void symclones_free(struct symclones *sp);

#endif
