/*
 * srcfile.h - a source file in memory, split into lines (for annotated
 * source, -A).
 *
 * A file is read once, whole (at most what slurp_regular() allows), and
 * indexed by line: line K (1-based) is the bytes from the start of the
 * K-th line through its '\n', or through the end of the file for a
 * last line without one.  Nothing in the bytes is interpreted: NUL
 * bytes, '\r' (CRLF files) and very long lines are kept as they are, so
 * an annotated copy reproduces the file byte for byte.  An empty file
 * has no lines; "a\n" has one; "a\nb" has two.
 */
#ifndef GPROF_SRCFILE_H
#define GPROF_SRCFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

struct srcfile {
	char *data;     /* owned: the file's bytes (NUL after the last) */
	size_t size;    /* bytes in DATA */
	size_t *starts; /* owned: offset of each line's first byte */
	size_t nlines;
	bool has_nul; /* the bytes hold a NUL: not a text file? */
};

/*
 * Index the SIZE bytes at DATA into SF (which takes DATA, a buffer of
 * SIZE + 1 bytes or more, or NULL when SIZE is 0).  Never fails (the
 * index is checked allocation).  srcfile_free() releases SF.
 */
void srcfile_split(struct srcfile *sf, char *data, size_t size);

/*
 * Read the regular file PATH into SF, split.  Returns 0, or -1 with a
 * message in ERR (missing, not a regular file, unreadable, too big).
 */
int srcfile_load(struct srcfile *sf, const char *path, struct gp_err *err);

/*
 * Line K (1-based) of SF: sets *LEN (the '\n' included when the line has
 * one) and returns its first byte, or returns NULL when K is 0 or past
 * the last line.
 */
const char *srcfile_line(const struct srcfile *sf, size_t k, size_t *len);

void srcfile_free(struct srcfile *sf);

#endif
