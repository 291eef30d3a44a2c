/*
 * test_dwline.c - dwline_lookup() answers as dwline_find() on the table
 * dwline_read() returns, on random DWARF 4 line programs: sequences in
 * any order and overlapping, rows at one address, end rows at a plain
 * row's address, line 0, files out of the table, addresses that go down
 * inside a sequence, and programs cut short.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dwline.h"

struct prog {
	unsigned char b[1 << 16];
	size_t n;
};

static void
put(struct prog *p, unsigned v)
{
	p->b[p->n++] = (unsigned char)v;
}

static void
uleb(struct prog *p, uint64_t v)
{
	do {
		unsigned char c = v & 0x7f;

		v >>= 7;
		put(p, c | (v ? 0x80 : 0));
	} while (v);
}

static void
sleb(struct prog *p, int64_t v)
{
	for (;;) {
		unsigned char c = v & 0x7f;

		v >>= 7;
		if ((v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40))) {
			put(p, c);
			return;
		}
		put(p, c | 0x80);
	}
}

static void
u32le(unsigned char *at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		at[i] = (unsigned char)(v >> (8 * i));
}

static void
set_address(struct prog *p, uint64_t a)
{
	put(p, 0);
	uleb(p, 9);
	put(p, 2);
	for (int i = 0; i < 8; i++)
		put(p, (unsigned)(a >> (8 * i)) & 0xff);
}

/* A DWARF 4 unit: two files, opcode base 13, then a random program. */
static void
make(struct prog *p, uint64_t *seed, bool *cut)
{
	static const unsigned char lens[12] = { 0, 1, 1, 1, 1, 0,
						0, 0, 1, 0, 0, 1 };
	size_t hdr_at, nseq = t_rand(seed) % 7; /* 0: no rows at all */

	p->n = 0;
	put(p, 0), put(p, 0), put(p, 0), put(p, 0); /* unit length */
	put(p, 4), put(p, 0);                       /* version */
	hdr_at = p->n;
	put(p, 0), put(p, 0), put(p, 0), put(p, 0); /* header length */
	put(p, 1), put(p, 1), put(p, 1);            /* min_inst, ops, stmt */
	put(p, (unsigned)(unsigned char)-5), put(p, 14), put(p, 13);
	for (int i = 0; i < 12; i++)
		put(p, lens[i]);
	put(p, 0); /* no directories */
	memcpy(p->b + p->n, "a.c\0\0\0\0b.h\0\0\0\0", 14);
	p->n += 14;
	put(p, 0);
	u32le(p->b + hdr_at, (uint32_t)(p->n - hdr_at - 4));
	for (size_t s = 0; s < nseq; s++) {
		uint64_t base = 0x1000 + 0x40 * (t_rand(seed) % 8);
		size_t nrows = t_rand(seed) % 12;

		set_address(p, base);
		for (size_t r = 0; r < nrows; r++) {
			uint64_t x = t_rand(seed);

			switch (x % 8) {
			case 0: /* copy at the same address */
				put(p, 1);
				break;
			case 1: /* advance_pc, then copy */
				put(p, 2), uleb(p, x >> 8 & 15), put(p, 1);
				break;
			case 2: /* line 0 or back to something */
				put(p, 3), sleb(p, (x >> 8 & 1) ? -1000 : 3);
				put(p, 1);
				break;
			case 3: /* set_file 1, 2 or 3 (3: not in the table) */
				put(p, 4), uleb(p, 1 + (x >> 8) % 3);
				break;
			case 4: /* down, now and then */
				if ((x >> 8) % 6 == 0)
					set_address(p, base - 8);
				break;
			default: /* a special opcode: address and line */
				put(p, 13 + (unsigned)((x >> 8) % 200));
				break;
			}
		}
		if ((t_rand(seed) & 3) == 0)
			put(p, 2), uleb(p, t_rand(seed) % 9);
		put(p, 0), uleb(p, 1), put(p, 1); /* end_sequence */
	}
	*cut = (t_rand(seed) % 5) == 0;
	if (*cut) /* an unfinished sequence after the last end */
		set_address(p, 0x1010), put(p, 20), put(p, 30);
	u32le(p->b, (uint32_t)(p->n - 4));
}

static void
one(uint64_t seed)
{
	static struct prog p;
	struct dwline_sections s = { 0 };
	struct dwline_table t, t2;
	struct gp_err e1 = { { 0 } }, e2 = { { 0 } };
	uint64_t q[600];
	struct dwline_answer ans[600];
	size_t nq = 0, nrows = 0;
	unsigned k1, k2;
	int rc1, rc2;
	bool cut, same = true;

	t_begin("dwline/lookup-%llu", (unsigned long long)seed);
	make(&p, &seed, &cut);
	s.line = p.b;
	s.nline = p.n;
	rc1 = dwline_read(&s, 0, "/d", &t, &k1, &e1);
	for (uint64_t a = 0xff0; a < 0x1000 + 0x40 * 8 + 0x100 && nq < 600;
	     a += 1 + (a & 1))
		q[nq++] = a;
	rc2 = dwline_lookup(&s, 0, "/d", q, nq, ans, &t2, &nrows, &k2, &e2);
	check_u64((uint64_t)rc2, (uint64_t)rc1, "return code");
	check_u64(k2, k1, "problem kind");
	check_u64(nrows, t.nrows, "rows kept");
	check_u64(t2.nfiles, t.nfiles, "files");
	check_true(t2.rows == NULL && t2.nrows == 0, "no rows kept");
	if (rc1 != 0)
		check_str(e2.msg, e1.msg, "message");
	for (size_t i = 0; i < nq && same; i++) {
		const struct dwline_row *row = dwline_find(&t, q[i]);
		uint32_t f = row ? row->file : DWLINE_NOFILE;
		int line = row ? row->line : 0;

		if (ans[i].file != f || ans[i].line != line)
			same = t_fail("address 0x%llx: lookup says file %u "
				      "line %d, the table file %u line %d",
				      (unsigned long long)q[i], ans[i].file,
				      ans[i].line, f, line);
	}
	t_end();
	dwline_free(&t);
	dwline_free(&t2);
}

static void
test_lookup(void)
{
	for (uint64_t seed = 1; seed <= 400; seed++)
		one(seed);
}

T_MODULE(dwline)
{
	t_run("dwline/lookup", test_lookup);
}
