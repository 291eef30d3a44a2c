/*
 * report_exec.c - -C: how many times each function was called, with its
 * source position, in GNU gprof's order.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sort.h"

/*
 * GNU gprof's order for -C: by file and line when both functions have
 * them, else by address.  Not a consistent order when some functions
 * lack line information; gp_sort() gives the same result GNU's does.
 */
static int
by_position(uint32_t a, uint32_t b, const void *ctx)
{
	const struct model *m = ctx;
	const struct model_src *sa = &m->src[a], *sb = &m->src[b];
	uint64_t aa = m->st->syms[a].addr, ba = m->st->syms[b].addr;

	if (sa->path != NULL && sb->path != NULL) {
		int c = strcmp(sa->path, sb->path);
		if (c != 0)
			return c;
		return sa->line < sb->line ? -1 : sa->line > sb->line;
	}
	return aa < ba ? -1 : aa > ba;
}

/*
 * Line mode: where each symbol's basic-block counts start in M->bbs
 * (grouped by symbol in address order); FIRST[i + 1] - FIRST[i] of them.
 */
static size_t *
bb_groups(const struct model *m)
{
	size_t *first = xcalloc(m->nfuncs + 1, sizeof(*first));
	size_t k = 0;

	for (uint32_t i = 0; i < m->nfuncs; i++) {
		first[i] = k;
		while (k < m->nbbs && symtab_find(m->st, m->bbs[k].addr) == i)
			k++;
	}
	first[m->nfuncs] = k;
	return first;
}

static void
exec_line(FILE *out, const struct model *m, uint32_t i, uint64_t addr,
	  uint64_t count)
{
	const struct model_src *s = &m->src[i];

	const char *obj = m->st->syms[i].obj;

	/* GNU prints the raw (mangled) name here; a shared object's
	 * function whose name collides gets its " [libfoo.so]". */
	fprintf(out, "%s:%d: (%s%s%s%s:0x%llx) %llu executions\n",
		s->path ? s->path : "<unknown>", s->line, model_raw_name(m, i),
		obj ? " [" : "", obj ? obj : "", obj ? "]" : "",
		(unsigned long long)(addr - m->st->syms[i].bias),
		(unsigned long long)count);
}

void
report_exec(FILE *out, const struct model *m)
{
	size_t n = 0;
	uint32_t *v = xcalloc(m->nfuncs, sizeof(*v));
	size_t *first = m->nbbs > 0 ? bb_groups(m) : NULL;

	/* GNU sorts every function the specs keep, called or not, and
	 * prints the called ones (-z: all).  The comparison is not a
	 * consistent order, so what is sorted changes where the listed
	 * functions land. */
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->exec_hidden == NULL || !m->exec_hidden[i])
			v[n++] = i;
	gp_sort(v, n, by_position, m);
	for (size_t k = 0; k < n; k++) {
		uint32_t i = v[k];

		if (model_listed(m, LIST_EXEC, i))
			exec_line(out, m, i, m->st->syms[i].addr,
				  m->cg->nodes[i].ncalls);
		/* Line mode: then the symbol's basic blocks, listed or not. */
		for (size_t b = first ? first[i] : 0; first && b < first[i + 1];
		     b++)
			exec_line(out, m, i, m->bbs[b].addr, m->bbs[b].count);
	}
	free(first);
	free(v);
}
