/*
 * linepos.c - source positions of many addresses in one pass (see
 * linepos.h).
 */
#include "linepos.h"

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"

struct linepos_row {
	uint64_t addr;
	const char *file; /* NULL: no file */
	int line;
	bool end;
	size_t seq; /* reading order, for ties */
};

static int
row_cmp(const void *a, const void *b)
{
	const struct linepos_row *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* One row per address: the last that does not end a sequence. */
static size_t
clean(struct linepos_row *v, size_t n)
{
	size_t out = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i, keep = i;
		bool any = false;

		for (; j < n && v[j].addr == v[i].addr; j++)
			if (!v[j].end) {
				keep = j;
				any = true;
			}
		v[out] = v[keep];
		v[out].end = !any;
		out++;
		i = j;
	}
	return out;
}

void
linepos_load(struct linepos *lp, struct exe *x)
{
	Dwarf *dw = srcline_dwarf(x);
	Dwarf_Die cu;
	uint64_t off = 0;
	size_t cap = 0, tcap = 0;

	memset(lp, 0, sizeof(*lp));
	if (dw == NULL)
		return;
	while (srcline_next_unit(x, dw, &off, &cu)) {
		struct dwline_table t;

		if (srcline_line_table(x, &cu, &t) != 0) {
			dwline_free(&t);
			continue;
		}
		if (lp->ntables == tcap) {
			tcap = tcap ? 2 * tcap : 16;
			lp->tables = xreallocarray(lp->tables, tcap,
						   sizeof(*lp->tables));
		}
		lp->tables[lp->ntables++] = t;
		for (size_t i = 0; i < t.nrows; i++) {
			const struct dwline_row *r = &t.rows[i];

			if (lp->nrows == cap) {
				cap = cap ? 2 * cap : 256;
				lp->rows = xreallocarray(lp->rows, cap,
							 sizeof(*lp->rows));
			}
			lp->rows[lp->nrows] =
			    (struct linepos_row){ r->addr, dwline_file(&t, r),
						  r->line, r->end, lp->nrows };
			lp->nrows++;
		}
	}
	srcline_warn_pending(x);
	if (lp->nrows > 1)
		qsort(lp->rows, lp->nrows, sizeof(*lp->rows), row_cmp);
	lp->nrows = clean(lp->rows, lp->nrows);
}

int
linepos_find(const struct linepos *lp, uint64_t addr, const char **file,
	     int *line)
{
	size_t lo = 0, hi = lp->nrows;
	const struct linepos_row *r;

	/* The first row above ADDR; the one before it holds ADDR. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lp->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	r = &lp->rows[lo - 1];
	if (r->end || r->line == 0 || r->file == NULL)
		return -1;
	*file = r->file;
	*line = r->line;
	return 0;
}

void
linepos_free(struct linepos *lp)
{
	for (size_t i = 0; i < lp->ntables; i++)
		dwline_free(&lp->tables[i]);
	free(lp->tables);
	free(lp->rows);
	memset(lp, 0, sizeof(*lp));
}
