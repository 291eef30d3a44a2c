/*
 * symspec.h - symbol specifications (GNU gprof manual, "Symspecs"), the
 * arguments of -p/-P/-q/-Q/-C/-Z/-e/-E/-f/-F/-n/-N/-k:
 *
 *   funcname      a function (the symbol's name as in the symbol table)
 *   file.c        every function of a source file (a word with a dot)
 *   file.c:func   that function of that file
 *   file.c:12     the function whose first line is 12 in file.c
 *   12            the function(s) whose first line is 12, any file
 *   :name.x       a function whose name has a dot
 *   odd:          a file whose name has no dot
 *   from/to       (arc lists) the arcs from one spec to another
 *
 * Files match by base name; names match the raw (mangled) symbol name,
 * as GNU gprof 2.40 compares them.
 */
#ifndef GPROF_SYMSPEC_H
#define GPROF_SYMSPEC_H

#include <stdbool.h>

struct symspec {
	char *file; /* owned; NULL: any file */
	int line;   /* 0: any line */
	char *name; /* owned; NULL: any name */
	/* owned; "SPEC [libfoo.so]": only the functions of the shared
	 * object of that base name (objects.h); NULL: any object */
	char *obj;
};

/* Parse S (never fails: every string is some spec). */
void symspec_parse(const char *s, struct symspec *sp);
void symspec_free(struct symspec *sp);

/*
 * Whether SP matches a function NAME whose source file has base name
 * FILE (NULL if unknown) and whose first line is LINE (0 if unknown).
 */
bool symspec_match(const struct symspec *sp, const char *name, const char *file,
		   int line);

#endif
