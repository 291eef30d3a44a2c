/*
 * nmfile.h - -S: functions from an external symbol table in nm's
 * format ("address type name" per line, such as /proc/kallsyms), used
 * instead of the executable's own.
 */
#ifndef GPROF_NMFILE_H
#define GPROF_NMFILE_H

#include "diag.h"
#include "symtab.h"

/*
 * Read PATH: every line "ADDRESS T NAME" or "ADDRESS t NAME" becomes a
 * function (global for T, static for t); other types and lines that are
 * not "address type name" are skipped.  TEXT_HI ends the last function.  The
 * names live in *NAMES (owned by the caller, free() it after ST).
 * Fails when PATH cannot be read or has no T or t line (as GNU does).
 */
int nmfile_read(struct symtab *st, const char *path, uint64_t text_hi,
		char **names, struct gp_err *err);

#endif
