/*
 * view_errorbars.c - --format=errorbars: our own flat profile with the
 * sampling error of each function's self time.  Not GNU's layout (GNU
 * gprof prints no error): a tool that parses GNU's flat profile must
 * not be pointed at it.
 *
 * Layout (one header block, then one line per function the flat
 * profile lists, in the flat profile's order: self time, then calls,
 * then raw name):
 *
 *   Flat profile with sampling error (not GNU gprof's layout)
 *
 *   Each sample counts as 0.01 seconds; N samples in all.
 *   95% intervals of self seconds: exact Poisson (Garwood) below 100
 *   samples, samples +- 1.96 x sqrt(samples) from 100 up.
 *
 *     samples    self s      low s     high s   +-%      calls  name
 *        52.1      0.52       0.39       0.68   25.9     25800  mix
 *
 * "samples" is the (possibly fractional, when a histogram bin straddles
 * two functions) count charged to the function; "low s" and "high s"
 * bound the time its code took with 95 % confidence under the Poisson
 * model of sampling (stats.h); "+-%" is the larger half-width as a
 * percentage of the self time ("-" when the self time is 0).  Call
 * counts are exact and have no error.  Seconds are printed with as many
 * decimals as one sample needs (at least 2).
 */
#include <math.h>
#include <stdlib.h>

#include "report.h"
#include "sort.h"
#include "stats.h"
#include "views.h"

/* Decimals that show one sample period (at least 2, at most 9). */
int
view_time_decimals(double hz)
{
	int d = hz > 0 ? (int)ceil(log10(hz) - 1e-9) : 2;

	return d < 2 ? 2 : d > 9 ? 9 : d;
}

int
view_errorbars(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	const struct cg_node *nodes = m->cg->nodes;
	uint32_t *list = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*list));
	size_t n = 0;
	double total = 0, hz = m->hz > 0 ? m->hz : 1;
	int dec = view_time_decimals(m->hz);

	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (model_listed(m, LIST_FLAT, i)) {
			list[n++] = i;
			total += nodes[i].self_ticks;
		}
	gp_sort(list, n, report_flat_order, m);
	fputs("Flat profile with sampling error (not GNU gprof's layout)\n\n",
	      out);
	if (m->hz > 0)
		fprintf(out,
			"Each sample counts as %g %s; %.1f samples in all.\n",
			1.0 / m->hz, m->dimen, total);
	else
		fputs("The profile has no sampling rate: times are in "
		      "samples.\n",
		      out);
	fprintf(out,
		"95%% intervals of self %s: exact Poisson (Garwood) below "
		"%g\nsamples, samples +- 1.96 x sqrt(samples) from %g up.\n\n",
		m->hz > 0 ? m->dimen : "samples", STATS_NORMAL_FROM,
		STATS_NORMAL_FROM);
	fprintf(out, "%10s %10s %10s %10s %6s %10s  %s\n", "samples",
		m->hz > 0 ? "self s" : "self", m->hz > 0 ? "low s" : "low",
		m->hz > 0 ? "high s" : "high", "+-%", "calls", "name");
	for (size_t i = 0; i < n; i++) {
		const struct cg_node *nd = &nodes[list[i]];
		struct stats_interval r =
		    stats_poisson_interval(nd->self_ticks, 0.95);
		double lo = nd->self_ticks - r.lo, hi = r.hi - nd->self_ticks;
		char pct[16] = "-";

		if (nd->self_ticks > 0)
			snprintf(pct, sizeof(pct), "%.1f",
				 100.0 * (hi > lo ? hi : lo) / nd->self_ticks);
		fprintf(out, "%10.1f %10.*f %10.*f %10.*f %6s ", nd->self_ticks,
			dec, nd->self_ticks / hz, dec, r.lo / hz, dec,
			r.hi / hz, pct);
		if (nd->ncalls != 0)
			fprintf(out, "%10llu  ",
				(unsigned long long)nd->ncalls);
		else
			fprintf(out, "%10s  ", "");
		fputs(model_name(m, list[i]), out);
		fputc('\n', out);
	}
	free(list);
	(void)err;
	return 0;
}
