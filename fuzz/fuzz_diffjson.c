/*
 * fuzz_diffjson.c - libFuzzer target for a JSON export read as the base
 * of --diff (diff_json_read, and through it the JSON pull reader
 * jsonr.c), on a real file (a memfd), then compared with itself and
 * printed (text and JSON) to /dev/null.
 *
 * Checks: a document that reads has whole call counts and samples >= 0
 * (what the reader promises the comparison).
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

		for (size_t i = 0; i < in.n; i++)
			if (!(in.fns[i].samples >= 0))
				abort();
		memset(&d, 0, sizeof(d));
		d.base = d.cur = side;
		diff_compute_inputs(&d, &in, &in, size & 1, 10);
		diff_print_text(out, &d, true);
		(void)diff_print_json(out, &d, &err);
		diff_free(&d);
	}
	diff_input_free(&in);
	diff_strings_free(&strs);
	close(fd);
	return 0;
}
