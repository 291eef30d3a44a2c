/*
 * poisson.c - Garwood's exact interval: for a count n the bounds are the
 * lambdas at which P(X >= n) = 2.5 % (lower) and P(X <= n) = 2.5 %
 * (upper).  With P(a, x) the regularized lower incomplete gamma
 * function, P(X >= n | lambda) = P(n, lambda) and P(X <= n | lambda) =
 * 1 - P(n + 1, lambda), so each bound is a root of P(a, x) = p, found by
 * bisection (P rises monotonically in x).
 */
#include "poisson.h"

#include <math.h>
#include <stdbool.h>

/* P(a, x) for a > 0, x >= 0: the series below a + 1, else the
 * continued fraction of Q = 1 - P (Legendre's, evaluated by Lentz's
 * method). */
static double
gamma_p(double a, double x)
{
	double lead;

	if (x <= 0)
		return 0;
	lead = exp(a * log(x) - x - lgamma(a));
	if (x < a + 1) {
		/* P = lead * sum x^k / (a (a+1) ... (a+k)) */
		double term = 1 / a, sum = term;
		for (int k = 1; k < 1000; k++) {
			term *= x / (a + k);
			sum += term;
			if (term < sum * 1e-16)
				break;
		}
		return lead * sum;
	} else {
		const double tiny = 1e-300;
		double b = x + 1 - a, c = 1 / tiny, d = 1 / b, f = d;
		for (int k = 1; k < 1000; k++) {
			double an = -k * (k - a), delta;
			b += 2;
			d = an * d + b;
			if (fabs(d) < tiny)
				d = tiny;
			c = b + an / c;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1 / d;
			delta = d * c;
			f *= delta;
			if (fabs(delta - 1) < 1e-16)
				break;
		}
		return 1 - lead * f;
	}
}

/* The x with P(a, x) = p, to about 1e-12 relative. */
static double
gamma_root(double a, double p)
{
	double lo = 0, hi = a + 10 + 10 * sqrt(a);

	while (gamma_p(a, hi) < p)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (gamma_p(a, mid) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static void
exact(double n, double *lo, double *hi)
{
	*lo = n > 0 ? gamma_root(n, 0.025) : 0;
	*hi = gamma_root(n + 1, 0.975);
}

void
poisson_ci95(double n, double *lo, double *hi)
{
	static double memo_lo[POISSON_EXACT_BELOW],
	    memo_hi[POISSON_EXACT_BELOW];
	static bool memo_set[POISSON_EXACT_BELOW];

	if (!(n >= 0) || !isfinite(n)) {
		*lo = *hi = NAN;
		return;
	}
	if (n >= POISSON_EXACT_BELOW) {
		double h = 1.959963984540054 * sqrt(n);
		*lo = n - h;
		*hi = n + h;
		return;
	}
	if (n == floor(n)) {
		int k = (int)n;
		if (!memo_set[k]) {
			exact(n, &memo_lo[k], &memo_hi[k]);
			memo_set[k] = true;
		}
		*lo = memo_lo[k];
		*hi = memo_hi[k];
		return;
	}
	exact(n, lo, hi);
}
