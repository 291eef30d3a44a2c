/*
 * srcpath.h - where annotated source (-A) finds a source file: the
 * name DWARF gives it, then the -I directories, then those of the
 * GPROF_PATH environment variable.
 *
 * GNU gprof 2.40's order, found by experiment: NAME as it is (relative
 * names from the current directory), then DIR/NAME for every directory
 * in order, then DIR/BASE (NAME's last component) for every directory.
 * -I arguments come before GPROF_PATH, each is a ':'-separated list, and
 * empty elements are skipped; the current directory is not searched
 * unless a list names it.
 */
#ifndef GPROF_SRCPATH_H
#define GPROF_SRCPATH_H

#include <stddef.h>

#include "diag.h"
#include "srcfile.h"

struct srcpath {
	char **dirs; /* owned */
	size_t n;
};

/*
 * Make SP from the N -I arguments DIRS (in order) and ENV (GPROF_PATH's
 * value, or NULL).  srcpath_free() releases it.
 */
void srcpath_init(struct srcpath *sp, const char *const *dirs, size_t n,
		  const char *env);

/*
 * Find NAME along SP and read it into SF.  Returns 0, or -1 with a
 * message in ERR: "cannot find NAME", with the reason when some
 * candidate existed but could not be read (a directory, no permission,
 * an -I entry that is a file).
 */
int srcpath_load(const struct srcpath *sp, const char *name, struct srcfile *sf,
		 struct gp_err *err);

void srcpath_free(struct srcpath *sp);

#endif
