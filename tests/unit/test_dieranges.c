/*
 * test_dieranges.c - the lean DIE reader on a hand-made DWARF 4 unit
 * (little endian, 8-byte addresses):
 *
 *   compile_unit (C99, low_pc 0x1000)
 *     subprogram "outer" [0x1000, 0x1100)   (DW_AT_sibling)
 *       inlined_subroutine -> "inner" [0x1010, 0x1020)
 *       lexical_block
 *         inlined_subroutine -> "inner" by .debug_ranges:
 *             [0x1030, 0x1040) and, after a base selection 0x2000,
 *             [0x2000, 0x2008)
 *     subprogram "inner" (abstract: no code)
 *     subprogram "plain" [0x1200, 0x1210) named by a linkage name
 *
 * and the same unit damaged (a sibling link that disagrees with the
 * nesting, a cut unit, an unknown form, an unknown abbreviation code):
 * each must give up with the output vector untouched, so that libdw
 * reads the unit.
 */
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>

#include "check.h"
#include "dieranges.h"

static const unsigned char abbrev[] = {
	/* 1: compile_unit, children: language data1, low_pc addr */
	1, DW_TAG_compile_unit, 1, DW_AT_language, DW_FORM_data1, DW_AT_low_pc,
	DW_FORM_addr, 0, 0,
	/* 2: subprogram, children: name string, low_pc, high_pc data4,
	 * sibling ref4 */
	2, DW_TAG_subprogram, 1, DW_AT_name, DW_FORM_string, DW_AT_low_pc,
	DW_FORM_addr, DW_AT_high_pc, DW_FORM_data4, DW_AT_sibling, DW_FORM_ref4,
	0, 0,
	/* 3: inlined_subroutine: abstract_origin ref4, low_pc, high_pc */
	3, DW_TAG_inlined_subroutine, 0, DW_AT_abstract_origin, DW_FORM_ref4,
	DW_AT_low_pc, DW_FORM_addr, DW_AT_high_pc, DW_FORM_data4, 0, 0,
	/* 4: lexical_block, children */
	4, DW_TAG_lexical_block, 1, 0, 0,
	/* 5: inlined_subroutine: abstract_origin ref4, ranges sec_offset */
	5, DW_TAG_inlined_subroutine, 0, DW_AT_abstract_origin, DW_FORM_ref4,
	DW_AT_ranges, DW_FORM_sec_offset, 0, 0,
	/* 6: subprogram: name string, inline data1 */
	6, DW_TAG_subprogram, 0, DW_AT_name, DW_FORM_string, DW_AT_inline,
	DW_FORM_data1, 0, 0,
	/* 7: subprogram: name, linkage_name strings, low_pc, high_pc */
	7, DW_TAG_subprogram, 0, DW_AT_name, DW_FORM_string, DW_AT_linkage_name,
	DW_FORM_string, DW_AT_low_pc, DW_FORM_addr, DW_AT_high_pc,
	DW_FORM_data4, 0, 0, 0
};

static const unsigned char ranges[] = {
	/* (0x30, 0x40) from the unit's base 0x1000 */
	0x30, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0,
	/* base selection: 0x2000 */
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0x20, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0,
	/* end */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};

struct buf {
	unsigned char b[256];
	size_t n;
};

static void
put(struct buf *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		b->b[b->n++] = (unsigned char)(v >> (8 * i));
}

static void
put_str(struct buf *b, const char *s)
{
	memcpy(b->b + b->n, s, strlen(s) + 1);
	b->n += strlen(s) + 1;
}

/* The unit; *SIB_AT gets the place of outer's sibling link. */
static void
make_unit(struct buf *b, size_t *sib_at)
{
	size_t outer_sib, inner, inner_ref1, inner_ref2, after_outer;

	b->n = 0;
	put(b, 0, 4); /* unit_length, patched below */
	put(b, 4, 2); /* version */
	put(b, 0, 4); /* abbrev offset */
	put(b, 8, 1); /* address size */
	put(b, 1, 1); /* compile_unit */
	put(b, DW_LANG_C99, 1);
	put(b, 0x1000, 8);
	put(b, 2, 1); /* outer */
	put_str(b, "outer");
	put(b, 0x1000, 8);
	put(b, 0x100, 4);
	outer_sib = b->n;
	put(b, 0, 4);
	put(b, 3, 1); /* inlined inner */
	inner_ref1 = b->n;
	put(b, 0, 4);
	put(b, 0x1010, 8);
	put(b, 0x10, 4);
	put(b, 4, 1); /* lexical_block */
	put(b, 5, 1); /* inlined inner, by ranges */
	inner_ref2 = b->n;
	put(b, 0, 4);
	put(b, 0, 4); /* .debug_ranges offset 0 */
	put(b, 0, 1); /* end of the block's children */
	put(b, 0, 1); /* end of outer's children */
	after_outer = b->n;
	inner = b->n;
	put(b, 6, 1); /* abstract inner */
	put_str(b, "inner");
	put(b, DW_INL_inlined, 1);
	put(b, 7, 1); /* plain */
	put_str(b, "plain");
	put_str(b, "plain_linkage");
	put(b, 0x1200, 8);
	put(b, 0x10, 4);
	put(b, 0, 1); /* end of the unit's children */
	for (int i = 0; i < 4; i++) {
		b->b[outer_sib + i] = (unsigned char)(after_outer >> (8 * i));
		b->b[inner_ref1 + i] = (unsigned char)(inner >> (8 * i));
		b->b[inner_ref2 + i] = (unsigned char)(inner >> (8 * i));
		b->b[i] = (unsigned char)((b->n - 4) >> (8 * i));
	}
	*sib_at = outer_sib;
}

static bool
no_plain(int lang)
{
	return lang != DW_LANG_C99; /* C99's names are linkage names */
}

/* A copy of abbrev[] that damaged cases may change (and lengthen). */
static unsigned char ab[sizeof(abbrev) + 16];

static void
sections(struct dieranges_secs *s, const struct buf *b)
{
	memset(s, 0, sizeof(*s));
	memcpy(ab, abbrev, sizeof(abbrev));
	s->info = b->b;
	s->ninfo = b->n;
	s->abbrev = ab;
	s->nabbrev = sizeof(abbrev);
	s->ranges = ranges;
	s->nranges = sizeof(ranges);
}

static void
good(void)
{
	static const struct {
		uint64_t lo, hi;
		const char *name;
		bool linkage;
	} want[] = {
		{ 0x1000, 0x1100, "outer", false },
		{ 0x1010, 0x1020, "inner", false },
		{ 0x1030, 0x1040, "inner", false },
		{ 0x2000, 0x2008, "inner", false },
		{ 0x1200, 0x1210, "plain_linkage", true },
	};
	struct dieranges_secs s;
	struct gp_vec out = { 0 };
	struct buf b;
	size_t sib;

	make_unit(&b, &sib);
	sections(&s, &b);
	t_begin("dieranges/unit");
	if (check_true(dieranges_unit(&s, 0, no_plain, &out) == 0, "read") &&
	    check_u64(out.n, ARRAY_SIZE(want), "ranges")) {
		for (size_t i = 0; i < out.n; i++) {
			const struct die_range *r =
			    (const struct die_range *)out.p + i;

			check_u64(r->lo, want[i].lo, "lo");
			check_u64(r->hi, want[i].hi, "hi");
			check_str(r->name, want[i].name, "name");
			check_true(r->linkage == want[i].linkage, "linkage");
			check_u64(r->order, i + 1, "order");
		}
	}
	t_end();
	free(out.p);
}

static void
damaged(void)
{
	struct dieranges_secs s;
	struct buf b;
	size_t sib;

	for (int k = 0; k < 7; k++) {
		static const char *const names[] = {
			"sibling-past-its-place",
			"sibling-backwards",
			"cut-unit",
			"unknown-code",
			"no-debug-ranges",
			/* libdw reads "no children" (fuzz_dieranges) */
			"children-flag-2",
			/* libdw reads ten bytes, then the rest as what
			 * follows (fuzz_dieranges) */
			"leb-of-11-bytes",
		};
		struct gp_vec out = { 0 };
		struct die_range keep = { 1, 2, "kept", false, 1 };

		make_unit(&b, &sib);
		sections(&s, &b);
		switch (k) {
		case 0:
			b.b[sib] += 1;
			break;
		case 1:
			b.b[sib] = 0x10;
			break;
		case 2:
			b.n -= 3;
			for (int i = 0; i < 4; i++)
				b.b[i] = (unsigned char)((b.n - 4) >> (8 * i));
			s.ninfo = b.n;
			break;
		case 3:
			b.b[11] = 9;
			break; /* the unit's own entry */
		case 4:
			s.ranges = NULL;
			break;
		case 5:
			for (size_t i = 0; i + 2 < sizeof(ab); i++)
				if (ab[i] == 4 &&
				    ab[i + 1] == DW_TAG_lexical_block &&
				    ab[i + 2] == 1)
					ab[i + 2] = 2;
			break;
		case 6: /* the unit's tag, 0x11, in 11 bytes */
			memmove(ab + 12, ab + 2, sizeof(abbrev) - 2);
			ab[1] = 0x80 | DW_TAG_compile_unit;
			memset(ab + 2, 0x80, 9);
			ab[11] = 0;
			s.nabbrev += 10;
			break;
		}
		*(struct die_range *)gp_vec_push(&out, sizeof(keep), 4) = keep;
		t_begin("dieranges/gives-up-%s", names[k]);
		check_true(dieranges_unit(&s, 0, no_plain, &out) == -1,
			   "gave up");
		check_u64(out.n, 1, "vector as it was");
		t_end();
		free(out.p);
	}
}

T_MODULE(dieranges)
{
	t_run("dieranges/good", good);
	t_run("dieranges/damaged", damaged);
}
