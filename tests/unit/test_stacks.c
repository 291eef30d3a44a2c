/*
 * test_stacks.c - the side file's stacks (src/stacks.c) and the
 * measured call graph (src/measured.c) on hand-made STACKS bodies and
 * hand-built function tables: repeats summed within and across records
 * and sets, the encoder's records read back, and each sample counted
 * once per function, arc and cycle under recursion.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "check.h"
#include "gmon_side.h"
#include "measured.h"
#include "objects.h"
#include "stacks.h"

/* One stack of a body: its count, flags and frame indexes (-1 ends). */
struct stk {
	uint64_t count;
	uint32_t flags;
	int frame[8];
};

/* A STACKS body with frames at ADDRS (object 0) and the stacks S. */
static void
body(struct wbuf *w, const uint64_t *addrs, size_t nf, const struct stk *s,
     size_t ns)
{
	wbuf_init(w, false, 8);
	wb_u64(w, nf);
	wb_u64(w, ns);
	for (size_t i = 0; i < nf; i++) {
		wb_u32(w, 0);
		wb_u32(w, 0);
		wb_u64(w, addrs[i]);
	}
	for (size_t i = 0; i < ns; i++) {
		uint32_t d = 0;
		while (d < 8 && s[i].frame[d] >= 0)
			d++;
		wb_u32(w, d);
		wb_u32(w, s[i].flags);
		wb_u64(w, s[i].count);
		for (uint32_t k = 0; k < d; k++)
			wb_u32(w, (uint32_t)s[i].frame[k]);
		if (d % 2)
			wb_u32(w, 0);
		if (d == 0) /* room for one index, as if it had one */
			wb_u64(w, 0);
	}
}

static int
parse_body(struct stackset *ss, const struct wbuf *w, struct gp_err *err)
{
	struct reader r;

	reader_init(&r, w->p, w->n, false, 8);
	return stacks_parse(ss, &r, (uint32_t)w->n, err);
}

static void
test_repeats(void)
{
	/* Two records with their own frame tables: the same stacks under
	 * other indexes, and one repeated within the first. */
	static const uint64_t a1[] = { 0x1010, 0x1106, 0x1206 };
	static const uint64_t a2[] = { 0x1206, 0x1010, 0x1106 };
	static const struct stk s1[] = {
		{ 5, 0, { 0, 1, 2, -1 } },
		{ 2, 0, { 0, 2, -1 } },
		{ 3, 0, { 0, 1, 2, -1 } },
		{ 4, GMON_SIDE_STACK_TRUNCATED, { 0, 1, -1 } },
	};
	static const struct stk s2[] = {
		{ 7, 0, { 1, 2, 0, -1 } },
		{ 1, 0, { 1, 2, -1 } }, /* another stack: flags differ */
	};
	struct stackset ss, sum;
	struct wbuf w;
	struct gp_err err;

	t_begin("stacks/repeats-summed");
	memset(&ss, 0, sizeof(ss));
	body(&w, a1, 3, s1, 4);
	check_u64(parse_body(&ss, &w, &err), 0, "first record");
	wbuf_free(&w);
	body(&w, a2, 3, s2, 2);
	check_u64(parse_body(&ss, &w, &err), 0, "second record");
	wbuf_free(&w);
	check_u64(stacks_resolve(&ss, NULL, 0, &err), 0, "resolve");
	check_u64(ss.nframes, 3, "distinct frames");
	check_u64(ss.n, 4, "distinct stacks");
	check_u64(ss.v[0].count, 15, "the repeated stack's count");
	check_u64(ss.samples, 22, "samples");
	check_u64(ss.truncated, 4, "truncated");

	t_begin("stacks/sets-summed");
	memset(&sum, 0, sizeof(sum));
	stacks_add(&sum, &ss, NULL);
	stacks_add(&sum, &ss, NULL);
	check_u64(sum.n, 4, "distinct stacks");
	check_u64(sum.samples, 44, "samples");
	check_u64(sum.v[0].count, 30, "a stack's count");
	t_begin("stacks/encode-reads-back");
	{
		struct stackset back;
		struct reader r;

		memset(&back, 0, sizeof(back));
		wbuf_init(&w, false, 8);
		stacks_encode(&sum, &w);
		/* One STACKS record (no STACKINFO: no input had one). */
		reader_init(&r, w.p, w.n, false, 8);
		check_u64(rd_u32(&r), GMON_SIDE_STACKS, "tag");
		uint32_t len = rd_u32(&r);
		check_u64(w.n, 8 + ((len + 7) & ~7u), "one record");
		r.n = r.off + len;
		check_u64(stacks_parse(&back, &r, len, &err), 0, "parse");
		check_u64(stacks_resolve(&back, NULL, 0, &err), 0, "resolve");
		check_u64(back.n, sum.n, "stacks");
		check_u64(back.samples, sum.samples, "samples");
		check_u64(back.v[0].count, 30, "count");
		stacks_free(&back);
		wbuf_free(&w);
	}

	t_begin("stacks/parse-caps-overflow");
	{
		static const uint64_t a[] = { 0x1010 };
		static const struct stk big[] = {
			{ UINT64_MAX, 0, { 0, -1 } },
			{ 1, 0, { 0, 0, -1 } },
		};
		struct stackset cap;

		memset(&cap, 0, sizeof(cap));
		body(&w, a, 1, big, 2);
		check_u64(parse_body(&cap, &w, &err), 0, "parsed");
		check_true(cap.capped, "capped");
		check_u64(cap.samples, UINT64_MAX, "samples");
		check_u64(cap.n, 2, "stacks");
		wbuf_free(&w);
		stacks_free(&cap);
	}

	t_begin("stacks/sums-saturate");
	ss.v[0].count = UINT64_MAX - 1;
	stacks_add(&sum, &ss, NULL);
	check_u64(sum.v[0].count, UINT64_MAX, "saturated count");
	check_true(sum.capped, "capped");
	stacks_free(&sum);
	stacks_free(&ss);
}

static void
test_errors(void)
{
	static const uint64_t a[] = { 0x1010 };
	static const struct {
		const char *name;
		struct stk s[2];
		size_t n;
		const char *want;
	} cases[] = {
		{ "index",
		  { { 1, 0, { 0, 1, -1 } } },
		  1,
		  "names frame 1 of 1" },
		{ "count0", { { 0, 0, { 0, -1 } } }, 1, "has a count of 0" },
		{ "depth0",
		  { { 1, 0, { -1 } } },
		  1,
		  "has depth 0 (1 to 1024)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct stackset ss;
		struct wbuf w;
		struct gp_err err;

		t_begin("stacks/error-%s", cases[i].name);
		memset(&ss, 0, sizeof(ss));
		body(&w, a, 1, cases[i].s, cases[i].n);
		check_u64(parse_body(&ss, &w, &err), (uint64_t)-1, "refused");
		check_has(err.msg, cases[i].want, "message");
		check_has(err.msg, "STACKS record 1", "names the record");
		wbuf_free(&w);
		stacks_free(&ss);
	}
}

/* One stack over frames of objects OBJS[0..N) (addresses 0x10 i). */
static void
object_body(struct wbuf *w, const uint32_t *objs, size_t n)
{
	wbuf_init(w, false, 8);
	wb_u64(w, n);
	wb_u64(w, 1);
	for (size_t i = 0; i < n; i++) {
		wb_u32(w, objs[i]);
		wb_u32(w, 0);
		wb_u64(w, 0x10 * i);
	}
	wb_u32(w, (uint32_t)n);
	wb_u32(w, 0);
	wb_u64(w, 1);
	for (size_t i = 0; i < n; i++)
		wb_u32(w, (uint32_t)i);
	if (n % 2)
		wb_u32(w, 0);
}

/*
 * Object ids: 0 is the executable and nothing else is; 0xffffffff (the
 * reader's STACKS_EXE) and 0xfffffffe are ids like any other, the
 * object's when an OBJECT record declares them, else refused.
 */
static void
test_object_ids(void)
{
	static const uint32_t objs[] = { 0, UINT32_MAX, UINT32_MAX - 1 };
	struct sidefile_object declared[2];
	struct stackset ss;
	struct wbuf w;
	struct gp_err err;

	t_begin("stacks/object-ids-declared");
	memset(declared, 0, sizeof(declared));
	declared[0].id = UINT32_MAX - 1;
	declared[1].id = UINT32_MAX;
	object_body(&w, objs, 3);
	memset(&ss, 0, sizeof(ss));
	check_u64(parse_body(&ss, &w, &err), 0, "parsed");
	check_u64(stacks_resolve(&ss, declared, 2, &err), 0, "resolved");
	check_u64(ss.nframes, 3, "three frames");
	check_u64(ss.frames[0].obj, STACKS_EXE, "id 0: the executable");
	check_u64(ss.frames[1].obj, 1, "id 0xffffffff: its object");
	check_u64(ss.frames[2].obj, 0, "id 0xfffffffe: its object");
	stacks_free(&ss);
	for (size_t k = 1; k < 3; k++) {
		uint32_t one[2] = { 0, objs[k] };
		char want[64];

		t_begin("stacks/object-id-%x-undeclared", objs[k]);
		wbuf_free(&w);
		object_body(&w, one, 2);
		memset(&ss, 0, sizeof(ss));
		check_u64(parse_body(&ss, &w, &err), 0, "parsed");
		check_u64(stacks_resolve(&ss, NULL, 0, &err), (uint64_t)-1,
			  "undeclared: refused");
		snprintf(want, sizeof(want), "undeclared object %u", objs[k]);
		check_has(err.msg, want, "names the id");
		stacks_free(&ss);
	}
	wbuf_free(&w);
}

/* Functions 0 main, 1 f, 2 g, 3 h at 0x1000 + 0x100 i. */
static void
test_measured(void)
{
	/* f recursive under main; f <-> g a cycle; h called by g. */
	static const uint64_t addrs[] = {
		0x1110, /* 0: PC in f */
		0x1106, /* 1: return into f */
		0x1006, /* 2: return into main */
		0x1206, /* 3: return into g */
		0x1310, /* 4: PC in h */
		0x9000, /* 5: outside every function */
	};
	static const struct stk s[] = {
		{ 10, 0, { 0, 1, 1, 2, -1 } },      /* f f f main */
		{ 4, 0, { 4, 3, 1, 3, 1, 2, -1 } }, /* h g f g f main */
		{ 3, 0, { 0, 5, 2, -1 } },          /* f, then cut */
	};
	struct symtab st = { .syms = calloc(4, sizeof(struct sym)), .n = 4 };
	struct callgraph cg;
	struct objects os;
	struct stackset ss;
	struct measured me;
	struct wbuf w;
	struct gp_err err;
	static const struct cg_select none = { NULL, false, false };
	double ticks[4] = { 0, 13, 0, 4 };

	for (size_t i = 0; i < 4; i++) {
		st.syms[i].name = "f";
		st.syms[i].addr = 0x1000 + 0x100 * (uint64_t)i;
		st.syms[i].end = st.syms[i].addr + 0xff;
		st.syms[i].is_func = true;
	}
	t_begin("measured/once-per-function-arc-cycle");
	/* The arc ids: main->f 0, f->f 1, f->g 2, g->f 3, g->h 4. */
	cg_init(&cg, &st);
	cg_add(&cg, 0, 1, 1);
	cg_add(&cg, 1, 1, 5);
	cg_add(&cg, 1, 2, 2);
	cg_add(&cg, 2, 1, 1);
	cg_add(&cg, 2, 3, 1);
	cg_assemble(&cg, ticks, &none);
	memset(&ss, 0, sizeof(ss));
	body(&w, addrs, 6, s, 3);
	check_u64(parse_body(&ss, &w, &err), 0, "parse");
	check_u64(stacks_resolve(&ss, NULL, 0, &err), 0, "resolve");
	wbuf_free(&w);
	objects_init(&os);
	measured_compute(&me, &ss, &os, &st, &cg);
	check_true(me.any, "any");
	check_u64(me.samples, 17, "samples");
	check_u64(me.truncated, 3, "truncated");
	check_u64(me.cut, 3, "cut");
	check_u64(me.total[0], 14, "main");
	check_u64(me.total[1], 17, "f");
	check_u64(me.total[2], 4, "g");
	check_u64(me.total[3], 4, "h");
	check_u64(me.arc_total[cg_find_arc(&cg, 0, 1)], 14, "main->f");
	check_u64(me.arc_self[cg_find_arc(&cg, 0, 1)], 10, "main->f self");
	check_u64(me.arc_total[cg_find_arc(&cg, 1, 1)], 10, "f->f");
	check_u64(me.arc_self[cg_find_arc(&cg, 1, 1)], 10, "f->f self");
	check_u64(me.arc_total[cg_find_arc(&cg, 1, 2)], 4, "f->g");
	check_u64(me.arc_total[cg_find_arc(&cg, 2, 1)], 4, "g->f");
	check_u64(me.arc_total[cg_find_arc(&cg, 2, 3)], 4, "g->h");
	check_u64(me.arc_self[cg_find_arc(&cg, 2, 3)], 4, "g->h self");
	check_u64(cg.ncycles, 1, "one cycle");
	check_u64(me.cycle_total[0], 17, "cycle f, g");
	check_u64(me.off_graph, 0, "off the graph");
	check_u64(me.nstacks, 3, "stacks kept");
	check_u64(me.stacks[0].len, 4, "f f f main");
	check_u64(me.fns[me.stacks[0].at + 3], 0, "main outermost");
	check_u64(me.stacks[1].len, 6, "h g f g f main");
	check_u64(me.fns[me.stacks[1].at], 3, "h innermost");
	check_u64(me.stacks[2].len, 1, "cut after f");
	check_true(me.stacks[2].truncated, "cut is truncated");
	check_u64(me.stacks[2].count, 3, "count");
	measured_free(&me);
	stacks_free(&ss);
	objects_free(&os);
	cg_free(&cg);
	free(st.syms);
}

T_MODULE(stacks)
{
	t_run("stacks/repeats", test_repeats);
	t_run("stacks/errors", test_errors);
	t_run("stacks/object-ids", test_object_ids);
	t_run("measured/counts", test_measured);
}
