/*
 * stats.c - incomplete gamma and beta functions, their quantiles, exact
 * Poisson intervals and tests, Holm's adjustment (stats.h).
 *
 * The special functions use the classical expansions: for P(a, x) the
 * power series below x = a + 1 and Legendre's continued fraction for
 * the upper tail above it; for I_x(a, b) the continued fraction on the
 * side of the mean where it converges fast (and the symmetry
 * I_x(a, b) = 1 - I_{1-x}(b, a) on the other).  Continued fractions are
 * evaluated with the modified Lentz method.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

#include "diag.h"
#include "sort.h"

enum { MAX_TERMS = 1000000 };
static const double EPS = 1e-15;
static const double TINY = 1e-300;

/* log of x^a e^-x / Gamma(a): the factor both expansions share. */
static double
gamma_log_factor(double a, double x)
{
	return a * log(x) - x - lgamma(a);
}

/* P(a, x) by its power series (x < a + 1). */
static double
gamma_series(double a, double x)
{
	double term = 1.0 / a, sum = term;

	for (int n = 1; n < MAX_TERMS; n++) {
		term *= x / (a + n);
		sum += term;
		if (fabs(term) < fabs(sum) * EPS)
			break;
	}
	return sum * exp(gamma_log_factor(a, x));
}

/*
 * One step of Lentz's method for a continued fraction: with the next
 * partial numerator AN and denominator BN, update C and D (kept away
 * from zero); the value of the fraction is multiplied by the answer.
 */
static double
lentz_step(double an, double bn, double *c, double *d)
{
	*d = an * *d + bn;
	if (fabs(*d) < TINY)
		*d = TINY;
	*c = bn + an / *c;
	if (fabs(*c) < TINY)
		*c = TINY;
	*d = 1.0 / *d;
	return *d * *c;
}

/* Q(a, x) = 1 - P(a, x) by Legendre's continued fraction (x >= a + 1). */
static double
gamma_fraction(double a, double x)
{
	double b = x + 1.0 - a, c = 1.0 / TINY, d = 1.0 / b, h = d;

	for (int i = 1; i < MAX_TERMS; i++) {
		double an = -i * (i - a), del;

		b += 2.0;
		del = lentz_step(an, b, &c, &d);
		h *= del;
		if (fabs(del - 1.0) < EPS)
			break;
	}
	return exp(gamma_log_factor(a, x)) * h;
}

double
stats_gamma_p(double a, double x)
{
	if (x <= 0.0)
		return 0.0;
	if (isinf(x))
		return 1.0;
	if (x < a + 1.0)
		return gamma_series(a, x);
	return 1.0 - gamma_fraction(a, x);
}

/* The density of Gamma(a, 1) at x > 0: dP(a, x)/dx. */
static double
gamma_density(double a, double x)
{
	return exp((a - 1.0) * log(x) - x - lgamma(a));
}

double
stats_gamma_p_inv(double a, double p)
{
	double lo = 0.0, hi = a > 1.0 ? a : 1.0, x;

	if (p <= 0.0)
		return 0.0;
	if (p >= 1.0)
		return INFINITY;
	/* Bracket the root: P is increasing from 0 to 1. */
	while (stats_gamma_p(a, hi) < p)
		hi *= 2.0;
	/*
	 * Start from the series' leading term (P ~ x^a / Gamma(a + 1) for
	 * small x) when that falls inside the bracket, else from the middle.
	 */
	x = exp((log(p) + lgamma(a + 1.0)) / a);
	if (!(x > lo && x < hi))
		x = 0.5 * (lo + hi);
	for (int i = 0; i < 400; i++) {
		double f = stats_gamma_p(a, x) - p, dens = gamma_density(a, x);
		double next;

		if (f == 0.0)
			return x;
		if (f < 0.0)
			lo = x;
		else
			hi = x;
		next = dens > 0.0 ? x - f / dens : 0.5 * (lo + hi);
		/* A Newton step that leaves the bracket becomes bisection. */
		if (!(next > lo && next < hi))
			next = 0.5 * (lo + hi);
		if (fabs(next - x) <= 1e-15 * x || hi - lo <= 1e-15 * hi)
			return next;
		x = next;
	}
	return x;
}

double
stats_chi2_quantile(double p, double k)
{
	return 2.0 * stats_gamma_p_inv(0.5 * k, p);
}

/*
 * A standard normal Z has Z^2 / 2 ~ Gamma(1/2), so for p > 1/2 the
 * p-quantile is sqrt(2 * P^-1(1/2, 2p - 1)); the lower half by symmetry.
 */
double
stats_normal_quantile(double p)
{
	if (p <= 0.0)
		return -INFINITY;
	if (p >= 1.0)
		return INFINITY;
	if (p == 0.5)
		return 0.0;
	if (p < 0.5)
		return -stats_normal_quantile(1.0 - p);
	return sqrt(stats_chi2_quantile(2.0 * p - 1.0, 1.0));
}

/* The continued fraction of I_x(a, b) (converges fast below the mean). */
static double
beta_fraction(double a, double b, double x)
{
	double qab = a + b, qap = a + 1.0, qam = a - 1.0;
	double c = 1.0, d = 1.0 - qab * x / qap, h;

	if (fabs(d) < TINY)
		d = TINY;
	d = 1.0 / d;
	h = d;
	for (int m = 1; m < MAX_TERMS; m++) {
		double m2 = 2.0 * m, aa, del;

		aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		h *= lentz_step(aa, 1.0, &c, &d);
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		del = lentz_step(aa, 1.0, &c, &d);
		h *= del;
		if (fabs(del - 1.0) < EPS)
			break;
	}
	return h;
}

double
stats_beta_i(double a, double b, double x)
{
	double lf;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	lf = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
	if (x < (a + 1.0) / (a + b + 2.0))
		return exp(lf) * beta_fraction(a, b, x) / a;
	return 1.0 - exp(lf) * beta_fraction(b, a, 1.0 - x) / b;
}

double
stats_binom_cdf(uint64_t k, uint64_t n, double p)
{
	if (k >= n)
		return 1.0;
	return stats_beta_i((double)(n - k), (double)k + 1.0, 1.0 - p);
}

double
stats_binom_test(uint64_t k, uint64_t n, double p0)
{
	double lower = stats_binom_cdf(k, n, p0);
	double upper =
	    k == 0 ? 1.0 : stats_beta_i((double)k, (double)(n - k) + 1.0, p0);
	double p = 2.0 * (lower < upper ? lower : upper);

	return p < 1.0 ? p : 1.0;
}

double
stats_poisson_compare(uint64_t n1, double e1, uint64_t n2, double e2)
{
	if (n1 + n2 == 0)
		return 1.0;
	return stats_binom_test(n2, n1 + n2, e2 / (e1 + e2));
}

struct stats_interval
stats_garwood(double n, double conf)
{
	double alpha = 1.0 - conf;
	struct stats_interval r;

	r.lo = n > 0.0 ? stats_gamma_p_inv(n, alpha / 2.0) : 0.0;
	r.hi = stats_gamma_p_inv(n + 1.0, 1.0 - alpha / 2.0);
	return r;
}

struct stats_interval
stats_poisson_interval(double n, double conf)
{
	struct stats_interval r;
	double half;

	if (n < STATS_NORMAL_FROM)
		return stats_garwood(n, conf);
	half = stats_normal_quantile(1.0 - (1.0 - conf) / 2.0) * sqrt(n);
	r.lo = n - half > 0.0 ? n - half : 0.0;
	r.hi = n + half;
	return r;
}

static int
by_p(uint32_t a, uint32_t b, const void *ctx)
{
	const double *p = ctx;

	return (p[a] > p[b]) - (p[a] < p[b]);
}

void
stats_holm(const double *p, double *adj, size_t n)
{
	uint32_t *order = xcalloc(n ? n : 1, sizeof(*order));
	double *copy = xcalloc(n ? n : 1, sizeof(*copy));
	double run = 0.0;

	for (size_t i = 0; i < n; i++) {
		order[i] = (uint32_t)i;
		copy[i] = p[i];
	}
	gp_sort(order, n, by_p, copy);
	for (size_t r = 0; r < n; r++) {
		double v = (double)(n - r) * copy[order[r]];

		if (v > 1.0)
			v = 1.0;
		if (v > run)
			run = v;
		adj[order[r]] = run;
	}
	free(order);
	free(copy);
}
