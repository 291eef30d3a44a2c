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
	uint64_t exec_lo, exec_hi; /* of the non-empty executable ones */
	struct exe_sym *syms;      /* owned */
	size_t nsyms;
	struct exe_src *src; /* owned: source positions, by address */
	size_t nsrc;
	bool src_done;
	bool src_static_only; /* SRC holds local functions only (srcline.h) */
	void *prefetch; /* owned pthread_t *: the background lookup, or NULL */
	struct dwline_sections dbg; /* borrowed from libelf's data */
	bool dbg_done;              /* DBG has been looked up */
	unsigned warned;            /* kinds of DWARF damage noted already */
	char **notes;               /* owned: warnings not printed yet */
	size_t nnotes;
	char **kept; /* owned: the file names of source positions found */
	size_t nkept;
};

/* A source position found for a symbol address (file owned). */
struct exe_src {
	uint64_t addr;
	const char *file; /* in the exe's kept names; NULL when DWARF has no
			   * line for ADDR */
	int line;
};

/*
 * Open PATH and read its static symbol table.  Fails (returns -1 with a
 * message in ERR) when the file cannot be opened, is not ELF, or has no
 * symbol table.  On success the caller must exe_close() it.
 */
int exe_open(struct exe *x, const char *path, struct gp_err *err);
/* exe_open() for a shared object (objects.h): without a static symbol
 * table (stripped), the dynamic one (.dynsym) is read instead. */
int exe_open_object(struct exe *x, const char *path, struct gp_err *err);
void exe_close(struct exe *x);

/*
 * The bytes of the code section holding ADDR: sets *BASE (the address
 * of the first byte) and returns a pointer to them with *N set, or NULL.
 * Waits for the background DWARF pass (srcline.h) first.
 */
const unsigned char *exe_code_at(struct exe *x, uint64_t addr, uint64_t *base,
				 size_t *n);

#endif
