/*
 * argfile.h - expand "@FILE" arguments (response files).
 */
#ifndef GPROF_ARGFILE_H
#define GPROF_ARGFILE_H

#include <stddef.h>

#include "diag.h"

/* The expanded argument vector and the memory behind it. */
struct argfile {
	char **argv; /* NULL-terminated; owned */
	int argc;
	char **texts; /* owned: the files' text, which the words point into */
	size_t ntexts;
};

/*
 * Copy ARGV (ARGC entries, the program name first) into AF, replacing
 * each "@FILE" argument after the first by the words FILE holds, again
 * for "@FILE" words inside it.  Blanks separate words, '...' and "..."
 * group, a backslash takes the next character literally; an empty file
 * adds no word, and a FILE that cannot be read stays as it is (GNU's
 * rule).  Time and memory are linear in the size of the files.  Returns
 * 0, or -1 with a message in ERR after 256 files (a file naming itself).
 * AF must be released with argfile_free() either way.
 */
int argfile_expand(struct argfile *af, int argc, char **argv,
		   struct gp_err *err);
void argfile_free(struct argfile *af);

#endif
