/*
 * srcline.h - source positions from an executable's DWARF (the DWARF
 * half of struct exe; exe.h is the ELF half).
 *
 * Thread contract: srcline_prefetch_start() may run the one pass over
 * the compilation units on a second thread.  Every other function here
 * (and exe_code_at, exe_close) waits for that thread before it touches
 * the ELF or DWARF data, so no caller can race it, whatever the order
 * of calls.
 */
#ifndef GPROF_SRCLINE_H
#define GPROF_SRCLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "dwline.h"
#include "exe.h"

/*
 * Start the one pass over the compilation units that srcline_find() needs
 * on a second thread, so that it overlaps reading the profile and the
 * analysis.  srcline_find() and exe_close() wait for it.  Until then the
 * caller must not touch X's ELF or DWARF data in any other way (no -c
 * scan, no line symbols, no srcline_dwarf()).  Does nothing when the pass
 * was made already or no thread can be started (srcline_find() then makes
 * it itself).
 */
void srcline_prefetch_start(struct exe *x, bool static_only);

/*
 * STATIC_ONLY above makes the pass look up local functions only (symbol
 * letter 't'): the text reports print a file for static functions only
 * (the index's "(file.c)"), and units without one are then not read.
 * The caller then asks about no other function: the plan (plan.h) asks
 * for it only when nothing will.  A pass made on demand, without a
 * thread, covers every function.
 */

/*
 * Make X answer no source positions at all (srcline_find() fails, no DWARF
 * is opened): functions read from an nm file (-S) have none, as in GNU.
 */
void srcline_none(struct exe *x);

/*
 * Source position of ADDR from the DWARF line table: sets *FILE (the
 * path as GNU gprof shows it, see dwline.h; owned by X) and *LINE and
 * returns 0, or returns -1 when there is no line information for ADDR
 * (none, or line 0).  Prints the warnings noted so far.  The first call looks up
 * every code symbol's address in one pass over the compilation units,
 * freeing libdw's tables every few units so memory stays small; later
 * calls for those addresses are a binary search.
 */
int srcline_find(struct exe *x, uint64_t addr, const char **file, int *line);

/*
 * srcline_find() for addresses asked in ascending order: *CURSOR (0
 * before the first) keeps the place of the last one, so each answer
 * costs a step or two instead of a binary search.
 */
int srcline_find_next(struct exe *x, uint64_t addr, size_t *cursor,
		      const char **file, int *line);

/*
 * Read the line table of unit CU_DIE (Dwarf_Die *) into T (see
 * dwline.h), its file names complete as GNU gprof shows them.  Returns 0,
 * or -1 when the unit has none or it cannot be read (T is then empty).
 * Damage is noted for a warning (see srcline_warn_pending); what was read
 * soundly before it is kept and 0 returned.  The caller frees T with
 * dwline_free().
 */
int srcline_line_table(struct exe *x, void *cu_die, struct dwline_table *t);

/* srcline_line_table() with the rows in program order (see
 * dwline_read_program). */
int srcline_line_program(struct exe *x, void *cu_die, struct dwline_table *t);

/*
 * Step to the next compilation unit of DW (Dwarf *) after offset *OFF
 * (start with 0): sets *CU_DIE (Dwarf_Die *), advances *OFF and returns
 * 1, or returns 0 after the last unit.  A unit whose first entry cannot
 * be read is noted and skipped; a bad unit header is noted and ends the
 * walk (libdw cannot find the units after it).
 */
int srcline_next_unit(struct exe *x, void *dw, uint64_t *off, void *cu_die);

/*
 * Note a problem with X's debugging information, to be printed once
 * (by srcline_warn_pending) as "gprof: FILE: SECTION: MSG": later notes of
 * the same KIND (a bit) are dropped.
 */
void srcline_note(struct exe *x, unsigned kind, const char *section,
		  const char *fmt, ...) GP_PRINTF(4, 5);

/*
 * The bytes of section WANT of ELF (a libelf Elf), decompressed in place
 * when compressed; NULL (and *N 0) when absent, empty or unreadable.
 * They stay valid while ELF is open.
 */
struct Elf;
const unsigned char *srcline_section(struct Elf *elf, const char *want,
				     size_t *n);

/* Kinds of damage outside the line tables (those are DWLINE_BAD_*). */
enum {
	EXE_BAD_UNIT = 1u << 8,    /* a .debug_info unit header */
	EXE_BAD_DIE = 1u << 9,     /* a DIE libdw cannot read */
	EXE_BAD_RANGES = 1u << 10, /* a unit's or function's address ranges */
	EXE_BAD_DWARF = 1u << 11,  /* the DWARF sections as a whole */
	/* A .debug_* section's header (srcline.c's check_sections): */
	EXE_BAD_NOBITS = 1u << 12,     /* of type NOBITS */
	EXE_BAD_EXTENT = 1u << 13,     /* past the end of the file */
	EXE_BAD_COMPRESSED = 1u << 14, /* compressed, not decompressing */
};

/* Print the warnings noted so far (main thread only). */
void srcline_warn_pending(struct exe *x);

/* The libdw handle (Dwarf *) of X, opened on first use; NULL if none. */
void *srcline_dwarf(struct exe *x);

/* Wait for the background pass, if one runs. */
void srcline_wait(struct exe *x);

/* Free X's DWARF state (exe_close calls it), after waiting. */
void srcline_close(struct exe *x);

#endif
