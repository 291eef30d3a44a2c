/*
 * lineorder.c - line rows in one address order (see lineorder.h).
 */
#include "lineorder.h"

#include <stdlib.h>

#include "diag.h"

/* A row's place in the table's order: POS is its index in ROWS[]. */
struct row_key {
	uint64_t addr;
	uint32_t unit;
	bool end;
	size_t pos;
};

static struct row_key
key_of(const struct line_row *rows, size_t pos, uint32_t unit)
{
	return (struct row_key){ rows[pos].addr, unit, rows[pos].end, pos };
}

static int
key_cmp(const struct row_key *x, const struct row_key *y)
{
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->unit != y->unit)
		return x->unit < y->unit ? -1 : 1;
	if (x->end != y->end)
		return x->end ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int
key_qcmp(const void *a, const void *b)
{
	return key_cmp(a, b);
}

/* A stretch by its first row's key; WHICH is its index. */
struct stretch_first {
	struct row_key k;
	size_t which;
};

static int
stretch_cmp(const void *a, const void *b)
{
	const struct stretch_first *x = a, *y = b;

	return key_cmp(&x->k, &y->k);
}

/*
 * Append R to the cleaned rows V[0..*N): one row per address, the last
 * one there that starts or continues a sequence, or the first end
 * marker when every row there ends one.
 */
static void
put_row(struct line_row *v, size_t *n, const struct line_row *r)
{
	if (*n > 0 && v[*n - 1].addr == r->addr) {
		if (!r->end)
			v[*n - 1] = *r;
		return;
	}
	v[(*n)++] = *r;
}

/* The key of the last row of stretch T. */
static struct row_key
last_key(const struct line_row *rows, const struct line_stretch *t)
{
	return key_of(rows, t->start + t->n - 1, t->unit);
}

size_t
lineorder_rows(struct line_row *rows, size_t nrows,
	       const struct line_stretch *s, size_t ns, struct line_row **out)
{
	struct stretch_first *first;
	struct line_row *v;
	size_t n = 0;
	bool in_order = true;

	for (size_t i = 1; i < ns && in_order; i++) {
		struct row_key last = last_key(rows, &s[i - 1]),
			       k = key_of(rows, s[i].start, s[i].unit);

		in_order = key_cmp(&last, &k) < 0;
	}
	if (in_order) {
		for (size_t i = 0; i < nrows; i++)
			put_row(rows, &n, &rows[i]);
		*out = rows;
		return n;
	}
	first = xreallocarray(NULL, ns, sizeof(*first));
	for (size_t i = 0; i < ns; i++)
		first[i] =
		    (struct stretch_first){ key_of(rows, s[i].start, s[i].unit),
					    i };
	qsort(first, ns, sizeof(*first), stretch_cmp);
	v = xreallocarray(NULL, nrows ? nrows : 1, sizeof(*v));
	for (size_t i = 0; i < ns;) {
		/* Stretches I..J overlap (each starts before the last row of
		 * those before it); M rows in all. */
		const struct line_stretch *t = &s[first[i].which];
		struct row_key last = last_key(rows, t);
		size_t j = i + 1, m = t->n;

		for (; j < ns && key_cmp(&last, &first[j].k) > 0; j++) {
			struct row_key k;

			t = &s[first[j].which];
			k = last_key(rows, t);
			if (key_cmp(&k, &last) > 0)
				last = k;
			m += t->n;
		}
		if (j == i + 1) {
			t = &s[first[i].which];
			for (size_t r = 0; r < t->n; r++)
				put_row(v, &n, &rows[t->start + r]);
		} else { /* rare: sort their rows */
			struct row_key *all =
			    xreallocarray(NULL, m, sizeof(*all));
			size_t a = 0;

			for (size_t q = i; q < j; q++) {
				t = &s[first[q].which];
				for (size_t r = 0; r < t->n; r++)
					all[a++] =
					    key_of(rows, t->start + r, t->unit);
			}
			qsort(all, m, sizeof(*all), key_qcmp);
			for (size_t r = 0; r < m; r++)
				put_row(v, &n, &rows[all[r].pos]);
			free(all);
		}
		i = j;
	}
	free(first);
	*out = v;
	return n;
}
