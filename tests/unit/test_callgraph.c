/*
 * test_callgraph.c - arcs, cycles and time propagation on hand-built
 * function tables.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "check.h"

/* A table of N functions at 0x1000, 0x1100, ... each 0x100 long. */
static struct symtab
make_symtab(size_t n)
{
	struct symtab st = { .syms = calloc(n ? n : 1, sizeof(struct sym)),
			     .n = n };

	for (size_t i = 0; i < n; i++) {
		st.syms[i].name = "f";
		st.syms[i].addr = 0x1000 + 0x100 * (uint64_t)i;
		st.syms[i].end = st.syms[i].addr + 0xff;
		st.syms[i].is_func = true;
	}
	return st;
}

struct arc_spec {
	uint32_t parent, child;
	uint64_t count;
};

static void
add_arcs(struct callgraph *cg, const struct arc_spec *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		cg_add(cg, a[i].parent, a[i].child, a[i].count);
}

static const struct cg_select no_select = { NULL, false, false };

static void
test_add(void)
{
	struct symtab st = make_symtab(3);
	struct callgraph cg;
	uint32_t ab, ab2, cb;

	t_begin("callgraph/add-sums-repeated-arcs");
	cg_init(&cg, &st);
	ab = cg_add(&cg, 0, 1, 3);
	ab2 = cg_add(&cg, 0, 1, 4);
	cb = cg_add(&cg, 2, 1, 1);
	check_u64(ab2, ab, "arc id of a repeated arc");
	check_true(cb != ab, "distinct arcs share an id");
	check_u64(cg.narcs, 2, "narcs");
	check_u64(cg.arcs[ab].count, 7, "summed count");
	check_u64(cg.arcs[cb].count, 1, "other count");
	check_u64(cg.nodes[1].ncalls, 8, "callee ncalls");
	check_u64(cg.nodes[0].ncalls, 0, "caller ncalls");
	check_u64(cg_find_arc(&cg, 0, 1), ab, "find 0->1");
	check_u64(cg_find_arc(&cg, 2, 1), cb, "find 2->1");
	check_u64(cg_find_arc(&cg, 1, 0), CG_NONE, "find 1->0");
	check_u64(cg_find_arc(&cg, 1, 1), CG_NONE, "find 1->1");
	/* Lists are newest first. */
	check_u64(cg.nodes[1].first_parent, cb, "first parent arc");
	check_u64(cg.arcs[cb].next_parent, ab, "second parent arc");
	check_u64(cg.arcs[ab].next_parent, CG_NONE, "end of parent list");
	check_u64(cg.nodes[0].first_child, ab, "child list of 0");
	check_u64(cg.arcs[ab].next_child, CG_NONE, "end of child list");
	check_u64(cg.nodes[2].first_child, cb, "child list of 2");
	cg_free(&cg);

	t_begin("callgraph/find-before-any-arc");
	cg_init(&cg, &st);
	check_u64(cg_find_arc(&cg, 0, 1), CG_NONE, "empty graph");
	cg_free(&cg);
	free(st.syms);
}

/* Enough arcs to grow the hash several times; every one still found. */
static void
test_many_arcs(void)
{
	enum { N = 100, PER = 40 };
	struct symtab st = make_symtab(N);
	struct callgraph cg;
	uint32_t *ids = malloc(N * PER * sizeof(*ids));
	bool ok = true;

	t_begin("callgraph/many-arcs-hash");
	cg_init(&cg, &st);
	for (uint32_t i = 0; i < N; i++)
		for (uint32_t k = 0; k < PER; k++)
			ids[i * PER + k] =
			    cg_add(&cg, i, (i * 7 + k) % N, k + 1);
	for (uint32_t i = 0; i < N; i++)
		for (uint32_t k = 0; k < PER; k++)
			cg_add(&cg, i, (i * 7 + k) % N, 1);
	check_u64(cg.narcs, N * PER, "narcs");
	for (uint32_t i = 0; i < N && ok; i++) {
		for (uint32_t k = 0; k < PER && ok; k++) {
			uint32_t a = cg_find_arc(&cg, i, (i * 7 + k) % N);
			ok = check_u64(a, ids[i * PER + k], "arc id") &&
			     check_u64(cg.arcs[a].count, k + 2, "count");
		}
	}
	check_u64(cg_find_arc(&cg, 0, 50), CG_NONE, "absent arc");
	free(ids);
	cg_free(&cg);
	free(st.syms);
}

/*
 *   0 f    0x1000-0x10ff  function
 *   1 .L1  0x1100-0x11ff  label
 *   2 g    0x1200-0x12ff  function
 *   3 .L2  0x1300-0x13ff  label
 */
static struct sym map_syms[] = {
	{ "f", 0x1000, 0x10ff, true, false, false, NULL, NULL, 0 },
	{ ".L1", 0x1100, 0x11ff, false, true, false, NULL, NULL, 0 },
	{ "g", 0x1200, 0x12ff, true, false, false, NULL, NULL, 0 },
	{ ".L2", 0x1300, 0x13ff, false, true, false, NULL, NULL, 0 },
};

static const struct {
	const char *name;
	uint64_t from, self;
	bool ok;
	uint32_t parent, child;
} map_cases[] = {
	{ "plain", 0x1010, 0x1200, true, 0, 2 },
	{ "self-at-end", 0x10ff, 0x12ff, true, 0, 2 },
	{ "callee-label", 0x1010, 0x1150, true, 0, 0 },
	{ "callee-label-after-g", 0x1250, 0x1350, true, 2, 2 },
	{ "caller-label-kept", 0x1150, 0x1000, true, 1, 0 },
	{ "from-below", 0xfff, 0x1200, false, 0, 0 },
	{ "self-below", 0x1010, 0x0, false, 0, 0 },
	{ "from-beyond", 0x1400, 0x1200, false, 0, 0 },
	{ "self-beyond", 0x1010, 0x1400, false, 0, 0 },
};

static void
test_map(void)
{
	struct symtab st = { .syms = map_syms, .n = ARRAY_SIZE(map_syms) };
	struct symtab lead = { .syms = map_syms + 1,
			       .n = 2 }; /* starts with a label */
	struct callgraph cg;

	cg_init(&cg, &st);
	for (size_t i = 0; i < ARRAY_SIZE(map_cases); i++) {
		uint32_t p = 77, c = 77;
		bool ok;

		t_begin("callgraph/map-arc-%s", map_cases[i].name);
		ok = cg_map_arc(&cg, map_cases[i].from, map_cases[i].self, &p,
				&c);
		check_u64(ok, map_cases[i].ok, "cg_map_arc result");
		if (ok && map_cases[i].ok) {
			check_u64(p, map_cases[i].parent, "parent");
			check_u64(c, map_cases[i].child, "child");
		} else if (!ok) {
			check_true(p == 77 && c == 77,
				   "outputs set on failure");
		}
	}
	cg_free(&cg);

	t_begin("callgraph/map-arc-label-before-every-function");
	cg_init(&cg, &lead);
	{
		uint32_t p = 77, c = 77;

		check_true(!cg_map_arc(&cg, 0x1250, 0x1150, &p, &c),
			   "mapped a label with no function before it");
		check_true(p == 77 && c == 77, "outputs set on failure");
	}
	cg_free(&cg);
}

/* Members of node N's cycle as a bit mask (nodes < 64), or 0. */
static uint64_t
cycle_members(const struct callgraph *cg, uint32_t n)
{
	const struct cg_cycle *cy = cg_cycle_of(cg, n);
	uint64_t mask = 0;
	size_t steps = 0;

	if (cy == NULL)
		return 0;
	for (uint32_t m = cy->first; m != CG_NONE && steps <= cg->n;
	     m = cg->nodes[m].cyc_next, steps++)
		mask |= 1ull << m;
	return mask;
}

static void
test_self_calls(void)
{
	static const struct arc_spec arcs[] = {
		{ 0, 1, 1 },
		{ 1, 1, 10 },
		{ 1, 2, 2 },
		{ 2, 1, 0 },
	};
	struct symtab st = make_symtab(3);
	struct callgraph cg;

	/* 0 -> 1 (x1), 1 -> 1 (x10): recursion is not a cycle. */
	t_begin("callgraph/self-recursion-not-a-cycle");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, 2);
	cg_assemble(&cg, NULL, &no_select);
	check_u64(cg.ncycles, 0, "ncycles");
	check_u64(cg.nodes[1].cycle, 0, "cycle of the recursive node");
	check_u64(cg.nodes[1].ncalls, 1, "ncalls without self-calls");
	check_u64(cg.nodes[1].self_calls, 10, "self_calls");
	check_u64(cg.nodes[0].self_calls, 0, "self_calls of the caller");
	check_true(cg.nodes[1].toporder < cg.nodes[0].toporder,
		   "callee not before caller in topological order");
	cg_free(&cg);

	/* A zero-count back arc still closes a cycle (1 -> 2 -> 1). */
	t_begin("callgraph/zero-count-arc-closes-cycle");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, ARRAY_SIZE(arcs));
	cg_assemble(&cg, NULL, &no_select);
	check_u64(cg.ncycles, 1, "ncycles");
	check_u64(cycle_members(&cg, 1), 0x6, "members of 1's cycle");
	check_u64(cg.nodes[1].self_calls, 10, "self_calls inside a cycle");
	if (cg.ncycles == 1) {
		check_u64(cg.cycles[0].ncalls, 1, "cycle ncalls");
		check_u64(cg.cycles[0].self_calls, 2, "cycle self_calls");
	}
	cg_free(&cg);
	free(st.syms);
}

/*
 * 0 -> 1 -> 2 -> 3 -> 1 and 3 -> 4: one cycle {1, 2, 3}, entered at 1.
 * Calls inside it are its self_calls; those from 0 its ncalls.
 */
static void
test_cycle3(void)
{
	static const struct arc_spec arcs[] = {
		{ 0, 1, 1 }, { 1, 2, 2 }, { 2, 3, 3 }, { 3, 1, 4 }, { 3, 4, 1 },
	};
	struct symtab st = make_symtab(5);
	struct callgraph cg;

	t_begin("callgraph/cycle-of-three");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, ARRAY_SIZE(arcs));
	cg_assemble(&cg, NULL, &no_select);
	if (check_u64(cg.ncycles, 1, "ncycles")) {
		const struct cg_cycle *cy = &cg.cycles[0];

		for (uint32_t m = 1; m <= 3; m++)
			check_u64(cg.nodes[m].cycle, 1,
				  "member's cycle number");
		check_u64(cg.nodes[0].cycle, 0, "caller's cycle number");
		check_u64(cg.nodes[4].cycle, 0, "callee's cycle number");
		check_u64(cy->first, 1, "first member (the head)");
		check_u64(cycle_members(&cg, 2), 0xe, "members");
		check_u64(cy->ncalls, 1, "cycle ncalls");
		check_u64(cy->self_calls, 2 + 3 + 4, "cycle self_calls");
		check_true(cg.nodes[1].toporder == cg.nodes[2].toporder &&
			       cg.nodes[2].toporder == cg.nodes[3].toporder,
			   "members do not share a topological number");
		check_true(cg.nodes[4].toporder < cg.nodes[1].toporder &&
			       cg.nodes[1].toporder < cg.nodes[0].toporder,
			   "topological order not callees first");
	}
	cg_free(&cg);
	free(st.syms);
}

/*
 * Two cycles, the one at higher addresses reached first:
 *   0 -> 3 -> 4 -> 3   and   0 -> 2 -> 1 -> 2
 * Cycles are numbered by their heads' addresses, so {1, 2} is cycle 1
 * whatever the order of the walk.
 */
static void
test_cycle_numbering(void)
{
	static const struct arc_spec arcs[] = {
		{ 0, 2, 1 }, { 2, 1, 1 }, { 1, 2, 1 },
		{ 0, 3, 1 }, { 3, 4, 1 }, { 4, 3, 1 },
	};
	struct symtab st = make_symtab(5);
	struct callgraph cg;

	t_begin("callgraph/cycles-numbered-by-address");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, ARRAY_SIZE(arcs));
	cg_assemble(&cg, NULL, &no_select);
	if (check_u64(cg.ncycles, 2, "ncycles")) {
		check_u64(cg.nodes[1].cycle, 1, "cycle of 1");
		check_u64(cg.nodes[2].cycle, 1, "cycle of 2");
		check_u64(cg.nodes[3].cycle, 2, "cycle of 3");
		check_u64(cg.nodes[4].cycle, 2, "cycle of 4");
		check_u64(cycle_members(&cg, 1), 0x6, "members of cycle 1");
		check_u64(cycle_members(&cg, 4), 0x18, "members of cycle 2");
		check_u64(cg.cycles[0].first, 2,
			  "head of cycle 1 (entered at 2)");
		check_u64(cg.cycles[1].first, 3, "head of cycle 2");
	}
	cg_free(&cg);
	free(st.syms);
}

/*
 *   0 M (self 1) --3--> 2 X (self 8) --2--> 3 Y (self 4)
 *   0 M --1--> 1 N (self 0) --1--> 2 X
 * X's 8 + 4 split 3:1 between M and N; N passes its 3 on to M.
 */
static void
test_propagation(void)
{
	static const struct arc_spec arcs[] = {
		{ 0, 2, 3 },
		{ 1, 2, 1 },
		{ 2, 3, 2 },
		{ 0, 1, 1 },
	};
	static const double ticks[] = { 1, 0, 8, 4 };
	static const struct {
		uint32_t parent, child;
		double time, child_time;
	} want_arcs[] = {
		{ 0, 2, 6, 3 },
		{ 1, 2, 2, 1 },
		{ 2, 3, 4, 0 },
		{ 0, 1, 0, 3 },
	};
	static const double want_child[] = { 12, 3, 4, 0 };
	struct symtab st = make_symtab(4);
	struct callgraph cg;

	t_begin("callgraph/time-propagates-by-calls");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, ARRAY_SIZE(arcs));
	cg_assemble(&cg, ticks, &no_select);
	check_u64(cg.ncycles, 0, "ncycles");
	for (size_t i = 0; i < ARRAY_SIZE(want_arcs); i++) {
		uint32_t a =
		    cg_find_arc(&cg, want_arcs[i].parent, want_arcs[i].child);

		if (!check_true(a != CG_NONE, "arc missing"))
			break;
		check_dbl(cg.arcs[a].time, want_arcs[i].time, "arc time");
		check_dbl(cg.arcs[a].child_time, want_arcs[i].child_time,
			  "arc child_time");
	}
	for (uint32_t n = 0; n < 4; n++) {
		check_dbl(cg.nodes[n].self_ticks, ticks[n], "self_ticks");
		check_dbl(cg.nodes[n].child_ticks, want_child[n],
			  "child_ticks");
		check_dbl(cg.nodes[n].prop_fract, 1, "prop_fract");
		check_dbl(cg.nodes[n].prop_self, ticks[n], "prop_self");
		check_dbl(cg.nodes[n].prop_child, want_child[n], "prop_child");
		check_true(cg.nodes[n].print_flag, "print_flag");
	}
	check_dbl(cg.print_time, 13, "print_time");
	check_true(cg.nodes[3].toporder < cg.nodes[2].toporder &&
		       cg.nodes[2].toporder < cg.nodes[1].toporder &&
		       cg.nodes[1].toporder < cg.nodes[0].toporder,
		   "topological order");
	for (size_t i = 0; i < 4; i++)
		check_u64(cg.topo[i], 3 - i, "topo[]");
	cg_free(&cg);
	free(st.syms);
}

/*
 * Time through a cycle {1 A, 2 B} (selves 2 + 6), which calls 3 Z (4):
 *   0 M --3--> A,  4 N --1--> B,  A <--5--> B,  B --1--> Z,  M --1--> N
 * The cycle's 8 + 4 go 3:1 to M and N; N passes its 3 on to M.
 */
static void
test_cycle_propagation(void)
{
	static const struct arc_spec arcs[] = {
		{ 0, 1, 3 }, { 4, 2, 1 }, { 1, 2, 5 },
		{ 2, 1, 5 }, { 2, 3, 1 }, { 0, 4, 1 },
	};
	static const double ticks[] = { 0, 2, 6, 4, 0 };
	struct symtab st = make_symtab(5);
	struct callgraph cg;
	uint32_t a;

	t_begin("callgraph/time-through-a-cycle");
	cg_init(&cg, &st);
	add_arcs(&cg, arcs, ARRAY_SIZE(arcs));
	cg_assemble(&cg, ticks, &no_select);
	if (check_u64(cg.ncycles, 1, "ncycles")) {
		const struct cg_cycle *cy = &cg.cycles[0];

		check_u64(cycle_members(&cg, 1), 0x6, "members");
		check_u64(cy->ncalls, 4, "cycle ncalls");
		check_u64(cy->self_calls, 10, "cycle self_calls");
		check_dbl(cy->self_ticks, 8, "cycle self_ticks");
		check_dbl(cy->child_ticks, 4, "cycle child_ticks");
	}
	a = cg_find_arc(&cg, 0, 1);
	check_dbl(cg.arcs[a].time, 6, "M->A time");
	check_dbl(cg.arcs[a].child_time, 3, "M->A child_time");
	a = cg_find_arc(&cg, 4, 2);
	check_dbl(cg.arcs[a].time, 2, "N->B time");
	check_dbl(cg.arcs[a].child_time, 1, "N->B child_time");
	a = cg_find_arc(&cg, 1, 2);
	check_dbl(cg.arcs[a].time + cg.arcs[a].child_time, 0,
		  "arc inside the cycle carries time");
	check_dbl(cg.nodes[4].child_ticks, 3, "N child_ticks");
	check_dbl(cg.nodes[0].child_ticks, 12, "M child_ticks");
	check_dbl(cg.print_time, 12, "print_time");
	cg_free(&cg);
	free(st.syms);
}

/* Long chains and rings: the walk must not recurse per node. */
enum { DEEP = 200000 };

static void
test_deep(void)
{
	struct symtab st = make_symtab(DEEP);
	struct callgraph cg;
	double *ticks = malloc(DEEP * sizeof(*ticks));
	bool ok = true;

	for (size_t i = 0; i < DEEP; i++)
		ticks[i] = 1;

	t_begin("callgraph/chain-200000");
	cg_init(&cg, &st);
	for (uint32_t i = 0; i + 1 < DEEP; i++)
		cg_add(&cg, i, i + 1, 1);
	cg_assemble(&cg, ticks, &no_select);
	check_u64(cg.ncycles, 0, "ncycles");
	for (uint32_t i = 0; i < DEEP && ok; i++)
		ok = check_u64((uint64_t)cg.nodes[i].toporder, DEEP - i,
			       "toporder");
	check_dbl(cg.nodes[0].child_ticks, DEEP - 1, "child_ticks of the root");
	check_dbl(cg.nodes[DEEP / 2].child_ticks, DEEP - DEEP / 2 - 1,
		  "child_ticks midway");
	check_dbl(cg.print_time, DEEP, "print_time");
	cg_free(&cg);

	t_begin("callgraph/ring-200000");
	cg_init(&cg, &st);
	for (uint32_t i = 0; i < DEEP; i++)
		cg_add(&cg, i, (i + 1) % DEEP, 1);
	cg_assemble(&cg, ticks, &no_select);
	if (check_u64(cg.ncycles, 1, "ncycles")) {
		size_t n = 0;

		for (uint32_t m = cg.cycles[0].first; m != CG_NONE && n <= DEEP;
		     m = cg.nodes[m].cyc_next)
			n++;
		check_u64(n, DEEP, "cycle members");
		check_u64(cg.cycles[0].first, 0, "head");
		check_u64(cg.cycles[0].ncalls, 0, "cycle ncalls");
		check_u64(cg.cycles[0].self_calls, DEEP, "cycle self_calls");
		check_dbl(cg.cycles[0].self_ticks, DEEP, "cycle self_ticks");
		ok = true;
		for (uint32_t i = 0; i < DEEP && ok; i++)
			ok = check_u64(cg.nodes[i].cycle, 1, "cycle number");
	}
	cg_free(&cg);
	free(ticks);
	free(st.syms);
}

/*
 * A chain where every function also calls the first: one cycle, found
 * through many back arcs.  Kept small, since each back arc may scan the
 * walk's stack (as GNU's does).
 */
static void
test_back_arcs(void)
{
	enum { N = 2000 };
	struct symtab st = make_symtab(N);
	struct callgraph cg;
	bool ok = true;

	t_begin("callgraph/chain-with-back-arcs-2000");
	cg_init(&cg, &st);
	for (uint32_t i = 0; i + 1 < N; i++)
		cg_add(&cg, i, i + 1, 1);
	for (uint32_t i = 1; i < N; i++)
		cg_add(&cg, i, 0, 1);
	cg_assemble(&cg, NULL, &no_select);
	if (check_u64(cg.ncycles, 1, "ncycles")) {
		size_t n = 0;

		for (uint32_t m = cg.cycles[0].first; m != CG_NONE && n <= N;
		     m = cg.nodes[m].cyc_next)
			n++;
		check_u64(n, N, "cycle members");
		for (uint32_t i = 0; i < N && ok; i++)
			ok = check_u64(cg.nodes[i].cycle, 1, "cycle number");
	}
	cg_free(&cg);
	free(st.syms);
}

T_MODULE(callgraph)
{
	t_run("callgraph/add", test_add);
	t_run("callgraph/many-arcs", test_many_arcs);
	t_run("callgraph/map", test_map);
	t_run("callgraph/self-calls", test_self_calls);
	t_run("callgraph/cycle3", test_cycle3);
	t_run("callgraph/cycle-numbering", test_cycle_numbering);
	t_run("callgraph/propagation", test_propagation);
	t_run("callgraph/cycle-propagation", test_cycle_propagation);
	t_run("callgraph/deep", test_deep);
	t_run("callgraph/back-arcs", test_back_arcs);
}
