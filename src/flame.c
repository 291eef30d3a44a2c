/*
 * flame.c - the calling-context tree of the sampled stacks (flame.h).
 *
 * Two passes.  The whole tree first: each stack walked outermost first
 * from the root, a node found or added per frame through a hash of
 * (parent, function).  Then the kept tree: the cut-off chosen, the
 * nodes sorted by (parent, samples down, function), and the kept ones
 * written in preorder from an explicit stack, each one's lost children
 * summed into a FLAME_OTHER node.
 *
 * Invariant: a node's samples are at most its parent's (every stack
 * through a child goes through its parent), so "samples >= cut-off"
 * keeps an ancestor of every kept node.
 */
#include "flame.h"

#include <stdbool.h>
#include <stdlib.h>

#include "diag.h"
#include "measured.h"

/* The whole tree, node 0 the root. */
struct full {
	uint32_t *parent, *fn;
	uint64_t *samples;
	size_t n, cap;
	uint32_t *slot;  /* hash of (parent, fn): node + 1, or 0 */
	size_t nslots;   /* a power of 2, at least twice n */
	uint64_t probes; /* slots looked at, rehashing included */
};

/*
 * The slot of (PARENT, FN): both words mixed into every bit (the
 * finaliser of splitmix64), then the low bits.  A multiplicative hash
 * of PARENT << 32 | FN would leave PARENT out of the low 32 bits, and
 * every level of a recursion (the same function under another parent)
 * would then probe past all the others.
 */
static size_t
slot_of(const struct full *t, uint32_t parent, uint32_t fn)
{
	uint64_t h = (uint64_t)parent << 32 | fn;

	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
	h ^= h >> 31;
	return (size_t)h & (t->nslots - 1);
}

static void
rehash(struct full *t)
{
	free(t->slot);
	t->nslots = t->nslots ? t->nslots * 2 : 1024;
	t->slot = xcalloc(t->nslots, sizeof(*t->slot));
	for (size_t i = 1; i < t->n; i++) {
		size_t s = slot_of(t, t->parent[i], t->fn[i]);

		for (t->probes++; t->slot[s] != 0; t->probes++)
			s = (s + 1) & (t->nslots - 1);
		t->slot[s] = (uint32_t)i + 1;
	}
}

static uint32_t
add_node(struct full *t, uint32_t parent, uint32_t fn)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->parent =
		    xreallocarray(t->parent, t->cap, sizeof(*t->parent));
		t->fn = xreallocarray(t->fn, t->cap, sizeof(*t->fn));
		t->samples =
		    xreallocarray(t->samples, t->cap, sizeof(*t->samples));
	}
	t->parent[t->n] = parent;
	t->fn[t->n] = fn;
	t->samples[t->n] = 0;
	return (uint32_t)t->n++;
}

/* PARENT's child for FN, added if new. */
static uint32_t
child(struct full *t, uint32_t parent, uint32_t fn)
{
	size_t s;
	uint32_t c;

	if (2 * (t->n + 1) > t->nslots)
		rehash(t);
	s = slot_of(t, parent, fn);
	for (t->probes++; t->slot[s] != 0;
	     s = (s + 1) & (t->nslots - 1), t->probes++) {
		c = t->slot[s] - 1;
		if (t->parent[c] == parent && t->fn[c] == fn)
			return c;
	}
	if (t->n >= UINT32_MAX - 1)
		gp_out_of_memory(); /* more nodes than 32-bit ids */
	c = add_node(t, parent, fn);
	t->slot[s] = c + 1;
	return c;
}

static void
build_full(struct full *t, const struct measured_stack *stacks, size_t nstacks,
	   const uint32_t *fns)
{
	add_node(t, UINT32_MAX, FLAME_ROOT);
	for (size_t s = 0; s < nstacks; s++) {
		const struct measured_stack *st = &stacks[s];
		uint32_t at = 0;

		t->samples[0] = gp_add_sat(t->samples[0], st->count);
		if (st->truncated) {
			at = child(t, at, FLAME_TRUNCATED);
			t->samples[at] = gp_add_sat(t->samples[at], st->count);
		}
		if (st->len == 0) {
			at = child(t, at, FLAME_UNKNOWN);
			t->samples[at] = gp_add_sat(t->samples[at], st->count);
		}
		for (uint32_t k = st->len; k-- > 0;) {
			at = child(t, at, fns[st->at + k]);
			t->samples[at] = gp_add_sat(t->samples[at], st->count);
		}
	}
}

static int
cmp_u64_down(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The cut-off: MIN_PPM of the samples, raised to keep MAX_NODES. */
static uint64_t
cut_off(const struct full *t, uint32_t min_ppm, size_t max_nodes)
{
	uint64_t all = t->samples[0], q = all / 1000000, r = all % 1000000;
	uint64_t min = q > UINT64_MAX / min_ppm
			   ? UINT64_MAX
			   : q * min_ppm + (r * min_ppm + 999999) / 1000000;
	uint64_t *v;
	size_t n = 0;

	if (min == 0)
		min = 1;
	for (size_t i = 1; i < t->n; i++)
		n += t->samples[i] >= min;
	if (n <= max_nodes)
		return min;
	v = xcalloc(n, sizeof(*v));
	n = 0;
	for (size_t i = 1; i < t->n; i++)
		if (t->samples[i] >= min)
			v[n++] = t->samples[i];
	qsort(v, n, sizeof(*v), cmp_u64_down);
	/* Strictly more than the first one left out: ties go together. */
	min = v[max_nodes] + 1;
	free(v);
	return min;
}

/* A node in the order children are written. */
struct kid {
	uint32_t parent, fn, id;
	uint64_t samples;
};

static int
cmp_kid(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;

	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->samples != y->samples)
		return x->samples > y->samples ? -1 : 1;
	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	return 0;
}

static void
emit(struct flame *fl, size_t *cap, uint32_t parent, uint32_t fn,
     uint64_t samples)
{
	if (fl->n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		fl->parent =
		    xreallocarray(fl->parent, *cap, sizeof(*fl->parent));
		fl->fn = xreallocarray(fl->fn, *cap, sizeof(*fl->fn));
		fl->samples =
		    xreallocarray(fl->samples, *cap, sizeof(*fl->samples));
	}
	fl->parent[fl->n] = parent;
	fl->fn[fl->n] = fn;
	fl->samples[fl->n] = samples;
	fl->n++;
}

/* A node still to write: a node of the whole tree, or (OTHER) a
 * FLAME_OTHER of SAMPLES; OUT_PARENT its parent's index in FL. */
struct todo {
	uint32_t node, out_parent;
	uint64_t samples;
	bool other;
};

/* Write the kept tree of T (children in KIDS[FIRST[p] .. FIRST[p+1]))
 * in preorder. */
static void
write_kept(struct flame *fl, const struct full *t, const struct kid *kids,
	   const size_t *first)
{
	struct todo *stack = xcalloc(2 * t->n + 1, sizeof(*stack));
	size_t top = 0, cap = 0, nother = 0;

	stack[top++] = (struct todo){ 0, UINT32_MAX, 0, false };
	while (top > 0) {
		struct todo d = stack[--top];
		uint32_t me = (uint32_t)fl->n;
		uint64_t lost = 0;
		size_t lo, hi, kept;

		if (d.other) {
			emit(fl, &cap, d.out_parent, FLAME_OTHER, d.samples);
			fl->samples_other =
			    gp_add_sat(fl->samples_other, d.samples);
			nother++;
			continue;
		}
		emit(fl, &cap, d.out_parent, t->fn[d.node], t->samples[d.node]);
		lo = first[d.node];
		hi = first[d.node + 1];
		for (kept = lo;
		     kept < hi && kids[kept].samples >= fl->min_samples; kept++)
			;
		for (size_t k = kept; k < hi; k++)
			lost = gp_add_sat(lost, kids[k].samples);
		/* Pushed last-first, so they pop in order, the other last. */
		if (hi > kept)
			stack[top++] = (struct todo){ 0, me, lost, true };
		for (size_t k = kept; k-- > lo;)
			stack[top++] =
			    (struct todo){ kids[k].id, me, 0, false };
	}
	free(stack);
	/* Every node of the whole tree not written is merged away. */
	fl->nodes_pruned = t->n - (fl->n - nother);
}

void
flame_build(struct flame *fl, const struct measured *me, uint32_t min_ppm,
	    size_t max_nodes)
{
	flame_build_stacks(fl, me->stacks, me->nstacks, me->fns, min_ppm,
			   max_nodes);
}

void
flame_build_stacks(struct flame *fl, const struct measured_stack *stacks,
		   size_t nstacks, const uint32_t *fns, uint32_t min_ppm,
		   size_t max_nodes)
{
	struct full t = { 0 };
	struct kid *kids;
	size_t *first;

	*fl = (struct flame){ 0 };
	build_full(&t, stacks, nstacks, fns);
	fl->nodes_full = t.n - 1;
	fl->probes = t.probes;
	fl->min_samples = cut_off(&t, min_ppm ? min_ppm : 1, max_nodes);
	/* Children in order: KIDS sorted by parent, FIRST[p] where p's
	 * children start (the root, node 0, is nobody's child). */
	kids = xcalloc(t.n, sizeof(*kids));
	for (size_t i = 1; i < t.n; i++)
		kids[i - 1] = (struct kid){ t.parent[i], t.fn[i], (uint32_t)i,
					    t.samples[i] };
	qsort(kids, t.n - 1, sizeof(*kids), cmp_kid);
	first = xcalloc(t.n + 1, sizeof(*first));
	for (size_t i = 0; i + 1 < t.n; i++)
		first[kids[i].parent + 1]++;
	for (size_t p = 0; p < t.n; p++)
		first[p + 1] += first[p];
	write_kept(fl, &t, kids, first);
	free(first);
	free(kids);
	free(t.parent);
	free(t.fn);
	free(t.samples);
	free(t.slot);
}

void
flame_free(struct flame *fl)
{
	free(fl->parent);
	free(fl->fn);
	free(fl->samples);
	*fl = (struct flame){ 0 };
}
