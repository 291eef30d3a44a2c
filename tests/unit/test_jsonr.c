/*
 * test_jsonr.c - the JSON pull reader (jsonr.h): the events of valid
 * documents, string escapes and surrogates, and a clear error (never a
 * crash or an accepted document) for each kind of malformed input.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "jsonr.h"

/* The events of TEXT, one letter each ({ [ } K S N t f n), into OUT. */
static int
events(const char *text, char *out, size_t room, struct gp_err *err)
{
	static const char letter[] = "E{[}KSNtfn";
	struct jsonr r;
	struct jsonr_ev ev;
	size_t n = 0;
	int rc = 0;

	jsonr_init(&r, text, strlen(text));
	for (;;) {
		if (jsonr_next(&r, &ev, err) != 0) {
			rc = -1;
			break;
		}
		if (ev.kind == JSONR_EOF)
			break;
		if (n + 1 < room)
			out[n++] = letter[ev.kind];
	}
	out[n] = '\0';
	jsonr_free(&r);
	return rc;
}

static void
t_valid(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "{}", "{}" },
		{ " [ ] ", "[}" },
		{ "{\"a\":1,\"b\":[true,false,null,\"x\"]}", "{KNK[tfnS}}" },
		{ "-0.5e+3", "N" },
		{ "\"\"", "S" },
		{ "[[[]],{}]", "[[[}}{}}" },
	};
	char got[64];
	struct gp_err err;

	t_begin("jsonr/valid-events");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if (events(cases[i].text, got, sizeof(got), &err) != 0) {
			t_fail("%s: %s", cases[i].text, err.msg);
			break;
		}
		if (!check_str(got, cases[i].want, cases[i].text))
			break;
	}
	t_end();
}

static void
t_strings(void)
{
	const char *text =
	    "[\"a\\\"b\\\\c\\/\\n\\u00e9\\ud83d\\ude00\", 12.25]";
	struct jsonr r;
	struct jsonr_ev ev;
	struct gp_err err;

	t_begin("jsonr/string-escapes-and-numbers");
	jsonr_init(&r, text, strlen(text));
	if (jsonr_next(&r, &ev, &err) == 0 && jsonr_next(&r, &ev, &err) == 0 &&
	    check_str(ev.str, "a\"b\\c/\n\xc3\xa9\xf0\x9f\x98\x80", "string") &&
	    jsonr_next(&r, &ev, &err) == 0)
		check_dbl(ev.num, 12.25, "number");
	jsonr_free(&r);
	t_end();
}

static void
t_invalid(void)
{
	static const char *const bad[] = {
		"",
		"{",
		"[1,]",
		"{\"a\":}",
		"{\"a\" 1}",
		"{1:2}",
		"[1 2]",
		"[}",
		"{]",
		"01",
		"1.",
		"-",
		"1e",
		"tru",
		"nul",
		"\"abc",
		"\"\\x\"",
		"\"\\u12\"",
		"\"\\ud800\"",
		"\"\\udc00\"",
		"\"\\u0000\"",
		"\"a\nb\"",
		"[] []",
		"1e999",
		"{\"a\":1,}",
		",",
		"[,1]",
		"{\"a\"}",
	};
	char got[64], deep[JSONR_MAX_DEPTH + 2];
	struct gp_err err;

	t_begin("jsonr/malformed-refused");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		if (events(bad[i], got, sizeof(got), &err) == 0) {
			t_fail("accepted '%s'", bad[i]);
			break;
		}
	t_end();
	t_begin("jsonr/depth-limit");
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = '\0';
	if (events(deep, got, sizeof(got), &err) == 0)
		t_fail("accepted %zu open brackets", sizeof(deep) - 1);
	else
		check_has(err.msg, "nested too deeply", "message");
	t_end();
}

/* Counts written as digits come exactly, also past 2^53; anything
 * else (a sign, a fraction, an exponent, past 2^64 - 1) does not. */
static void
t_u64(void)
{
	static const struct {
		const char *text;
		bool is_u64;
		uint64_t u64;
	} cases[] = {
		{ "0", true, 0 },
		{ "9007199254740993", true, 9007199254740993ull },
		{ "18446744073709551615", true, UINT64_MAX },
		{ "18446744073709551616", false, 0 },
		{ "99999999999999999999", false, 0 },
		{ "-1", false, 0 },
		{ "-0", false, 0 },
		{ "1.0", false, 0 },
		{ "1e3", false, 0 },
	};
	struct jsonr r;
	struct jsonr_ev ev;
	struct gp_err err;

	t_begin("jsonr/exact-counts");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		jsonr_init(&r, cases[i].text, strlen(cases[i].text));
		if (jsonr_next(&r, &ev, &err) != 0)
			t_fail("%s: %s", cases[i].text, err.msg);
		else if (ev.is_u64 != cases[i].is_u64 ||
			 (ev.is_u64 && ev.u64 != cases[i].u64))
			t_fail("%s: is_u64 %d, %llu", cases[i].text, ev.is_u64,
			       (unsigned long long)ev.u64);
		jsonr_free(&r);
	}
	t_end();
}

T_MODULE(jsonr)
{
	t_run("jsonr-valid", t_valid);
	t_run("jsonr-strings", t_strings);
	t_run("jsonr-invalid", t_invalid);
	t_run("jsonr-u64", t_u64);
}
