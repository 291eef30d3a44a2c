/*
 * test_flame.c - the calling-context tree of --format=html's flame
 * graph (src/flame.c) on hand-built measured stacks: paths merged,
 * children by samples, truncated and unknown stacks, the share floor
 * and the node bound (ties kept or dropped together), [other] nodes;
 * and the work of building the tree of deep recursions, counted in hash
 * probes (linear in the frames, whatever the depth).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flame.h"
#include "measured.h"

#define T FLAME_TRUNCATED
#define O FLAME_OTHER
#define U FLAME_UNKNOWN
#define R FLAME_ROOT
#define END 0xffffu

/* A stack: its count, whether truncated, its functions innermost
 * first (END ends them). */
struct stk {
	uint64_t count;
	bool truncated;
	uint32_t fn[8];
};

/* One case: stacks in, bounds, and the kept tree in preorder (node,
 * parent, function, samples). */
struct tcase {
	const char *name;
	struct stk in[8];
	uint32_t min_ppm;
	size_t max_nodes;
	struct {
		uint32_t parent, fn;
		uint64_t samples;
	} want[16];
	size_t nwant, full, pruned;
	uint64_t min, other;
};

static const struct tcase cases[] = {
	/* main=0, cheap=1, dear=2, work=3: identical paths merged, the
	 * heavier child first, nothing pruned at 1 ppm. */
	{ "merge",
	  { { 45, false, { 3, 2, 0, END } },
	    { 10, false, { 3, 1, 0, END } },
	    { 45, false, { 3, 2, 0, END } } },
	  1,
	  100,
	  { { UINT32_MAX, R, 100 },
	    { 0, 0, 100 },
	    { 1, 2, 90 },
	    { 2, 3, 90 },
	    { 1, 1, 10 },
	    { 4, 3, 10 } },
	  6,
	  5,
	  0,
	  1,
	  0 },
	/* Truncated stacks below [truncated]; one with no known function
	 * ends in [unknown]. */
	{ "truncated",
	  { { 50, false, { 3, 2, 0, END } },
	    { 5, true, { 3, 2, END } },
	    { 3, true, { END } } },
	  1,
	  100,
	  { { UINT32_MAX, R, 58 },
	    { 0, 0, 50 },
	    { 1, 2, 50 },
	    { 2, 3, 50 },
	    { 0, T, 8 },
	    { 4, 2, 5 },
	    { 5, 3, 5 },
	    { 4, U, 3 } },
	  8,
	  7,
	  0,
	  1,
	  0 },
	/* 10 % of 100 samples: 4 and 3 (and 3's child) merged into one
	 * [other] of 7 under main, after the kept child. */
	{ "floor",
	  { { 93, false, { 2, 0, END } },
	    { 4, false, { 1, 0, END } },
	    { 3, false, { 3, 4, 0, END } } },
	  100000,
	  100,
	  { { UINT32_MAX, R, 100 }, { 0, 0, 100 }, { 1, 2, 93 }, { 1, O, 7 } },
	  4,
	  5,
	  3,
	  10,
	  7 },
	/* At most 3 nodes: main 100, the 40s tie, so both go (the cut-off
	 * is 41, not 40: never one of a tie kept and the other dropped). */
	{ "bound-ties",
	  { { 50, false, { 3, 1, 0, END } },
	    { 40, false, { 2, 0, END } },
	    { 10, false, { 4, 0, END } } },
	  1,
	  3,
	  { { UINT32_MAX, R, 100 },
	    { 0, 0, 100 },
	    { 1, 1, 50 },
	    { 2, 3, 50 },
	    { 1, O, 50 } },
	  5,
	  5,
	  2,
	  41,
	  50 },
};

static void
run_case(size_t i)
{
	const struct tcase *c = &cases[i];
	struct measured me = { 0 };
	struct measured_stack st[8];
	uint32_t fns[64];
	size_t nfns = 0, ns = 0;
	struct flame fl;

	t_begin("flame/%s", c->name);
	for (; ns < 8 && c->in[ns].count != 0; ns++) {
		st[ns] = (struct measured_stack){ c->in[ns].count, nfns, 0,
						  c->in[ns].truncated };
		for (size_t k = 0; k < 8 && c->in[ns].fn[k] != END; k++) {
			fns[nfns++] = c->in[ns].fn[k];
			st[ns].len++;
		}
	}
	me.any = true;
	me.stacks = st;
	me.nstacks = ns;
	me.fns = fns;
	flame_build(&fl, &me, c->min_ppm, c->max_nodes);
	if (check_u64(fl.n, c->nwant, "nodes kept"))
		for (size_t k = 0; k < fl.n; k++)
			if (!check_u64(fl.parent[k], c->want[k].parent,
				       "parent") ||
			    !check_u64(fl.fn[k], c->want[k].fn, "function") ||
			    !check_u64(fl.samples[k], c->want[k].samples,
				       "samples")) {
				t_fail("at node %zu", k);
				break;
			}
	check_u64(fl.nodes_full, c->full, "nodes of the whole tree");
	check_u64(fl.nodes_pruned, c->pruned, "nodes merged away");
	check_u64(fl.min_samples, c->min, "cut-off");
	check_u64(fl.samples_other, c->other, "samples in [other]");
	flame_free(&fl);
	t_end();
}

/* Many distinct deep stacks: the bound holds, the tree stays a tree. */
static void
test_bound(void)
{
	enum { NS = 3000, DEPTH = 30 };
	struct measured me = { 0 };
	struct measured_stack *st = calloc(NS, sizeof(*st));
	uint32_t *fns = calloc(NS * DEPTH, sizeof(*fns));
	uint64_t seed = 7, kids_ok = 1;
	struct flame fl;

	t_begin("flame/bound-many");
	for (size_t s = 0; s < NS; s++) {
		st[s] = (struct measured_stack){ 1 + t_rand(&seed) % 40,
						 s * DEPTH, DEPTH, false };
		for (size_t k = 0; k < DEPTH; k++)
			fns[s * DEPTH + k] = (uint32_t)(t_rand(&seed) % 5);
	}
	me.any = true;
	me.stacks = st;
	me.nstacks = NS;
	me.fns = fns;
	flame_build(&fl, &me, 0, 500);
	check_true(fl.nodes_full > 10000, "a big whole tree");
	check_true(fl.n - 1 <= 2 * 500,
		   "at most the bound and an [other] each");
	for (size_t k = 1; k < fl.n; k++) {
		uint64_t sum = 0;

		kids_ok &= fl.parent[k] < k;
		for (size_t j = k + 1; j < fl.n; j++)
			if (fl.parent[j] == k)
				sum += fl.samples[j];
		kids_ok &= sum <= fl.samples[k];
		kids_ok &= fl.fn[k] == O || fl.samples[k] >= fl.min_samples;
	}
	check_true(kids_ok, "a tree in preorder, children within parents");
	flame_free(&fl);
	free(fns);
	free(st);
	t_end();
}

/*
 * Deep recursions: under each of TOPS outer functions, stacks of
 * rec^d (d = 1 .. DEPTH, rec = function 0) ending in rec or in work
 * (function 1).  Every level of the chain is rec under another
 * parent, so a hash that lost the parent would probe past every level
 * above: O(DEPTH^3) probes where about 2 per frame are due.  The second
 * shape's 25,664 nodes take 2^16 slots, past the 2^15 up to which the
 * old hash left the parent out entirely.
 */
static const struct {
	const char *name;
	uint32_t tops, depth;
} deep_cases[] = {
	{ "deep-chain", 1, 1024 },
	{ "deep-chains-big-table", 64, 200 },
};

static void
run_deep(size_t i)
{
	uint32_t tops = deep_cases[i].tops, depth = deep_cases[i].depth;
	size_t ns = (size_t)tops * depth * 2, nfns = 0, frames;
	struct measured me = { 0 };
	struct measured_stack *st = calloc(ns, sizeof(*st));
	uint32_t *fns = calloc(ns * (depth + 2), sizeof(*fns));
	struct flame fl;

	t_begin("flame/%s", deep_cases[i].name);
	ns = 0;
	for (uint32_t top = 0; top < tops; top++)
		for (uint32_t d = 1; d <= depth; d++)
			for (uint32_t leaf = 0; leaf < 2; leaf++) {
				st[ns] = (struct measured_stack){ 1, nfns, 0,
								  false };
				if (leaf)
					fns[nfns++] = 1;
				for (uint32_t k = 0; k < d; k++)
					fns[nfns++] = 0;
				fns[nfns++] = 2 + top;
				st[ns].len = (uint32_t)(nfns - st[ns].at);
				ns++;
			}
	frames = nfns + ns; /* and the root, once per stack */
	me.any = true;
	me.stacks = st;
	me.nstacks = ns;
	me.fns = fns;
	flame_build(&fl, &me, 1, (size_t)-1);
	/* Per top: itself, the chain of DEPTH recs, a work under each. */
	check_u64(fl.nodes_full, (uint64_t)tops * (1 + 2 * depth),
		  "nodes of the whole tree");
	check_u64(fl.n, 1 + fl.nodes_full, "every node kept");
	if (fl.probes > 3 * (uint64_t)frames)
		t_fail("%llu hash probes for %zu frames, want at most 3 each",
		       (unsigned long long)fl.probes, frames);
	flame_free(&fl);
	free(fns);
	free(st);
	t_end();
}

T_MODULE(flame)
{
	t_run_each("flame/cases", run_case, ARRAY_SIZE(cases));
	t_run("flame/bound", test_bound);
	t_run_each("flame/deep", run_deep, ARRAY_SIZE(deep_cases));
}
