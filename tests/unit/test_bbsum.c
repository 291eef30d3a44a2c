/*
 * test_bbsum.c - GNU's basic-block slots: merging, the ten-slot limit,
 * addresses in no symbol, and the order of the result.
 */
#include <stdlib.h>

#include "bbsum.h"
#include "check.h"

/* Two symbols: [0x100, 0x1ff] and [0x200, 0x2ff]. */
static void
two_syms(struct symtab *st)
{
	struct sym *v = xcalloc(2, sizeof(*v));

	v[0] = (struct sym){ .name = "a", .addr = 0x100 };
	v[1] = (struct sym){ .name = "b", .addr = 0x200 };
	symtab_finish(st, v, 2, 0x300);
}

static bool
check_pairs(const struct gmon_bb *got, size_t n, const struct gmon_bb *want,
	    size_t nwant)
{
	if (!check_u64(n, nwant, "number of pairs"))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!check_u64(got[i].addr, want[i].addr, "address") ||
		    !check_u64(got[i].count, want[i].count, "count"))
			return false;
	return true;
}

static void
merge_and_order(void)
{
	static const struct gmon_bb in[] = {
		{ 0x210, 1 }, { 0x104, 2 }, { 0x100, 3 }, { 0x104, 4 },
		{ 0x50, 9 },  { 0x300, 9 }, { 0x210, 0 }, { 0x200, 5 },
	};
	static const struct gmon_bb want[] = {
		{ 0x104, 6 },
		{ 0x100, 3 },
		{ 0x210, 1 },
		{ 0x200, 5 },
	};
	struct symtab st;
	struct gmon_bb *out;
	size_t n;

	t_begin("bbsum/merge-and-order");
	two_syms(&st);
	n = bbsum_merge(in, sizeof(in) / sizeof(in[0]), &st, &out);
	check_pairs(out, n, want, sizeof(want) / sizeof(want[0]));
	free(out);
	symtab_free(&st);
	t_end();
}

static void
ten_slots(void)
{
	struct gmon_bb in[14], want[BBSUM_SLOTS];
	struct symtab st;
	struct gmon_bb *out;
	size_t n;

	t_begin("bbsum/ten-slots");
	for (size_t i = 0; i < 12; i++)
		in[i] = (struct gmon_bb){ 0x100 + i, i + 1 };
	in[12] = (struct gmon_bb){ 0x10b, 7 }; /* no slot: dropped */
	in[13] = (struct gmon_bb){ 0x109, 7 }; /* has one: merged */
	for (size_t i = 0; i < BBSUM_SLOTS; i++)
		want[i] = (struct gmon_bb){ 0x100 + i, i + 1 };
	want[9].count += 7;
	two_syms(&st);
	n = bbsum_merge(in, 14, &st, &out);
	check_pairs(out, n, want, BBSUM_SLOTS);
	free(out);
	symtab_free(&st);
	t_end();
}

static void
nothing_kept(void)
{
	static const struct gmon_bb in[] = { { 0x10, 1 } };
	struct symtab st;
	struct gmon_bb *out = (struct gmon_bb *)1;

	t_begin("bbsum/nothing-kept");
	two_syms(&st);
	if (check_u64(bbsum_merge(in, 1, &st, &out), 0, "pairs"))
		check_true(out == NULL, "no array");
	check_u64(bbsum_merge(NULL, 0, &st, &out), 0, "pairs of none");
	symtab_free(&st);
	t_end();
}

T_MODULE(bbsum)
{
	t_run("bbsum", merge_and_order);
	t_run("bbsum", ten_slots);
	t_run("bbsum", nothing_kept);
}
