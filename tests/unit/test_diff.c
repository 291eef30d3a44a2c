/*
 * test_diff.c - the --diff comparison (diff.h) on function lists made
 * by hand: matching (by name; ambiguous statics by file; a JSON base's
 * unknown kinds), the regression threshold, the report order, the
 * measured totals (compared only when both sides have stacks), and the
 * whole pipeline's false-positive rate on seeded profiles with equal
 * rates (at most 5 % of 2,000 trials flag anything).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diff.h"

static struct diff_fn
fn(const char *raw, const char *path, int is_static, double samples,
   uint64_t calls)
{
	struct diff_fn f = { .raw = raw,
			     .name = raw,
			     .path = path,
			     .file = path,
			     .is_static = is_static,
			     .samples = samples,
			     .calls = calls };
	return f;
}

static struct diff_input
input(struct diff_fn *v, size_t n, double hz)
{
	struct diff_input in = { .fns = v, .n = n, .hz = hz };

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

/* F with a measured total of TOTAL stack samples. */
static struct diff_fn
with_total(struct diff_fn f, double total)
{
	f.total = total;
	return f;
}

/*
 * Measured totals: compared (values, sign, test) when both sides have
 * stacks; a function with only a total (no samples, no calls) is a row
 * then and never otherwise; with one side's stacks missing, the rows
 * are what they are with neither side's.
 */
static void
t_measured(void)
{
	struct diff_fn b[] = {
		with_total(fn("work", NULL, 0, 100, 10), 100),
		with_total(fn("dear", NULL, 0, 0, 1), 90),
		with_total(fn("cheap", NULL, 0, 0, 1), 10),
		with_total(fn("main", NULL, 0, 0, 0), 100),
	};
	struct diff_fn c[] = {
		with_total(fn("work", NULL, 0, 100, 10), 100),
		with_total(fn("dear", NULL, 0, 0, 1), 10),
		with_total(fn("cheap", NULL, 0, 0, 1), 90),
		with_total(fn("main", NULL, 0, 0, 0), 100),
	};
	struct diff_input bi = input(b, 4, 100), ci = input(c, 4, 100);
	struct diff d, plain;
	const struct diff_row *r;

	bi.stacks = ci.stacks = true;
	bi.stack_samples = ci.stack_samples = 100;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, -1);
	t_begin("diff/measured-both-sides");
	check_true(d.measured, "compared");
	check_u64(d.mtested, 4, "tested: every function with stack samples");
	check_u64(d.msig, 2, "significant: dear and cheap");
	check_u64(d.nrows, 2, "rows: dear and cheap (work, main unchanged)");
	r = find(&d, "dear", NULL);
	if (check_true(r != NULL, "dear listed")) {
		check_true(r->mt1 == 0.9 && r->mt2 == 0.1, "dear 0.9 -> 0.1 s");
		check_true(r->msignificant && r->mp_adj < 1e-6, "dear's drop");
		check_true(!r->significant, "no self-time change");
	}
	r = find(&d, "cheap", NULL);
	if (check_true(r != NULL, "cheap listed"))
		check_true(r->mt2 > r->mt1 && r->msignificant, "cheap grew");
	diff_free(&d);
	t_end();

	/* Shares of the stack samples: the same counts, other exposures. */
	ci.stack_samples = 200;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, true, -1);
	t_begin("diff/measured-shares");
	r = find(&d, "main", NULL);
	if (check_true(r != NULL, "main listed (100 % -> 50 %)"))
		check_true(r->mt1 == 100 && r->mt2 == 50 && r->msignificant,
			   "main's share halves");
	diff_free(&d);
	t_end();
	ci.stack_samples = 100;

	/* One side without stacks: exactly the rows of neither. */
	ci.stacks = false;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, -1);
	bi.stacks = false;
	memset(&plain, 0, sizeof(plain));
	diff_compute_inputs(&plain, &bi, &ci, false, -1);
	t_begin("diff/measured-one-side");
	check_true(!d.measured && d.mtested == 0, "not compared");
	check_u64(d.nrows, plain.nrows, "rows as without stacks");
	check_u64(d.unchanged, plain.unchanged, "unchanged as without");
	check_u64(d.unchanged, 3, "work, dear, cheap unchanged; main out");
	check_true(find(&d, "main", NULL) == NULL, "main (a total only)");
	for (size_t i = 0; i < d.nrows && i < plain.nrows; i++)
		check_true(d.rows[i].mp_adj == 1 && !d.rows[i].msignificant,
			   "no measured verdict");
	diff_free(&d);
	diff_free(&plain);
	t_end();

	/* A saturated stack total (2^64 - 1, a double's 2^64) prints as
	 * the count it is, never as 2^64. */
	bi.stacks = ci.stacks = true;
	bi.stack_samples = (double)UINT64_MAX;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &bi, &ci, false, -1);
	d.base.exe = d.cur.exe = "prog"; /* the side lines name it */
	t_begin("diff/text-saturated-stack-total");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (check_true(f != NULL, "memory stream")) {
		diff_print_text(f, &d, false);
		fclose(f);
		check_has(text, "base 18446744073709551615, this 100)",
			  "exact totals");
		check_true(strstr(text, "18446744073709551616") == NULL,
			   "no 2^64");
	}
	free(text);
	diff_free(&d);
	t_end();

	/* Counts no profile holds (a hand-made JSON base): equal ones are
	 * still equal, never a p-value below 0 (stats.c's incomplete beta
	 * is inaccurate there; the counts are scaled down to 2^40). */
	struct diff_fn h[] = { with_total(fn("h", NULL, 0, 1e15, 1), 1e15) };
	struct diff_input hi = input(h, 1, 100);
	hi.stacks = true;
	hi.stack_samples = 1e15;
	memset(&d, 0, sizeof(d));
	diff_compute_inputs(&d, &hi, &hi, false, -1);
	t_begin("diff/huge-equal-counts");
	check_u64(d.nsig + d.msig, 0, "nothing significant");
	check_u64(d.unchanged, 1, "h unchanged");
	diff_free(&d);
	t_end();
}

T_MODULE(diff)
{
	t_run("diff-measured", t_measured);
	t_run("diff-matching", t_matching);
	t_run("diff-saturation", t_saturation);
	t_run("diff-false-positives", t_false_positives);
}
