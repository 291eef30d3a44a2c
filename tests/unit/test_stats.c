/*
 * test_stats.c - the statistics of our views (stats.h): quantiles
 * against published table values and closed forms, exact tests against
 * direct sums, and seeded simulations of the properties the views
 * promise: 95 % intervals cover the true rate in 93-97 % of 2,000
 * trials, and the Holm-corrected diff test flags a change between two
 * profiles with equal rates in at most 5 % of 2,000 trials.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "stats.h"

/* Equal within TOL, relative to WANT (absolute near 0). */
static bool
near(double got, double want, double tol, const char *what)
{
	double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;

	if (fabs(got - want) <= tol * scale)
		return true;
	return t_fail("%s: got %.15g, want %.15g", what, got, want);
}

static void
t_quantiles(void)
{
	/* Chi-square and normal quantiles from published tables. */
	static const struct {
		double p, k, want;
	} chi2[] = {
		{ 0.95, 1, 3.841458820694124 },
		{ 0.975, 2, 7.377758908227871 },
		{ 0.05, 10, 3.940299136119183 },
		{ 0.99, 30, 50.89218131151707 },
		{ 0.5, 1, 0.454936423119573 },
		{ 0.995, 100, 140.1694894 },
		{ 0.001, 5, 0.2102128 },
		{ 0.025, 1, 0.000982069 },
	};
	static const struct {
		double p, want;
	} z[] = {
		{ 0.975, 1.959963984540054 },  { 0.995, 2.575829303548901 },
		{ 0.8413447460685429, 1.0 },   { 0.5, 0.0 },
		{ 0.025, -1.959963984540054 }, { 0.9995, 3.290526731491926 },
	};

	t_begin("stats/chi2-quantile-table");
	for (size_t i = 0; i < ARRAY_SIZE(chi2); i++) {
		char what[64];
		snprintf(what, sizeof(what), "chi2(%g, %g)", chi2[i].p,
			 chi2[i].k);
		if (!near(stats_chi2_quantile(chi2[i].p, chi2[i].k),
			  chi2[i].want, 1e-6, what))
			break;
	}
	t_end();
	t_begin("stats/normal-quantile-table");
	for (size_t i = 0; i < ARRAY_SIZE(z); i++)
		if (!near(stats_normal_quantile(z[i].p), z[i].want, 1e-9,
			  "normal quantile"))
			break;
	t_end();
}

/* P(a, x) against closed forms, and the inverse against P. */
static void
t_gamma(void)
{
	t_begin("stats/gamma-closed-forms");
	for (double x = 0.01; x < 60; x *= 1.7) {
		if (!near(stats_gamma_p(1, x), -expm1(-x), 1e-12, "P(1,x)") ||
		    !near(stats_gamma_p(0.5, x), erf(sqrt(x)), 1e-12,
			  "P(1/2,x)") ||
		    !near(stats_gamma_p(2, x), 1 - exp(-x) * (1 + x), 1e-12,
			  "P(2,x)"))
			break;
	}
	t_end();
	t_begin("stats/gamma-inverse-roundtrip");
	for (double a = 0.05; a < 5e5; a *= 2.3) {
		static const double ps[] = { 1e-9, 0.001, 0.025,
					     0.5,  0.975, 0.999 };
		for (size_t i = 0; i < ARRAY_SIZE(ps); i++) {
			double x = stats_gamma_p_inv(a, ps[i]);
			char what[64];
			snprintf(what, sizeof(what), "P(%g, P^-1(%g))", a,
				 ps[i]);
			if (!near(stats_gamma_p(a, x), ps[i], 1e-9, what))
				goto out;
		}
	}
out:
	t_end();
}

/* Garwood intervals from published tables (95 %). */
static void
t_garwood(void)
{
	static const struct {
		double n, lo, hi;
	} g[] = {
		{ 0, 0, 3.688879454113936 },
		{ 1, 0.025317807984290, 5.571643390938660 },
		{ 2, 0.242209278543072, 7.224688824245394 },
		{ 10, 4.795389, 18.390356 },
	};
	struct stats_interval r;

	t_begin("stats/garwood-table");
	for (size_t i = 0; i < ARRAY_SIZE(g); i++) {
		r = stats_garwood(g[i].n, 0.95);
		if (!near(r.lo, g[i].lo, 1e-6, "garwood lo") ||
		    !near(r.hi, g[i].hi, 1e-6, "garwood hi"))
			break;
	}
	t_end();
	t_begin("stats/interval-normal-from-100");
	r = stats_poisson_interval(400, 0.95);
	(void)(near(r.lo, 400 - 1.959963984540054 * 20, 1e-9, "lo") &&
	       near(r.hi, 400 + 1.959963984540054 * 20, 1e-9, "hi"));
	r = stats_poisson_interval(99, 0.95);
	check_dbl(r.hi, stats_garwood(99, 0.95).hi, "99: garwood");
	t_end();
}

/* Binomial tails against direct sums; the test's known values. */
static void
t_binom(void)
{
	t_begin("stats/binom-cdf-direct-sum");
	for (uint64_t n = 1; n <= 40; n += 3) {
		double p = 0.37, sum = 0, term = pow(1 - p, (double)n);
		for (uint64_t k = 0; k <= n; k++) {
			char what[64];
			sum += term;
			snprintf(what, sizeof(what), "cdf(%llu, %llu)",
				 (unsigned long long)k, (unsigned long long)n);
			if (!near(stats_binom_cdf(k, n, p), sum, 1e-10, what))
				goto out;
			term *= (double)(n - k) / (double)(k + 1) * p / (1 - p);
		}
	}
out:
	t_end();
	t_begin("stats/binom-test-values");
	(void)(near(stats_binom_test(0, 10, 0.5), 2.0 / 1024, 1e-12,
		    "0 of 10") &&
	       near(stats_binom_test(7, 10, 0.5), 352.0 / 1024, 1e-12,
		    "7 of 10") &&
	       near(stats_binom_test(5, 10, 0.5), 1.0, 1e-12, "5 of 10") &&
	       near(stats_poisson_compare(0, 1, 0, 1), 1.0, 0, "0 vs 0") &&
	       check_true(stats_poisson_compare(1000, 1, 1300, 1) < 1e-8,
			  "1000 vs 1300 is significant") &&
	       check_true(stats_poisson_compare(100, 1, 1000, 10) > 0.9,
			  "100 at rate 1 vs 1000 at rate 10 is not"));
	t_end();
	t_begin("stats/holm");
	{
		double p[] = { 0.01, 0.04, 0.03, 0.005 }, adj[4];
		stats_holm(p, adj, 4);
		(void)(near(adj[0], 0.03, 1e-15, "adj 0") &&
		       near(adj[1], 0.06, 1e-15, "adj 1") &&
		       near(adj[2], 0.06, 1e-15, "adj 2") &&
		       near(adj[3], 0.02, 1e-15, "adj 3"));
	}
	t_end();
}

enum { TRIALS = 2000, NFN = 12 };

/*
 * A synthetic profile: NFN functions with known rates (samples per run).
 * Coverage of the 95 % interval is asserted in 93-97 % per rate where
 * the interval is the normal one (100 samples and up, GNU's sqrt(n)
 * rule), and for the small rates where Garwood's exact interval is used
 * (conservative by construction) in 93-99.5 %.
 */
static void
t_coverage(void)
{
	static const double rates[NFN] = { 0.8, 3,   9,   25,   60,   100,
					   150, 300, 700, 1500, 4000, 20000 };
	unsigned covered[NFN] = { 0 };
	uint64_t st = 0x5eed0001;

	for (int t = 0; t < TRIALS; t++)
		for (int f = 0; f < NFN; f++) {
			double n = (double)t_poisson(&st, rates[f]);
			struct stats_interval r =
			    stats_poisson_interval(n, 0.95);
			covered[f] += r.lo <= rates[f] && rates[f] <= r.hi;
		}
	for (int f = 0; f < NFN; f++) {
		double pct = 100.0 * covered[f] / TRIALS;
		bool exact = rates[f] < 90;
		t_begin("stats/coverage-95-rate-%g", rates[f]);
		if (pct < 93.0 || pct > (exact ? 99.5 : 97.0))
			t_fail("%.2f %% of %d trials covered the rate", pct,
			       TRIALS);
		t_end();
	}
}

/*
 * The diff's test: two profiles of NFN functions with the same rates
 * (the second run at another sampling rate, so exposures differ), each
 * function tested, Holm-corrected; a trial is a false positive when any
 * function is flagged at 0.05.  Also the power the test must keep: a
 * function whose time doubled (200 -> 400 samples) is flagged.
 */
static void
t_false_positives(void)
{
	static const double rates[NFN] = { 0.5, 2,   5,   10,  30,  80,
					   150, 400, 900, 2e3, 5e3, 3e4 };
	double p[NFN], adj[NFN];
	unsigned fwe = 0, raw = 0, found = 0;
	uint64_t st = 0x5eed0002;

	for (int t = 0; t < TRIALS; t++) {
		bool any = false;
		for (int f = 0; f < NFN; f++) {
			/* Run 1 at 100 Hz, run 2 at 250 Hz: same seconds. */
			uint64_t n1 = t_poisson(&st, rates[f]);
			uint64_t n2 = t_poisson(&st, rates[f] * 2.5);
			p[f] = stats_poisson_compare(n1, 1.0, n2, 2.5);
			raw += p[f] <= 0.05;
		}
		stats_holm(p, adj, NFN);
		for (int f = 0; f < NFN; f++)
			any |= adj[f] <= 0.05;
		fwe += any;
		found += stats_poisson_compare(t_poisson(&st, 200), 1,
					       t_poisson(&st, 400), 1) <= 0.05;
	}
	t_begin("stats/diff-false-positives-holm");
	if (100.0 * fwe / TRIALS > 5.0)
		t_fail("%.2f %% of trials flagged a function",
		       100.0 * fwe / TRIALS);
	t_end();
	t_begin("stats/diff-false-positives-per-test");
	if (100.0 * raw / (TRIALS * NFN) > 5.0)
		t_fail("%.2f %% of tests rejected",
		       100.0 * raw / (TRIALS * NFN));
	t_end();
	t_begin("stats/diff-power-doubled");
	if (found < TRIALS * 99 / 100)
		t_fail("a doubling was found in %u of %d trials", found,
		       TRIALS);
	t_end();
}

T_MODULE(stats)
{
	t_run("stats-quantiles", t_quantiles);
	t_run("stats-gamma", t_gamma);
	t_run("stats-garwood", t_garwood);
	t_run("stats-binom", t_binom);
	t_run("stats-coverage", t_coverage);
	t_run("stats-false-positives", t_false_positives);
}
