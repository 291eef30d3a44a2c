/*
 * test_jsonw.c - the JSON writer: exact bytes for escapes and bad UTF-8,
 * numbers that read back as the same double (many random ones, both
 * signs, every magnitude), null for NaN and infinity, and the commas
 * and nesting it places itself.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jsonw.h"

/* What W wrote to its memory stream, as a NUL-terminated string. */
struct mem {
	char *buf;
	size_t len;
	FILE *f;
};

static void
mem_open(struct mem *m, struct jsonw *w, unsigned flags)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	jsonw_init(w, m->f, flags);
}

static const char *
mem_text(struct mem *m)
{
	fflush(m->f);
	return m->buf;
}

static void
mem_close(struct mem *m)
{
	fclose(m->f);
	free(m->buf);
}

/* S (N bytes) as one JSON string value, with FLAGS. */
static bool
string_is(const char *s, size_t n, unsigned flags, const char *want)
{
	struct mem m;
	struct jsonw w;
	struct gp_err err;
	bool ok;

	mem_open(&m, &w, flags);
	jsonw_string_n(&w, s, n);
	ok = check_true(jsonw_finish(&w, &err) == 0, "finish") &&
	     check_str(mem_text(&m), want, "escaped string");
	mem_close(&m);
	return ok;
}

static void
strings(void)
{
	t_begin("jsonw/escapes");
	string_is("a\"b\\c\n\t\x01\x1f\x7f", 10, 0,
		  "\"a\\\"b\\\\c\\n\\t\\u0001\\u001f\x7f\"\n");
	t_end();
	t_begin("jsonw/html");
	string_is("</script><!--&>", 15, JSONW_HTML,
		  "\"\\u003c/script\\u003e\\u003c!--\\u0026\\u003e\"\n");
	string_is("</x>", 4, 0, "\"</x>\"\n");
	t_end();
	t_begin("jsonw/utf8-kept");
	string_is("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9, 0,
		  "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"\n");
	t_end();
	t_begin("jsonw/utf8-replaced");
	/* stray continuation, overlong, surrogate, past U+10FFFF,
	 * truncated at the end: one U+FFFD per bad byte */
	string_is("\x80", 1, 0, "\"\xef\xbf\xbd\"\n");
	string_is("\xc0\xaf", 2, 0, "\"\xef\xbf\xbd\xef\xbf\xbd\"\n");
	string_is("\xed\xa0\x80", 3, 0,
		  "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"\n");
	string_is("\xf4\x90\x80\x80", 4, 0,
		  "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"\n");
	string_is("a\xe2\x82", 3, 0, "\"a\xef\xbf\xbd\xef\xbf\xbd\"\n");
	string_is("\0", 1, 0, "\"\\u0000\"\n");
	t_end();
}

/* V written alone must read back as V (or be null when not finite). */
static bool
number_ok(double v)
{
	struct mem m;
	struct jsonw w;
	struct gp_err err;
	const char *s;
	bool ok;

	mem_open(&m, &w, 0);
	jsonw_double(&w, v);
	jsonw_finish(&w, &err);
	s = mem_text(&m);
	if (!isfinite(v))
		ok = check_str(s, "null\n", "non-finite");
	else if (strspn(s, "-0123456789.e+\n") != strlen(s))
		ok = t_fail("%.17g written as \"%s\"", v, s);
	else if (strtod(s, NULL) != v)
		ok = t_fail("%.17g written as \"%s\", reads back %.17g", v, s,
			    strtod(s, NULL));
	else
		ok = true;
	mem_close(&m);
	return ok;
}

static void
numbers(void)
{
	static const double fixed[] = {
		0,         -0.0,
		1,         -1,
		0.5,       0.01,
		0.1 + 0.2, 517.22,
		1e-300,    1e300,
		-2.5e-7,   1e22,
		1e23,      9007199254740993.0,
		1.0 / 3,   1e-5,
		123.4567,  NAN,
		INFINITY,  -INFINITY,
	};
	uint64_t state = 42;

	t_begin("jsonw/numbers-fixed");
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (!number_ok(fixed[i]))
			break;
	t_end();
	t_begin("jsonw/numbers-random");
	for (int i = 0; i < 20000; i++) {
		uint64_t r = t_rand(&state);
		double v;

		if (i % 2) { /* samples / rate, the common case */
			v = (double)(r % 100000) / (double)(1 + r % 1000);
		} else { /* any finite double */
			memcpy(&v, &r, sizeof(v));
			if (!isfinite(v))
				continue;
		}
		if (!number_ok(i % 3 ? v : -v))
			break;
	}
	t_end();
	t_begin("jsonw/significant-digits");
	{
		struct mem m;
		struct jsonw w;
		struct gp_err err;

		mem_open(&m, &w, 0);
		jsonw_array(&w);
		jsonw_double_sig(&w, 3.6888794541131915, 6);
		jsonw_double_sig(&w, 0.000007898042874566974, 10);
		jsonw_double_sig(&w, 123456789.4, 6);
		jsonw_end(&w);
		jsonw_finish(&w, &err);
		check_str(mem_text(&m),
			  "[3.68888,0.000007898042875,123457000]\n", "rounded");
		mem_close(&m);
	}
	t_end();
}

static void
structure(void)
{
	struct mem m;
	struct jsonw w;
	struct gp_err err;

	t_begin("jsonw/structure");
	mem_open(&m, &w, 0);
	jsonw_object(&w);
	jsonw_key(&w, "a");
	jsonw_array(&w);
	jsonw_uint(&w, 18446744073709551615u);
	jsonw_int(&w, INT64_MIN);
	jsonw_bool(&w, true);
	jsonw_null(&w);
	jsonw_string(&w, NULL);
	jsonw_hex(&w, 0x401000);
	jsonw_object(&w);
	jsonw_end(&w);
	jsonw_end(&w);
	jsonw_key(&w, "b\"");
	jsonw_array(&w);
	jsonw_end(&w);
	jsonw_end(&w);
	if (check_true(jsonw_finish(&w, &err) == 0, "finish"))
		check_str(mem_text(&m),
			  "{\"a\":[18446744073709551615,-9223372036854775808,"
			  "true,null,null,\"0x401000\",{}],\"b\\\"\":[]}\n",
			  "document");
	mem_close(&m);
	t_end();
	t_begin("jsonw/unbalanced");
	mem_open(&m, &w, 0);
	jsonw_array(&w);
	check_true(jsonw_finish(&w, &err) != 0, "an open array is refused");
	mem_close(&m);
	t_end();
}

T_MODULE(jsonw)
{
	t_run("jsonw-strings", strings);
	t_run("jsonw-numbers", numbers);
	t_run("jsonw-structure", structure);
}
