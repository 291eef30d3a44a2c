/*
 * linkmap.c - reading the -R map file (see linkmap.h).
 *
 * The accepted syntax is what GNU gprof's scanf() loop accepts, checked
 * line by line against /usr/bin/gprof: the file name runs to the first
 * ':' or end of line, the function is the last word of the rest, and
 * whitespace after an entry (blank lines, leading spaces) is skipped.
 * Where GNU crashes (an entry with no space after the colon) we report
 * the line instead.
 */
#include "linkmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "sort.h"

#define NO_SYMBOLS "No symbols in "

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

/* Skip whitespace from *POS, counting newlines into *LINE. */
static void
skip_space(const char *buf, size_t n, size_t *pos, size_t *line)
{
	while (*pos < n && is_space(buf[*pos])) {
		if (buf[*pos] == '\n')
			++*line;
		++*pos;
	}
}

static int
by_func(uint32_t a, uint32_t b, const void *ctx)
{
	const struct linkmap_entry *e = ctx;

	return strcmp(e[a].func, e[b].func);
}

/* Sort M's entries by function name, stably (glibc's qsort order). */
static void
sort_entries(struct linkmap *m)
{
	uint32_t *ids = xcalloc(m->n + 1, sizeof(*ids));
	struct linkmap_entry *v = xcalloc(m->n + 1, sizeof(*v));

	for (size_t i = 0; i < m->n; i++)
		ids[i] = (uint32_t)i;
	gp_sort(ids, m->n, by_func, m->e);
	for (size_t i = 0; i < m->n; i++)
		v[i] = m->e[ids[i]];
	free(m->e);
	m->e = v;
	free(ids);
}

/* Parse one entry at *POS (not at the end).  Returns 0 or -1. */
static int
parse_entry(struct linkmap *m, char *buf, size_t n, size_t *pos, size_t *line,
	    size_t *cap, const char *path, struct gp_err *err)
{
	size_t s = *pos, q = s, eol, sp;

	while (q < n && buf[q] != ':' && buf[q] != '\n')
		q++;
	if (q == s)
		return gp_fail(
		    err, "%s: line %zu: expected FILE:ADDRESS TYPE FUNCTION",
		    path, *line);
	if (q - s >= strlen(NO_SYMBOLS) &&
	    memcmp(buf + s, NO_SYMBOLS, strlen(NO_SYMBOLS)) == 0) {
		*pos = q;
		skip_space(buf, n, pos, line);
		return 0;
	}
	if (q == n || buf[q] == '\n')
		return gp_fail(err, "%s: line %zu: no ':' after the file name",
			       path, *line);
	eol = q;
	while (eol < n && buf[eol] != '\n')
		eol++;
	for (sp = eol; sp > q && buf[sp - 1] != ' '; sp--)
		;
	if (sp == q)
		return gp_fail(
		    err, "%s: line %zu: no function name after the file name",
		    path, *line);
	if (m->n == *cap)
		m->e = xreallocarray(m->e, *cap = *cap ? 2 * *cap : 64,
				     sizeof(*m->e));
	buf[q] = '\0';
	buf[eol] = '\0'; /* eol <= n, and buf[n] is the slurped NUL */
	m->e[m->n].file = buf + s;
	m->e[m->n].func = buf + sp;
	m->e[m->n].first =
	    m->n == 0 || strcmp(m->e[m->n - 1].file, buf + s) != 0;
	m->n++;
	*pos = eol; /* its '\n' is now a NUL: step over it by hand */
	if (eol < n) {
		++*pos;
		++*line;
	}
	skip_space(buf, n, pos, line);
	return 0;
}

int
linkmap_parse(struct linkmap *m, char *text, size_t n, const char *path,
	      struct gp_err *err)
{
	size_t pos = 0, line = 1, cap = 0;

	memset(m, 0, sizeof(*m));
	m->text = text;
	while (pos < n)
		if (parse_entry(m, text, n, &pos, &line, &cap, path, err) !=
		    0) {
			linkmap_free(m);
			return -1;
		}
	sort_entries(m);
	return 0;
}

int
linkmap_read(struct linkmap *m, const char *path, struct gp_err *err)
{
	size_t n;
	char *text = slurp_regular(path, &n, err);

	if (text == NULL) {
		memset(m, 0, sizeof(*m));
		return -1;
	}
	return linkmap_parse(m, text, n, path, err);
}

void
linkmap_free(struct linkmap *m)
{
	free(m->e);
	free(m->text);
	memset(m, 0, sizeof(*m));
}

const struct linkmap_entry *
linkmap_find(const struct linkmap *m, const char *name)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, m->e[mid].func);

		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return &m->e[mid];
	}
	return NULL;
}
