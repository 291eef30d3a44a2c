/*
 * srcfile.c - a source file split into lines (see srcfile.h).
 */
#include "srcfile.h"

#include <stdlib.h>
#include <string.h>

#include "reader.h"

void
srcfile_split(struct srcfile *sf, char *data, size_t size)
{
	size_t n = 0, at = 0;

	memset(sf, 0, sizeof(*sf));
	sf->data = data;
	sf->size = size;
	if (size == 0)
		return;
	sf->has_nul = memchr(data, '\0', size) != NULL;
	/* Count first, so the index is allocated once. */
	for (const char *p = data;
	     (p = memchr(p, '\n', size - (size_t)(p - data))) != NULL; p++)
		n++;
	if (data[size - 1] != '\n')
		n++; /* a last line without its '\n' */
	sf->starts = xcalloc(n, sizeof(*sf->starts));
	for (size_t k = 0; k < n; k++) {
		const char *nl = memchr(data + at, '\n', size - at);

		sf->starts[k] = at;
		at = nl != NULL ? (size_t)(nl - data) + 1 : size;
	}
	sf->nlines = n;
}

int
srcfile_load(struct srcfile *sf, const char *path, struct gp_err *err)
{
	size_t size;
	char *data = slurp_regular(path, &size, err);

	memset(sf, 0, sizeof(*sf));
	if (data == NULL)
		return -1;
	srcfile_split(sf, data, size);
	return 0;
}

const char *
srcfile_line(const struct srcfile *sf, size_t k, size_t *len)
{
	size_t end;

	if (k == 0 || k > sf->nlines)
		return NULL;
	end = k < sf->nlines ? sf->starts[k] : sf->size;
	*len = end - sf->starts[k - 1];
	return sf->data + sf->starts[k - 1];
}

void
srcfile_free(struct srcfile *sf)
{
	free(sf->data);
	free(sf->starts);
	memset(sf, 0, sizeof(*sf));
}
