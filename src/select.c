/*
 * select.c - resolve symbol specifications against the function table.
 */
#include "srcline.h"
#include "select.h"

#include <stdlib.h>
#include <string.h>

#include "symspec.h"

static const char *const runtime_routines[] = {
	"_gprof_mcount",     "mcount",     "_mcount", "__mcount",
	"__mcount_internal", "__mcleanup",
};

struct where {
	const char *file; /* base name, or NULL */
	int line;
};

/* Source positions, looked up only when a spec names a file or line
 * (select_needs_positions). */
static struct where *
positions(const struct symtab *st, struct exe *x)
{
	struct where *w = xcalloc(st->n, sizeof(*w));

	/* The DWARF pass covers every function then (plan.c). */
	for (size_t i = 0; i < st->n; i++) {
		const char *file;
		int line;

		if (srcline_find(x, st->syms[i].addr, &file, &line) != 0)
			continue;
		w[i].file = xpath_base(file);
		w[i].line = line;
	}
	return w;
}

/* Mark in OUT (per function) what SP matches; returns whether any. */
static bool
match_all(const struct symspec *sp, const struct symtab *st,
	  const struct where *w, uint8_t *out)
{
	bool any = false;

	for (size_t i = 0; i < st->n; i++) {
		bool m = symspec_match(sp, st->syms[i].name,
				       w ? w[i].file : NULL, w ? w[i].line : 0);
		if (m && sp->obj != NULL)
			m = st->syms[i].objname != NULL &&
			    strcmp(sp->obj, st->syms[i].objname) == 0;
		out[i] = m;
		any |= m;
	}
	return any;
}

bool
select_needs_positions(const struct options *o)
{
	for (size_t i = 0; i < o->nspecs; i++) {
		struct symspec sp;
		bool need;

		symspec_parse(o->specs[i].text, &sp);
		need = sp.file != NULL || sp.line != 0 ||
		       strchr(o->specs[i].text, '/') != NULL;
		symspec_free(&sp);
		if (need)
			return true;
	}
	return false;
}

static void
add_arc_spec(struct selection *sel, const struct spec_arg *a,
	     const struct symtab *st, const struct where *w)
{
	const char *slash = strchr(a->text, '/');
	char *left = xstrdup(a->text);
	struct symspec from, to;
	struct arc_sel *as;
	bool f;

	left[slash - a->text] = '\0';
	symspec_parse(left, &from);
	symspec_parse(slash + 1, &to);
	free(left);
	sel->arcs =
	    xreallocarray(sel->arcs, sel->narcs + 1, sizeof(*sel->arcs));
	as = &sel->arcs[sel->narcs++];
	memset(as, 0, sizeof(*as));
	as->kind = a->kind;
	as->from = xcalloc(st->n, 1);
	as->to = xcalloc(st->n, 1);
	/* The list counts as given when the FROM side matched (GNU's rule,
	 * found by experiment: FROM/nothing blocks every arc). */
	f = match_all(&from, st, w, as->from);
	match_all(&to, st, w, as->to);
	if (f)
		sel->any_arcs[a->kind] = true;
	symspec_free(&from);
	symspec_free(&to);
}

/*
 * Line mode: GNU keeps a list as address ranges, one per run of
 * consecutive matched symbols, from the first one's address to the last
 * one's END (a function's END is its whole code, line symbols and
 * all), and asks it about a symbol's address: the last range starting
 * at or below it holds it, or nothing does.  So a line of an inlined
 * function between a function's entry and its first own line joins a
 * list that names the function.  (Found by experiment.)
 */
struct span {
	uint64_t lo, hi;
};

static void
add_spans(struct gp_vec *v, const struct symtab *st, const uint64_t *ends,
	  const uint8_t *hit)
{
	for (size_t i = 0; i < st->n;) {
		size_t j = i;
		struct span *sp;

		if (!hit[i]) {
			i++;
			continue;
		}
		while (j + 1 < st->n && hit[j + 1])
			j++;
		sp = gp_vec_push(v, sizeof(*sp), 16);
		sp->lo = st->syms[i].addr;
		sp->hi = ends[j];
		i = j + 1;
	}
}

static int
span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* MARK[i]: whether symbol i's address is in V's ranges (GNU's lookup). */
static void
mark_spans(struct gp_vec *v, const struct symtab *st, uint8_t *mark)
{
	const struct span *sp = v->p;
	size_t k = 0;

	if (v->n > 1)
		qsort(v->p, v->n, sizeof(*sp), span_cmp);
	for (size_t i = 0; i < st->n; i++) {
		uint64_t at = st->syms[i].addr;

		while (k < v->n && sp[k].lo <= at)
			k++;
		mark[i] = k > 0 && at <= sp[k - 1].hi;
	}
}

/* Line mode: every list as GNU's ranges make it (see add_spans). */
static void
widen(struct selection *sel, const struct symtab *st, struct gp_vec *spans)
{
	uint8_t *mark = xcalloc(st->n, 1);

	for (int k = 0; k < SPEC_NKINDS; k++) {
		uint16_t bit = (uint16_t)(1u << k);

		if (spans[k].n == 0)
			continue;
		mark_spans(&spans[k], st, mark);
		for (size_t i = 0; i < st->n; i++)
			sel->bits[i] = (uint16_t)((sel->bits[i] & ~bit) |
						  (mark[i] ? bit : 0));
		free(spans[k].p);
	}
	free(mark);
}

static void
widen_arcs(struct arc_sel *as, const struct symtab *st, const uint64_t *ends)
{
	uint8_t *side[2] = { as->from, as->to };
	uint8_t **runs[2] = { &as->from_runs, &as->to_runs };

	for (int s = 0; s < 2; s++) {
		struct gp_vec v = { 0 };

		*runs[s] = xcalloc(st->n, 1);
		for (size_t i = 0; i < st->n; i++)
			(*runs[s])[i] =
			    side[s][i] && (i == 0 || !side[s][i - 1]);
		add_spans(&v, st, ends, side[s]);
		mark_spans(&v, st, side[s]);
		free(v.p);
	}
}

static void
build(struct selection *sel, const struct options *o, const struct symtab *st,
      struct where *w, const uint64_t *ends)
{
	uint8_t *hit = xcalloc(st->n, 1);
	struct gp_vec spans[SPEC_NKINDS] = { { 0 } };

	memset(sel, 0, sizeof(*sel));
	sel->bits = xcalloc(st->n, sizeof(*sel->bits));
	for (size_t i = 0; i < st->n; i++) {
		hit[i] = 0;
		for (size_t k = 0; k < ARRAY_SIZE(runtime_routines); k++)
			if (strcmp(st->syms[i].name, runtime_routines[k]) == 0)
				hit[i] = 1;
		if (hit[i])
			sel->bits[i] |= 1u << SPEC_EXCL_FLAT |
					1u << SPEC_EXCL_GRAPH |
					1u << SPEC_EXCL_TIME;
	}
	if (ends != NULL) {
		add_spans(&spans[SPEC_EXCL_FLAT], st, ends, hit);
		add_spans(&spans[SPEC_EXCL_GRAPH], st, ends, hit);
		add_spans(&spans[SPEC_EXCL_TIME], st, ends, hit);
	}
	for (size_t k = 0; k < o->nspecs; k++) {
		const struct spec_arg *a = &o->specs[k];
		struct symspec sp;

		if (a->kind == SPEC_INCL_ARCS || a->kind == SPEC_EXCL_ARCS) {
			add_arc_spec(sel, a, st, w);
			if (ends != NULL)
				widen_arcs(&sel->arcs[sel->narcs - 1], st,
					   ends);
			continue;
		}
		symspec_parse(a->text, &sp);
		if (match_all(&sp, st, w, hit))
			sel->any[a->kind] = true;
		if (ends != NULL)
			add_spans(&spans[a->kind], st, ends, hit);
		for (size_t i = 0; i < st->n; i++)
			if (hit[i])
				sel->bits[i] |= (uint16_t)(1u << a->kind);
		symspec_free(&sp);
	}
	if (ends != NULL)
		widen(sel, st, spans);
	free(hit);
	free(w);
}

void
select_build(struct selection *sel, const struct options *o,
	     const struct symtab *st, struct exe *x)
{
	build(sel, o, st, select_needs_positions(o) ? positions(st, x) : NULL,
	      NULL);
}

void
select_build_at(struct selection *sel, const struct options *o,
		const struct symtab *st, const char *const *files,
		const int *lines, const uint64_t *ends)
{
	struct where *w = xcalloc(st->n, sizeof(*w));

	for (size_t i = 0; i < st->n; i++) {
		w[i].file = files[i] ? xpath_base(files[i]) : NULL;
		w[i].line = files[i] ? lines[i] : 0;
	}
	build(sel, o, st, w, ends);
}

void
select_free(struct selection *sel)
{
	for (size_t i = 0; i < sel->narcs; i++) {
		free(sel->arcs[i].from);
		free(sel->arcs[i].to);
		free(sel->arcs[i].from_runs);
		free(sel->arcs[i].to_runs);
	}
	free(sel->arcs);
	free(sel->bits);
	memset(sel, 0, sizeof(*sel));
}

bool
select_keeps(const struct selection *sel, enum spec_kind incl, uint32_t i)
{
	if (sel->any[incl] && !select_has(sel, incl, i))
		return false;
	return !select_has(sel, (enum spec_kind)(incl + 1), i);
}

bool
select_keeps_exec(const struct selection *sel, uint32_t i)
{
	if (select_has(sel, SPEC_INCL_EXEC, i))
		return true;
	return !sel->any[SPEC_INCL_EXEC] && !select_has(sel, SPEC_EXCL_EXEC, i);
}

bool
select_arc(const struct selection *sel, uint32_t parent, uint32_t child)
{
	bool incl = false;

	for (size_t k = 0; k < sel->narcs; k++) {
		const struct arc_sel *a = &sel->arcs[k];
		bool m = a->from[parent] && a->to[child];

		if (a->kind == SPEC_EXCL_ARCS && m)
			return false;
		if (a->kind == SPEC_INCL_ARCS && m)
			incl = true;
	}
	return incl || !sel->any_arcs[SPEC_INCL_ARCS];
}

void
select_report_flags(const struct selection *sel, size_t n, uint8_t **graph,
		    bool **flat_excluded, bool **exec_hidden,
		    struct cg_select *cs)
{
	static const struct {
		enum spec_kind kind;
		uint8_t bit;
	} map[] = {
		{ SPEC_INCL_GRAPH, CG_INCL_GRAPH },
		{ SPEC_EXCL_GRAPH, CG_EXCL_GRAPH },
		{ SPEC_INCL_TIME, CG_INCL_TIME },
		{ SPEC_EXCL_TIME, CG_EXCL_TIME },
	};
	uint8_t *g = xcalloc(n, 1);
	bool *flat = xcalloc(n, sizeof(bool));
	bool *exec = xcalloc(n, sizeof(bool));

	for (uint32_t i = 0; i < n; i++) {
		for (size_t k = 0; k < ARRAY_SIZE(map); k++)
			if (select_has(sel, map[k].kind, i))
				g[i] |= map[k].bit;
		flat[i] = !select_keeps(sel, SPEC_INCL_FLAT, i);
		exec[i] = !select_keeps_exec(sel, i);
	}
	*graph = g;
	*flat_excluded = flat;
	*exec_hidden = exec;
	cs->flags = g;
	cs->any_incl_graph = sel->any[SPEC_INCL_GRAPH];
	cs->any_incl_time = sel->any[SPEC_INCL_TIME];
}
