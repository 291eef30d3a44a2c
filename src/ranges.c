/*
 * ranges.c - a skip list of disjoint ranges, ordered by their low end.
 *
 * Node i keeps its forward links in links[nodes[i].link ...], one per
 * level; the head's links are rs->head.  Levels are drawn from an
 * xorshift generator with a fixed seed (each level kept with
 * probability 1/2), so the expected search cost is O(log n) whatever the
 * input, and the same input always builds the same list.
 */
#include "ranges.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

void
ranges_init(struct ranges *rs)
{
	memset(rs, 0, sizeof(*rs));
	for (int l = 0; l < RANGES_MAXLVL; l++)
		rs->head[l] = RANGES_NONE;
	rs->level = 1;
	rs->seed = 0x9E3779B97F4A7C15ull;
}

void
ranges_free(struct ranges *rs)
{
	free(rs->nodes);
	free(rs->links);
	ranges_init(rs);
}

static uint32_t
next_of(const struct ranges *rs, uint32_t x, int l)
{
	return x == RANGES_NONE ? rs->head[l]
				: rs->links[rs->nodes[x].link + l];
}

static void
set_next(struct ranges *rs, uint32_t x, int l, uint32_t to)
{
	if (x == RANGES_NONE)
		rs->head[l] = to;
	else
		rs->links[rs->nodes[x].link + l] = to;
}

/*
 * The last node whose low end is below KEY (RANGES_NONE for the head),
 * and in UPDATE (if not NULL) the last such node on every level.
 */
static uint32_t
find_before(const struct ranges *rs, uint64_t key, uint32_t *update)
{
	uint32_t x = RANGES_NONE;

	for (int l = rs->level - 1; l >= 0; l--) {
		uint32_t nx;

		while ((nx = next_of(rs, x, l)) != RANGES_NONE &&
		       rs->nodes[nx].lo < key)
			x = nx;
		if (update != NULL)
			update[l] = x;
	}
	return x;
}

uint32_t
ranges_find(const struct ranges *rs, uint64_t lo, uint64_t hi)
{
	uint32_t x = find_before(rs, hi, NULL);

	/* Disjoint and ordered: if any range overlaps, this one does. */
	if (x != RANGES_NONE && rs->nodes[x].hi > lo)
		return x;
	return RANGES_NONE;
}

static int
random_level(struct ranges *rs)
{
	uint64_t s = rs->seed;
	int l = 1;

	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	rs->seed = s;
	while (l < RANGES_MAXLVL && (s & 1)) {
		l++;
		s >>= 1;
	}
	return l;
}

void
ranges_add(struct ranges *rs, uint64_t lo, uint64_t hi)
{
	uint32_t update[RANGES_MAXLVL];
	uint32_t id = (uint32_t)rs->n;
	int level = random_level(rs);
	struct range_node *nd;

	if (rs->n >= UINT32_MAX - 1 || rs->nlinks > UINT32_MAX - RANGES_MAXLVL)
		gp_out_of_memory();
	find_before(rs, hi, update);
	for (int l = rs->level; l < level; l++)
		update[l] = RANGES_NONE;
	if (level > rs->level)
		rs->level = level;
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 64;
		rs->nodes =
		    xreallocarray(rs->nodes, rs->cap, sizeof(*rs->nodes));
	}
	while (rs->links_cap - rs->nlinks < (size_t)level) {
		rs->links_cap = rs->links_cap ? 2 * rs->links_cap : 256;
		rs->links =
		    xreallocarray(rs->links, rs->links_cap, sizeof(*rs->links));
	}
	nd = &rs->nodes[rs->n++];
	nd->lo = lo;
	nd->hi = hi;
	nd->link = (uint32_t)rs->nlinks;
	nd->level = (uint8_t)level;
	rs->nlinks += (size_t)level;
	for (int l = 0; l < level; l++) {
		set_next(rs, id, l, next_of(rs, update[l], l));
		set_next(rs, update[l], l, id);
	}
}
