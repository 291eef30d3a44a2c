/*
 * fuzz_diffjson.c - libFuzzer target for a JSON export read as the base
 * of --diff (diff_json_read, and through it the JSON pull reader
 * jsonr.c), on a real file (a memfd), then compared with itself and
 * printed (text and JSON) to /dev/null; then compared with a mirror of
 * itself (function i with the counts of function n-1-i), so that calls
 * and samples change both ways, huge counts included.
 *
 * Checks: a document that reads has whole call counts, samples >= 0 and
 * measured totals that are whole, finite and >= 0 (none without
 * stacks) (what the reader promises the comparison); compared with
 * itself, every row is unchanged, no measured total changes
 * significantly, and totals are compared exactly when the document has
 * stacks; against the mirror (measured totals mirrored too), every
 * row's delta of calls has the sign of its change (64-bit sums
 * saturate, never wrap).
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "memfd_exe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *out;
	struct diff_input in;
	struct diff_side side = { 0 };
	struct diff_strings strs = { 0 };
	struct gp_err err;
	char path[64];
	int fd;

	if (out == NULL)
		out = fopen("/dev/null", "w");
	fd = memfd_input("fuzz_diffjson", data, size, path, sizeof(path));
	if (out == NULL || fd < 0)
		return 0;
	if (diff_json_read(path, &in, &side, &strs, &err) == 0) {
		struct diff d;

		for (size_t i = 0; i < in.n; i++) {
			double t = in.fns[i].total;
			if (!(in.fns[i].samples >= 0) || !(t >= 0) ||
			    !(t <= 0x1p53) || t != (double)(uint64_t)t ||
			    (!in.stacks && t != 0))
				abort();
		}
		memset(&d, 0, sizeof(d));
		d.base = d.cur = side;
		diff_compute_inputs(&d, &in, &in, size & 1, 10);
		if (d.measured != in.stacks)
			abort();
		for (size_t i = 0; i < d.nrows; i++)
			if (d.rows[i].c1 != d.rows[i].c2 ||
			    d.rows[i].msignificant)
				abort();
		diff_print_text(out, &d, true);
		(void)diff_print_json(out, &d, &err);
		diff_free(&d);

		struct diff_input mirror = in;
		mirror.fns = calloc(in.n ? in.n : 1, sizeof(*in.fns));
		if (mirror.fns == NULL)
			abort();
		for (size_t i = 0; i < in.n; i++) {
			mirror.fns[i] = in.fns[i];
			mirror.fns[i].calls = in.fns[in.n - 1 - i].calls;
			mirror.fns[i].samples = in.fns[in.n - 1 - i].samples;
			mirror.fns[i].total = in.fns[in.n - 1 - i].total;
		}
		memset(&d, 0, sizeof(d));
		d.base = d.cur = side;
		diff_compute_inputs(&d, &in, &mirror, size & 2, 10);
		for (size_t i = 0; i < d.nrows; i++) {
			const struct diff_row *r = &d.rows[i];
			int64_t delta = gp_delta_sat(r->c1, r->c2);
			if ((delta > 0) != (r->c2 > r->c1) ||
			    (delta < 0) != (r->c2 < r->c1))
				abort();
		}
		diff_print_text(out, &d, false);
		(void)diff_print_json(out, &d, &err);
		diff_free(&d);
		free(mirror.fns);
	}
	diff_input_free(&in);
	diff_strings_free(&strs);
	close(fd);
	return 0;
}
