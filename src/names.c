/*
 * names.c - how reports show a function: its name, and for static
 * functions the source file it comes from.
 */
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "fmt.h"
#include "sort.h"
#include "report.h"

/* The source position of NODE, the file as reports show it (-L: the
 * full path, else the base name); -1 when unknown. */
static int
shown_source(const struct report *r, uint32_t node, const char **file,
	     int *line)
{
	if (exe_source(r->x, r->st->syms[node].addr, file, line) != 0)
		return -1;
	if (!r->print_path)
		*file = exe_base_name(*file);
	return 0;
}

/* "name (file.c:line)" for --inline-file-names; NAME is freed. */
static char *
with_position(const struct report *r, uint32_t i, char *name)
{
	const char *file;
	int line;
	char *out;
	size_t n;

	if (shown_source(r, i, &file, &line) != 0)
		return name;
	n = strlen(name) + strlen(file) + 32;
	out = xmalloc(n);
	snprintf(out, n, "%s (%s:%d)", name, file, line);
	free(name);
	return out;
}

void
report_names(struct report *r, bool demangled, bool positions)
{
	if (!demangled && !positions)
		return;
	r->shown = xcalloc(r->st->n ? r->st->n : 1, sizeof(*r->shown));
	for (uint32_t i = 0; i < r->st->n; i++) {
		char *name = demangled ? demangle(r->st->syms[i].name) : NULL;

		if (positions)
			name = with_position(r, i, name ? name : xstrdup(r->st->syms[i].name));
		r->shown[i] = name;
	}
}

const char *
report_name(const struct report *r, uint32_t node)
{
	if (r->shown != NULL && r->shown[node] != NULL)
		return r->shown[node];
	return r->st->syms[node].name;
}

const char *
report_file(const struct report *r, uint32_t node)
{
	const char *file;
	int line;

	return shown_source(r, node, &file, &line) == 0 ? file : NULL;
}

void
report_put_name(FILE *out, const struct report *r, uint32_t node)
{
	const struct cg_node *v = &r->cg->nodes[node];

	char buf[64], *p = buf;

	fputs(report_name(r, node), out);
	if (v->cycle) {
		p = fmt_s(p, " <cycle ");
		p = fmt_u(p, v->cycle, 0, 0);
		*p++ = '>';
	}
	if (r->index != NULL) {
		p = fmt_s(p, v->print_flag ? " [" : " (");
		p = fmt_u(p, r->index[node], 0, 0);
		*p++ = v->print_flag ? ']' : ')';
	}
	fwrite(buf, 1, (size_t)(p - buf), out);
}

struct exec_pos {
	const struct report *r;
	const char **file; /* per node: full path, NULL when unknown */
	int *line;
};

/*
 * GNU gprof's order for -C: by file and line when both functions have
 * them, else by address.  Not a consistent order when some functions
 * lack line information; gp_sort() gives the same result GNU's does.
 */
static int
by_position(uint32_t a, uint32_t b, const void *ctx)
{
	const struct exec_pos *e = ctx;
	uint64_t aa = e->r->st->syms[a].addr, ba = e->r->st->syms[b].addr;

	if (e->file[a] != NULL && e->file[b] != NULL) {
		int c = strcmp(e->file[a], e->file[b]);
		if (c != 0)
			return c;
		return e->line[a] < e->line[b] ? -1 : e->line[a] > e->line[b];
	}
	return aa < ba ? -1 : aa > ba;
}

static bool
exec_listed(const struct report *r, uint32_t i)
{
	return r->cg->nodes[i].ncalls != 0 || r->zeros;
}

void
report_exec(FILE *out, const struct report *r)
{
	size_t n = 0, total = r->cg->n ? r->cg->n : 1;
	uint32_t *v = xcalloc(total, sizeof(*v));
	struct exec_pos e = { r, xcalloc(total, sizeof(char *)),
			      xcalloc(total, sizeof(int)) };

	/* GNU sorts every function the specs keep, called or not, and
	 * prints the called ones (-z: all).  The comparison is not a
	 * consistent order, so what is sorted changes where the listed
	 * functions land. */
	for (uint32_t i = 0; i < r->cg->n; i++) {
		if (r->exec_hidden != NULL && r->exec_hidden[i])
			continue;
		if (exe_source(r->x, r->st->syms[i].addr, &e.file[i], &e.line[i]) != 0) {
			e.file[i] = NULL;
			e.line[i] = 0;
		}
		v[n++] = i;
	}
	gp_sort(v, n, by_position, &e);
	for (size_t k = 0; k < n; k++) {
		uint32_t i = v[k];

		if (!exec_listed(r, i))
			continue;
		/* GNU prints the raw (mangled) name here. */
		fprintf(out, "%s:%d: (%s:0x%llx) %llu executions\n",
			e.file[i] ? e.file[i] : "<unknown>", e.line[i],
			r->st->syms[i].name, (unsigned long long)r->st->syms[i].addr,
			(unsigned long long)r->cg->nodes[i].ncalls);
	}
	free(v);
	free(e.file);
	free(e.line);
}
