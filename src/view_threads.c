/*
 * view_threads.c - --threads: one line per thread of the profile (the
 * model's per-thread table, threadview.h), our own layout:
 *
 *          tid  name             threads    cpu s  sampled s   share  ...
 *        26292  worker-2               1    0.516      0.510   50.0%  ...
 *
 *   ...      calls  busiest function
 *   ...      18001  leaf
 *
 * tid: the kernel's thread id (of the last thread, when the record
 * holds several); threads: how many threads the row stands for (the
 * collector folds ended threads past its bound into one record of their
 * name, and summed profiles have one row per name); cpu s: the threads'
 * own CPU clock; sampled s: their samples at the histograms' rate;
 * share: of every thread's samples; calls: hook calls counted on them;
 * busiest function: the one most often sampled running there (frame 0
 * of its stacks), "-" when none was.  Busiest first: by samples, then
 * CPU time, then the table's order.  With --thread, only the picked
 * rows (shares still of every thread).
 */
#include <stdlib.h>
#include <string.h>

#include "sort.h"
#include "views.h"

static int
busiest(uint32_t a, uint32_t b, const void *ctx)
{
	const struct thread_row *r = ctx;

	if (r[a].samples != r[b].samples)
		return r[a].samples > r[b].samples ? -1 : 1;
	if (r[a].cpu_ns != r[b].cpu_ns)
		return r[a].cpu_ns > r[b].cpu_ns ? -1 : 1;
	return (a > b) - (a < b);
}

int
view_threads(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	const struct thread_view *tv = m->threads;
	uint32_t *order;
	size_t n = 0;
	int dec = view_time_decimals(m->hz);

	/* analysis_load() refused a profile without per-thread data. */
	if (tv == NULL || !tv->any)
		return gp_fail(err, "no per-thread data");
	order = xcalloc(tv->n ? tv->n : 1, sizeof(*order));
	for (size_t i = 0; i < tv->n; i++)
		if (tv->rows[i].selected)
			order[n++] = (uint32_t)i;
	gp_sort(order, n, busiest, tv->rows);
	fprintf(out, "%12s  %-16s %7s %10s %*s %7s %12s  %s\n", "tid", "name",
		"threads", "cpu s", dec + 9, "sampled s", "share", "calls",
		"busiest function");
	for (size_t k = 0; k < n; k++) {
		const struct thread_row *r = &tv->rows[order[k]];
		char name[THREAD_NAME_MAX + 1];
		char share[16] = "-";

		if (tv->samples > 0)
			snprintf(share, sizeof(share), "%.1f%%",
				 100.0 * (double)r->samples /
				     (double)tv->samples);
		fprintf(out, "%12llu  %-16s %7llu %10.3f ",
			(unsigned long long)r->tid,
			sanitize_name(r->name, name, sizeof(name)),
			(unsigned long long)r->nthreads,
			(double)r->cpu_ns / 1e9);
		if (m->hz > 0)
			fprintf(out, "%*.*f", dec + 9, dec,
				(double)r->samples / m->hz);
		else
			fprintf(out, "%*s", dec + 9, "-");
		fprintf(out, " %7s %12llu  %s\n", share,
			(unsigned long long)r->calls,
			r->top != UINT32_MAX && r->top < m->nfuncs
			    ? model_name(m, r->top)
			    : "-");
	}
	free(order);
	return 0;
}
