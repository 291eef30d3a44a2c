/*
 * hist.c - spread each histogram bin's samples over the functions whose
 * address ranges it overlaps.
 *
 * All arithmetic is in 2-byte units, as in GNU gprof: a bin i of a
 * histogram over [lowpc, highpc) with scale s = ((highpc-lowpc)/2)/nbins
 * covers units [lowpc/2 + (u64)(s*i), lowpc/2 + (u64)(s*(i+1))), and a
 * function covers [addr/2, next_addr/2).
 */
#include "hist.h"

#include <limits.h>

static void
assign_one(const struct gmon_hist *h, const struct symtab *st,
	   const bool *excluded, double *ticks, double *total)
{
	double scale = gmon_scale(h->lowpc, h->highpc, h->nbins);
	uint64_t base = h->lowpc / 2;
	size_t j = 0;

	for (uint32_t i = 0; i < h->nbins; i++) {
		uint64_t count = gmon_bin(h, i);
		int64_t lo, hi;

		if (count == 0)
			continue;
		*total += (double)count;
		lo = (int64_t)(base + (uint64_t)(scale * i));
		hi = (int64_t)(base + (uint64_t)(scale * (i + 1)));
		/* Skip functions that end before this bin starts. */
		while (j + 1 < st->n && (int64_t)(st->syms[j + 1].addr / 2) <= lo)
			j++;
		for (size_t k = j; k + 1 < st->n; k++) {
			int64_t slo = (int64_t)(st->syms[k].addr / 2);
			int64_t shi = (int64_t)(st->syms[k + 1].addr / 2);
			int64_t overlap;
			double credit;

			if (slo >= hi)
				break;
			overlap = (shi < hi ? shi : hi) - (slo > lo ? slo : lo);
			if (overlap <= 0)
				continue;
			credit = (double)overlap * (double)count / scale;
			if (excluded != NULL && excluded[k])
				*total -= credit; /* and the function gets none */
			else
				ticks[k] += credit;
		}
	}
}

double
hist_assign(const struct gmon *g, const struct symtab *st,
	    const bool *excluded, double *ticks)
{
	double total = 0;

	for (size_t i = 0; i < g->nhists; i++)
		assign_one(&g->hists[i], st, excluded, ticks, &total);
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
