/*
 * exe.h - what the analyser needs from an executable: its word size and
 * byte order, its symbols with their nm-style class, the extent of its
 * code, and source positions from DWARF.
 *
 * The ELF file is read through libelf (mmap); compilation units and
 * DIEs through libdw, line tables through dwline (see dwline.h), looked
 * up lazily.  Names point into libelf's copy of the string table and
 * live as long as the struct exe.  Damaged DWARF is not an error: it is
 * noted, printed once per kind of problem, and what is sound is used.
 */
#ifndef GPROF_EXE_H
#define GPROF_EXE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "dwline.h"

/* One symbol of the static symbol table (.symtab), index 0 excluded. */
struct exe_sym {
	const char *name;   /* borrowed from the string table */
	size_t name_room;   /* bytes from NAME to the end of the string table */
	uint64_t addr;      /* st_value */
	uint64_t size;      /* st_size */
	unsigned char bind; /* STB_* */
	unsigned char type; /* STT_* */
	/*
	 * nm-style class: 'T'/'t' code, 'W' weak (not object), 'V' weak
	 * object, 'D'/'d' other defined, 'U' undefined, 'A'/'a' absolute,
	 * 'C' common, 'i' ifunc, 'u' unique global, 'N' file/section
	 * (debugging), '?' unknown binding.
	 */
	char letter;
};

struct exe {
	const char *path; /* borrowed */
	int fd;
	void *elf;   /* Elf *, owned */
	void *dwarf; /* Dwarf *, owned, NULL when absent or not yet opened */
	bool dwarf_tried;
	int word; /* 4 or 8 */
	bool big_endian;
	unsigned machine; /* EM_* */
	bool text_found;
	uint64_t text_lo, text_hi; /* extent of .text, hi exclusive */
	uint64_t load_lo, load_hi; /* extent of the PT_LOAD segments */
	struct exe_sym *syms;      /* owned */
	size_t nsyms;
	struct exe_src *src; /* owned: source positions, by address */
	size_t nsrc;
	bool src_done;
	void *prefetch; /* owned pthread_t *: the background lookup, or NULL */
	struct dwline_sections dbg; /* borrowed from libelf's data */
	bool dbg_done;              /* DBG has been looked up */
	unsigned warned;            /* kinds of DWARF damage noted already */
	char **notes;               /* owned: warnings not printed yet */
	size_t nnotes;
	char **kept; /* owned: file names direct lookups returned */
	size_t nkept;
};

/* A source position found for a symbol address (file owned). */
struct exe_src {
	uint64_t addr;
	char *file; /* NULL when DWARF has no line for ADDR */
	int line;
};

/*
 * Open PATH and read its static symbol table.  Fails (returns -1 with a
 * message in ERR) when the file cannot be opened, is not ELF, or has no
 * symbol table.  On success the caller must exe_close() it.
 */
int exe_open(struct exe *x, const char *path, struct gp_err *err);
void exe_close(struct exe *x);

/*
 * Start the one pass over the compilation units that exe_source() needs
 * on a second thread, so that it overlaps reading the profile and the
 * analysis.  exe_source() and exe_close() wait for it.  Until then the
 * caller must not touch X's ELF or DWARF data in any other way (no -c
 * scan, no line symbols, no exe_dwarf()).  Does nothing when the pass
 * was made already or no thread can be started (exe_source() then makes
 * it itself).
 */
void exe_prefetch_start(struct exe *x);

/*
 * Make X answer no source positions at all (exe_source() fails, no DWARF
 * is opened): functions read from an nm file (-S) have none, as in GNU.
 */
void exe_no_sources(struct exe *x);

/*
 * Source position of ADDR from the DWARF line table: sets *FILE (the
 * path as GNU gprof shows it, see dwline.h; owned by X) and *LINE and
 * returns 0, or returns -1 when there is no line information for ADDR
 * (none, or line 0).  Prints the warnings noted so far.  The first call looks up
 * every code symbol's address in one pass over the compilation units,
 * freeing libdw's tables every few units so memory stays small; later
 * calls for those addresses are a binary search.
 */
int exe_source(struct exe *x, uint64_t addr, const char **file, int *line);

/*
 * Read the line table of unit CU_DIE (Dwarf_Die *) into T (see
 * dwline.h), its file names complete as GNU gprof shows them.  Returns 0,
 * or -1 when the unit has none or it cannot be read (T is then empty).
 * Damage is noted for a warning (see exe_warn_pending); what was read
 * soundly before it is kept and 0 returned.  The caller frees T with
 * dwline_free().
 */
int exe_line_table(struct exe *x, void *cu_die, struct dwline_table *t);

/*
 * Step to the next compilation unit of DW (Dwarf *) after offset *OFF
 * (start with 0): sets *CU_DIE (Dwarf_Die *), advances *OFF and returns
 * 1, or returns 0 after the last unit.  A unit whose first entry cannot
 * be read is noted and skipped; a bad unit header is noted and ends the
 * walk (libdw cannot find the units after it).
 */
int exe_next_unit(struct exe *x, void *dw, uint64_t *off, void *cu_die);

/*
 * Note a problem with X's debugging information, to be printed once
 * (by exe_warn_pending) as "gprof: FILE: SECTION: MSG": later notes of
 * the same KIND (a bit) are dropped.
 */
void exe_note(struct exe *x, unsigned kind, const char *section,
	      const char *fmt, ...) GP_PRINTF(4, 5);

/* Kinds of damage outside the line tables (those are DWLINE_BAD_*). */
enum {
	EXE_BAD_UNIT = 1u << 8,    /* a .debug_info unit header */
	EXE_BAD_DIE = 1u << 9,     /* a DIE libdw cannot read */
	EXE_BAD_RANGES = 1u << 10, /* a unit's or function's address ranges */
	EXE_BAD_DWARF = 1u << 11,  /* the DWARF sections as a whole */
};

/* Print the warnings noted so far (main thread only). */
void exe_warn_pending(struct exe *x);

/* The last component of PATH (PATH itself when it has no '/'). */
const char *exe_base_name(const char *path);

/* The libdw handle (Dwarf *) of X, opened on first use; NULL if none. */
void *exe_dwarf(struct exe *x);

/*
 * The bytes of the code section holding ADDR: sets *BASE (the address
 * of the first byte) and returns a pointer to them with *N set, or NULL.
 */
const unsigned char *exe_code_at(struct exe *x, uint64_t addr, uint64_t *base,
				 size_t *n);

#endif
