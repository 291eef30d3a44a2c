/*
 * names.c - how reports show a function: its name, and for static
 * functions the source file it comes from.
 */
#include <string.h>

#include "report.h"

const char *
report_name(const struct report *r, uint32_t node)
{
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
