/*
 * fuzz_dwline.c - libFuzzer target for the DWARF line-table reader.
 *
 * Byte 0 picks the byte order (bit 0), whether the unit has a
 * compilation directory (bit 1) and the offset to start reading at
 * (bits 2-7).  The rest is .debug_line; it also serves as
 * .debug_line_str and .debug_str, so string offsets can land.  When
 * rows come back they must be sorted, name files in the table, and be
 * found again by address; dwline_lookup() must answer every row's
 * address and the one after it as dwline_find() does, and fail alike.
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

static int
addr_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* dwline_lookup() on T's own addresses (and the next ones) agrees. */
static void
same_lookup(const struct dwline_sections *s, uint8_t b0,
	    const struct dwline_table *t, unsigned kind)
{
	size_t n = 2 * t->nrows, nrows;
	uint64_t *q = calloc(n + 1, sizeof(*q));
	struct dwline_answer *ans = calloc(n + 1, sizeof(*ans));
	struct dwline_table t2;
	struct gp_err err = { { 0 } };
	unsigned kind2;

	if (q == NULL || ans == NULL)
		abort();
	for (size_t i = 0; i < t->nrows; i++) {
		q[2 * i] = t->rows[i].addr;
		q[2 * i + 1] = t->rows[i].addr + 1;
	}
	qsort(q, n, sizeof(*q), addr_cmp);
	dwline_lookup(s, b0 >> 2, (b0 & 2) ? "/comp/dir" : NULL, q, n, ans, &t2,
		      &nrows, &kind2, &err);
	if (kind2 != kind || nrows != t->nrows || t2.nfiles != t->nfiles)
		abort();
	for (size_t i = 0; i < n; i++) {
		const struct dwline_row *r = dwline_find(t, q[i]);

		if (ans[i].file != (r ? r->file : DWLINE_NOFILE) ||
		    ans[i].line != (r ? r->line : 0))
			abort();
	}
	dwline_free(&t2);
	free(q);
	free(ans);
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
	same_lookup(&s, data[0], &t, kind);
	dwline_free(&t);
	return 0;
}
