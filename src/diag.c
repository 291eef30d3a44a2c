/*
 * diag.c - error records, warnings and checked allocation.
 */
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
gp_fail(struct gp_err *err, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

void
gp_warn(const char *fmt, ...)
{
	va_list ap;

	fflush(NULL);
	fputs("gprof: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
gp_out_of_memory(void)
{
	fflush(NULL);
	fputs("gprof: out of memory\n", stderr);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		gp_out_of_memory();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		gp_out_of_memory();
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		gp_out_of_memory();
	p = realloc(p, (n != 0 && size != 0) ? n * size : 1);
	if (p == NULL)
		gp_out_of_memory();
	return p;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = xmalloc(n);

	memcpy(d, s, n);
	return d;
}

const char *
sanitize_name(const char *s, char *buf, size_t len)
{
	size_t i;

	if (len == 0)
		return buf;
	for (i = 0; s[i] != '\0' && i + 1 < len; i++) {
		unsigned char c = (unsigned char)s[i];
		buf[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	buf[i] = '\0';
	return buf;
}

void *
gp_vec_push(struct gp_vec *v, size_t size, size_t first)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : first;
		v->p = xreallocarray(v->p, v->cap, size);
	}
	return (char *)v->p + size * v->n++;
}

const char *
xpath_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *
xpath_join_n(const char *a, size_t na, const char *b)
{
	size_t nb = strlen(b);
	char *s = xmalloc(na + nb + 2);

	memcpy(s, a, na);
	s[na] = '/';
	memcpy(s + na + 1, b, nb + 1);
	return s;
}

char *
xpath_join(const char *a, const char *b)
{
	return xpath_join_n(a, strlen(a), b);
}
