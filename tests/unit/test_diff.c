/*
 * test_diff.c - the --diff comparison (diff.h) on function lists made
 * by hand: matching (by name; ambiguous statics by file; a JSON base's
 * unknown kinds), the regression threshold, the report order, and the
 * whole pipeline's false-positive rate on seeded profiles with equal
 * rates (at most 5 % of 2,000 trials flag anything).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "diff.h"

static struct diff_fn
fn(const char *raw, const char *path, int is_static, double samples,
   uint64_t calls)
{
	struct diff_fn f = { raw,       raw,     path,  path,
			     is_static, samples, calls, NULL };
	return f;
}

static struct diff_input
input(struct diff_fn *v, size_t n, double hz)
{
	struct diff_input in = { v, n, hz, 0 };

	for (size_t i = 0; i < n; i++)
		in.samples += v[i].samples;
	return in;
}

static const struct diff_row *
find(const struct diff *d, const char *name, const char *file)
{
	for (size_t i = 0; i < d->nrows; i++)
		if (strcmp(d->rows[i].name, name) == 0 &&
		    (file == NULL || (d->rows[i].file != NULL &&
				      strcmp(d->rows[i].file, file) == 0)))
			return &d->rows[i];
	return NULL;
}

static void
t_matching(void)
{
	struct diff_fn b[] = {
		fn("lone", "old.c", 1, 100, 5),
		fn("twin", "a.c", 1, 100, 1),
		fn("twin", "b.c", 1, 100, 2),
		fn("glob", "g.c", 0, 100, 7),
	};
	struct diff_fn c[] = {
		fn("lone", "new.c", 1, 100, 5), /* renamed file: still lone */
		fn("twin", "b.c", 1, 300, 2),
		fn("twin", "a.c", 1, 100, 1),
		fn("glob", "g2.c", 0, 100, 9),
	};
	struct diff_input bi = input(b, 4, 100), ci = input(c, 4, 100);
	struct diff d;
	const struct diff_row *r;

	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, 50);
	t_begin("diff/matching-statics-and-globals");
	if (check_u64(d.nrows, 2, "rows listed (twin b.c, glob)") &&
	    check_u64(d.unchanged, 2, "unchanged (lone, twin a.c)")) {
		r = find(&d, "twin", "b.c");
		if (check_true(r != NULL, "twin (b.c) listed") &&
		    check_true(r->in_base && r->in_this, "matched") &&
		    check_true(r->significant, "100 -> 300 significant") &&
		    check_true(r->regression, "a regression beyond 50%"))
			check_true(d.worst == r, "the worst");
		r = find(&d, "glob", NULL);
		if (check_true(r != NULL, "glob listed"))
			check_true(r->c2 - r->c1 == 2 && !r->significant,
				   "glob: 2 more calls, same time");
	}
	if (d.nrows > 0)
		check_str(d.rows[0].name, "twin", "most significant first");
	t_end();
	diff_free(&d);

	/* A JSON base: kinds unknown, a repeated name is taken as statics. */
	b[1].is_static = b[2].is_static = b[0].is_static = -1;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, 250);
	t_begin("diff/matching-json-base");
	r = find(&d, "twin", "b.c");
	if (check_true(r != NULL && r->in_base && r->in_this,
		       "twin (b.c) matched") &&
	    check_true(!r->regression, "200% is below 250%"))
		check_true(d.worst == NULL, "no regression");
	check_true(find(&d, "lone", NULL) == NULL, "lone unchanged");
	t_end();
	diff_free(&d);
}

enum { TRIALS = 2000, NFN = 16 };

/*
 * Two runs of one program: the same functions, the same self times
 * (the second sampled at 250 Hz instead of 100), the same calls.  A
 * trial is a false positive when the diff marks anything significant.
 */
static void
t_false_positives(void)
{
	static const char *const names[NFN] = {
		"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7",
		"f8", "f9", "fa", "fb", "fc", "fd", "fe", "ff",
	};
	struct diff_fn b[NFN], c[NFN];
	uint64_t st = 0x5eed0003;
	unsigned flagged = 0, regressions = 0;

	for (int t = 0; t < TRIALS; t++) {
		struct diff_input bi, ci;
		struct diff d;

		for (int f = 0; f < NFN; f++) {
			double rate = 0.5 * pow(2.0, f * 0.75); /* 0.5..1200 */
			b[f] = fn(names[f], NULL, 0, t_poisson(&st, rate), 10);
			c[f] = fn(names[f], NULL, 0, t_poisson(&st, rate * 2.5),
				  10);
		}
		bi = input(b, NFN, 100);
		ci = input(c, NFN, 250);
		memset(&d, 0, sizeof(d));
		diff_compute_inputs(&d, &bi, &ci, false, 0);
		flagged += d.nsig > 0;
		regressions += d.worst != NULL;
		diff_free(&d);
	}
	t_begin("diff/false-positives-2000-trials");
	if (100.0 * flagged / TRIALS > 5.0)
		t_fail("%u of %d trials flagged a change", flagged, TRIALS);
	else
		check_true(regressions <= flagged, "regressions are flagged");
	t_end();
}

/* Sums of calls stop at 2^64 - 1 and deltas at 64 signed bits: never a
 * small sum or a delta of the wrong sign (issue 18). */
static void
t_saturation(void)
{
	static const struct {
		uint64_t a, b, sum;
		int64_t delta; /* b - a */
	} cases[] = {
		{ 1, 2, 3, 1 },
		{ UINT64_MAX - 1, 1, UINT64_MAX, INT64_MIN },
		{ UINT64_MAX - 1, UINT64_MAX, UINT64_MAX, 1 },
		{ UINT64_MAX, 25800, UINT64_MAX, INT64_MIN },
		{ 0, UINT64_MAX, UINT64_MAX, INT64_MAX },
		{ 1ull << 63, 0, 1ull << 63, INT64_MIN },
		{ (1ull << 63) - 1, 0, (1ull << 63) - 1, -INT64_MAX },
		{ 0, (1ull << 63) - 1, (1ull << 63) - 1, INT64_MAX },
		{ 0, 1ull << 63, 1ull << 63, INT64_MAX },
	};

	t_begin("diff/saturating-counts");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char what[64];
		snprintf(what, sizeof(what), "case %zu", i);
		check_u64(gp_add_sat(cases[i].a, cases[i].b), cases[i].sum,
			  what);
		check_true(gp_delta_sat(cases[i].a, cases[i].b) ==
			       cases[i].delta,
			   what);
	}
	/* Two statics without a file share a key: their calls summed. */
	struct diff_fn b[] = {
		fn("s", NULL, 1, 10, UINT64_MAX - 1),
		fn("s", NULL, 1, 10, UINT64_MAX - 1),
	};
	struct diff_fn c[] = { fn("s", NULL, 1, 10, 5) };
	struct diff_input bi = input(b, 2, 100), ci = input(c, 1, 100);
	struct diff d;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, -1);
	const struct diff_row *r = find(&d, "s", NULL);
	if (check_true(r != NULL, "row s"))
		check_u64(r->c1, UINT64_MAX, "summed base calls");
	diff_free(&d);
	t_end();
}

T_MODULE(diff)
{
	t_run("diff-matching", t_matching);
	t_run("diff-saturation", t_saturation);
	t_run("diff-false-positives", t_false_positives);
}
