/*
 * ranges.h - an ordered set of disjoint address ranges [lo, hi), for
 * finding which earlier histogram a new one equals or overlaps in
 * O(log n) instead of comparing it with every earlier one.
 *
 * A skip list whose levels come from a fixed-seed generator, so its
 * shape does not depend on the input and runs are reproducible.
 */
#ifndef GPROF_RANGES_H
#define GPROF_RANGES_H

#include <stddef.h>
#include <stdint.h>

#define RANGES_NONE UINT32_MAX
#define RANGES_MAXLVL 24

struct range_node {
	uint64_t lo, hi;
	uint32_t link; /* first of its LEVEL forward links in LINKS */
	uint8_t level;
};

struct ranges {
	struct range_node *nodes; /* owned, in order of addition */
	size_t n, cap;
	uint32_t *links; /* owned */
	size_t nlinks, links_cap;
	uint32_t head[RANGES_MAXLVL];
	int level;
	uint64_t seed;
};

void ranges_init(struct ranges *rs);
void ranges_free(struct ranges *rs);

/*
 * The index (order of addition) of the range of RS that overlaps
 * [LO, HI), or RANGES_NONE.  As the ranges are disjoint, a range equal
 * to [LO, HI) is the only one that can overlap it, so it is the one
 * returned.  LO < HI.
 */
uint32_t ranges_find(const struct ranges *rs, uint64_t lo, uint64_t hi);

/*
 * Add [LO, HI) as range number rs->n.  The caller has checked with
 * ranges_find() that it overlaps no range of RS.  Aborts on memory
 * exhaustion or past UINT32_MAX - 1 ranges.
 */
void ranges_add(struct ranges *rs, uint64_t lo, uint64_t hi);

#endif
