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
	const char *colon, *open;
	size_t n = strlen(s);
	char *cut = NULL;

	sp->file = NULL;
	sp->line = 0;
	sp->name = NULL;
	sp->obj = NULL;
	/* "SPEC [libfoo.so]", as reports show a shared object's function. */
	if (n > 3 && s[n - 1] == ']' && (open = strstr(s, " [")) != NULL &&
	    open > s &&
	    memchr(open + 2, '[', (size_t)(s + n - open - 2)) == NULL &&
	    open + 2 < s + n - 1) {
		sp->obj = dup_n(open + 2, (size_t)(s + n - 1 - (open + 2)));
		s = cut = dup_n(s, (size_t)(open - s));
	}
	colon = strchr(s, ':');
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
	free(cut);
}

void
symspec_free(struct symspec *sp)
{
	free(sp->file);
	free(sp->name);
	free(sp->obj);
	sp->file = sp->name = sp->obj = NULL;
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
