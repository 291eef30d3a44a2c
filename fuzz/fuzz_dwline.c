/*
 * fuzz_dwline.c - libFuzzer target for the DWARF line-table reader.
 *
 * Byte 0 picks the byte order (bit 0), whether the unit has a
 * compilation directory (bit 1) and the offset to start reading at
 * (bits 2-7).  The rest is .debug_line; it also serves as
 * .debug_line_str and .debug_str, so string offsets can land.  When
 * rows come back they must be sorted, name files in the table, and be
 * found again by address.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dwline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(const struct dwline_table *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		const struct dwline_row *r = &t->rows[i], *f;

		if (i > 0 && t->rows[i - 1].addr > r->addr)
			abort(); /* not sorted */
		if (r->file != DWLINE_NOFILE && r->file >= t->nfiles)
			abort();
		f = dwline_find(t, r->addr);
		if (f != NULL && (f->addr != r->addr || f->end || f->line == 0))
			abort();
		if (f != NULL && dwline_file(t, f) != NULL)
			(void)strlen(dwline_file(t, f));
	}
	for (size_t i = 0; i < t->nfiles; i++)
		if (t->files[i] != NULL)
			(void)strlen(t->files[i]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dwline_sections s;
	struct dwline_table t;
	struct gp_err err = { { 0 } };
	unsigned kind;

	if (size < 1)
		return 0;
	memset(&s, 0, sizeof(s));
	s.line = data + 1;
	s.nline = size - 1;
	s.line_str = s.str = s.line;
	s.nline_str = s.nstr = s.nline;
	s.big_endian = data[0] & 1;
	dwline_read(&s, data[0] >> 2, (data[0] & 2) ? "/comp/dir" : NULL, &t,
		    &kind, &err);
	check(&t);
	dwline_free(&t);
	return 0;
}
