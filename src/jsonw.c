/*
 * jsonw.c - the streaming JSON writer (contracts in jsonw.h).
 */
#include "jsonw.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void
jsonw_init(struct jsonw *w, FILE *out, unsigned flags)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->flags = flags;
}

/* Before the next member or element of the container at depth D: the
 * comma after the one before, and the line break. */
static void
separate(struct jsonw *w, unsigned d)
{
	if (w->nonempty[d - 1])
		putc_unlocked(',', w->out);
	w->nonempty[d - 1] = true;
	if (d <= w->newline_depth)
		putc_unlocked('\n', w->out);
}

/* Before any value: the comma, the line break, and the key check. */
static void
before_value(struct jsonw *w)
{
	unsigned d = w->depth;

	if (d == 0) {
		if (w->nonempty[0] && NEVER(true)) /* one document only */
			w->misused = true;
		w->nonempty[0] = true;
		return;
	}
	if (w->is_object[d - 1]) {
		if (NEVER(!w->have_key))
			w->misused = true;
		w->have_key = false;
		return;
	}
	separate(w, d);
}

static void
open_container(struct jsonw *w, bool object)
{
	before_value(w);
	if (NEVER(w->depth + 1 >= JSONW_MAX_DEPTH)) {
		w->misused = true;
		return;
	}
	w->depth++;
	w->is_object[w->depth - 1] = object;
	w->nonempty[w->depth - 1] = false;
	putc_unlocked(object ? '{' : '[', w->out);
}

void
jsonw_object(struct jsonw *w)
{
	open_container(w, true);
}

void
jsonw_array(struct jsonw *w)
{
	open_container(w, false);
}

void
jsonw_end(struct jsonw *w)
{
	if (NEVER(w->depth == 0 || w->have_key)) {
		w->misused = true;
		return;
	}
	w->depth--;
	if (w->nonempty[w->depth] && w->depth + 1 <= w->newline_depth)
		putc_unlocked('\n', w->out);
	putc_unlocked(w->is_object[w->depth] ? '}' : ']', w->out);
}

/*
 * Length of the well-formed UTF-8 sequence at S (N bytes left, S[0] >=
 * 0x80), or 0 when it is not one (Unicode's table of well-formed byte
 * sequences: no overlongs, no surrogates, nothing past U+10FFFF).
 */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/* The escape for byte C, or NULL when it is written as it is. */
static const char *
escape_of(unsigned char c, unsigned flags, char buf[8])
{
	static const char hex[] = "0123456789abcdef";

	switch (c) {
	case '"':
		return "\\\"";
	case '\\':
		return "\\\\";
	case '\n':
		return "\\n";
	case '\t':
		return "\\t";
	case '\r':
		return "\\r";
	case '\b':
		return "\\b";
	case '\f':
		return "\\f";
	case '<':
	case '>':
	case '&':
		if (!(flags & JSONW_HTML))
			return NULL;
		break;
	default:
		if (c >= 0x20)
			return NULL;
	}
	memcpy(buf, "\\u00", 4);
	buf[4] = hex[c >> 4];
	buf[5] = hex[c & 15];
	buf[6] = '\0';
	return buf;
}

/* STR[0..N) as a JSON string, quotes included. */
static void
put_string(struct jsonw *w, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0; /* S[run..i) is still to be written */
	char buf[8];

	putc_unlocked('"', w->out);
	while (i < n) {
		const char *esc;
		size_t len;

		if (s[i] >= 0x80) {
			len = utf8_len(s + i, n - i);
			if (len > 0) {
				i += len;
				continue;
			}
			esc = "\xef\xbf\xbd"; /* U+FFFD for one bad byte */
		} else if ((esc = escape_of(s[i], w->flags, buf)) == NULL) {
			i++;
			continue;
		}
		fwrite(s + run, 1, i - run, w->out);
		fputs(esc, w->out);
		run = ++i;
	}
	fwrite(s + run, 1, n - run, w->out);
	putc_unlocked('"', w->out);
}

void
jsonw_string_n(struct jsonw *w, const char *s, size_t n)
{
	before_value(w);
	put_string(w, s, n);
}

void
jsonw_string(struct jsonw *w, const char *s)
{
	if (s == NULL)
		jsonw_null(w);
	else
		jsonw_string_n(w, s, strlen(s));
}

void
jsonw_key(struct jsonw *w, const char *key)
{
	unsigned d = w->depth;

	if (NEVER(d == 0 || !w->is_object[d - 1] || w->have_key)) {
		w->misused = true;
		return;
	}
	separate(w, d);
	put_string(w, key, strlen(key));
	putc_unlocked(':', w->out);
	w->have_key = true;
}

/* Write the bytes of a number (already formatted) as a value. */
static void
raw_value(struct jsonw *w, const char *p, size_t n)
{
	before_value(w);
	fwrite(p, 1, n, w->out);
}

void
jsonw_null(struct jsonw *w)
{
	raw_value(w, "null", 4);
}

void
jsonw_bool(struct jsonw *w, bool b)
{
	if (b)
		raw_value(w, "true", 4);
	else
		raw_value(w, "false", 5);
}

/* V in decimal, ending at END; returns where it starts. */
static char *
decimal(char *end, uint64_t v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return end;
}

void
jsonw_uint(struct jsonw *w, uint64_t v)
{
	char buf[24], *p = decimal(buf + sizeof(buf), v);

	raw_value(w, p, (size_t)(buf + sizeof(buf) - p));
}

void
jsonw_int(struct jsonw *w, int64_t v)
{
	char buf[24], *p;

	if (v >= 0)
		p = decimal(buf + sizeof(buf), (uint64_t)v);
	else {
		p = decimal(buf + sizeof(buf), -(uint64_t)v);
		*--p = '-';
	}
	raw_value(w, p, (size_t)(buf + sizeof(buf) - p));
}

/*
 * V as R / 10^K with K <= 17 and R whole, when that division gives V
 * back: then the decimal "R * 10^-K" reads back as V too (both are the
 * double nearest that number), and needs no printf.  Most of our
 * numbers are samples / rate, which this catches.  Returns whether it
 * wrote V.
 */
static bool
short_decimal(struct jsonw *w, double v)
{
	static const double pow10[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
					1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
					1e12, 1e13, 1e14, 1e15, 1e16, 1e17 };
	char buf[48], *end = buf + sizeof(buf), *p;

	for (int k = 1; k < (int)ARRAY_SIZE(pow10); k++) {
		double x = v * pow10[k];
		uint64_t r;

		if (!(fabs(x) < 9007199254740992.0))
			return false;
		r = (uint64_t)llround(fabs(x));
		if ((double)r / pow10[k] != fabs(v))
			continue;
		p = end;
		for (int i = 0; i < k; i++) {
			*--p = (char)('0' + r % 10);
			r /= 10;
		}
		*--p = '.';
		do {
			*--p = (char)('0' + r % 10);
			r /= 10;
		} while (r != 0);
		if (v < 0)
			*--p = '-';
		raw_value(w, p, (size_t)(end - p));
		return true;
	}
	return false;
}

void
jsonw_double_sig(struct jsonw *w, double v, int sig)
{
	double e, scale;

	if (isfinite(v) && v != 0 && sig > 0 && sig < 16) {
		e = floor(log10(fabs(v)));
		scale = pow(10, sig - 1 - e);
		if (isfinite(scale) && scale > 0)
			v = round(v * scale) / scale;
	}
	jsonw_double(w, v);
}

void
jsonw_double(struct jsonw *w, double v)
{
	char buf[40];
	int n;

	if (!isfinite(v)) {
		jsonw_null(w);
		return;
	}
	if (v == 0) { /* -0 too */
		raw_value(w, "0", 1);
		return;
	}
	if (v == floor(v) && fabs(v) < 9007199254740992.0) {
		jsonw_int(w, (int64_t)v);
		return;
	}
	if (short_decimal(w, v))
		return;
	/* The shortest of 15, 16, 17 digits that reads back as V. */
	for (int digits = 15;; digits++) {
		n = snprintf(buf, sizeof(buf), "%.*g", digits, v);
		if (digits == 17 || strtod(buf, NULL) == v)
			break;
	}
	raw_value(w, buf, (size_t)n);
}

void
jsonw_hex(struct jsonw *w, uint64_t v)
{
	char buf[24];
	int n = snprintf(buf, sizeof(buf), "0x%" PRIx64, v);

	before_value(w);
	putc_unlocked('"', w->out);
	fwrite(buf, 1, (size_t)n, w->out);
	putc_unlocked('"', w->out);
}

int
jsonw_finish(struct jsonw *w, struct gp_err *err)
{
	if (w->misused || w->depth != 0 || !w->nonempty[0])
		return gp_fail(err, "internal error: unbalanced JSON document");
	putc_unlocked('\n', w->out);
	return 0;
}
