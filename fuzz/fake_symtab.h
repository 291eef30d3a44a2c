/*
 * fake_symtab.h - a function table for the fuzz targets that have no
 * executable: built from the addresses a parsed profile mentions
 * (histogram bounds and interior points, arc ends) plus a fixed spread,
 * so that histogram charging and arc mapping find functions to hit.
 *
 * Included by one .c per target; everything here is static.
 */
#ifndef FUZZ_FAKE_SYMTAB_H
#define FUZZ_FAKE_SYMTAB_H

#include <stdlib.h>

#include "diag.h"
#include "gmon.h"
#include "symtab.h"

#define MAX_SYMS 64

/* Plain and C++-mangled names, so demangling runs in the reports. */
static const char *const names[] = {
	"main",
	"a",
	"_ZN3foo3barEv",
	"c",
	"_Z1fi",
	"_ZNSt6vectorIiSaIiEE9push_backERKi",
	"_Z",
	"g",
	"_GLOBAL__sub_I_main",
	"__mcount_internal",
	"h.part.0",
};

static int
by_addr(const void *a, const void *b)
{
	uint64_t x = ((const struct sym *)a)->addr;
	uint64_t y = ((const struct sym *)b)->addr;

	return x < y ? -1 : x > y;
}

/* Collect up to MAX_SYMS candidate addresses, then sort and dedupe. */
static void
fake_symtab(const struct gmon *g, struct symtab *st)
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

#endif
