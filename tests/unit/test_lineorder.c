/*
 * test_lineorder.c - lineorder_rows() against its definition, written
 * as plainly as possible: every row's key (address, unit, end rows
 * first, position) sorted, then one row kept per address.  Random
 * tables of several units whose stretches are in order, out of order,
 * touching at one address, overlapping and nested; plus the edge cases
 * (no rows, one row, all rows at one address).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lineorder.h"

struct ref_key {
	uint64_t addr;
	uint32_t unit;
	bool end;
	size_t pos;
};

static int
ref_cmp(const void *a, const void *b)
{
	const struct ref_key *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->unit != y->unit)
		return x->unit < y->unit ? -1 : 1;
	if (x->end != y->end)
		return x->end ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The definition: sort, then per address the last row that does not
 * end a sequence, else the first; returns how many in OUT. */
static size_t
reference(const struct line_row *rows, size_t nrows,
	  const struct line_stretch *s, size_t ns, struct line_row *out)
{
	struct ref_key *k = calloc(nrows + 1, sizeof(*k));
	size_t n = 0;

	for (size_t i = 0; i < ns; i++)
		for (size_t r = 0; r < s[i].n; r++) {
			size_t p = s[i].start + r;

			k[p] = (struct ref_key){ rows[p].addr, s[i].unit,
						 rows[p].end, p };
		}
	qsort(k, nrows, sizeof(*k), ref_cmp);
	for (size_t i = 0; i < nrows;) {
		size_t j = i, keep = i;
		bool any = false;

		for (; j < nrows && k[j].addr == k[i].addr; j++)
			if (!k[j].end) {
				keep = j;
				any = true;
			}
		out[n++] = rows[k[any ? keep : i].pos];
		i = j;
	}
	free(k);
	return n;
}

/*
 * A random table from SEED: units of sequences, each a stretch of rows
 * with addresses going up (sometimes staying), ending with an end row;
 * where a sequence starts is chosen so that some follow, some come
 * back, some touch the last one's end and some overlap.
 */
static size_t
random_table(uint64_t seed, struct line_row *rows, size_t cap,
	     struct line_stretch *s, size_t scap, size_t *ns)
{
	uint64_t st = seed * 0x9e3779b97f4a7c15u + 1;
	size_t nunits = 1 + t_rand(&st) % 6, n = 0;
	uint64_t at = 0x1000, prev_end = 0x1000;
	static const char *files[] = { "a.c", "b.c", "c.h" };

	*ns = 0;
	for (uint32_t u = 0; u < nunits; u++) {
		size_t nseq = 1 + t_rand(&st) % 4;

		for (size_t q = 0; q < nseq && *ns < scap; q++) {
			size_t len = 1 + t_rand(&st) % 8;

			switch (t_rand(&st) % 5) {
			case 0: /* far back: another section */
				at = 0x100 + t_rand(&st) % 0x400;
				break;
			case 1: /* where the last sequence ended */
				at = prev_end;
				break;
			case 2: /* inside the last one: overlap */
				at = prev_end > 8
					 ? prev_end - 1 - t_rand(&st) % 8
					 : prev_end;
				break;
			default: /* after it */
				at = prev_end + t_rand(&st) % 16;
				break;
			}
			if (n + len > cap)
				break;
			s[*ns] = (struct line_stretch){ n, len, u };
			for (size_t r = 0; r < len; r++) {
				rows[n] = (struct line_row){
					at, files[t_rand(&st) % 3],
					(int)(t_rand(&st) % 50), r + 1 == len
				};
				n++;
				if (r + 1 < len)
					at += t_rand(&st) % 3; /* 0: repeat */
			}
			/* An end row has an address of its own in its
			 * sequence (rows at its address are dropped). */
			if (len > 1 && rows[n - 1].addr == rows[n - 2].addr)
				rows[n - 1].addr++;
			prev_end = rows[n - 1].addr;
			(*ns)++;
		}
	}
	return n;
}

static void
one(uint64_t seed)
{
	struct line_row rows[256], copy[256], want[256], *got;
	struct line_stretch s[64];
	size_t ns, nrows = random_table(seed, rows, 256, s, 64, &ns), nw, ng;
	bool same;

	memcpy(copy, rows, sizeof(rows));
	nw = reference(rows, nrows, s, ns, want);
	ng = lineorder_rows(copy, nrows, s, ns, &got);
	t_begin("lineorder/random-%llu", (unsigned long long)seed);
	same = check_u64(ng, nw, "rows kept");
	for (size_t i = 0; i < ng && same; i++)
		if (got[i].addr != want[i].addr || got[i].end != want[i].end ||
		    got[i].line != want[i].line || got[i].file != want[i].file)
			same = t_fail(
			    "row %zu: 0x%llx %s:%d%s, want 0x%llx "
			    "%s:%d%s",
			    i, (unsigned long long)got[i].addr, got[i].file,
			    got[i].line, got[i].end ? " end" : "",
			    (unsigned long long)want[i].addr, want[i].file,
			    want[i].line, want[i].end ? " end" : "");
	t_end();
	if (got != copy)
		free(got);
}

static void
test_random(void)
{
	for (uint64_t seed = 1; seed <= 500; seed++)
		one(seed);
}

static void
test_edges(void)
{
	/* Unit 0: two plain rows at 0x10, its end at 0x18; unit 1: an end
	 * row at 0x10 (a sequence with nothing in it), and unit 2 comes
	 * back to 0x10 with a plain row. */
	struct line_row r[5] = {
		{ 0x10, "a.c", 1, false }, { 0x10, "a.c", 2, false },
		{ 0x18, "a.c", 3, true },  { 0x10, "b.c", 4, true },
		{ 0x10, "c.h", 5, false },
	};
	struct line_stretch s[3] = { { 0, 3, 0 }, { 3, 1, 1 }, { 4, 1, 2 } };
	struct line_row *out;
	size_t n;

	t_begin("lineorder/empty");
	n = lineorder_rows(NULL, 0, NULL, 0, &out);
	check_u64(n, 0, "rows");
	t_end();

	/* The last plain row at 0x10 in the order is unit 2's. */
	t_begin("lineorder/one-address");
	n = lineorder_rows(r, 5, s, 3, &out);
	if (check_u64(n, 2, "rows"))
		check_true(out[0].line == 5 && !out[0].end &&
			       out[1].addr == 0x18 && out[1].end,
			   "unit 2's row, then unit 0's end");
	if (out != r)
		free(out);
	t_end();

	/* Only end rows at an address: the first (the earlier unit's). */
	t_begin("lineorder/only-ends");
	{
		struct line_row e[2] = { { 0x20, "a.c", 5, true },
					 { 0x20, "b.c", 7, true } };
		struct line_stretch es[2] = { { 0, 1, 0 }, { 1, 1, 1 } };

		n = lineorder_rows(e, 2, es, 2, &out);
		if (check_u64(n, 1, "rows"))
			check_true(out[0].line == 5 && out[0].end,
				   "unit 0's end row");
		if (out != e)
			free(out);
	}
	t_end();
}

T_MODULE(lineorder)
{
	t_run("lineorder/random", test_random);
	t_run("lineorder/edges", test_edges);
}
