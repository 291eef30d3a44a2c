/*
 * names.c - how reports show a function: its name, and for static
 * functions the source file it comes from.
 */
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "fmt.h"
#include "report.h"

void
report_names(struct report *r, bool on)
{
	if (!on)
		return;
	r->shown = xcalloc(r->st->n ? r->st->n : 1, sizeof(*r->shown));
	for (size_t i = 0; i < r->st->n; i++)
		r->shown[i] = demangle(r->st->syms[i].name);
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
	const char *file, *slash;
	int line;

	if (exe_source(r->x, r->st->syms[node].addr, &file, &line) != 0)
		return NULL;
	if (r->print_path)
		return file;
	slash = strrchr(file, '/');
	return slash ? slash + 1 : file;
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

void
report_exec(FILE *out, const struct report *r)
{
	for (uint32_t i = 0; i < r->cg->n; i++) {
		const struct cg_node *v = &r->cg->nodes[i];
		const char *file;
		int line;

		if ((v->ncalls == 0 && !r->zeros) ||
		    (r->exec_hidden != NULL && r->exec_hidden[i]))
			continue;
		if (exe_source(r->x, r->st->syms[i].addr, &file, &line) != 0) {
			file = "<unknown>";
			line = 0;
		}
		/* GNU prints the raw (mangled) name here. */
		fprintf(out, "%s:%d: (%s:0x%llx) %llu executions\n", file, line,
			r->st->syms[i].name, (unsigned long long)r->st->syms[i].addr,
			(unsigned long long)v->ncalls);
	}
}
