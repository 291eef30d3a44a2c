/*
 * sitelines.c - batched source lines of code addresses (sitelines.h).
 */
#include "sitelines.h"

#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#include "srcline.h"

/* One unit's line table, read on first use, and its names kept. */
struct unit_lines {
	Dwarf_Die *cu;
	bool tried, ok;
	struct dwline_table t;
	char **kept; /* per file entry: the name in S, or NULL */
};

static const char *
keep_name(struct sitelines *s, struct unit_lines *u, uint32_t file)
{
	if (u->kept[file] == NULL) {
		if (s->nnames == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 64;
			s->names =
			    xreallocarray(s->names, s->cap, sizeof(*s->names));
		}
		u->kept[file] = xstrdup(u->t.files[file]);
		s->names[s->nnames++] = u->kept[file];
	}
	return u->kept[file];
}

/* Answer the queries of Q[0..N) that fall in [LO, HI) from U. */
static void
answer(struct exe *x, struct sitelines *s, struct unit_lines *u,
       struct siteline *q, size_t n, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = n;

	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (q[m].addr < lo)
			a = m + 1;
		else
			b = m;
	}
	for (; a < n && q[a].addr < hi; a++) {
		const struct dwline_row *row;

		if (q[a].file != NULL)
			continue;
		if (!u->tried) {
			u->tried = true;
			u->ok = srcline_line_table(x, u->cu, &u->t) == 0;
			u->kept = xcalloc(u->t.nfiles ? u->t.nfiles : 1,
					  sizeof(*u->kept));
		}
		if (!u->ok || (row = dwline_find(&u->t, q[a].addr)) == NULL ||
		    row->file >= u->t.nfiles || u->t.files[row->file] == NULL)
			continue;
		q[a].file = keep_name(s, u, row->file);
		q[a].line = row->line;
	}
}

void
sitelines_find(struct exe *x, struct siteline *q, size_t n, struct sitelines *s)
{
	Dwarf *dw;
	Dwarf_Die cu;
	uint64_t off = 0;

	for (size_t i = 0; i < n; i++) {
		q[i].file = NULL;
		q[i].line = 0;
	}
	if (n == 0 || x == NULL || x->elf == NULL)
		return;
	dw = srcline_dwarf(x);
	while (dw != NULL && srcline_next_unit(x, dw, &off, &cu)) {
		struct unit_lines u = { &cu, false, false, { 0 }, NULL };
		Dwarf_Addr base, lo, hi;
		ptrdiff_t r = 0;

		while ((r = dwarf_ranges(&cu, r, &base, &lo, &hi)) > 0)
			answer(x, s, &u, q, n, lo, hi);
		dwline_free(&u.t);
		free(u.kept);
	}
	srcline_warn_pending(x);
}

void
sitelines_free(struct sitelines *s)
{
	for (size_t i = 0; i < s->nnames; i++)
		free(s->names[i]);
	free(s->names);
	memset(s, 0, sizeof(*s));
}
