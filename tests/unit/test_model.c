/*
 * test_model.c - the report model's listing rules, one table per
 * report, on a hand-built call graph.
 *
 * Functions: 0 main (called 0 times, 4 samples), 1 used (called 2
 * times, no samples), 2 idle (neither), 3 excluded (called, but kept
 * out of the flat profile and -C), 4 and 5 a cycle (called inside it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "check.h"
#include "model.h"
#include "modelbuild.h"

#define NFN 6

static const char *const names[NFN] = { "main",     "used", "idle",
					"excluded", "ping", "pong" };

struct fixture {
	struct symtab st;
	struct callgraph cg;
	bool flat_excluded[NFN];
	bool exec_hidden[NFN];
	double ticks[NFN];
};

static void
setup(struct fixture *f)
{
	struct cg_select none = { 0 };

	memset(f, 0, sizeof(*f));
	f->st.syms = calloc(NFN, sizeof(struct sym));
	f->st.n = NFN;
	for (size_t i = 0; i < NFN; i++) {
		f->st.syms[i].name = names[i];
		f->st.syms[i].addr = 0x1000 + 0x100 * (uint64_t)i;
		f->st.syms[i].end = f->st.syms[i].addr + 0xff;
		f->st.syms[i].is_func = true;
	}
	f->ticks[0] = 4;
	f->flat_excluded[3] = f->exec_hidden[3] = true;
	cg_init(&f->cg, &f->st);
	cg_add(&f->cg, 0, 1, 2);
	cg_add(&f->cg, 0, 3, 1);
	cg_add(&f->cg, 0, 4, 1);
	cg_add(&f->cg, 4, 5, 3);
	cg_add(&f->cg, 5, 4, 2);
	cg_assemble(&f->cg, f->ticks, &none);
}

static void
build(struct model *m, struct fixture *f, bool zeros)
{
	struct model_in in = {
		.st = &f->st,
		.cg = &f->cg,
		.flat_excluded = f->flat_excluded,
		.exec_hidden = f->exec_hidden,
	};
	struct model_opts mo = { .zeros = zeros, .graph = true };

	model_build(m, &in, &mo);
}

static void
listing(void)
{
	/* want[list][zeros][entry]: functions 0-5, then cycle 1 (id 6). */
	static const bool want[5][2][NFN + 1] = {
		[LIST_FLAT] = { { 1, 1, 0, 0, 1, 1, 0 },
				{ 1, 1, 1, 0, 1, 1, 0 } },
		[LIST_INDEX] = { { 1, 1, 0, 1, 1, 1, 1 },
				 { 1, 1, 1, 1, 1, 1, 1 } },
		[LIST_GRAPH] = { { 1, 1, 0, 1, 1, 1, 1 },
				 { 1, 1, 1, 1, 1, 1, 1 } },
		[LIST_EXEC] = { { 0, 1, 0, 0, 1, 1, 0 },
				{ 1, 1, 1, 0, 1, 1, 0 } },
		/* Our views: every arc's ends, never a cycle. */
		[LIST_VIEW] = { { 1, 1, 0, 1, 1, 1, 0 },
				{ 1, 1, 1, 1, 1, 1, 0 } },
	};
	static const char *const list_names[] = { "flat", "graph", "index",
						  "exec", "view" };
	struct fixture f;

	setup(&f);
	for (int z = 0; z < 2; z++) {
		struct model m;

		build(&m, &f, z);
		for (int l = LIST_FLAT; l <= LIST_VIEW; l++) {
			t_begin("model/listed-%s%s", list_names[l],
				z ? "-zeros" : "");
			check_u64(m.ncycles, 1, "one cycle");
			for (entry_id id = 0; id <= NFN; id++) {
				char what[64];

				snprintf(what, sizeof(what), "entry %u", id);
				if (!check_u64(model_listed(&m, l, id),
					       want[l][z][id], what))
					break;
			}
			t_end();
		}
		model_free(&m);
	}
	cg_free(&f.cg);
	free(f.st.syms);
}

static void
accessors(void)
{
	struct fixture f;
	struct model m;

	setup(&f);
	build(&m, &f, false);
	t_begin("model/entry-accessors");
	check_true(!entry_is_cycle(&m, NFN - 1), "last function");
	check_true(entry_is_cycle(&m, NFN), "first cycle");
	check_u64(entry_calls(&m, 1), 2, "calls into used");
	check_u64(entry_calls(&m, NFN), 1, "calls into the cycle");
	check_str(model_name(&m, 4), "ping", "shown name");
	check_true(model_file(&m, 4) == NULL, "no sources looked up");
	check_u64(m.index[0], 1, "main heads the call graph");
	t_end();
	model_free(&m);
	cg_free(&f.cg);
	free(f.st.syms);
}

T_MODULE(model)
{
	t_run("model/listing", listing);
	t_run("model/accessors", accessors);
}
