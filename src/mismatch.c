/*
 * mismatch.c - tell when a profile cannot come from the executable.
 *
 * A runtime profiles the program it is linked into, so in a profile
 * written by the executable given:
 *
 *   - every histogram range lies within the loaded image, its PT_LOAD
 *     segments out to whole pages (glibc samples from the start of the
 *     first segment to etext rounded up by a few bytes);
 *   - every arc's caller address is in its code, and so is every
 *     callee address that lies within its loaded image.  glibc's
 *     mcount drops arcs whose caller is outside the sampled range
 *     (calls from libc or from a shared library: the one into main,
 *     qsort's comparisons, thread start routines, a library calling
 *     the program back); our libgmon writes only arcs between two
 *     places of the executable to gmon.out.  But glibc keeps the arcs
 *     from the program into a -pg shared library (expat's libexpat.so
 *     called by xmlwf), whose callee lies outside the image, so such
 *     a callee is no sign of anything: only one inside the image, and
 *     not in its code (data, a gap), cannot come from this build.
 *
 * "Its code" is the span from the first code symbol (or .text) to the
 * end of the last, and within it the range of some entry of the symbol
 * table (arcs elsewhere are dropped).  The span matters because the
 * table's last entries, non-function symbols like etext, stretch far
 * beyond the code.  When the image is unknown, it is taken to be the
 * code span.
 *
 * So a range or an arc outside these is a sign of another build.  The
 * checks are only signs: a profile of a slightly changed build can pass
 * them all.  A build-id recorded by the runtime would settle it; no
 * gmon format has a record for one yet, and that check would go here.
 */
#include "mismatch.h"

#include <elf.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define PAGE ((uint64_t)4096) /* the smallest page size we know of */

/* The span [*LO, *HI) of X's code symbols and .text; false if none. */
static bool
code_span(const struct exe *x, uint64_t *lo, uint64_t *hi)
{
	*lo = x->text_found ? x->text_lo : UINT64_MAX;
	*hi = x->text_found ? x->text_hi : 0;
	for (size_t i = 0; i < x->nsyms; i++) {
		const struct exe_sym *s = &x->syms[i];
		uint64_t size = s->size > 0 ? s->size : 1;

		/* A weak symbol may be data (data_start is one). */
		if (s->letter != 'T' && s->letter != 't' &&
		    (s->letter != 'W' || s->type != STT_FUNC))
			continue;
		if (s->addr < *lo)
			*lo = s->addr;
		if (s->addr <= UINT64_MAX - size && s->addr + size > *hi)
			*hi = s->addr + size;
	}
	return *lo < *hi;
}

static bool
in_code(const struct symtab *st, uint64_t lo, uint64_t hi, uint64_t addr)
{
	return addr >= lo && addr < hi && symtab_find(st, addr) != SYM_NONE;
}

/* SYMS's lookups (see mismatch_check), without a check. */
static void
map_arcs(const struct gmon *g, const struct symtab *st, uint32_t *syms)
{
	for (size_t i = 0; i < g->narcs; i++) {
		syms[2 * i] = symtab_find(st, g->arcs[i].from);
		syms[2 * i + 1] = symtab_find(st, g->arcs[i].self);
	}
}

void
mismatch_check(struct mismatch *m, const struct gmon *g, const struct exe *x,
	       const struct symtab *st, uint32_t *syms)
{
	uint64_t lo, hi;

	memset(m, 0, sizeof(*m));
	/* Segments are mapped in whole pages, and a runtime may round the
	 * range out by a few bytes (glibc rounds highpc up to 4). */
	if (x->load_hi > x->load_lo && x->load_hi <= UINT64_MAX - PAGE) {
		m->img_lo = x->load_lo & ~(PAGE - 1);
		m->img_hi = (x->load_hi + PAGE - 1) & ~(PAGE - 1);
		m->nhists = g->nhists;
	}
	for (size_t i = 0; i < m->nhists; i++) {
		const struct gmon_hist *h = &g->hists[i];

		if (h->lowpc >= m->img_lo && h->highpc <= m->img_hi)
			continue;
		if (m->hists_out++ == 0) {
			m->bad_lo = h->lowpc;
			m->bad_hi = h->highpc;
		}
	}
	if (!code_span(x, &lo, &hi)) {
		if (syms != NULL)
			map_arcs(g, st, syms);
		return;
	}
	/* Where a callee must be code: the image, or the code span. */
	bool img = m->img_hi > m->img_lo;
	uint64_t clo = img ? m->img_lo : lo, chi = img ? m->img_hi : hi;

	m->narcs = g->narcs;
	for (size_t i = 0; i < g->narcs; i++) {
		uint64_t from = g->arcs[i].from, self = g->arcs[i].self;
		sym_id f, c;

		if (syms == NULL) {
			if (!in_code(st, lo, hi, from) ||
			    (self >= clo && self < chi &&
			     !in_code(st, lo, hi, self)))
				m->arcs_out++;
			continue;
		}
		/* The same test on lookups made for every arc. */
		f = syms[2 * i] = symtab_find(st, from);
		c = syms[2 * i + 1] = symtab_find(st, self);
		if (!(from >= lo && from < hi && f != SYM_NONE) ||
		    (self >= clo && self < chi &&
		     !(self >= lo && self < hi && c != SYM_NONE)))
			m->arcs_out++;
	}
}

/* "gmon.out", or "a.out (and 2 more)" when several were summed. */
static void
name_profiles(const struct gmon *g, char *buf, size_t len)
{
	const char *first = g->nfiles > 0 ? g->files[0].path : "the profile";

	if (g->nfiles > 1)
		snprintf(buf, len, "%s (and %zu more)", first, g->nfiles - 1);
	else
		snprintf(buf, len, "%s", first);
}

bool
mismatch_message(const struct mismatch *m, size_t k, const struct gmon *g,
		 const char *exe, struct gp_err *msg)
{
	static const char *const hint = "was it written by another build?";
	char prof[512];

	if (m->hists_out == 0)
		k++; /* no histogram warning: the arc one comes first */
	if (k > 1 || (k == 1 && m->arcs_out == 0))
		return false;
	name_profiles(g, prof, sizeof(prof));
	if (k == 0 && m->nhists == 1) {
		gp_fail(msg,
			"%s: histogram range 0x%" PRIx64 "-0x%" PRIx64
			" reaches outside the image of %s (0x%" PRIx64
			"-0x%" PRIx64 "); %s",
			prof, m->bad_lo, m->bad_hi, exe, m->img_lo, m->img_hi,
			hint);
	} else if (k == 0) {
		gp_fail(msg,
			"%s: %zu of %zu histogram ranges reach outside the "
			"image of %s (0x%" PRIx64 "-0x%" PRIx64 "), the first "
			"0x%" PRIx64 "-0x%" PRIx64 "; %s",
			prof, m->hists_out, m->nhists, exe, m->img_lo,
			m->img_hi, m->bad_lo, m->bad_hi, hint);
	} else {
		gp_fail(msg,
			"%s: %zu of %zu call arcs start outside the code of "
			"%s or end in its image outside its code; %s",
			prof, m->arcs_out, m->narcs, exe, hint);
	}
	return true;
}
