/*
 * jsonr.c - a pull reader for untrusted JSON (jsonr.h).
 */
#include "jsonr.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
jsonr_init(struct jsonr *r, const char *text, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->p = r->start = text;
	r->end = text + len;
}

void
jsonr_free(struct jsonr *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* An error at the current position, as "line L, column C: WHAT". */
static int
bad(struct jsonr *r, const char *what, struct gp_err *err)
{
	unsigned long line = 1, col = 1;

	for (const char *q = r->start; q < r->p && q < r->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	return gp_fail(err, "line %lu, column %lu: %s", line, col, what);
}

static void
skip_space(struct jsonr *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' ||
				 *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static void
put(struct jsonr *r, size_t *n, const char *s, size_t k)
{
	if (r->cap - *n <= k) {
		size_t cap = r->cap ? r->cap : 256;
		while (cap - *n <= k)
			cap *= 2;
		r->buf = xreallocarray(r->buf, cap, 1);
		r->cap = cap;
	}
	memcpy(r->buf + *n, s, k);
	*n += k;
	r->buf[*n] = '\0';
}

/* Four hex digits at P (P..P+4 inside the text) into *V; false if not. */
static bool
hex4(const char *p, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
			     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
			     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
						    : 16;
		if (d == 16)
			return false;
		*v = *v << 4 | d;
	}
	return true;
}

/* A \uXXXX escape (R->p after the 'u'), with a following low surrogate. */
static int
unicode_escape(struct jsonr *r, size_t *n, struct gp_err *err)
{
	unsigned cp, lo;
	char u[4];
	size_t k;

	if (r->end - r->p < 4 || !hex4(r->p, &cp))
		return bad(r, "bad \\u escape", err);
	r->p += 4;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return bad(r, "a lone low surrogate", err);
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u' ||
		    !hex4(r->p + 2, &lo) || lo < 0xdc00 || lo > 0xdfff)
			return bad(r, "a high surrogate without its pair", err);
		r->p += 6;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0)
		return bad(r, "\\u0000 in a string", err);
	if (cp < 0x80) {
		u[0] = (char)cp;
		k = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		k = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		k = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		k = 4;
	}
	put(r, n, u, k);
	return 0;
}

/* The string at R->p (its '"') into R->buf. */
static int
string(struct jsonr *r, struct jsonr_ev *ev, struct gp_err *err)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	size_t n = 0;

	put(r, &n, "", 0);
	r->p++;
	for (;;) {
		const char *q = r->p;
		unsigned char c;

		while (q < r->end && *q != '"' && *q != '\\' &&
		       (unsigned char)*q >= 0x20)
			q++;
		put(r, &n, r->p, (size_t)(q - r->p));
		r->p = q;
		if (r->p == r->end)
			return bad(r, "a string without its end", err);
		c = (unsigned char)*r->p++;
		if (c == '"')
			break;
		if (c < 0x20) {
			r->p--;
			return bad(r, "a control character in a string", err);
		}
		if (r->p == r->end)
			return bad(r, "a string without its end", err);
		c = (unsigned char)*r->p++;
		if (c == 'u') {
			if (unicode_escape(r, &n, err) != 0)
				return -1;
		} else if (c != '\0' && strchr(from, c) != NULL) {
			put(r, &n, &to[strchr(from, c) - from], 1);
		} else {
			r->p--;
			return bad(r, "a bad escape in a string", err);
		}
	}
	ev->str = r->buf;
	ev->len = n;
	return 0;
}

static bool
digit(const struct jsonr *r, const char *q)
{
	return q < r->end && *q >= '0' && *q <= '9';
}

/* A number at R->p, its grammar checked before strtod reads it. */
static int
number(struct jsonr *r, struct jsonr_ev *ev, struct gp_err *err)
{
	const char *q = r->p;
	char tmp[512];

	if (q < r->end && *q == '-')
		q++;
	if (!digit(r, q))
		return bad(r, "a bad number", err);
	if (*q == '0')
		q++;
	else
		while (digit(r, q))
			q++;
	if (q < r->end && *q == '.') {
		if (!digit(r, ++q))
			return bad(r, "a bad number", err);
		while (digit(r, q))
			q++;
	}
	if (q < r->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < r->end && (*q == '+' || *q == '-'))
			q++;
		if (!digit(r, q))
			return bad(r, "a bad number", err);
		while (digit(r, q))
			q++;
	}
	if ((size_t)(q - r->p) >= sizeof(tmp))
		return bad(r, "a number too long", err);
	memcpy(tmp, r->p, (size_t)(q - r->p));
	tmp[q - r->p] = '\0';
	ev->num = strtod(tmp, NULL);
	if (isinf(ev->num))
		return bad(r, "a number too large", err);
	ev->is_u64 = true;
	ev->u64 = 0;
	for (const char *c = tmp; *c != '\0' && ev->is_u64; c++) {
		unsigned v = (unsigned)(*c - '0');
		if (v > 9 || ev->u64 > (UINT64_MAX - v) / 10)
			ev->is_u64 = false;
		else
			ev->u64 = 10 * ev->u64 + v;
	}
	r->p = q;
	return 0;
}

/* A value ended: in its container, or the document's. */
static void
value_ended(struct jsonr *r)
{
	if (r->depth == 0)
		r->done = true;
	else
		r->need_comma = true;
}

static int
literal(struct jsonr *r, const char *word, struct gp_err *err)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return bad(r, "an unknown word", err);
	r->p += n;
	return 0;
}

static int
value(struct jsonr *r, struct jsonr_ev *ev, struct gp_err *err)
{
	char c = *r->p;

	r->want_value = false;
	if (c == '{' || c == '[') {
		if (r->depth == JSONR_MAX_DEPTH)
			return bad(r, "nested too deeply", err);
		r->in_object[r->depth++] = c == '{';
		r->need_comma = false;
		r->p++;
		ev->kind = c == '{' ? JSONR_OBJECT : JSONR_ARRAY;
		return 0;
	}
	if (c == '"') {
		ev->kind = JSONR_STRING;
		if (string(r, ev, err) != 0)
			return -1;
	} else if (c == '-' || (c >= '0' && c <= '9')) {
		ev->kind = JSONR_NUMBER;
		if (number(r, ev, err) != 0)
			return -1;
	} else if (c == 't' || c == 'f' || c == 'n') {
		ev->kind = c == 't'   ? JSONR_TRUE
			   : c == 'f' ? JSONR_FALSE
				      : JSONR_NULL;
		if (literal(r,
			    c == 't'   ? "true"
			    : c == 'f' ? "false"
				       : "null",
			    err) != 0)
			return -1;
	} else {
		return bad(r, "expected a value", err);
	}
	value_ended(r);
	return 0;
}

int
jsonr_next(struct jsonr *r, struct jsonr_ev *ev, struct gp_err *err)
{
	memset(ev, 0, sizeof(*ev));
	skip_space(r);
	if (r->done) {
		if (r->p == r->end) {
			ev->kind = JSONR_EOF;
			return 0;
		}
		return bad(r, "bytes after the document", err);
	}
	if (r->p == r->end)
		return bad(r, "the document ends too early", err);
	if (r->depth > 0 && !r->want_value) {
		bool obj = r->in_object[r->depth - 1];
		if (*r->p == '}' || *r->p == ']') {
			if ((*r->p == '}') != obj)
				return bad(r, "a mismatched bracket", err);
			r->p++;
			r->depth--;
			value_ended(r);
			ev->kind = JSONR_END;
			return 0;
		}
		if (r->need_comma) {
			if (*r->p != ',')
				return bad(r, "expected ',' or the end", err);
			r->p++;
			r->need_comma = false;
			skip_space(r);
			if (r->p == r->end)
				return bad(r, "the document ends too early",
					   err);
			if (*r->p == '}' || *r->p == ']')
				return bad(r, "a comma before the end", err);
		}
		if (obj) {
			if (*r->p != '"')
				return bad(r, "expected a member name", err);
			if (string(r, ev, err) != 0)
				return -1;
			skip_space(r);
			if (r->p == r->end || *r->p != ':')
				return bad(r, "expected ':'", err);
			r->p++;
			skip_space(r);
			if (r->p == r->end)
				return bad(r, "the document ends too early",
					   err);
			r->want_value = true;
			ev->kind = JSONR_KEY;
			return 0;
		}
	}
	return value(r, ev, err);
}

int
jsonr_skip(struct jsonr *r, const struct jsonr_ev *ev, struct gp_err *err)
{
	struct jsonr_ev e;
	size_t level;

	if (ev->kind != JSONR_OBJECT && ev->kind != JSONR_ARRAY)
		return 0;
	for (level = 1; level > 0;) {
		if (jsonr_next(r, &e, err) != 0)
			return -1;
		if (e.kind == JSONR_OBJECT || e.kind == JSONR_ARRAY)
			level++;
		else if (e.kind == JSONR_END)
			level--;
		else if (e.kind == JSONR_EOF)
			return gp_fail(err, "the document ends too early");
	}
	return 0;
}
