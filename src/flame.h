/*
 * flame.h - the calling-context tree of the sampled stacks, for the
 * flame graph of --format=html (view_html.c).
 *
 * Every stack of the measured call graph (measured.h, its functions
 * innermost first) becomes a path from the root, outermost function
 * first; paths that share a prefix share nodes, so a node's samples
 * are those of every stack through it.  A truncated stack hangs below
 * a FLAME_TRUNCATED child of the root (its outermost known function is
 * not the thread's first), and a stack with no known function at all
 * ends in a FLAME_UNKNOWN node.
 *
 * The tree is bounded: a node is kept only when it has at least
 * MIN_SAMPLES samples, the larger of a share of the whole (MIN_PPM
 * parts per million) and what keeps at most MAX_NODES nodes besides
 * the root.  A node's samples are never more than its parent's, so the
 * kept nodes form a tree; the children a kept node loses are merged
 * into one FLAME_OTHER child (not counted in MAX_NODES: at most one per
 * kept node).
 *
 * Ownership: a struct flame owns its arrays; flame_free() releases
 * them.  Out of memory ends the program; nothing else fails.
 */
#ifndef GPROF_FLAME_H
#define GPROF_FLAME_H

#include <stddef.h>
#include <stdint.h>

struct measured;

/* A node's function: a function index, or one of these. */
#define FLAME_ROOT UINT32_MAX
#define FLAME_TRUNCATED (UINT32_MAX - 1)
#define FLAME_OTHER (UINT32_MAX - 2)
#define FLAME_UNKNOWN (UINT32_MAX - 3)

/* The bounds --format=html uses: 0.01 % of the samples, 20,000 nodes. */
#define FLAME_MIN_PPM 100
#define FLAME_MAX_NODES 20000

struct flame {
	/* Owned, N each: the kept tree in preorder (node 0 the root,
	 * every parent before its children), children by samples,
	 * most first, a FLAME_OTHER child last. */
	uint32_t *parent; /* the root's is UINT32_MAX */
	uint32_t *fn;
	uint64_t *samples;
	size_t n;
	uint64_t min_samples;   /* the smallest count a kept node may have */
	size_t nodes_full;      /* nodes of the whole tree, root excluded */
	size_t nodes_pruned;    /* of those, merged into FLAME_OTHER nodes */
	uint64_t samples_other; /* samples of the FLAME_OTHER nodes */
	/* Hash slots looked at to build the whole tree: about 1.5 per
	 * frame (the unit tests allow 3), however deep the recursion. */
	uint64_t probes;
};

/*
 * Build FL from ME's stacks, keeping nodes as described above
 * (MIN_PPM <= 1000000, MAX_NODES >= 1).  Time O(F log F) and memory
 * O(F) for the F frames of ME's distinct stacks, however deep they
 * recurse (a frame costs one expected O(1) hash lookup: FL->probes);
 * no recursion.
 */
void flame_build(struct flame *fl, const struct measured *me, uint32_t min_ppm,
		 size_t max_nodes);

void flame_free(struct flame *fl);

#endif
