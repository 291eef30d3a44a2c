/*
 * diff_print.c - the --diff report, as text (our own layout) or JSON.
 *
 * Text:
 *
 *   Profile diff (our own report; GNU gprof has none)
 *
 *   base: EXE: PROFILE...: S samples, T seconds at R Hz
 *   this: EXE: PROFILE...: S samples, T seconds at R Hz
 *   Self time compared as seconds (or: as % of each profile's samples);
 *   calls are exact counts, so any change in them is real.
 *   Test: exact conditional test of the two Poisson sample counts,
 *   two-sided, Holm-adjusted over N functions with samples;
 *   * marks p(adj) <= 0.05.
 *   K significant changes; U unchanged functions not listed.
 *
 *       base s     this s    delta s  change    p(adj)   base calls ...
 *         0.52       0.80      +0.28  +53.8%  1.2e-05 *       25800 ...
 *
 * One line per function that changed (calls or self time), most
 * significant first.  "change" is the relative change of self time
 * ("new" from 0, "-" when both are 0).  A side whose profile has no
 * histogram (or, with --diff-normalize, no samples) has unknown times,
 * printed "?" (null in JSON), and is said to be untested.  With --diff-normalize the time
 * columns are shares of each profile's samples in percent ("base %",
 * "this %", "delta pp").  With --error-bars two more columns give each
 * side's 95 % interval (stats_poisson_interval) as [low, high].  Names
 * are followed by "(file)" for static functions and by "[only in base]"
 * or "[only in this]" for functions one profile lacks.
 *
 * When both profiles have sampled stacks, each function's measured
 * total time is compared too: a line under the test says so, with the
 * stack samples of each side, and four columns after the self time's
 * p(adj) give it ("base tot s", "this tot s", "delta tot", "p(adj)"
 * and its own *; with --diff-normalize shares of each side's stack
 * samples, "base tot %", "this tot %"), with --error-bars their 95 %
 * intervals after "this tot".  When exactly one side has stacks, one
 * line says that totals are not compared and why; nothing else
 * changes.
 *
 * JSON: {"format": "gprof-diff", "version": 1, "compare": "seconds" or
 * "shares", "alpha", "correction": "holm", "tested", "significant",
 * "unchanged", "base" and "this" ({"program", "profiles", "samples",
 * "hz"}), "functions": [{"name", "file", "in_base", "in_this",
 * "base_samples", "this_samples", "base_value", "this_value",
 * "delta_value", "change_pct" (null from 0), "base_ci95", "this_ci95"
 * ([low, high] in the value's unit), "p", "p_adjusted", "significant",
 * "regression", "base_calls", "this_calls", "delta_calls"}], and
 * "regression": null or {"threshold_pct", "worst"}}.  When both sides
 * have stacks (only then): "measured" ({"tested", "significant"}), each
 * side's "stack_samples", and per function "base_measured_samples",
 * "this_measured_samples", "base_measured_value",
 * "this_measured_value", "delta_measured_value",
 * "measured_change_pct", "base_measured_ci95", "this_measured_ci95",
 * "measured_p", "measured_p_adjusted", "measured_significant".
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "diff.h"
#include "jsonw.h"
#include "stats.h"
#include "views.h"

/* The interval of N samples, in the units of a side's values
 * (TOTAL of them: a share's denominator). */
static struct stats_interval
scaled_interval(const struct diff *d, const struct diff_side *s, double n,
		double total)
{
	struct stats_interval r = stats_poisson_interval(n, 0.95);
	double scale = d->share ? (total > 0 ? 100.0 / total : 0)
				: (s->hz > 0 ? 1.0 / s->hz : 0);

	if (!(scale > 0))
		scale = NAN; /* the side has no rate (or no samples) */
	r.lo *= scale;
	r.hi *= scale;
	return r;
}

/* A side's self time (or share) interval. */
static struct stats_interval
side_interval(const struct diff *d, const struct diff_side *s, double n)
{
	return scaled_interval(d, s, n, s->samples);
}

/* A side's measured total time (or share) interval. */
static struct stats_interval
side_minterval(const struct diff *d, const struct diff_side *s, double n)
{
	return scaled_interval(d, s, n, s->stack_samples);
}

static void
side_line(FILE *out, const char *label, const struct diff_side *s)
{
	fprintf(out, "%s: %s:", label, s->exe);
	for (size_t i = 0; i < s->ngmons; i++)
		fprintf(out, "%s %s", i ? "," : "", s->gmons[i]);
	fprintf(out, ": %.1f samples", s->samples);
	if (s->hz > 0)
		fprintf(out, ", %.2f seconds at %g Hz", s->samples / s->hz,
			s->hz);
	fputc('\n', out);
}

/* V with DEC decimals (SIGN: always signed) in WIDTH, "?" if unknown. */
static void
put_value(FILE *out, double v, int width, int dec, bool sign)
{
	if (isnan(v))
		fprintf(out, "%*s", width, "?");
	else
		fprintf(out, sign ? "%+*.*f" : "%*.*f", width, dec, v);
}

static void
change_text(char *buf, size_t n, const struct diff_row *r)
{
	if (isnan(r->t1) || isnan(r->t2))
		snprintf(buf, n, "?");
	else if (r->t1 > 0)
		snprintf(buf, n, "%+.1f%%", 100.0 * (r->t2 - r->t1) / r->t1);
	else
		snprintf(buf, n, "%s", r->t2 > 0 ? "new" : "-");
}

/* An interval as "[lo, hi]" with DEC decimals. */
static void
interval_text(char *buf, size_t n, struct stats_interval r, int dec)
{
	snprintf(buf, n, "[%.*f, %.*f]", dec, r.lo, dec, r.hi);
}

/*
 * A sample count kept in a double (diff.h's stack_samples) as exact
 * integer text in BUF: "%.0f" would print a saturated count, 2^64 - 1,
 * rounded to the double's 2^64 (18446744073709551616), a number no
 * count can be; it prints as 2^64 - 1, every other count as the
 * integer the double holds.
 */
static const char *
count_text(char *buf, size_t n, double v)
{
	uint64_t c = 0;

	if (v >= 18446744073709551616.0)
		c = UINT64_MAX;
	else if (v > 0)
		c = (uint64_t)v;
	snprintf(buf, n, "%" PRIu64, c);
	return buf;
}

/* The lines on measured totals under the test's (none without stacks). */
static void
measured_head(FILE *out, const struct diff *d)
{
	char b[24], c[24];

	if (d->measured) {
		fprintf(out,
			"Measured total time (stack samples with the function "
			"anywhere on the\nstack: base %s, this %s) "
			"compared %s,\ntested the same way over %zu "
			"function%s; %zu significant change%s of it.\n",
			count_text(b, sizeof(b), d->base.stack_samples),
			count_text(c, sizeof(c), d->cur.stack_samples),
			d->share ? "as % of each profile's stack samples"
				 : "as seconds",
			d->mtested, d->mtested == 1 ? "" : "s", d->msig,
			d->msig == 1 ? "" : "s");
	} else if (d->base.stacks != d->cur.stacks) {
		fprintf(out,
			"Measured total times are not compared: %s profile "
			"has no sampled stacks.\n",
			d->base.stacks ? "this" : "the base");
	}
}

/* A row's measured columns (D->measured only). */
static void
measured_cols(FILE *out, const struct diff *d, const struct diff_row *r,
	      int dec, bool error_bars)
{
	fputc(' ', out);
	put_value(out, r->mt1, 10, dec, false);
	fputc(' ', out);
	put_value(out, r->mt2, 10, dec, false);
	if (error_bars) {
		char bs[64], cs[64];

		interval_text(bs, sizeof(bs),
			      side_minterval(d, &d->base, r->m1), dec);
		interval_text(cs, sizeof(cs), side_minterval(d, &d->cur, r->m2),
			      dec);
		fprintf(out, " %21s %21s", bs, cs);
	}
	fputs("  ", out);
	put_value(out, r->mt2 - r->mt1, 9, dec, true);
	fprintf(out, "  %8.2g %c", r->mp_adj, r->msignificant ? '*' : ' ');
}

void
diff_print_text(FILE *out, const struct diff *d, bool error_bars)
{
	double hz = d->cur.hz > d->base.hz ? d->cur.hz : d->base.hz;
	int dec = d->share ? 2 : view_time_decimals(hz);
	const char *u = d->share ? "%" : "s";

	fputs("Profile diff (our own report; GNU gprof has none)\n\n", out);
	side_line(out, "base", &d->base);
	side_line(out, "this", &d->cur);
	fprintf(out,
		"Self time compared %s;\ncalls are exact counts, so any "
		"change in them is real.\n",
		d->share ? "as % of each profile's samples" : "as seconds");
	fprintf(out,
		"Test: exact conditional test of the two Poisson sample "
		"counts,\ntwo-sided, Holm-adjusted over %zu function%s with "
		"samples;\n* marks p(adj) <= %g.\n",
		d->ntested, d->ntested == 1 ? "" : "s", DIFF_ALPHA);
	if (isnan(side_interval(d, &d->base, 0).hi) ||
	    isnan(side_interval(d, &d->cur, 0).hi))
		fprintf(out,
			"The %s profile has no %s: its times are "
			"unknown (?) and not tested.\n",
			isnan(side_interval(d, &d->base, 0).hi) ? "base"
								: "this",
			d->share ? "samples" : "histogram (no rate)");
	measured_head(out, d);
	fprintf(out,
		"%zu significant change%s; %zu unchanged function%s not "
		"listed.\n\n",
		d->nsig, d->nsig == 1 ? "" : "s", d->unchanged,
		d->unchanged == 1 ? "" : "s");
	fprintf(out, "    base %s     this %s", u, u);
	if (error_bars)
		fprintf(out, " %21s %21s", "base 95%", "this 95%");
	fprintf(out, "  %9s  %7s  %8s ", d->share ? "delta pp" : "delta s",
		"change", "p(adj)");
	if (d->measured) {
		char bt[16], tt[16];

		snprintf(bt, sizeof(bt), "base tot %s", u);
		snprintf(tt, sizeof(tt), "this tot %s", u);
		fprintf(out, "  %10s %10s", bt, tt);
		if (error_bars)
			fprintf(out, " %21s %21s", "base tot 95%",
				"this tot 95%");
		fprintf(out, "  %9s  %8s ", "delta tot", "p(adj)");
	}
	fprintf(out, "  %11s %11s %11s  name\n", "base calls", "this calls",
		"delta calls");
	for (size_t i = 0; i < d->nrows; i++) {
		const struct diff_row *r = &d->rows[i];
		char change[32];

		change_text(change, sizeof(change), r);
		put_value(out, r->t1, 10, dec, false);
		fputc(' ', out);
		put_value(out, r->t2, 10, dec, false);
		if (error_bars) {
			struct stats_interval b =
			    side_interval(d, &d->base, r->n1);
			struct stats_interval c =
			    side_interval(d, &d->cur, r->n2);
			char bs[64], cs[64];
			interval_text(bs, sizeof(bs), b, dec);
			interval_text(cs, sizeof(cs), c, dec);
			fprintf(out, " %21s %21s", bs, cs);
		}
		fputs("  ", out);
		put_value(out, r->t2 - r->t1, 9, dec, true);
		fprintf(out, "  %7s  %8.2g %c", change, r->p_adj,
			r->significant ? '*' : ' ');
		if (d->measured)
			measured_cols(out, d, r, dec, error_bars);
		fprintf(out, " %11" PRIu64 " %11" PRIu64 " %+11" PRId64 "  %s",
			r->c1, r->c2, gp_delta_sat(r->c1, r->c2), r->name);
		if (r->file != NULL)
			fprintf(out, " (%s)", r->file);
		if (!r->in_base || !r->in_this)
			fprintf(out, " [only in %s]",
				r->in_base ? "base" : "this");
		fputc('\n', out);
	}
}

static void
json_side(struct jsonw *w, const char *key, const struct diff_side *s,
	  bool measured)
{
	jsonw_key(w, key);
	jsonw_object(w);
	jsonw_key(w, "program");
	jsonw_string(w, s->exe);
	jsonw_key(w, "profiles");
	jsonw_array(w);
	for (size_t i = 0; i < s->ngmons; i++)
		jsonw_string(w, s->gmons[i]);
	jsonw_end(w);
	jsonw_key(w, "samples");
	jsonw_double(w, s->samples);
	jsonw_key(w, "hz");
	jsonw_double(w, s->hz);
	if (measured) {
		jsonw_key(w, "stack_samples");
		jsonw_double(w, s->stack_samples);
	}
	jsonw_end(w);
}

static void
json_interval(struct jsonw *w, const char *key, struct stats_interval r)
{
	jsonw_key(w, key);
	jsonw_array(w);
	jsonw_double(w, r.lo);
	jsonw_double(w, r.hi);
	jsonw_end(w);
}

/* One compared quantity of a row, its keys named with PRE ("" for self
 * time, "measured_" for measured totals): base_PREsamples,
 * this_PREsamples, base_/this_/delta_PREvalue, PREchange_pct,
 * base_/this_PREci95, PREp, PREp_adjusted, PREsignificant. */
struct json_quantity {
	const char *pre;
	double n1, n2, t1, t2, p, p_adj;
	struct stats_interval ci1, ci2;
	bool significant;
};

static void
json_qkey(struct jsonw *w, const char *side, const char *pre, const char *name)
{
	char k[64];

	snprintf(k, sizeof(k), "%s%s%s", side, pre, name);
	jsonw_key(w, k);
}

static void
json_quantity(struct jsonw *w, const struct json_quantity *q)
{
	char k[64];

	json_qkey(w, "base_", q->pre, "samples");
	jsonw_double(w, q->n1);
	json_qkey(w, "this_", q->pre, "samples");
	jsonw_double(w, q->n2);
	json_qkey(w, "base_", q->pre, "value");
	jsonw_double(w, q->t1);
	json_qkey(w, "this_", q->pre, "value");
	jsonw_double(w, q->t2);
	json_qkey(w, "delta_", q->pre, "value");
	jsonw_double(w, q->t2 - q->t1);
	json_qkey(w, "", q->pre, "change_pct");
	if (q->t1 > 0)
		jsonw_double(w, 100.0 * (q->t2 - q->t1) / q->t1);
	else
		jsonw_null(w);
	snprintf(k, sizeof(k), "base_%sci95", q->pre);
	json_interval(w, k, q->ci1);
	snprintf(k, sizeof(k), "this_%sci95", q->pre);
	json_interval(w, k, q->ci2);
	json_qkey(w, "", q->pre, "p");
	jsonw_double(w, q->p);
	json_qkey(w, "", q->pre, "p_adjusted");
	jsonw_double(w, q->p_adj);
	json_qkey(w, "", q->pre, "significant");
	jsonw_bool(w, q->significant);
}

static void
json_row(struct jsonw *w, const struct diff *d, const struct diff_row *r)
{
	jsonw_object(w);
	jsonw_key(w, "name");
	jsonw_string(w, r->name);
	jsonw_key(w, "file");
	jsonw_string(w, r->file);
	jsonw_key(w, "in_base");
	jsonw_bool(w, r->in_base);
	jsonw_key(w, "in_this");
	jsonw_bool(w, r->in_this);
	json_quantity(w, &(struct json_quantity){
			     .pre = "",
			     .n1 = r->n1,
			     .n2 = r->n2,
			     .t1 = r->t1,
			     .t2 = r->t2,
			     .p = r->p,
			     .p_adj = r->p_adj,
			     .ci1 = side_interval(d, &d->base, r->n1),
			     .ci2 = side_interval(d, &d->cur, r->n2),
			     .significant = r->significant,
			 });
	jsonw_key(w, "regression");
	jsonw_bool(w, r->regression);
	jsonw_key(w, "base_calls");
	jsonw_uint(w, r->c1);
	jsonw_key(w, "this_calls");
	jsonw_uint(w, r->c2);
	jsonw_key(w, "delta_calls");
	jsonw_int(w, gp_delta_sat(r->c1, r->c2));
	if (d->measured)
		json_quantity(w, &(struct json_quantity){
				     .pre = "measured_",
				     .n1 = r->m1,
				     .n2 = r->m2,
				     .t1 = r->mt1,
				     .t2 = r->mt2,
				     .p = r->mp,
				     .p_adj = r->mp_adj,
				     .ci1 = side_minterval(d, &d->base, r->m1),
				     .ci2 = side_minterval(d, &d->cur, r->m2),
				     .significant = r->msignificant,
				 });
	jsonw_end(w);
}

int
diff_print_json(FILE *out, const struct diff *d, struct gp_err *err)
{
	struct jsonw w;

	jsonw_init(&w, out, 0);
	diff_json_emit(&w, d);
	return jsonw_finish(&w, err);
}

void
diff_json_emit(struct jsonw *w, const struct diff *d)
{
	jsonw_object(w);
	jsonw_key(w, "format");
	jsonw_string(w, "gprof-diff");
	jsonw_key(w, "version");
	jsonw_uint(w, 1);
	jsonw_key(w, "compare");
	jsonw_string(w, d->share ? "shares" : "seconds");
	jsonw_key(w, "alpha");
	jsonw_double(w, DIFF_ALPHA);
	jsonw_key(w, "correction");
	jsonw_string(w, "holm");
	jsonw_key(w, "tested");
	jsonw_uint(w, d->ntested);
	jsonw_key(w, "significant");
	jsonw_uint(w, d->nsig);
	jsonw_key(w, "unchanged");
	jsonw_uint(w, d->unchanged);
	if (d->measured) {
		jsonw_key(w, "measured");
		jsonw_object(w);
		jsonw_key(w, "tested");
		jsonw_uint(w, d->mtested);
		jsonw_key(w, "significant");
		jsonw_uint(w, d->msig);
		jsonw_end(w);
	}
	json_side(w, "base", &d->base, d->measured);
	json_side(w, "this", &d->cur, d->measured);
	jsonw_key(w, "functions");
	jsonw_array(w);
	for (size_t i = 0; i < d->nrows; i++)
		json_row(w, d, &d->rows[i]);
	jsonw_end(w);
	jsonw_key(w, "regression");
	if (d->fail_pct >= 0) {
		jsonw_object(w);
		jsonw_key(w, "threshold_pct");
		jsonw_double(w, d->fail_pct);
		jsonw_key(w, "worst");
		jsonw_string(w, d->worst ? d->worst->name : NULL);
		jsonw_end(w);
	} else {
		jsonw_null(w);
	}
	jsonw_end(w);
}
