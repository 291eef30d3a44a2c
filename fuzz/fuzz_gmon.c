/*
 * fuzz_gmon.c - libFuzzer target for the profile reader and the analysis
 * that runs on what it reads.
 *
 * The first input byte chooses how to read the rest:
 *   bit 0      word size (0: 8 bytes, 1: 4 bytes)
 *   bit 1      byte order (1: big-endian)
 *   bits 2-3   format (auto, GNU, BSD, 4.4BSD)
 *   bit 4      split the data in two files at the offset in byte 2, to
 *              exercise summing (rate, range and format checks)
 * When the profile parses, a small symbol table is built from the
 * addresses it mentions (histogram bounds, arc ends, a fixed spread),
 * and the histogram, call-graph and gmon.sum writing code runs on it.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "gmon.h"
#include "hist.h"
#include "reader.h"
#include "symtab.h"

#define MAX_SYMS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = { "main", "a", "b", "c", "d", "e", "f",
				     "g" };

static int
by_addr(const void *a, const void *b)
{
	uint64_t x = ((const struct sym *)a)->addr;
	uint64_t y = ((const struct sym *)b)->addr;

	return x < y ? -1 : x > y;
}

/* Collect up to MAX_SYMS candidate addresses, then sort and dedupe. */
static void
build_symtab(const struct gmon *g, struct symtab *st)
{
	struct sym *v = xcalloc(MAX_SYMS, sizeof(*v));
	size_t n = 0, out = 0;

	for (size_t i = 0; i < g->nhists && n + 4 <= MAX_SYMS; i++) {
		const struct gmon_hist *h = &g->hists[i];
		uint64_t span = h->highpc - h->lowpc;

		v[n++].addr = h->lowpc;
		v[n++].addr = h->lowpc + span / 3;
		v[n++].addr = h->lowpc + span / 2 + 1;
		v[n++].addr = h->highpc;
	}
	for (size_t i = 0; i < g->narcs && n + 2 <= MAX_SYMS; i++) {
		v[n++].addr = g->arcs[i].from & ~(uint64_t)0xf;
		v[n++].addr = g->arcs[i].self;
	}
	for (uint64_t a = 0x1000; a < 0x1400 && n < MAX_SYMS; a += 0x100)
		v[n++].addr = a;
	qsort(v, n, sizeof(*v), by_addr);
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && v[out - 1].addr == v[i].addr)
			continue;
		v[out] = v[i];
		v[out].name = names[out % ARRAY_SIZE(names)];
		v[out].is_func = (v[out].addr & 0x10) == 0 || out == 0;
		v[out].is_static = (out & 1) != 0;
		out++;
	}
	for (size_t i = 0; i + 1 < out; i++)
		v[i].end = v[i + 1].addr - 1;
	if (out > 0)
		v[out - 1].end = v[out - 1].addr + 0x40;
	st->syms = v;
	st->n = out;
}

static void
analyse(const struct gmon *g)
{
	struct symtab st;
	struct callgraph cg;
	struct cg_select sel = { 0 };
	struct wbuf w;
	double *ticks;
	bool *excl;

	build_symtab(g, &st);
	ticks = xcalloc(st.n ? st.n : 1, sizeof(*ticks));
	excl = xcalloc(st.n ? st.n : 1, sizeof(*excl));
	if (st.n > 1)
		excl[1] = true;
	(void)hist_assign(g, &st, excl, ticks);
	(void)hist_bin_bytes(g);
	cg_init(&cg, &st);
	for (size_t i = 0; i < g->narcs; i++) {
		uint32_t p, c;

		if (cg_map_arc(&cg, g->arcs[i].from, g->arcs[i].self, &p, &c))
			cg_add(&cg, p, c, g->arcs[i].count);
	}
	cg_assemble(&cg, ticks, &sel);
	wbuf_init(&w, g->big_endian, g->word);
	gmon_write_head(g, &w);
	for (uint32_t p = 0; p < cg.n; p++)
		for (uint32_t a = cg.nodes[p].first_child; a != CG_NONE;
		     a = cg.arcs[a].next_child)
			gmon_write_arc(&w, st.syms[p].addr,
				       st.syms[cg.arcs[a].child].addr,
				       cg.arcs[a].count);
	gmon_write_bbs(g, &w);
	wbuf_free(&w);
	cg_free(&cg);
	free(ticks);
	free(excl);
	symtab_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum gmon_format fmts[] = { GMON_AUTO, GMON_GNU, GMON_BSD,
						 GMON_BSD44 };
	struct gmon g;
	struct gp_err err;
	uint8_t mode;
	int rc;

	if (size < 2)
		return 0;
	mode = data[0];
	gmon_init(&g, (mode & 1) ? 4 : 8, (mode & 2) != 0);
	data += 2;
	size -= 2;
	if ((mode & 0x10) && size > 0) {
		size_t cut = data[-1] % (size + 1);

		rc = gmon_read_mem(&g, "one", data, cut, fmts[(mode >> 2) & 3],
				   &err);
		if (rc == 0)
			rc = gmon_read_mem(&g, "two", data + cut, size - cut,
					   fmts[(mode >> 2) & 3], &err);
	} else {
		rc = gmon_read_mem(&g, "in", data, size, fmts[(mode >> 2) & 3],
				   &err);
	}
	if (rc == 0)
		analyse(&g);
	gmon_free(&g);
	return 0;
}
