/*
 * test_hist.c - hist_assign() on hand-built histograms and tables.
 *
 * The main histogram covers [0x1000, 0x1040) with 8 bins of 4 units
 * (8 bytes); units are addresses / 2:
 *
 *   unit   0x800  0x804  0x807 0x808  0x80c  0x810  0x814  0x818
 *   bins   |  10  |   8  ......|   4  |   0  |   6  |   0  |   5  | 0 |
 *   syms          A(0x1008)  B(0x100e)        C(0x1020)     D(0x1030)
 *
 * Bin 0 lies before A: counted in the total only.  Bin 1 straddles A
 * (3 units, 6 samples) and B (1 unit, 2).  D is the last function and
 * gets nothing, though its bin counts in the total.
 */
#include <string.h>

#include "check.h"
#include "hist.h"

static struct sym four_syms[] = {
	{ "A", 0x1008, 0x100d, true, false, false, NULL, NULL, 0 },
	{ "B", 0x100e, 0x101f, true, false, false, NULL, NULL, 0 },
	{ "C", 0x1020, 0x102f, true, false, false, NULL, NULL, 0 },
	{ "D", 0x1030, 0x103f, true, false, false, NULL, NULL, 0 },
};

static const struct {
	const char *name;
	bool excluded[4];
	double want_total;
} exclude_cases[] = {
	{ "none", { false, false, false, false }, 33 },
	{ "straddling-B", { false, true, false, false }, 27 },
	{ "last-D", { false, false, false, true }, 33 },
	{ "A-and-C", { true, false, true, false }, 21 },
	{ "all", { true, true, true, true }, 15 },
};

static void
test_split(void)
{
	uint64_t bins[8] = { 10, 8, 4, 0, 6, 0, 5, 0 };
	struct gmon_hist h = {
		.lowpc = 0x1000,
		.highpc = 0x1040,
		.nbins = 8,
		.bins = bins,
	};
	struct gmon g;
	struct symtab st = { .syms = four_syms, .n = ARRAY_SIZE(four_syms) };
	static const double want[4] = { 6, 6, 6, 0 };

	memset(&g, 0, sizeof(g));
	g.word = 8;
	g.hists = &h;
	g.nhists = 1;
	for (size_t i = 0; i < ARRAY_SIZE(exclude_cases); i++) {
		double ticks[4] = { 0 };
		double total;

		t_begin("hist/assign-exclude-%s", exclude_cases[i].name);
		total = hist_assign(&g, &st, exclude_cases[i].excluded, ticks);
		check_dbl(total, exclude_cases[i].want_total, "total");
		/* An excluded function gets nothing (GNU leaves mcount out of
		 * the index this way); the others get their share. */
		for (size_t k = 0; k < 4; k++)
			check_dbl(ticks[k],
				  exclude_cases[i].excluded[k] ? 0 : want[k],
				  four_syms[k].name);
	}

	t_begin("hist/assign-null-excluded");
	{
		double ticks[4] = { 1, 1, 1, 1 };

		check_dbl(hist_assign(&g, &st, NULL, ticks), 33, "total");
		/* hist_assign adds to TICKS, it does not overwrite. */
		for (size_t k = 0; k < 4; k++)
			check_dbl(ticks[k], want[k] + 1, four_syms[k].name);
	}

	t_begin("hist/bin-bytes");
	check_u64((uint64_t)hist_bin_bytes(&g), 8, "hist_bin_bytes");
	g.nhists = 0;
	check_u64((uint64_t)hist_bin_bytes(&g), 0, "without histograms");
}

/*
 * A bin width that is not a whole number of units: 5 bins over 24 units
 * (scale 4.8).  Bin 1 covers units [0x804, 0x809) after truncation, so
 * with a function boundary at unit 0x808 the shares are 4/4.8 and 1/4.8
 * of its count, GNU's arithmetic (their sum exceeds the count).
 */
static const struct {
	const char *name;
	uint64_t bins[5];
	double want[3];
	double want_total;
} fraction_cases[] = {
	{ "bin-1", { 0, 10, 0, 0, 0 }, { 40 / 4.8, 10 / 4.8, 0 }, 10 },
	{ "bin-0-inside-A", { 3, 0, 0, 0, 0 }, { 3 * 4 / 4.8, 0, 0 }, 3 },
	/* Bin 2 covers [0x809, 0x80e): 5 units of B. */
	{ "bin-2-inside-B", { 0, 0, 6, 0, 0 }, { 0, 6 * 5 / 4.8, 0 }, 6 },
	/* Bin 4 covers [0x813, 0x818), all in B (C starts at 0x818). */
	{ "bin-4-before-last", { 0, 0, 0, 0, 2 }, { 0, 2 * 5 / 4.8, 0 }, 2 },
};

static void
test_fractional_scale(void)
{
	static struct sym syms[] = {
		{ "A", 0x1000, 0x100f, true, false, false, NULL, NULL, 0 },
		{ "B", 0x1010, 0x102f, true, false, false, NULL, NULL, 0 },
		{ "C", 0x1030, 0x1030, true, false, false, NULL, NULL, 0 },
	};
	struct symtab st = { .syms = syms, .n = ARRAY_SIZE(syms) };

	for (size_t i = 0; i < ARRAY_SIZE(fraction_cases); i++) {
		uint64_t bins[5];
		struct gmon_hist h = {
			.lowpc = 0x1000,
			.highpc = 0x1030,
			.nbins = 5,
			.bins = bins,
		};
		struct gmon g;
		double ticks[3] = { 0 };

		memcpy(bins, fraction_cases[i].bins, sizeof(bins));
		memset(&g, 0, sizeof(g));
		g.hists = &h;
		g.nhists = 1;
		t_begin("hist/scale-4.8-%s", fraction_cases[i].name);
		check_dbl(hist_assign(&g, &st, NULL, ticks),
			  fraction_cases[i].want_total, "total");
		for (size_t k = 0; k < 3; k++)
			check_dbl(ticks[k], fraction_cases[i].want[k],
				  syms[k].name);
	}
}

/* Two disjoint histograms: both charge functions, both count. */
static void
test_two_hists(void)
{
	static struct sym syms[] = {
		{ "lo", 0x1000, 0x1fff, true, false, false, NULL, NULL, 0 },
		{ "hi", 0x2000, 0x2fff, true, false, false, NULL, NULL, 0 },
		{ "end", 0x3000, 0x3000, true, false, false, NULL, NULL, 0 },
	};
	uint64_t b1[2] = { 1, 2 }, b2[2] = { 30, 40 };
	struct gmon_hist h[2] = {
		{ .lowpc = 0x1000, .highpc = 0x1010, .nbins = 2, .bins = b1 },
		{ .lowpc = 0x2000, .highpc = 0x2010, .nbins = 2, .bins = b2 },
	};
	struct gmon g;
	struct symtab st = { .syms = syms, .n = ARRAY_SIZE(syms) };
	double ticks[3] = { 0 };

	t_begin("hist/two-histograms");
	memset(&g, 0, sizeof(g));
	g.hists = h;
	g.nhists = 2;
	check_dbl(hist_assign(&g, &st, NULL, ticks), 73, "total");
	check_dbl(ticks[0], 3, "lo");
	check_dbl(ticks[1], 70, "hi");
	check_dbl(ticks[2], 0, "end");
}

/* A histogram wholly outside the functions still counts in the total. */
static void
test_outside(void)
{
	uint64_t bins[4] = { 1, 2, 3, 4 };
	struct gmon_hist h = {
		.lowpc = 0x100,
		.highpc = 0x120,
		.nbins = 4,
		.bins = bins,
	};
	struct gmon g;
	struct symtab st = { .syms = four_syms, .n = ARRAY_SIZE(four_syms) };
	double ticks[4] = { 0 };

	t_begin("hist/all-bins-outside");
	memset(&g, 0, sizeof(g));
	g.hists = &h;
	g.nhists = 1;
	check_dbl(hist_assign(&g, &st, NULL, ticks), 10, "total");
	for (size_t k = 0; k < 4; k++)
		check_dbl(ticks[k], 0, four_syms[k].name);
}

T_MODULE(hist)
{
	t_run("hist/split", test_split);
	t_run("hist/fractional-scale", test_fractional_scale);
	t_run("hist/two-hists", test_two_hists);
	t_run("hist/outside", test_outside);
}
