/*
 * presort.c - the flat profile's and the index's orders (presort.h), by
 * sort keys made once (gp_sort_keys): a comparison through the nodes
 * and names would read two of each at random.
 */
#include "presort.h"

#include <math.h>
#include <stdlib.h>

#include "sort.h"

/* The N keys K sorted, their ids into *OUT (new); frees K. */
static size_t
sorted_ids(struct gp_key *k, size_t n, uint32_t **out)
{
	gp_sort_keys(k, n);
	*out = xcalloc(n ? n : 1, sizeof(**out));
	for (size_t i = 0; i < n; i++)
		(*out)[i] = k[i].id;
	free(k);
	return n;
}

size_t
presort_flat(const struct callgraph *cg, const struct symtab *st,
	     const bool *excluded, bool zeros, uint32_t **out)
{
	struct gp_key *k = xcalloc(cg->n ? cg->n : 1, sizeof(*k));
	size_t n = 0;

	*out = NULL;
	for (uint32_t i = 0; i < cg->n; i++) {
		const struct cg_node *v = &cg->nodes[i];

		if (!presort_flat_listed(v, excluded != NULL && excluded[i],
					 zeros))
			continue;
		if (isnan(v->self_ticks)) {
			free(k);
			return SIZE_MAX;
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
	struct gp_key *k = xcalloc(cg->n ? cg->n : 1, sizeof(*k));
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
