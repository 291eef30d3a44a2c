/*
 * demangle.c - wrap __cxa_demangle for symbol names, keeping to what
 * GNU gprof 2.40 prints: a name whose demangled form shows a construct
 * 2.40's demangler does not know is left raw (demangle.h says which).
 */
#include "demangle.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* From libstdc++ (cxxabi.h is C++ only). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

static int
looks_mangled(const char *s)
{
	if (s[0] == '_' && s[1] == 'Z')
		return 1;
	return strncmp(s, "_GLOBAL_", 8) == 0 && strchr("._$", s[8]) != NULL &&
	       s[8] != '\0' && (s[9] == 'D' || s[9] == 'I') && s[10] == '_';
}

static bool
ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Whether TEXT holds WORD with no identifier character either side. */
static bool
has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]))
			return true;
	return false;
}

bool
demangle_beyond_gnu(const char *text)
{
	return has_word(text, "_Fract") || has_word(text, "_Accum") ||
	       strstr(text, ") requires ") || strstr(text, "> requires ") ||
	       strstr(text, "(this ");
}

char *
demangle(const char *name)
{
	const char *at = strchr(name, '@');
	char *base, *out, *res;
	int status = 0;
	size_t n;

	if (!looks_mangled(name))
		return NULL;
	n = at ? (size_t)(at - name) : strlen(name);
	base = xmalloc(n + 1);
	memcpy(base, name, n);
	base[n] = '\0';
	out = __cxa_demangle(base, NULL, NULL, &status);
	free(base);
	if (out == NULL || status != 0 || demangle_beyond_gnu(out)) {
		free(out);
		return NULL;
	}
	if (at == NULL)
		return out;
	res = xmalloc(strlen(out) + strlen(at) + 1);
	strcpy(res, out);
	strcat(res, at);
	free(out);
	return res;
}
