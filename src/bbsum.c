/*
 * bbsum.c - GNU gprof's per-symbol basic-block slots (see bbsum.h).
 */
#include "bbsum.h"

#include <stdlib.h>

struct entry {
	sym_id sym;
	size_t seq; /* position in the input */
};

static int
by_sym_then_seq(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;

	if (a->sym != b->sym)
		return a->sym < b->sym ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Fill the slots of one symbol from its entries E[0..N) (input order);
 * append them to OUT at *K.
 */
static void
fill_slots(const struct entry *e, size_t n, const struct gmon_bb *v,
	   struct gmon_bb *out, size_t *k)
{
	struct gmon_bb *slot = out + *k;
	size_t used = 0;

	for (size_t i = 0; i < n; i++) {
		const struct gmon_bb *b = &v[e[i].seq];
		size_t s = 0;

		while (s < used && slot[s].addr != b->addr)
			s++;
		if (s == used) {
			if (used == BBSUM_SLOTS)
				continue; /* no room: dropped */
			slot[used++] = (struct gmon_bb){ b->addr, 0 };
		}
		slot[s].count += b->count; /* wraps as GNU's does */
	}
	*k += used;
}

size_t
bbsum_merge(const struct gmon_bb *v, size_t n, const struct symtab *st,
	    struct gmon_bb **out)
{
	struct entry *e = xcalloc(n ? n : 1, sizeof(*e));
	size_t m = 0, k = 0;

	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		sym_id s = symtab_find(st, v[i].addr);

		if (s != SYM_NONE)
			e[m++] = (struct entry){ s, i };
	}
	if (m == 0) {
		free(e);
		return 0;
	}
	qsort(e, m, sizeof(*e), by_sym_then_seq);
	*out = xcalloc(m, sizeof(**out));
	for (size_t i = 0, j; i < m; i = j) {
		for (j = i + 1; j < m && e[j].sym == e[i].sym; j++)
			;
		fill_slots(e + i, j - i, v, *out, &k);
	}
	free(e);
	return k;
}
