/*
 * hist.c - spread each histogram bin's samples over the functions whose
 * address ranges it overlaps.
 *
 * All arithmetic is in 2-byte units, as in GNU gprof: a bin i of a
 * histogram over [lowpc, highpc) with scale s = ((highpc-lowpc)/2)/nbins
 * covers units [lowpc/2 + (u64)(s*i), lowpc/2 + (u64)(s*(i+1))), and a
 * function covers [addr/2, next_addr/2).  Histograms are charged in
 * order, bins in order, so the floating-point sums come out the same
 * however the bins are read.
 */
#include "hist.h"

#include <limits.h>
#include <stdlib.h>

/* What charging one histogram needs besides its bins. */
struct charge {
	const struct symtab *st;
	const bool *excluded;
	double *ticks;
	double *total;
	double scale;
	uint64_t base;
	size_t j;     /* first function that may overlap the next bin */
	bool j_found; /* J is set (by a binary search at the first bin) */
};

/*
 * The last function j (0 when none) with addr/2 <= LO among 1..n-1: the
 * one the linear skip in charge_bin() would reach from 0.
 */
static size_t
first_function(const struct symtab *st, int64_t lo)
{
	size_t a = 0, b = st->n; /* answer in [a, b) */

	while (b - a > 1) {
		size_t m = a + (b - a) / 2;

		if ((int64_t)(st->syms[m].addr / 2) <= lo)
			a = m;
		else
			b = m;
	}
	return a;
}

static void
charge_bin(struct charge *c, uint32_t i, uint64_t count)
{
	const struct symtab *st = c->st;
	int64_t lo, hi;

	*c->total += (double)count;
	lo = (int64_t)(c->base + (uint64_t)(c->scale * i));
	hi = (int64_t)(c->base + (uint64_t)(c->scale * (i + 1)));
	if (!c->j_found) {
		c->j = first_function(st, lo);
		c->j_found = true;
	}
	/* Skip functions that end before this bin starts. */
	while (c->j + 1 < st->n && (int64_t)(st->syms[c->j + 1].addr / 2) <= lo)
		c->j++;
	for (size_t k = c->j; k + 1 < st->n; k++) {
		int64_t slo = (int64_t)(st->syms[k].addr / 2);
		int64_t shi = (int64_t)(st->syms[k + 1].addr / 2);
		int64_t overlap;
		double credit;

		if (slo >= hi)
			break;
		overlap = (shi < hi ? shi : hi) - (slo > lo ? slo : lo);
		if (overlap <= 0)
			continue;
		credit = (double)overlap * (double)count / c->scale;
		if (c->excluded != NULL && c->excluded[k])
			*c->total -= credit; /* and the function gets none */
		else
			c->ticks[k] += credit;
	}
}

static int
charge_one(const struct gmon *g, const struct gmon_hist *h, struct charge *c,
	   uint64_t *chunk, struct gp_err *err)
{
	c->scale = gmon_scale(h->lowpc, h->highpc, h->nbins);
	c->base = h->lowpc / 2;
	c->j = 0;
	c->j_found = false;
	for (uint32_t i = 0; i < h->nbins; i += GMON_CHUNK) {
		uint32_t n =
		    h->nbins - i < GMON_CHUNK ? h->nbins - i : GMON_CHUNK;

		if (gmon_bins(g, h, i, n, chunk, err) != 0)
			return -1;
		for (uint32_t k = 0; k < n; k++)
			if (chunk[k] != 0)
				charge_bin(c, i + k, chunk[k]);
	}
	return 0;
}

int
hist_charge(const struct gmon *g, const struct symtab *st, const bool *excluded,
	    double *ticks, double *total, struct gp_err *err)
{
	struct charge c = { st, excluded, ticks, total, 0, 0, 0, false };
	uint64_t *chunk = xmalloc(GMON_CHUNK * sizeof(*chunk));
	int rc = 0;

	*total = 0;
	for (size_t i = 0; i < g->nhists && rc == 0; i++)
		rc = charge_one(g, &g->hists[i], &c, chunk, err);
	free(chunk);
	return rc;
}

double
hist_assign(const struct gmon *g, const struct symtab *st, const bool *excluded,
	    double *ticks)
{
	double total = 0;

	if (hist_charge(g, st, excluded, ticks, &total, NULL) != 0)
		abort(); /* bins in memory cannot fail to read */
	return total;
}

long
hist_bin_bytes(const struct gmon *g)
{
	const struct gmon_hist *h;
	double scale;

	if (g->nhists == 0)
		return 0;
	h = &g->hists[g->nhists - 1];
	scale = gmon_scale(h->lowpc, h->highpc, h->nbins);
	/* GNU converts without a check; we keep the conversion defined. */
	if (!(scale < (double)(LONG_MAX / 2)))
		return LONG_MAX / 2 * 2;
	return (long)scale * 2;
}
