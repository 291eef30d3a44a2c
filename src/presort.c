/*
 * presort.c - the flat profile's and the index's orders (presort.h), by
 * sort keys made once (gp_sort_keys): a comparison through the nodes
 * and names would read two of each at random.
 */
#include "presort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sort.h"

int
presort_flat_cmp(const struct callgraph *cg, const struct symtab *st,
		 uint32_t x, uint32_t y)
{
	const struct cg_node *u = &cg->nodes[x], *v = &cg->nodes[y];
	int c;

	if (u->self_ticks != v->self_ticks)
		return u->self_ticks > v->self_ticks ? -1 : 1;
	if (u->ncalls != v->ncalls)
		return u->ncalls > v->ncalls ? -1 : 1;
	c = strcmp(st->syms[x].name, st->syms[y].name); /* GNU: raw */
	if (c != 0)
		return c;
	return x < y ? -1 : x > y;
}

/* What by_flat compares. */
struct flat_ctx {
	const struct callgraph *cg;
	const struct symtab *st;
};

static int
by_flat(uint32_t x, uint32_t y, const void *ctx)
{
	const struct flat_ctx *f = ctx;

	return presort_flat_cmp(f->cg, f->st, x, y);
}

/*
 * The flat profile of a NaN self time: the listed functions in id order
 * sorted by gp_sort, whose merges decide as GNU's qsort does where the
 * comparison is inconsistent.
 */
static size_t
sorted_by_merge(const struct callgraph *cg, const struct symtab *st,
		const bool *excluded, bool zeros, uint32_t **out)
{
	struct flat_ctx f = { cg, st };
	size_t n = 0;

	*out = xcalloc(cg->n, sizeof(**out));
	for (uint32_t i = 0; i < cg->n; i++)
		if (presort_flat_listed(&cg->nodes[i],
					excluded != NULL && excluded[i], zeros))
			(*out)[n++] = i;
	gp_sort(*out, n, by_flat, &f);
	return n;
}

/* The N keys K sorted, their ids into *OUT (new); frees K. */
static size_t
sorted_ids(struct gp_key *k, size_t n, uint32_t **out)
{
	gp_sort_keys(k, n);
	*out = xcalloc(n, sizeof(**out));
	for (size_t i = 0; i < n; i++)
		(*out)[i] = k[i].id;
	free(k);
	return n;
}

size_t
presort_flat(const struct callgraph *cg, const struct symtab *st,
	     const bool *excluded, bool zeros, uint32_t **out)
{
	struct gp_key *k = xcalloc(cg->n, sizeof(*k));
	size_t n = 0;

	for (uint32_t i = 0; i < cg->n; i++) {
		const struct cg_node *v = &cg->nodes[i];

		if (!presort_flat_listed(v, excluded != NULL && excluded[i],
					 zeros))
			continue;
		if (isnan(v->self_ticks)) {
			free(k);
			return sorted_by_merge(cg, st, excluded, zeros, out);
		}
		k[n].k[0] = ~gp_key_double(v->self_ticks);
		k[n].k[1] = ~v->ncalls;
		/* The name's first 8 bytes: strcmp only past them. */
		k[n].name =
		    gp_key_name_rest(st->syms[i].name, &k[n].k[2], NULL);
		k[n].id = i;
		n++;
	}
	return sorted_ids(k, n, out);
}

size_t
presort_names(const struct callgraph *cg, const struct symtab *st, bool zeros,
	      uint32_t **out)
{
	struct gp_key *k = xcalloc(cg->n, sizeof(*k));
	size_t n = 0;

	for (uint32_t i = 0; i < cg->n; i++) {
		if (!presort_index_listed(&cg->nodes[i], zeros))
			continue;
		/* The first 16 bytes, then strcmp only where they agree. */
		k[n].name =
		    gp_key_name_rest(st->syms[i].name, &k[n].k[0], &k[n].k[1]);
		k[n].id = i;
		n++;
	}
	return sorted_ids(k, n, out);
}
