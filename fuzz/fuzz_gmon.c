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
 * and what gprof -s -l -C -z runs (analysis_compute) and the gmon.sum
 * writers run on it; then the line-mode reports (basic-block counts
 * included) are printed to /dev/null.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"
#include "analysis.h"
#include "diag.h"
#include "hist.h"
#include "plan.h"
#include "reader.h"
#include "reports.h"
#include "sumfile.h"

#include "fake_symtab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The line-mode reports the analysis was planned for (-l -C -z, and
 * -p -q when the profile has what they need), whose -C lists the
 * basic-block counts. */
static void
line_reports(struct analysis *a, const struct options *o,
	     const struct plan *plan)
{
	static FILE *out;
	struct gp_err err;

	if (out == NULL)
		out = fopen("/dev/null", "w");
	if (out == NULL)
		return;
	(void)reports_print(out, a, o, plan, &err);
}

/*
 * What gprof -s -l -C -z (-p -q) runs (with -Pa), then gmon.sum's bytes
 * in each -O format (sumfile_encode, as sumfile_write writes them), then
 * the reports.
 */
static void
analyse(struct analysis *a)
{
	struct spec_arg spec = { SPEC_EXCL_FLAT, (char *)"a" };
	struct options o;
	struct plan plan;
	struct gp_err err;

	memset(&o, 0, sizeof(o));
	fake_symtab(&a->g, &a->fn.st);
	srcline_none(&a->x);
	analysis_loaded(a);
	o.style = OUT_SUM | OUT_EXEC;
	if (a->g.nhists > 0)
		o.style |= OUT_FLAT;
	if (a->have_arcs)
		o.style |= OUT_GRAPH;
	o.specified = o.style;
	o.line = true;
	o.zeros = true;
	o.brief = true;
	o.width = 80;
	o.gmons = (const char *[]){ "in" };
	o.ngmons = 1;
	o.specs = &spec;
	o.nspecs = 1;
	if (plan_init(&plan, &o, &err) != 0)
		return;
	plan_finish(&plan, &o, a);
	if (analysis_compute(a, &o, &plan, &err) != 0)
		return;
	(void)hist_bin_bytes(&a->g);
	for (int f = 0; f < 3; f++) {
		enum gmon_format out = f == 0   ? GMON_GNU
				       : f == 1 ? GMON_BSD
						: GMON_BSD44;
		struct wbuf w;

		wbuf_init(&w, a->g.big_endian, a->g.word);
		(void)sumfile_encode(a, out, &w, &err);
		wbuf_free(&w);
	}
	line_reports(a, &o, &plan);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum gmon_format fmts[] = { GMON_AUTO, GMON_GNU, GMON_BSD,
						 GMON_BSD44 };
	struct analysis a;
	struct gmon *g = &a.g;
	struct gp_err err;
	uint8_t mode;
	int rc;

	if (size < 2)
		return 0;
	mode = data[0];
	analysis_init(&a);
	gmon_init(g, (mode & 1) ? 4 : 8, (mode & 2) != 0);
	data += 2;
	size -= 2;
	if ((mode & 0x10) && size > 0) {
		size_t cut = data[-1] % (size + 1);

		rc = gmon_read_mem(g, "one", data, cut, fmts[(mode >> 2) & 3],
				   &err);
		if (rc == 0)
			rc = gmon_read_mem(g, "two", data + cut, size - cut,
					   fmts[(mode >> 2) & 3], &err);
	} else {
		rc = gmon_read_mem(g, "in", data, size, fmts[(mode >> 2) & 3],
				   &err);
	}
	if (rc == 0)
		analyse(&a);
	analysis_free(&a);
	return 0;
}
