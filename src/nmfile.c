/*
 * nmfile.c - parse an nm-format symbol list (see nmfile.h).
 */
#include "nmfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

/* Split LINE in place into address, type and name; false if malformed. */
static bool
parse_line(char *line, uint64_t *addr, char *type, char **name)
{
	char *end, *p = line, *t;

	while (*p == ' ' || *p == '\t')
		p++;
	errno = 0;
	*addr = strtoull(p, &end, 16);
	if (end == p || errno != 0 || (*end != ' ' && *end != '\t'))
		return false;
	for (p = end; *p == ' ' || *p == '\t'; p++)
		;
	if (*p == '\0' || (p[1] != ' ' && p[1] != '\t'))
		return false;
	*type = *p;
	for (p += 1; *p == ' ' || *p == '\t'; p++)
		;
	if (*p == '\0')
		return false;
	for (t = p;
	     *t != '\0' && *t != ' ' && *t != '\t' && *t != '\n' && *t != '\r';
	     t++)
		;
	*t = '\0';
	*name = p;
	return true;
}

int
nmfile_read(struct symtab *st, const char *path, uint64_t text_hi, char **names,
	    struct gp_err *err)
{
	size_t len, n = 0, vcap = 0;
	char *text = slurp_regular(path, &len, err);
	char *line, *end;
	struct sym *v = NULL;

	*names = NULL;
	if (text == NULL)
		return -1;
	/* Names point into TEXT: each line is cut where its name ends. */
	for (line = text; line < text + len; line = end + 1) {
		uint64_t addr;
		char type, *name;

		end = memchr(line, '\n', (size_t)(text + len - line));
		if (end == NULL)
			end = text + len; /* the NUL slurp_regular() adds */
		*end = '\0';
		/* nm lists undefined symbols without an address: lines that
		 * are not "address type name" are skipped, as GNU does. */
		if (!parse_line(line, &addr, &type, &name) ||
		    (type != 'T' && type != 't'))
			continue;
		if (n == vcap) {
			vcap = vcap ? 2 * vcap : 256;
			v = xreallocarray(v, vcap, sizeof(*v));
		}
		memset(&v[n], 0, sizeof(v[n]));
		v[n].name = name;
		v[n].addr = addr;
		v[n].is_func = true;
		v[n].is_static = type == 't';
		n++;
	}
	if (n == 0) {
		/* GNU refuses such a file too ("has no symbols"). */
		free(text);
		return gp_fail(err, "%s: no function symbols (no T or t lines)",
			       path);
	}
	*names = text;
	symtab_finish(st, v, n, text_hi);
	return 0;
}
