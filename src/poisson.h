/*
 * poisson.h - 95 % confidence intervals for a count of samples.
 *
 * A function's self samples are a Poisson count: the timer hits it n
 * times when its true share of the run would give lambda hits on
 * average.  The interval for lambda is the exact (Garwood) one while n
 * is small, found from the incomplete gamma function, and n +- 1.96
 * sqrt(n) from n = POISSON_EXACT_BELOW on, where the two agree to a
 * few tenths of a sample.  A count need not be whole: a histogram bin
 * that straddles two functions is shared between them, and the same
 * formulas hold for a real n.
 */
#ifndef GPROF_POISSON_H
#define GPROF_POISSON_H

#define POISSON_EXACT_BELOW 100

/* The 95 % interval [*LO, *HI] for the mean of a Poisson count N >= 0. */
void poisson_ci95(double n, double *lo, double *hi);

#endif
