/*
 * test_symspec.c - parsing and matching of symbol specifications, with
 * the forms GNU gprof's manual lists (behaviour checked against
 * /usr/bin/gprof in tests/gnu-options).
 */
#include <string.h>

#include "check.h"
#include "symspec.h"

static const struct {
	const char *spec, *file, *name;
	int line;
} parse_cases[] = {
	{ "main", NULL, "main", 0 },
	{ "file.c", "file.c", NULL, 0 },
	{ "file.c:helper", "file.c", "helper", 0 },
	{ "file.c:12", "file.c", NULL, 12 },
	{ "12", NULL, NULL, 12 },
	{ ":name.with.dots", NULL, "name.with.dots", 0 },
	{ "odd:", "odd", NULL, 0 },
	{ "geo::Box", "geo", ":Box", 0 },
	{ "_ZN3geo3BoxD0Ev", NULL, "_ZN3geo3BoxD0Ev", 0 },
};

static bool
same(const char *a, const char *b)
{
	return (a == NULL && b == NULL) ||
	       (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void
t_parse(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(parse_cases); i++) {
		struct symspec sp;

		t_begin("symspec/parse-%zu", i);
		symspec_parse(parse_cases[i].spec, &sp);
		if (!same(sp.file, parse_cases[i].file))
			t_fail("%s: file %s", parse_cases[i].spec,
			       sp.file ? sp.file : "(none)");
		else if (!same(sp.name, parse_cases[i].name))
			t_fail("%s: name %s", parse_cases[i].spec,
			       sp.name ? sp.name : "(none)");
		else
			check_u64((uint64_t)sp.line,
				  (uint64_t)parse_cases[i].line, "line");
		symspec_free(&sp);
		t_end();
	}
}

static const struct {
	const char *spec, *name, *file;
	int line;
	bool want;
} match_cases[] = {
	{ "helper", "helper", "a.c", 14, true },
	{ "helper", "helper2", "a.c", 14, false },
	{ "a.c", "anything", "a.c", 3, true },
	{ "a.c", "anything", "b.c", 3, false },
	{ "a.c", "anything", NULL, 0, false },
	{ "a.c:helper", "helper", "a.c", 1, true },
	{ "a.c:helper", "helper", "b.c", 1, false },
	{ "a.c:14", "helper", "a.c", 14, true },
	{ "a.c:14", "helper", "a.c", 15, false },
	{ "14", "x", "z.c", 14, true },
	{ "14", "x", NULL, 0, false },
};

static void
t_match(void)
{
	t_begin("symspec/match");
	for (size_t i = 0; i < ARRAY_SIZE(match_cases); i++) {
		struct symspec sp;
		bool got;

		symspec_parse(match_cases[i].spec, &sp);
		got = symspec_match(&sp, match_cases[i].name,
				    match_cases[i].file, match_cases[i].line);
		symspec_free(&sp);
		if (got != match_cases[i].want) {
			t_fail("%s vs %s: got %d", match_cases[i].spec,
			       match_cases[i].name, got);
			break;
		}
	}
	t_end();
}

T_MODULE(symspec)
{
	t_run("symspec-parse", t_parse);
	t_run("symspec-match", t_match);
}
