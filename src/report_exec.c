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

void
report_exec(FILE *out, const struct model *m)
{
	size_t n = 0;
	uint32_t *v = xcalloc(m->nfuncs, sizeof(*v));

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
		const struct model_src *s = &m->src[i];

		if (!model_listed(m, LIST_EXEC, i))
			continue;
		/* GNU prints the raw (mangled) name here. */
		fprintf(out, "%s:%d: (%s:0x%llx) %llu executions\n",
			s->path ? s->path : "<unknown>", s->line,
			model_raw_name(m, i),
			(unsigned long long)m->st->syms[i].addr,
			(unsigned long long)m->cg->nodes[i].ncalls);
	}
	free(v);
}
