/*
 * symspec.c - parse and match symbol specifications (see symspec.h).
 */
#include "symspec.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static char *
dup_n(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void
symspec_parse(const char *s, struct symspec *sp)
{
	const char *colon = strchr(s, ':');

	sp->file = NULL;
	sp->line = 0;
	sp->name = NULL;
	if (colon != NULL) {
		const char *rest = colon + 1;

		if (colon > s)
			sp->file = dup_n(s, (size_t)(colon - s));
		if (is_digit(*rest))
			sp->line = atoi(rest);
		else if (*rest != '\0')
			sp->name = xstrdup(rest);
	} else if (strchr(s, '.') != NULL) {
		sp->file = xstrdup(s);
	} else if (is_digit(*s)) {
		sp->line = atoi(s);
	} else {
		sp->name = xstrdup(s);
	}
}

void
symspec_free(struct symspec *sp)
{
	free(sp->file);
	free(sp->name);
	sp->file = sp->name = NULL;
}

bool
symspec_match(const struct symspec *sp, const char *name, const char *file,
	      int line)
{
	if (sp->file != NULL && (file == NULL || strcmp(sp->file, file) != 0))
		return false;
	if (sp->line != 0 && sp->line != line)
		return false;
	if (sp->name != NULL && strcmp(sp->name, name) != 0)
		return false;
	return true;
}
