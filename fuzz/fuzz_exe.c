/*
 * fuzz_exe.c - libFuzzer target for the executable reader: the input is
 * written to an in-memory file (memfd), opened with exe_open(), turned
 * into a function table, and asked for source lines and code bytes.
 *
 * Invariant: the memfd and everything exe_open() returns are released
 * on every path, so leak reports are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "diag.h"
#include "exe.h"
#include "srcline.h"
#include "symtab.h"

#include "memfd_exe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
probe(struct exe *x, const struct symtab *st, uint64_t addr)
{
	const char *file;
	int line;
	uint64_t base;
	size_t n;

	(void)symtab_find(st, addr);
	(void)srcline_find(x, addr, &file, &line);
	(void)exe_code_at(x, addr, &base, &n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct symtab_opts opts[] = {
		{ false, false, NULL },
		{ true, false, NULL },
		{ false, true, NULL },
	};
	const struct symtab_opts *o = &opts[size % ARRAY_SIZE(opts)];
	struct exe x;
	struct symtab st = { 0 };
	struct gp_err err;
	int fd = memfd_exe_open(&x, data, size);

	if (fd < 0)
		return 0;
	if (symtab_build(&st, &x, o, &err) == 0) {
		for (size_t i = 0; i < st.n && i < 16; i++)
			probe(&x, &st, st.syms[i].addr + 1);
		if (st.n > 0)
			probe(&x, &st, st.syms[st.n - 1].end);
	}
	probe(&x, &st, x.text_lo);
	probe(&x, &st, x.load_hi);
	symtab_free(&st);
	exe_close(&x);
	close(fd);
	return 0;
}
