/*
 * test_threadfigs.c - each thread's samples per function and arc from
 * its stacks (src/threadfigs.c), on a hand-built thread table: self
 * samples at frame 0 only, totals and arcs counted once per sample
 * under recursion, stacks outside every function, truncated ones, a
 * pair of frames no arc joins, rows that share functions kept apart,
 * and the stacks of no thread counted in no row.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "check.h"
#include "measured.h"
#include "threadfigs.h"

#define END 0xffffu

/* Functions: main=0, run=1, crunch=2, leaf=3, rec=4, lonely=5. */
#define NFUNCS 6

static const struct {
	uint32_t parent, child;
} arcs[] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 1, 4 }, { 4, 4 }, { 4, 3 } };

/* A stack: its row (-1: no thread's), count, truncated, functions
 * innermost first (END ends them). */
static const struct {
	int row;
	uint64_t count;
	bool truncated;
	uint32_t fn[8];
} stacks[] = {
	{ 0, 10, false, { 3, 2, 1, 0, END } },
	{ 0, 5, false, { 2, 1, 0, END } },
	{ 0, 2, true, { 3, 2, END } },
	{ 0, 1, false, { END } },                /* PC in no function */
	{ 1, 7, false, { 3, 4, 4, 4, 1, END } }, /* recursion */
	{ 1, 3, false, { 5, 1, END } },          /* run -> lonely: no arc */
	{ -1, 4, false, { 3, 2, 1, END } },
};

/* What each row must hold: per function (self, total), per arc
 * (samples), and unknown, truncated. */
static const struct {
	uint64_t self[NFUNCS], total[NFUNCS];
	uint64_t arc[6];
	uint64_t unknown, truncated;
} want[2] = {
	{ { 0, 0, 5, 12, 0, 0 },
	  { 15, 15, 17, 12, 0, 0 },
	  { 15, 15, 12, 0, 0, 0 },
	  1,
	  2 },
	{ { 0, 0, 0, 7, 0, 3 },
	  { 0, 10, 0, 7, 7, 3 },
	  { 0, 0, 0, 7, 7, 7 },
	  0,
	  0 },
};

static struct symtab
make_symtab(size_t n)
{
	struct symtab st = { .syms = calloc(n, sizeof(struct sym)), .n = n };

	for (size_t i = 0; i < n; i++) {
		st.syms[i].name = "f";
		st.syms[i].addr = 0x1000 + 0x100 * (uint64_t)i;
		st.syms[i].end = st.syms[i].addr + 0xff;
		st.syms[i].is_func = true;
	}
	return st;
}

/* Lay the stacks out as threadsel_view() does: each row's, then the
 * stacks of no thread. */
static void
make_view(struct thread_view *tv, struct thread_row *rows,
	  struct measured_stack *st, uint32_t *fns)
{
	memset(tv, 0, sizeof(*tv));
	tv->any = tv->have_stacks = true;
	tv->rows = rows;
	tv->n = 2;
	tv->stacks = st;
	tv->fns = fns;
	for (int row = 0; row <= 2; row++) { /* 2: the stacks of no thread */
		if (row < 2)
			rows[row] =
			    (struct thread_row){ .index = (uint32_t)row + 1,
						 .first = tv->nstacks };
		else
			tv->n_owned = tv->nstacks;
		for (size_t s = 0; s < ARRAY_SIZE(stacks); s++) {
			if (stacks[s].row != (row < 2 ? row : -1))
				continue;
			struct measured_stack *m = &st[tv->nstacks++];
			*m = (struct measured_stack){ stacks[s].count,
						      tv->fns_used, 0,
						      stacks[s].truncated };
			for (size_t k = 0; stacks[s].fn[k] != END; k++) {
				fns[tv->fns_used++] = stacks[s].fn[k];
				m->len++;
			}
		}
		if (row < 2)
			rows[row].nstacks = tv->nstacks - rows[row].first;
	}
}

static void
test_rows(void)
{
	struct symtab sym = make_symtab(NFUNCS);
	struct callgraph cg;
	struct thread_view tv;
	struct thread_row rows[2];
	struct measured_stack st[ARRAY_SIZE(stacks)];
	uint32_t fns[64], arc_id[ARRAY_SIZE(arcs)];
	struct thread_figs *fs;

	cg_init(&cg, &sym);
	for (size_t i = 0; i < ARRAY_SIZE(arcs); i++)
		arc_id[i] = cg_add(&cg, arcs[i].parent, arcs[i].child, 1);
	/* Row 0 before row 1, the unowned after both (as threadsel). */
	make_view(&tv, rows, st, fns);
	fs = threadfigs_compute(&tv, &cg);
	for (size_t r = 0; r < 2; r++) {
		uint64_t self[NFUNCS] = { 0 }, total[NFUNCS] = { 0 };
		uint64_t arc[ARRAY_SIZE(arcs)] = { 0 };

		t_begin("threadfigs/row-%zu", r);
		for (size_t k = 0; k < fs[r].nfns; k++) {
			const struct thread_fn_figs *e = &fs[r].fns[k];
			if (k > 0 && !check_true(fs[r].fns[k - 1].fn < e->fn,
						 "functions by index, once"))
				break;
			self[e->fn] = e->self;
			total[e->fn] = e->total;
		}
		for (size_t k = 0; k < fs[r].narcs; k++)
			for (size_t a = 0; a < ARRAY_SIZE(arcs); a++)
				if (arc_id[a] == fs[r].arcs[k].arc)
					arc[a] = fs[r].arcs[k].samples;
		for (size_t f = 0; f < NFUNCS; f++) {
			check_u64(self[f], want[r].self[f], "self samples");
			check_u64(total[f], want[r].total[f], "total samples");
		}
		for (size_t a = 0; a < ARRAY_SIZE(arcs); a++)
			check_u64(arc[a], want[r].arc[a], "arc samples");
		check_u64(fs[r].unknown, want[r].unknown, "unknown");
		check_u64(fs[r].truncated, want[r].truncated, "truncated");
		t_end();
	}
	threadfigs_free(fs, tv.n);
	t_begin("threadfigs/no-stacks");
	tv.have_stacks = false;
	check_true(threadfigs_compute(&tv, &cg) == NULL, "no figures");
	t_end();
	cg_free(&cg);
	free(sym.syms);
}

T_MODULE(threadfigs)
{
	t_run("threadfigs/rows", test_rows);
}
