/*
 * fuzz_linesyms.c - libFuzzer target for -s's line mode: the input is
 * an executable (written to a memfd), whose DWARF line table and
 * function DIEs linesyms_starts() turns into line-symbol starts; those
 * are merged into the function table (symtab_add_lines) and a call
 * graph is mapped onto the result, as linemode_build() does.
 *
 * Checks: the starts are strictly ascending, inside .text and named;
 * the merged table is strictly ascending and each entry that owns its
 * own address finds itself.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "callgraph.h"
#include "diag.h"
#include "exe.h"
#include "linesyms.h"
#include "symtab.h"

#include "memfd_exe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_starts(const struct exe *x, const uint64_t *a, const char *const *nm,
	     size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] < x->text_lo || a[i] >= x->text_hi || nm[i] == NULL)
			abort();
		if (i > 0 && a[i - 1] >= a[i])
			abort();
	}
}

/* Arcs between every few line symbols, mapped as recorded ones are. */
static void
graph(const struct symtab *lt)
{
	struct callgraph cg;
	struct cg_select sel = { 0 };
	double *ticks = xcalloc(lt->n ? lt->n : 1, sizeof(*ticks));

	cg_init(&cg, lt);
	for (size_t i = 0; i < lt->n; i++) {
		const struct sym *from = &lt->syms[i];
		const struct sym *to = &lt->syms[(i * 7 + 3) % lt->n];
		uint32_t p, c;

		if (i > 0 && lt->syms[i - 1].addr >= from->addr)
			abort();
		if (from->end >= from->addr && symtab_find(lt, from->addr) != i)
			abort();
		ticks[i] = (double)(i % 3);
		if (cg_map_arc(&cg, from->addr + 1, to->addr, &p, &c))
			cg_add(&cg, p, c, i + 1);
	}
	cg_assemble(&cg, ticks, &sel);
	cg_free(&cg);
	free(ticks);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct symtab_opts opts = { false, false, NULL };
	struct exe x;
	struct symtab st = { 0 }, lt = { 0 };
	struct gp_err err;
	uint64_t *starts;
	const char **names;
	size_t n;
	int fd = memfd_exe_open(&x, data, size);

	if (fd < 0)
		return 0;
	if (symtab_build(&st, &x, &opts, &err) != 0)
		st = (struct symtab){ 0 };
	n = linesyms_starts(&x, &starts, &names);
	check_starts(&x, starts, names, n);
	symtab_add_lines(&lt, &st, starts, names, n);
	free(starts);
	free(names);
	graph(&lt);
	symtab_free(&lt);
	symtab_free(&st);
	exe_close(&x);
	close(fd);
	return 0;
}
