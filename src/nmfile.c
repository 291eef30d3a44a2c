/*
 * nmfile.c - parse an nm-format symbol list (see nmfile.h).
 */
#include "nmfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	for (t = p; *t != '\0' && *t != ' ' && *t != '\t' && *t != '\n' && *t != '\r'; t++)
		;
	*t = '\0';
	*name = p;
	return true;
}

/* PATH as a stream, or NULL with ERR filled (see open_regular()). */
static FILE *
open_list(const char *path, struct gp_err *err)
{
	int fd = open_regular(path, NULL, err);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "r");
	if (f == NULL) {
		gp_fail(err, "%s: %s", path, strerror(errno));
		close(fd);
	}
	return f;
}

int
nmfile_read(struct symtab *st, const char *path, uint64_t text_hi,
	    char **names, struct gp_err *err)
{
	FILE *f = open_list(path, err);
	char *buf = NULL;
	size_t cap = 0, used = 0, n = 0, vcap = 0;
	struct sym *v = NULL;
	size_t *offs = NULL;
	ssize_t len;
	char *line = NULL;
	size_t lcap = 0;
	int rc = 0;

	*names = NULL;
	if (f == NULL)
		return -1;
	while ((len = getline(&line, &lcap, f)) > 0) {
		uint64_t addr;
		char type, *name;
		size_t nl;

		/* nm lists undefined symbols without an address: lines that
		 * are not "address type name" are skipped, as GNU does. */
		if (!parse_line(line, &addr, &type, &name) ||
		    (type != 'T' && type != 't'))
			continue;
		nl = strlen(name) + 1;
		if (cap - used < nl) {
			cap = (cap + nl) * 2;
			buf = xreallocarray(buf, cap, 1);
		}
		memcpy(buf + used, name, nl);
		if (n == vcap) {
			vcap = vcap ? 2 * vcap : 256;
			v = xreallocarray(v, vcap, sizeof(*v));
			offs = xreallocarray(offs, vcap, sizeof(*offs));
		}
		memset(&v[n], 0, sizeof(v[n]));
		v[n].addr = addr;
		v[n].is_func = true;
		v[n].is_static = type == 't';
		offs[n++] = used;
		used += nl;
	}
	/* getline() also stops on a read error, or on a line too long for
	 * memory: not the end of the list. */
	if (!feof(f))
		rc = gp_fail(err, "%s: %s", path, strerror(errno ? errno : EIO));
	else if (n == 0) /* GNU refuses such a file too ("has no symbols") */
		rc = gp_fail(err, "%s: no function symbols (no T or t lines)",
			     path);
	free(line);
	fclose(f);
	if (rc != 0) {
		free(buf);
		free(v);
		free(offs);
		return -1;
	}
	/* Names point into BUF only now that it has stopped moving. */
	for (size_t i = 0; i < n; i++)
		v[i].name = buf + offs[i];
	free(offs);
	*names = buf;
	symtab_finish(st, v, n, text_hi);
	return 0;
}
