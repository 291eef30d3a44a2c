/*
 * annsyms.c - the symbols -A shows, from the analysis (annsyms.h): the
 * model's functions, or GNU's line-mode table; each symbol's rank in
 * the executable's .symtab, which orders the files.
 */
#include "annsyms.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "bbsum.h"
#include "exe.h"
#include "select.h"

struct code_sym {
	uint64_t addr;
	size_t index;
};

static int
by_addr_index(const void *pa, const void *pb)
{
	const struct code_sym *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Each symbol's rank: the .symtab index of the first code symbol at its
 * address (GNU meets source files in symbol-table order), or SIZE_MAX.
 */
static void
set_ranks(struct ann_syms *p, const struct exe *x)
{
	struct code_sym *v = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < x->nsyms; i++) {
		char c = x->syms[i].letter;

		if (c == 'T' || c == 't' || c == 'W')
			v[n++] = (struct code_sym){ x->syms[i].addr, i };
	}
	qsort(v, n, sizeof(*v), by_addr_index);
	for (size_t i = 0; i < p->nsyms; i++) {
		struct ann_sym *s = &p->syms[i];
		size_t lo = 0, hi = n;

		s->rank = SIZE_MAX;
		if (!s->entry)
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (v[mid].addr < s->addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < n && v[lo].addr == s->addr)
			s->rank = v[lo].index;
	}
	free(v);
}

/* Whether -A/-J select symbol I (an -A match wins over -J). */
static bool
selected(const struct selection *sel, uint32_t i)
{
	if (select_has(sel, SPEC_INCL_ANNO, i))
		return true;
	return !sel->any[SPEC_INCL_ANNO] && !select_has(sel, SPEC_EXCL_ANNO, i);
}

/* The functions of the model, with their positions and call counts. */
static void
function_syms(struct ann_syms *p, const struct model *m,
	      const struct analysis *a)
{
	p->syms = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*p->syms));
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		const struct model_src *s = &m->src[i];

		if (s->path == NULL || s->line <= 0)
			continue;
		p->syms[p->nsyms++] = (struct ann_sym){
			.path = s->path,
			.line = (size_t)s->line,
			.addr = m->st->syms[i].addr,
			.ncalls = m->cg->nodes[i].ncalls,
			.is_func = m->st->syms[i].is_func,
			.entry = true,
			.selected = selected(&a->fn.sel, i),
		};
	}
}

/* Calls into line-mode symbol I from other symbols. */
static uint64_t
line_calls(const struct callgraph *cg, uint32_t i)
{
	uint64_t self = 0;

	/* cg_assemble() may have split the self-calls off already. */
	for (uint32_t k = cg->nodes[i].first_child; k != CG_NONE;
	     k = cg->arcs[k].next_child)
		if (cg->arcs[k].child == i)
			self += cg->arcs[k].count;
	return cg->nodes[i].ncalls + cg->nodes[i].self_calls - self;
}

/*
 * GNU's line mode: the functions and line symbols of A->lp's table (as
 * -l's reports see them), their calls on the arcs -k leaves, -A/-J
 * matched on the table (a line symbol by its own file and line), each
 * with the basic-block counts its range holds (bbsum.h: BBSUM_SLOTS at
 * most).
 */
static void
line_syms(struct ann_syms *p, const struct analysis *a)
{
	const struct lineprof *lp = &a->lp;
	const struct symtab *lt = &lp->lt.st;
	uint32_t *first_bb = xcalloc(lt->n + 1, sizeof(*first_bb));
	uint32_t *count_bb = xcalloc(lt->n + 1, sizeof(*count_bb));

	p->bbs = lp->bbs;
	p->nbbs = lp->nbbs;
	for (size_t k = 0; k < p->nbbs; k++) {
		sym_id s = symtab_find(lt, p->bbs[k].addr);

		if (s == SYM_NONE)
			continue;
		if (count_bb[s]++ == 0)
			first_bb[s] = (uint32_t)k;
	}
	p->syms = xcalloc(lt->n ? lt->n : 1, sizeof(*p->syms));
	for (uint32_t i = 0; i < lt->n; i++) {
		const struct sym *s = &lt->syms[i];
		struct ann_sym *as = &p->syms[p->nsyms];
		/* Positions as line mode found them: a line symbol's first
		 * address, a function's entry. */
		const char *file = lp->files[i];
		int line = lp->lines[i];
		sym_id f = symtab_find(&a->fn.st, s->addr);
		bool entry = f != SYM_NONE && a->fn.st.syms[f].addr == s->addr;

		if (file == NULL || line <= 0)
			continue;
		*as = (struct ann_sym){
			.path = file,
			.line = (size_t)line,
			.addr = s->addr,
			.ncalls = line_calls(&lp->lt.cg, i),
			.is_func = s->is_func,
			.entry = entry,
			.selected = selected(&lp->lt.sel, i),
			.bb = first_bb[i],
			.nbb = count_bb[i],
		};
		p->nsyms++;
	}
	free(first_bb);
	free(count_bb);
}

void
ann_syms_collect(struct ann_syms *s, const struct model *m, struct analysis *a,
		 const struct options *o)
{
	memset(s, 0, sizeof(*s));
	if (a->lp.built)
		line_syms(s, a);
	else
		function_syms(s, m, a);
	set_ranks(s, &a->x);
}

void
ann_syms_free(struct ann_syms *s)
{
	free(s->syms);
	memset(s, 0, sizeof(*s));
}
