/*
 * report_index.c - the index by function name that follows the call
 * graph: three columns, filled down then across, cycles last.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "reader.h"
#include "report.h"

/* Rows ahead whose functions are fetched (their names half as far). */
#define AHEAD 8

/* N spaces into R. */
static void
spaces(struct wbuf *r, size_t n)
{
	static const char sp[] = "                                ";

	while (n > 0) {
		size_t k = n < sizeof(sp) - 1 ? n : sizeof(sp) - 1;

		wb_bytes(r, sp, k);
		n -= k;
	}
}

/* Add one cell to R, a row of the index made in memory and written
 * whole (a row has three cells of a dozen pieces each); returns its
 * printed width as GNU gprof counts it. */
static size_t
cell(struct wbuf *r, const struct model *m, bool traditional, entry_id id,
     size_t col, size_t start)
{
	bool cycle = entry_is_cycle(m, id), printed = entry_printed(m, id);
	char buf[32], name[48], trad[32];
	const char *text;

	char *p = buf;
	size_t nb, nt;

	/* "[%u]" or "(%u)", and "<cycle %u>", formatted by hand: the
	 * index has a cell per function. */
	*p++ = printed ? '[' : '(';
	p = fmt_u(p, m->index[id], 0, 0);
	*p++ = printed ? ']' : ')';
	*p = '\0';
	nb = (size_t)(p - buf);
	if (cycle) {
		p = fmt_s(name, "<cycle ");
		p = fmt_u(p, (uint64_t)(id - m->nfuncs + 1), 0, 0);
		*p++ = '>';
		*p = '\0';
	}
	if (traditional) {
		/* BSD layout: the raw symbol name, as GNU prints it. */
		wb_bytes(
		    r, trad,
		    (size_t)snprintf(trad, sizeof(trad), "%6.6s %-19.19s", buf,
				     cycle ? name : model_raw_name(m, id)));
		return col;
	}
	col += nb;
	if (col < start + 5) {
		spaces(r, start + 5 - col);
		col = start + 5;
	}
	wb_bytes(r, " ", 1);
	wb_bytes(r, buf, nb);
	wb_bytes(r, " ", 1);
	text = cycle ? name : model_name(m, id);
	nt = strlen(text);
	wb_bytes(r, text, nt);
	col += nt;
	if (!cycle && m->st->syms[id].is_static) {
		const char *file = model_file(m, id);
		if (file != NULL) {
			size_t nf = strlen(file);

			wb_bytes(r, " (", 2);
			wb_bytes(r, file, nf);
			wb_bytes(r, ")", 1);
			col += nf + 3;
		}
	}
	return col;
}

void
report_index(FILE *out, const struct model *m, const struct report_opts *ro)
{
	uint32_t *v = xcalloc(m->nfuncs + m->ncycles + 1, sizeof(*v));
	size_t total, rows, width = (size_t)(ro->width - 1) / 3;
	struct wbuf r;

	/* Functions by raw name (LIST_INDEX: called or sampled, or -z;
	 * presort.h, made by the analysis), then every cycle in number
	 * order. */
	assert(m->name_order != NULL); /* the plan asked for it (plan.h) */
	memcpy(v, m->name_order, m->nnamed * sizeof(*v));
	total = m->nnamed;
	for (size_t k = 0; k < m->ncycles; k++)
		v[total++] = (entry_id)(m->nfuncs + k);
	wbuf_init(&r, false, 8);
	fputs("Index by function name\n\n", out);
	rows = (total + 2) / 3;
	for (size_t i = 0; i < rows; i++) {
		size_t col = 0, start = 0;

		/* The rows ahead: their functions, then their names. */
		for (size_t j = i + AHEAD; j < total; j += rows)
			model_prefetch(m, v[j], false);
		for (size_t j = i + AHEAD / 2; j < total; j += rows)
			model_prefetch(m, v[j], true);
		r.n = 0;
		for (size_t j = i; j < total; j += rows) {
			col = cell(&r, m, ro->traditional, v[j], col, start);
			start += width;
		}
		wb_bytes(&r, "\n", 1);
		fwrite(r.p, 1, r.n, out);
	}
	wbuf_free(&r);
	free(v);
}
