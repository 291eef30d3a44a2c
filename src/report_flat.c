/*
 * report_flat.c - the flat profile: functions by self time.
 *
 * Column layout, sort order and the per-call unit follow GNU gprof's
 * so that -b output is byte-identical; the explanation is our own.
 */
#include "report.h"
#include "fmt.h"
#include "presort.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int
report_flat_order(uint32_t x, uint32_t y, const void *ctx)
{
	const struct model *m = ctx;

	return presort_flat_cmp(m->cg, m->st, x, y);
}

/*
 * The SI prefix that brings the largest time per call into [1, 1000).
 * With no time per call at all GNU gprof keeps the first entry, 'T';
 * when nothing fits (infinite times, from a rate of 0) it reads past its
 * table and prints '<', which UNIT_NONE stands for.
 */
static const struct {
	char prefix;
	double scale;
} si[] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1e+00 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 }, { '<', 1e+00 },
};
#define UNIT_NONE (ARRAY_SIZE(si) - 1)
#define SI_MILLI 5 /* si[5]: 'm' */
/* Lines ahead whose function is fetched (its name half as far). */
#define AHEAD 16

static size_t
pick_unit(const struct model *m)
{
	double top = 0;

	/* Over every function, listed or not, as GNU gprof does. */
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct cg_node *v = &m->cg->nodes[i];
		if (v->ncalls != 0) {
			double t = (v->self_ticks + v->child_ticks) /
				   (double)v->ncalls;
			if (t > top)
				top = t;
		}
	}
	if (top == 0)
		return 0;
	top = model_secs(m, top);
	for (size_t k = 0; k < UNIT_NONE; k++) {
		double scaled = si[k].scale * top;
		if (scaled >= 1.0 && scaled < 1000.0)
			return k;
	}
	return UNIT_NONE;
}

static void
header(FILE *out, const struct model *m, bool traditional, double total,
       char prefix)
{
	const char *dimen = m->dimen;
	char abbrev = m->abbrev;

	if (traditional) {
		fprintf(out,
			"\ngranularity: each sample hit covers %ld byte(s)",
			m->bin_bytes);
		if (total > 0)
			fprintf(out, " for %.2f%% of %.2f %s\n\n",
				100.0 / total, model_secs(m, total), dimen);
		else
			fputs(" no time accumulated\n\n", out);
	} else {
		fputs("Flat profile:\n\n", out);
		fprintf(out, "Each sample counts as %g %s.\n", 1.0 / m->hz,
			dimen);
		if (!(total > 0)) /* GNU: also when credits overshoot */
			fputs(" no time accumulated\n\n", out);
	}
	fprintf(out, "  %%   cumulative   self              self     total     "
		     "      \n");
	fprintf(
	    out,
	    " time%10.10s%10.10s    calls  %c%c/call  %c%c/call  name    \n",
	    dimen, dimen, prefix, abbrev, prefix, abbrev);
}

void
report_flat(FILE *out, const struct model *m, const struct report_opts *ro)
{
	const struct cg_node *nodes = m->cg->nodes;
	/* In report_flat_order's order (presort.h), made by the analysis. */
	const uint32_t *list = m->flat_order;
	size_t n = m->nflat, unit;
	double total = m->total_ticks, cum = 0;
	bool trad = ro->traditional;

	assert(list != NULL); /* the plan asked for it (plan.h) */
	unit = trad ? SI_MILLI : pick_unit(m); /* -T: ms */
	header(out, m, trad, total, si[unit].prefix);
	if (!(total > 0))
		total = 1;
	for (size_t i = 0; i < n; i++) {
		const struct cg_node *v = &nodes[list[i]];
		char buf[256], *p = buf;
		const char *name;
		size_t len;

		if (i + AHEAD < n)
			model_prefetch(m, list[i + AHEAD], false);
		if (i + AHEAD / 2 < n)
			model_prefetch(m, list[i + AHEAD / 2], true);

		cum += v->self_ticks;
		/* "%6.2f %9.2f %8.2f" (-T: "%5.1f %10.2f %8.2f") */
		p = fmt_f(p, 100 * v->self_ticks / total, trad ? 5 : 6,
			  trad ? 1 : 2);
		*p++ = ' ';
		p = fmt_f(p, model_secs(m, cum), trad ? 10 : 9, 2);
		*p++ = ' ';
		p = fmt_f(p, model_secs(m, v->self_ticks), 8, 2);
		if (v->ncalls != 0) {
			/* " %8lu %8.2f %8.2f  " */
			*p++ = ' ';
			p = fmt_u(p, v->ncalls, 8, 0);
			*p++ = ' ';
			p = fmt_f(p,
				  si[unit].scale * v->self_ticks / m->hz /
				      (double)v->ncalls,
				  8, 2);
			*p++ = ' ';
			p = fmt_f(p,
				  si[unit].scale *
				      (v->self_ticks + v->child_ticks) / m->hz /
				      (double)v->ncalls,
				  8, 2);
			p = fmt_pad(p, 2);
		} else {
			p = fmt_pad(p, 1 + 8 + 1 + 8 + 1 + 8 + 2);
		}
		if (trad) {
			fwrite(buf, 1, (size_t)(p - buf), out);
			report_put_name(out, m, list[i]);
			fputc('\n', out);
			continue;
		}
		/* The line in one write when the name fits the buffer. */
		name = model_name(m, list[i]);
		len = strlen(name);
		if (len < sizeof(buf) - (size_t)(p - buf)) {
			memcpy(p, name, len);
			p += len;
			*p++ = '\n';
			fwrite(buf, 1, (size_t)(p - buf), out);
		} else {
			fwrite(buf, 1, (size_t)(p - buf), out);
			fwrite(name, 1, len, out);
			fputc('\n', out);
		}
	}
}

void
report_flat_blurb(FILE *out)
{
	fputs(
	    "\n"
	    " %         share of the whole run's samples that landed in this\n"
	    "time       function's own code.\n"
	    "\n"
	    "cumulative running total of the self seconds of this line and\n"
	    " seconds   every line above it.\n"
	    "\n"
	    " self      seconds spent in this function's own code, not in the\n"
	    "seconds    functions it calls.  The table is sorted on this "
	    "column.\n"
	    "\n"
	    "calls      how many times the function was entered, counted by "
	    "the\n"
	    "           profiling code; blank when it was not compiled for\n"
	    "           profiling.\n"
	    "\n"
	    " self      self seconds divided by calls, in the unit the\n"
	    "ms/call    heading names (s, ms, us, ...).\n"
	    "\n"
	    " total     self plus callee seconds divided by calls, in the\n"
	    "ms/call    same unit.\n"
	    "\n"
	    "name       the function.  Ties in self time are broken by calls,\n"
	    "           then by name.\n",
	    out);
}
