/*
 * linkmap.h - the map file of -R/--file-ordering: which object file
 * defines which function, in the format of `nm --print-file-name`:
 *
 *	dir/file.o:0000000000000040 T function
 *
 * A line is FILE, a colon, and text whose last space-separated word is
 * the function; the address and type letter are not used.  Lines
 * beginning "No symbols in " are skipped, and so are blank lines after
 * an entry (not before the first).  An entry is "first" when its file
 * differs from the file of the entry before it: GNU gprof names only a
 * file's first function after the file and drops the others, so a file
 * listed in several runs stands for several places in the order.
 */
#ifndef GPROF_LINKMAP_H
#define GPROF_LINKMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct linkmap_entry {
	const char *file; /* points into the map's text */
	const char *func;
	bool first;
};

struct linkmap {
	struct linkmap_entry *e; /* owned; sorted by function name (stable) */
	size_t n;
	char *text; /* owned: the file's bytes, cut into strings */
};

/*
 * Read the map at PATH into M.  Fails with a message naming the line for
 * an unreadable file, a line that does not start with a file name and a
 * colon, or an entry without a function name.  An empty file gives an
 * empty map.
 */
int linkmap_read(struct linkmap *m, const char *path, struct gp_err *err);
/*
 * The same from TEXT, N bytes followed by a NUL (TEXT[N] == 0), which M
 * takes over (also on failure); PATH only names it in messages.
 */
int linkmap_parse(struct linkmap *m, char *text, size_t n, const char *path,
		  struct gp_err *err);
void linkmap_free(struct linkmap *m);

/*
 * The entry for the function NAME, or NULL.  With several entries of one
 * name, the one glibc's bsearch() lands on, as GNU gprof's.  O(log n).
 */
const struct linkmap_entry *linkmap_find(const struct linkmap *m,
					 const char *name);

#endif
