/*
 * report_index.c - the index by function name that follows the call
 * graph: three columns, filled down then across, cycles last.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sort.h"

static int
by_name(uint32_t a, uint32_t b, const void *ctx)
{
	const struct report *r = ctx;

	return strcmp(r->st->syms[a].name, r->st->syms[b].name);
}

/* Print one cell; returns its printed width as GNU gprof counts it. */
static size_t
cell(FILE *out, const struct report *r, uint32_t id, size_t col, size_t start)
{
	const struct callgraph *cg = r->cg;
	bool printed = id >= cg->n ? cg->cycles[id - cg->n].print_flag
				   : cg->nodes[id].print_flag;
	char buf[32], name[48];
	const char *text;

	snprintf(buf, sizeof(buf), printed ? "[%u]" : "(%u)", r->index[id]);
	if (id >= cg->n)
		snprintf(name, sizeof(name), "<cycle %u>", (unsigned)(id - cg->n + 1));
	if (r->traditional) {
		/* BSD layout: the raw symbol name, as GNU prints it. */
		fprintf(out, "%6.6s %-19.19s", buf,
			id >= cg->n ? name : r->st->syms[id].name);
		return col;
	}
	col += strlen(buf);
	for (; col < start + 5; col++)
		fputc(' ', out);
	fprintf(out, " %s ", buf);
	text = id >= cg->n ? name : report_name(r, id);
	fputs(text, out);
	col += strlen(text);
	if (id < cg->n && r->st->syms[id].is_static) {
		const char *file = report_file(r, id);
		if (file != NULL) {
			fprintf(out, " (%s)", file);
			col += strlen(file) + 3;
		}
	}
	return col;
}

void
report_index(FILE *out, const struct report *r)
{
	const struct callgraph *cg = r->cg;
	uint32_t *v = xcalloc(cg->n + cg->ncycles + 1, sizeof(*v));
	size_t n = 0, total, rows, width = (size_t)(r->width - 1) / 3;

	for (uint32_t i = 0; i < cg->n; i++) {
		if (!r->zeros && cg->nodes[i].ncalls == 0 && cg->nodes[i].self_ticks == 0)
			continue;
		v[n++] = i;
	}
	gp_sort(v, n, by_name, r);
	total = n;
	for (size_t k = 0; k < cg->ncycles; k++)
		v[total++] = (uint32_t)(cg->n + k);
	fputs("Index by function name\n\n", out);
	rows = (total + 2) / 3;
	for (size_t i = 0; i < rows; i++) {
		size_t col = 0, start = 0;

		for (size_t j = i; j < total; j += rows) {
			col = cell(out, r, v[j], col, start);
			start += width;
		}
		fputc('\n', out);
	}
	free(v);
}
