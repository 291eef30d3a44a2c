/*
 * fuzz_nmfile.c - libFuzzer target for -S: the input is an nm-format
 * symbol list, written to a memfd that nmfile_read() reads by path.
 * The end of .text it is given comes from the input's size modulo 3
 * (none, 0x1000, the top address).
 *
 * Checks: the table is strictly ascending, every function is named,
 * and each one that owns its own address finds itself.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "diag.h"
#include "nmfile.h"
#include "symtab.h"

#include "memfd_exe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(const struct symtab *st)
{
	for (size_t i = 0; i < st->n; i++) {
		const struct sym *s = &st->syms[i];

		if (s->name == NULL ||
		    (i > 0 && st->syms[i - 1].addr >= s->addr))
			abort();
		if (s->end >= s->addr && symtab_find(st, s->addr) != i)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t text_hi[] = { 0, 0x1000, UINT64_MAX };
	char path[64];
	struct symtab st = { 0 };
	struct gp_err err;
	char *names;
	int fd = memfd_input("fuzz_nmfile", data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	if (nmfile_read(&st, path, text_hi[size % 3], &names, &err) == 0) {
		check(&st);
		symtab_free(&st);
		free(names);
	}
	close(fd);
	return 0;
}
