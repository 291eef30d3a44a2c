/*
 * stats.h - the statistics our own views use: sampling error of a
 * function's self time and the significance of a change between two
 * profiles.
 *
 * Model: the samples charged to a function are a Poisson count (the
 * timer ticks at a fixed rate; each tick lands in the function with a
 * probability proportional to its time).  Call counts are exact and
 * need none of this.
 *
 * Everything here is computed from first principles (no table, no
 * library beyond libm's lgamma): the regularized incomplete gamma and
 * beta functions, the gamma function's inverse by safeguarded Newton
 * steps, chi-square and normal quantiles through it.  Accuracy: about
 * 1e-10 relative over the ranges the views use (unit-tested against
 * published table values).
 *
 * Pure functions, no state, no allocation except stats_holm().
 */
#ifndef GPROF_STATS_H
#define GPROF_STATS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Counts from this many samples up get the normal interval n +- z*sqrt(n)
 * (the GNU manual's "the expected error is the square root of n");
 * below it, the exact Poisson (Garwood) interval.
 */
#define STATS_NORMAL_FROM 100.0

/* Regularized lower incomplete gamma P(a, x), a > 0, x >= 0. */
double stats_gamma_p(double a, double x);

/* The x with P(a, x) = p, for a > 0 and 0 <= p < 1 (p = 0 gives 0). */
double stats_gamma_p_inv(double a, double p);

/* The p-quantile of the chi-square distribution with K > 0 degrees. */
double stats_chi2_quantile(double p, double k);

/* The p-quantile of the standard normal distribution, 0 < p < 1. */
double stats_normal_quantile(double p);

/* Regularized incomplete beta I_x(a, b), a, b > 0, 0 <= x <= 1. */
double stats_beta_i(double a, double b, double x);

/* P(X <= K) for X ~ Binomial(N, P). */
double stats_binom_cdf(uint64_t k, uint64_t n, double p);

/*
 * Two-sided exact binomial test of K successes in N trials against
 * success probability P0: twice the smaller tail (each tail including
 * K), at most 1.
 */
double stats_binom_test(uint64_t k, uint64_t n, double p0);

/*
 * Whether two Poisson counts N1 (exposure E1) and N2 (exposure E2)
 * differ: the conditional test (given N1 + N2, N2 is binomial with
 * p = E2 / (E1 + E2) when the rates per unit exposure are equal).
 * Returns the two-sided p-value (1 when both counts are 0).
 */
double stats_poisson_compare(uint64_t n1, double e1, uint64_t n2, double e2);

/* An interval for a Poisson mean, in the count's units. */
struct stats_interval {
	double lo, hi;
};

/* The exact (Garwood) CONF interval for a Poisson mean, N observed. */
struct stats_interval stats_garwood(double n, double conf);

/*
 * The CONF interval views show for N samples: normal (n +- z*sqrt(n))
 * from STATS_NORMAL_FROM samples up, Garwood below (lo never < 0).
 */
struct stats_interval stats_poisson_interval(double n, double conf);

/*
 * Holm's step-down adjustment of the N p-values P into ADJ (which may
 * be P): ADJ[i] <= alpha exactly when Holm's procedure at level alpha
 * rejects hypothesis i.  Controls the family-wise error rate.
 */
void stats_holm(const double *p, double *adj, size_t n);

#endif
