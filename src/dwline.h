/*
 * dwline.h - DWARF line-number programs (.debug_line, versions 2 to 5),
 * read by us rather than libdw so that every row's source file is named
 * the way GNU gprof 2.40 (BFD) names it:
 *
 *  - a name that is not absolute is put under its directory entry, and
 *    when that is missing, empty or relative, under the unit's
 *    DW_AT_comp_dir as well ("/build/lib/./SAX2.c");
 *  - in a DWARF 5 table, rows before the first DW_LNS_set_file of their
 *    sequence (the file register still at its initial 1) are named after
 *    file entry 0, the unit's primary file; an explicit set_file 1 names
 *    entry 1.  (Found by comparing reports on gcc and clang programs.)
 */
#ifndef GPROF_DWLINE_H
#define GPROF_DWLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* The sections a line program refers to (all borrowed, may be empty). */
struct dwline_sections {
	const unsigned char *line; /* .debug_line */
	size_t nline;
	const unsigned char *line_str; /* .debug_line_str */
	size_t nline_str;
	const unsigned char *str; /* .debug_str */
	size_t nstr;
	bool big_endian;
};

#define DWLINE_NOFILE UINT32_MAX

struct dwline_row {
	uint64_t addr;
	uint32_t file; /* index into files[], or DWLINE_NOFILE */
	int line;
	uint32_t order; /* position in the program */
	bool end;       /* DW_LNE_end_sequence: no line from ADDR on */
};

struct dwline_table {
	int version;
	char **files; /* owned: each file entry's name as GNU shows it */
	size_t nfiles;
	struct dwline_row *rows; /* owned: rows of complete sequences */
	size_t nrows;
};

/* What went wrong, one bit per kind of problem (for warning once). */
enum {
	DWLINE_BAD_OFFSET = 1u << 0,  /* DW_AT_stmt_list past the section */
	DWLINE_BAD_HEADER = 1u << 1,  /* unit length, version, header fields */
	DWLINE_BAD_ENTRIES = 1u << 2, /* directory or file table */
	DWLINE_BAD_PROGRAM = 1u << 3, /* an opcode runs past the unit */
	DWLINE_BAD_FILE = 1u << 4,    /* a row's file number has no entry */
};

/*
 * Read the line program at offset OFF of S->line into T (which the
 * caller frees with dwline_free even on failure).  COMP_DIR is the
 * unit's DW_AT_comp_dir (NULL when absent).  Rows come sorted by
 * address; of rows at one address, end-of-sequence rows come first, the
 * rest in program order.  Returns 0, or -1 with a message in ERR and
 * the problem's kind in *KIND when part of the table is unsound: T then
 * holds what was read soundly (whole sequences before the damage).
 */
int dwline_read(const struct dwline_sections *s, uint64_t off,
		const char *comp_dir, struct dwline_table *t, unsigned *kind,
		struct gp_err *err);

/*
 * dwline_read() without the sort: the rows of complete sequences in the
 * order the program writes them (ORDER is each row's index), each
 * sequence ending with its end-of-sequence row.
 */
int dwline_read_program(const struct dwline_sections *s, uint64_t off,
			const char *comp_dir, struct dwline_table *t,
			unsigned *kind, struct gp_err *err);

void dwline_free(struct dwline_table *t);

/* One address's line: FILE indexes the table's files (DWLINE_NOFILE
 * when the address has no line, as dwline_find's NULL), LINE its line
 * (0 then). */
struct dwline_answer {
	uint32_t file;
	int line;
};

/*
 * What dwline_find() on the table dwline_read() reads at OFF would
 * answer for each of the N addresses ADDRS (ascending; repeats allowed),
 * into ANS[0 .. N), without keeping the table's rows: each row is
 * compared with the addresses it can answer as the program runs (a
 * unit's rows are ten to a hundred times its functions).  T gets the
 * file names and no rows; *NROWS is the number of rows dwline_read()
 * would have kept.  Fails as dwline_read() does, with its messages.
 */
int dwline_lookup(const struct dwline_sections *s, uint64_t off,
		  const char *comp_dir, const uint64_t *addrs, size_t n,
		  struct dwline_answer *ans, struct dwline_table *t,
		  size_t *nrows, unsigned *kind, struct gp_err *err);

/*
 * dwline_lookup() by the table: dwline_read(), then dwline_find() for
 * each address, the rows freed after (what dwline_lookup() does itself
 * for a unit whose sequence addresses go down, and srcline.c for every
 * unit under GPROF_DWARF=table, see dwarfmode.h).  The same contract
 * and the same answers.
 */
int dwline_lookup_table(const struct dwline_sections *s, uint64_t off,
			const char *comp_dir, const uint64_t *addrs, size_t n,
			struct dwline_answer *ans, struct dwline_table *t,
			size_t *nrows, unsigned *kind, struct gp_err *err);

/*
 * The row that gives ADDR its line: the last row at or below ADDR,
 * unless that row ends a sequence or has line 0 (which BFD takes as no
 * line: GNU prints "<unknown>:0" and no file then).  NULL when ADDR has
 * no line.
 */
const struct dwline_row *dwline_find(const struct dwline_table *t,
				     uint64_t addr);

/* The file name of ROW (borrowed from T), NULL when unknown. */
const char *dwline_file(const struct dwline_table *t,
			const struct dwline_row *row);

#endif
