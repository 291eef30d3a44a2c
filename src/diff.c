/*
 * diff.c - --diff=BASE: analyse the base, match functions, test every
 * change of self time, and of measured total time when both sides have
 * sampled stacks (diff.h).
 *
 * Invariant: when either side lacks stacks, nothing here reads the
 * measured totals, so the rows (and every report) are what they were
 * before stacks existed.
 */
#include "diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "analysis.h"
#include "modelbuild.h"
#include "plan.h"
#include "sort.h"
#include "stats.h"

/* One function of one side, keyed for matching. */
struct keyed {
	char *key; /* owned: raw name, or raw name '\1' source path */
	const struct diff_fn *f;
	bool base;
	bool dup; /* its name occurs more than once on its side */
};

static uint64_t
calls_of(const struct model *m, uint32_t fn)
{
	return gp_add_sat(m->cg->nodes[fn].ncalls, m->cg->nodes[fn].self_calls);
}

void
diff_input_from_model(struct diff_input *in, const struct model *m)
{
	memset(in, 0, sizeof(*in));
	in->fns = xcalloc(m->nfuncs + 1, sizeof(*in->fns));
	in->hz = m->hz;
	if (m->measured != NULL && m->measured->any) {
		in->stacks = true;
		in->stack_samples = (double)m->measured->samples;
	}
	for (uint32_t fn = 0; fn < m->nfuncs; fn++) {
		struct diff_fn *f = &in->fns[in->n];
		double t = m->cg->nodes[fn].self_ticks;
		double total = in->stacks && fn < m->measured->nfuncs
				   ? (double)m->measured->total[fn]
				   : 0;

		in->samples += t;
		if (!(t > 0) && calls_of(m, fn) == 0 && !(total > 0))
			continue;
		f->raw = model_raw_name(m, fn);
		f->obj = m->st->syms[fn].objname;
		f->name = model_name(m, fn);
		f->path = m->src != NULL ? m->src[fn].path : NULL;
		f->is_static = m->st->syms[fn].is_static;
		f->file = f->is_static ? model_file(m, fn) : NULL;
		f->samples = t;
		f->calls = calls_of(m, fn);
		f->total = total;
		in->n++;
	}
}

void
diff_input_free(struct diff_input *in)
{
	free(in->fns);
	in->fns = NULL;
	in->n = 0;
}

/*
 * IN's functions into V, keyed; a function that has only a measured
 * total is left out unless MEASURED (totals compared).  Returns how
 * many.
 */
static size_t
collect(struct keyed *v, const struct diff_input *in, bool base, bool measured)
{
	size_t n = 0;

	for (size_t i = 0; i < in->n; i++) {
		const struct diff_fn *f = &in->fns[i];

		if (!(f->samples > 0) && f->calls == 0 && !measured)
			continue;
		if (f->obj != NULL) { /* "name [libfoo.so]" */
			size_t len = strlen(f->raw) + strlen(f->obj) + 4;
			v[n].key = xmalloc(len);
			snprintf(v[n].key, len, "%s [%s]", f->raw, f->obj);
		} else {
			v[n].key = xstrdup(f->raw);
		}
		v[n].f = &in->fns[i];
		v[n].base = base;
		v[n].dup = false;
		n++;
	}
	return n;
}

/* K's key plus its source path ("name\1path"). */
static void
add_path(struct keyed *k)
{
	const char *path = k->f->path ? k->f->path : "";
	size_t len = strlen(k->key) + strlen(path) + 2;
	char *key = xmalloc(len);

	snprintf(key, len, "%s\1%s", k->key, path);
	free(k->key);
	k->key = key;
}

static int
by_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c != 0)
		return c;
	if (x->base != y->base)
		return x->base ? -1 : 1;
	return (x->f > y->f) - (x->f < y->f);
}

/*
 * K[0..N) sorted by name: where a name occurs more than once on either
 * side, its static functions are told apart by their source files (a
 * function of unknown kind counts as static when its name repeats on
 * its own side).
 */
static void
split_statics(struct keyed *k, size_t n)
{
	for (size_t i = 0, j; i < n; i = j) {
		size_t nb = 0, nc = 0;

		for (j = i; j < n && strcmp(k[j].key, k[i].key) == 0; j++)
			k[j].base ? nb++ : nc++;
		if (nb <= 1 && nc <= 1)
			continue;
		for (size_t x = i; x < j; x++) {
			bool dup = (k[x].base ? nb : nc) > 1;
			if (k[x].f->is_static == 1 ||
			    (k[x].f->is_static < 0 && dup))
				add_path(&k[x]);
		}
	}
}

/* Fill a row's numbers from the keyed entries K[0..N) of one key. */
static void
fill_row(struct diff_row *r, const struct keyed *k, size_t n)
{
	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < n; i++) {
		const struct diff_fn *f = k[i].f;

		if (k[i].base) {
			r->in_base = true;
			r->n1 += f->samples;
			r->m1 += f->total;
			r->c1 = gp_add_sat(r->c1, f->calls);
		} else {
			r->in_this = true;
			r->n2 += f->samples;
			r->m2 += f->total;
			r->c2 = gp_add_sat(r->c2, f->calls);
		}
		/* The name and file shown: this profile's when it has one. */
		if (r->name == NULL || !k[i].base) {
			r->name = f->name;
			r->file = f->file;
		}
	}
}

static double
side_value(const struct diff *d, const struct diff_side *s, double n)
{
	if (d->share)
		return s->samples > 0 ? 100.0 * n / s->samples : NAN;
	return s->hz > 0 ? n / s->hz : NAN;
}

/* A side's measured total of N stack samples, as seconds or a share. */
static double
side_mvalue(const struct diff *d, const struct diff_side *s, double n)
{
	if (d->share)
		return s->stack_samples > 0 ? 100.0 * n / s->stack_samples
					    : NAN;
	return s->hz > 0 ? n / s->hz : NAN;
}

/*
 * Counts past this are scaled down to it together before the test: the
 * incomplete beta function (stats.c) loses its accuracy from ~1e13
 * (p-values of equal counts far from 1), and 2^40 samples are 35 years
 * at 1 kHz, so only a damaged or hand-made JSON base gets here.  Fewer
 * samples in the same ratio only make the test more cautious.
 */
#define MAX_TESTED_SAMPLES 0x1p40

/*
 * The test of counts N1 and N2 with exposures E1 and E2 (1 when
 * untestable); marks it tested.
 */
static double
test_counts(double n1, double e1, double n2, double e2, bool *tested)
{
	double sum = n1 + n2;
	uint64_t k1, k2;

	if (sum > MAX_TESTED_SAMPLES) {
		n1 *= MAX_TESTED_SAMPLES / sum;
		n2 *= MAX_TESTED_SAMPLES / sum;
	}
	k1 = (uint64_t)llround(n1);
	k2 = (uint64_t)llround(n2);
	*tested = k1 + k2 > 0 && e1 > 0 && e2 > 0;
	if (!*tested)
		return 1.0;
	return stats_poisson_compare(k1, e1, k2, e2);
}

/* The test of one row's self samples (1 when untestable). */
static double
test_row(struct diff *d, const struct diff_row *r, bool *tested)
{
	double e1 = d->share ? d->base.samples : d->base.hz;
	double e2 = d->share ? d->cur.samples : d->cur.hz;

	return test_counts(r->n1, e1, r->n2, e2, tested);
}

static int
by_significance(uint32_t a, uint32_t b, const void *ctx)
{
	const struct diff_row *x = (const struct diff_row *)ctx + a;
	const struct diff_row *y = (const struct diff_row *)ctx + b;
	double dx = fabs(x->t2 - x->t1), dy = fabs(y->t2 - y->t1);
	if (isnan(dx))
		dx = 0;
	if (isnan(dy))
		dy = 0;
	uint64_t cx = x->c1 > x->c2 ? x->c1 - x->c2 : x->c2 - x->c1;
	uint64_t cy = y->c1 > y->c2 ? y->c1 - y->c2 : y->c2 - y->c1;

	/* The more significant of a row's two tests first (mp_adj is 1
	 * in every row without stacks: the order of self times alone). */
	double ax = fmin(x->p_adj, x->mp_adj), ay = fmin(y->p_adj, y->mp_adj);

	if (ax != ay)
		return ax < ay ? -1 : 1;
	if (x->p_adj != y->p_adj)
		return x->p_adj < y->p_adj ? -1 : 1;
	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	if (x->mp_adj != y->mp_adj) /* 1 in every row without stacks */
		return x->mp_adj < y->mp_adj ? -1 : 1;
	if (dx != dy)
		return dx > dy ? -1 : 1;
	if (cx != cy)
		return cx > cy ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Growth of a row's self time in percent (infinite from 0). */
static double
growth(const struct diff_row *r)
{
	return r->t1 > 0 ? 100.0 * (r->t2 - r->t1) / r->t1 : INFINITY;
}

static void
judge(struct diff *d)
{
	double *p = xcalloc(d->nrows + 1, sizeof(*p));
	size_t *at = xcalloc(d->nrows + 1, sizeof(*at));
	size_t m = 0;

	for (size_t i = 0; i < d->nrows; i++) {
		struct diff_row *r = &d->rows[i];
		bool tested;

		r->t1 = side_value(d, &d->base, r->n1);
		r->t2 = side_value(d, &d->cur, r->n2);
		r->p = r->p_adj = test_row(d, r, &tested);
		if (tested) {
			p[m] = r->p;
			at[m++] = i;
		}
	}
	stats_holm(p, p, m);
	d->ntested = m;
	for (size_t j = 0; j < m; j++) {
		struct diff_row *r = &d->rows[at[j]];

		r->p_adj = p[j];
		r->significant = r->p_adj <= DIFF_ALPHA;
		d->nsig += r->significant;
		r->regression = r->significant && d->fail_pct >= 0 &&
				r->t2 > r->t1 && growth(r) > d->fail_pct;
	}
	free(p);
	free(at);
}

/* Test every row's measured total (a Holm family of its own). */
static void
judge_measured(struct diff *d)
{
	double *p = xcalloc(d->nrows + 1, sizeof(*p));
	size_t *at = xcalloc(d->nrows + 1, sizeof(*at));
	double e1 = d->share ? d->base.stack_samples : d->base.hz;
	double e2 = d->share ? d->cur.stack_samples : d->cur.hz;
	size_t m = 0;

	for (size_t i = 0; i < d->nrows; i++) {
		struct diff_row *r = &d->rows[i];
		bool tested = false;

		r->mp = r->mp_adj = 1.0;
		if (!d->measured)
			continue;
		r->mt1 = side_mvalue(d, &d->base, r->m1);
		r->mt2 = side_mvalue(d, &d->cur, r->m2);
		r->mp = r->mp_adj = test_counts(r->m1, e1, r->m2, e2, &tested);
		if (tested) {
			p[m] = r->mp;
			at[m++] = i;
		}
	}
	stats_holm(p, p, m);
	d->mtested = m;
	for (size_t j = 0; j < m; j++) {
		struct diff_row *r = &d->rows[at[j]];

		r->mp_adj = p[j];
		r->msignificant = r->mp_adj <= DIFF_ALPHA;
		d->msig += r->msignificant;
	}
	free(p);
	free(at);
}

/* Whether R's measured total is the same on both sides. */
static bool
same_total(const struct diff *d, const struct diff_row *r)
{
	return !d->measured || (fabs(r->mt2 - r->mt1) <= 1e-9 * fabs(r->mt1) &&
				!r->msignificant);
}

/* Sort the rows, drop the unchanged ones, find the worst regression. */
static void
order_rows(struct diff *d)
{
	uint32_t *ord = xcalloc(d->nrows + 1, sizeof(*ord));
	struct diff_row *rows = xcalloc(d->nrows + 1, sizeof(*rows));
	size_t n = 0;

	for (size_t i = 0; i < d->nrows; i++)
		ord[i] = (uint32_t)i;
	gp_sort(ord, d->nrows, by_significance, d->rows);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct diff_row *r = &d->rows[ord[i]];

		if (r->in_base && r->in_this && r->c1 == r->c2 &&
		    fabs(r->t2 - r->t1) <= 1e-9 * fabs(r->t1) &&
		    !r->significant && same_total(d, r)) {
			d->unchanged++;
			continue;
		}
		rows[n++] = *r;
	}
	free(d->rows);
	free(ord);
	d->rows = rows;
	d->nrows = n;
	for (size_t i = 0; i < n; i++) {
		const struct diff_row *r = &rows[i], *w = d->worst;

		if (r->regression &&
		    (w == NULL || growth(r) > growth(w) ||
		     (growth(r) == growth(w) && r->t2 - r->t1 > w->t2 - w->t1)))
			d->worst = r;
	}
}

void
diff_compute_inputs(struct diff *d, const struct diff_input *base,
		    const struct diff_input *cur, bool share, double fail_pct)
{
	size_t nk = base->n + cur->n, n;
	struct keyed *k = xcalloc(nk + 1, sizeof(*k));

	d->share = share;
	d->fail_pct = fail_pct;
	d->base.hz = base->hz;
	d->cur.hz = cur->hz;
	d->base.samples = base->samples;
	d->cur.samples = cur->samples;
	d->base.stacks = base->stacks;
	d->cur.stacks = cur->stacks;
	d->base.stack_samples = base->stack_samples;
	d->cur.stack_samples = cur->stack_samples;
	d->measured = base->stacks && cur->stacks;
	n = collect(k, base, true, d->measured);
	n += collect(k + n, cur, false, d->measured);
	qsort(k, n, sizeof(*k), by_key);
	split_statics(k, n);
	qsort(k, n, sizeof(*k), by_key);
	d->rows = xcalloc(n + 1, sizeof(*d->rows));
	d->nrows = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(k[j].key, k[i].key) == 0; j++)
			;
		fill_row(&d->rows[d->nrows++], k + i, j - i);
	}
	for (size_t i = 0; i < n; i++)
		free(k[i].key);
	free(k);
	judge(d);
	judge_measured(d);
	order_rows(d);
}

void
diff_compute(struct diff *d, const struct model *base, const struct model *cur,
	     bool share, double fail_pct)
{
	struct diff_input b, c;

	diff_input_from_model(&b, base);
	diff_input_from_model(&c, cur);
	diff_compute_inputs(d, &b, &c, share, fail_pct);
	diff_input_free(&b);
	diff_input_free(&c);
}

void
diff_free(struct diff *d)
{
	free(d->rows);
	d->rows = NULL;
	d->nrows = 0;
}

/* The message of --fail-on-regression about D's worst regression. */
static int
regression(const struct diff *d, struct gp_err *err)
{
	const struct diff_row *r = d->worst;
	char grew[64];

	if (r->t1 > 0)
		snprintf(grew, sizeof(grew), "grew by %.1f%%", growth(r));
	else
		snprintf(grew, sizeof(grew), "grew from nothing");
	return gp_fail(err,
		       "--fail-on-regression=%g: the self time of %s%s%s%s %s "
		       "(p(adj) = %.2g)",
		       d->fail_pct, r->name, r->file ? " (" : "",
		       r->file ? r->file : "", r->file ? ")" : "", grew,
		       r->p_adj);
}

/* The base's executable and profiles from BASE ("P" or "E,P[,P...]"). */
static void
parse_base(struct options *ob, char *base, const char *exe)
{
	size_t n = 1;

	for (const char *s = base; *s != '\0'; s++)
		n += *s == ',';
	ob->gmons = xcalloc(n, sizeof(*ob->gmons));
	ob->ngmons = 0;
	ob->exe = exe;
	if (n > 1) {
		ob->exe = base;
		base = strchr(base, ',');
		*base++ = '\0';
	}
	for (char *s = base; s != NULL;) {
		char *comma = strchr(s, ',');
		if (comma != NULL)
			*comma++ = '\0';
		ob->gmons[ob->ngmons++] = s;
		s = comma;
	}
}

static void
build_model(struct model *m, struct analysis *a, const struct options *o)
{
	struct model_opts mo;

	model_opts_init(&mo, o);
	/* Names as the reports show them, but never with positions: the
	 * rows carry the file on their own (the plan looked every
	 * function's up). */
	mo.inline_file_names = false;
	model_from_analysis(m, a, &mo);
}

static int
print_diff(FILE *out, const struct diff *d, const struct options *o,
	   struct gp_err *err)
{
	if (o->view != NULL && strcmp(o->view, "json") == 0)
		return diff_print_json(out, d, err);
	if (o->view != NULL && strcmp(o->view, "html") == 0)
		return diff_print_html(out, d, err);
	diff_print_text(out, d, o->error_bars);
	return 0;
}

/* Write D to O->output, or else to OUT (standard output's stream). */
static int
write_out(const struct diff *d, const struct options *o, FILE *out,
	  struct gp_err *err)
{
	struct outfile of;
	struct gp_err warn = { { 0 } };

	if (o->output == NULL)
		return print_diff(out, d, o, err);
	if (outfile_open(&of, o->output, &warn, err) != 0)
		return -1;
	if (warn.msg[0] != '\0')
		gp_warn("%s", warn.msg);
	if (print_diff(of.f, d, o, err) != 0) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, err);
}

/* Analyse the base into B, for --diff as OB plans it; -1 with ERR
 * naming --diff. */
static int
load_base(struct analysis *b, struct options *ob, struct gp_err *err)
{
	char msg[sizeof(err->msg)];
	struct plan plan;

	if (plan_init(&plan, ob, err) == 0 &&
	    analysis_load(b, ob, &plan, NULL, NULL, err) == 0) {
		plan_finish(&plan, ob, b);
		if (analysis_compute(b, ob, &plan, err) == 0)
			return 0;
	}
	snprintf(msg, sizeof(msg), "%s", err->msg);
	return gp_fail(err, "--diff: %s", msg);
}

/* Compare CI with BI into D, write it, judge --fail-on-regression. */
static int
finish(struct diff *d, const struct diff_input *bi, const struct diff_input *ci,
       const struct options *o, FILE *out, struct gp_err *err)
{
	int rc;

	diff_compute_inputs(d, bi, ci, o->diff_share, o->fail_regression);
	rc = write_out(d, o, out, err);
	if (rc == 0 && d->worst != NULL)
		rc = regression(d, err);
	diff_free(d);
	return rc;
}

/* BASE is a JSON export. */
static int
against_json(struct diff *d, const struct diff_input *ci,
	     const struct options *o, FILE *out, struct gp_err *err)
{
	struct diff_input bi;
	struct diff_strings strs = { 0 };
	int rc = -1;

	memset(&bi, 0, sizeof(bi));
	if (diff_json_read(o->diff_base, &bi, &d->base, &strs, err) == 0)
		rc = finish(d, &bi, ci, o, out, err);
	diff_input_free(&bi);
	diff_strings_free(&strs);
	return rc;
}

/* BASE is a profile, or an executable and its profiles. */
static int
against_profiles(struct diff *d, const struct diff_input *ci,
		 const struct options *o, FILE *out, struct gp_err *err)
{
	struct options ob = *o;
	char *spec = xstrdup(o->diff_base);
	struct analysis b;
	struct model mb;
	struct diff_input bi;
	int rc = -1;

	parse_base(&ob, spec, o->exe);
	ob.style &= ~(unsigned)OUT_SUM;
	ob.file_info = false;
	analysis_init(&b);
	if (load_base(&b, &ob, err) == 0) {
		build_model(&mb, &b, &ob);
		diff_input_from_model(&bi, &mb);
		d->base.exe = ob.exe;
		d->base.gmons = ob.gmons;
		d->base.ngmons = ob.ngmons;
		rc = finish(d, &bi, ci, o, out, err);
		diff_input_free(&bi);
		model_free(&mb);
	}
	analysis_free(&b);
	free(ob.gmons);
	free(spec);
	return rc;
}

int
diff_write(struct analysis *a, const struct options *o, FILE *out,
	   struct gp_err *err)
{
	struct model mc;
	struct diff_input ci;
	struct diff d;
	int rc;

	memset(&d, 0, sizeof(d));
	build_model(&mc, a, o);
	diff_input_from_model(&ci, &mc);
	d.cur.exe = o->exe;
	d.cur.gmons = o->gmons;
	d.cur.ngmons = o->ngmons;
	if (diff_base_is_json(o->diff_base))
		rc = against_json(&d, &ci, o, out, err);
	else
		rc = against_profiles(&d, &ci, o, out, err);
	diff_input_free(&ci);
	model_free(&mc);
	return rc;
}
