/*
 * fuzz_gmon.c - libFuzzer target for the profile reader and the analysis
 * that runs on what it reads.
 *
 * The first input byte chooses how to read the rest:
 *   bit 0      word size (0: 8 bytes, 1: 4 bytes)
 *   bit 1      byte order (1: big-endian)
 *   bits 2-3   format (auto, GNU, BSD, 4.4BSD)
 *   bit 4      split the data in two files at byte 1 (mod the size), to
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

#include "fake_symtab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
analyse(const struct gmon *g)
{
	struct symtab st;
	struct callgraph cg;
	struct cg_select sel = { 0 };
	struct wbuf w;
	double *ticks;
	bool *excl;

	fake_symtab(g, &st);
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
	/* The sum in each output format (-O): GNU, BSD, 4.4BSD. */
	for (int f = 0; f < 3; f++) {
		enum gmon_format out = f == 0 ? GMON_GNU : f == 1 ? GMON_BSD : GMON_BSD44;
		struct gp_err err;

		wbuf_init(&w, g->big_endian, g->word);
		if (gmon_write_head(g, &w, out, &err) == 0) {
			for (uint32_t p = 0; p < cg.n; p++)
				for (uint32_t a = cg.nodes[p].first_child; a != CG_NONE;
				     a = cg.arcs[a].next_child)
					gmon_write_arc(&w, out, st.syms[p].addr,
						       st.syms[cg.arcs[a].child].addr,
						       cg.arcs[a].count);
			gmon_write_bbs(g, &w, out);
		}
		wbuf_free(&w);
	}
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
