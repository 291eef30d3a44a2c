/*
 * fuzz_report.c - libFuzzer target for the whole analysis and every
 * printed report, on a profile read from the input and a function table
 * made from its addresses (fake_symtab.h).
 *
 * Input: byte 0 as in fuzz_gmon.c (bit 0 word 4, bit 1 big-endian, bits
 * 2-3 format); byte 1 report options (bit 0 -b, 1 -z, 2 -T, 3 -L,
 * 4 demangle, 5 exclude node 1 from the graph, 6 include only node 0 in
 * the graph, 7 exclude node 2 from time); byte 2 the -w width; the rest
 * is the profile.  Reports go to /dev/null.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "exe.h"
#include "gmon.h"
#include "hist.h"
#include "report.h"
#include "symtab.h"

#include "fake_symtab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
print_all(const struct gmon *g, uint8_t o, int width, FILE *out)
{
	struct symtab st;
	struct callgraph cg;
	struct cg_select sel = { 0 };
	static struct exe_src no_src;
	struct exe x;
	struct report rep;
	uint8_t *flags;
	bool *excl;
	double *ticks;
	size_t n;

	fake_symtab(g, &st);
	n = st.n ? st.n : 1;
	ticks = xcalloc(n, sizeof(*ticks));
	excl = xcalloc(n, sizeof(*excl));
	flags = xcalloc(n, sizeof(*flags));
	if ((o & 0x20) && st.n > 1)
		flags[1] |= CG_EXCL_GRAPH;
	if ((o & 0x40) && st.n > 0) {
		flags[0] |= CG_INCL_GRAPH;
		sel.any_incl_graph = true;
	}
	if ((o & 0x80) && st.n > 2) {
		flags[2] |= CG_EXCL_TIME;
		excl[2] = true;
	}
	sel.flags = flags;
	cg_init(&cg, &st);
	for (size_t i = 0; i < g->narcs; i++) {
		uint32_t p, c;

		if (cg_map_arc(&cg, g->arcs[i].from, g->arcs[i].self, &p, &c))
			cg_add(&cg, p, c, g->arcs[i].count);
	}
	memset(&x, 0, sizeof(x));
	x.fd = -1;
	/* No ELF and no DWARF: report_file() finds nothing.  SRC must
	 * not be NULL even when empty (bsearch's argument). */
	x.dwarf_tried = true;
	x.src_done = true;
	x.src = &no_src;
	x.nsrc = 0;
	memset(&rep, 0, sizeof(rep));
	rep.st = &st;
	rep.cg = &cg;
	rep.g = g;
	rep.x = &x;
	rep.flat_excluded = excl;
	rep.total_ticks = hist_assign(g, &st, excl, ticks);
	cg_assemble(&cg, ticks, &sel);
	rep.hz = g->have_rate ? g->rate : 0;
	rep.print_time = cg.print_time > 0 ? cg.print_time : 1.0;
	rep.brief = o & 1;
	rep.zeros = o & 2;
	rep.traditional = o & 4;
	rep.print_path = o & 8;
	rep.width = width;
	report_names(&rep, (o & 0x10) != 0, (o & 0x10) != 0);
	report_order_graph(&rep);
	report_flat(out, &rep);
	report_graph(out, &rep);
	report_index(out, &rep);
	report_exec(out, &rep);
	report_free(&rep);
	cg_free(&cg);
	free(ticks);
	free(excl);
	free(flags);
	symtab_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum gmon_format fmts[] = { GMON_AUTO, GMON_GNU, GMON_BSD,
						 GMON_BSD44 };
	static FILE *out;
	struct gmon g;
	struct gp_err err;

	if (size < 3)
		return 0;
	if (out == NULL)
		out = fopen("/dev/null", "w");
	if (out == NULL)
		return 0;
	gmon_init(&g, (data[0] & 1) ? 4 : 8, (data[0] & 2) != 0);
	if (gmon_read_mem(&g, "in", data + 3, size - 3, fmts[(data[0] >> 2) & 3],
			  &err) == 0)
		print_all(&g, data[1], 1 + data[2] % 200, out);
	gmon_free(&g);
	return 0;
}
