/*
 * test_plan.c - the plan of what prints (plan.h), from command lines as
 * options_parse() reads them and the facts of a profile (histograms,
 * arcs, shared objects' functions): GNU's choice of reports with its
 * -C fallback, whose positions are looked up and when the DWARF pass
 * starts, -l's table cut, the functions' analysis and the orders.
 */
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "check.h"
#include "options.h"
#include "plan.h"

enum { NONE = PLAN_SOURCES_NONE, STAT = PLAN_SOURCES_STATIC };
enum { ALL = PLAN_SOURCES_ALL };
enum { NO = PLAN_DWARF_NONE, EARLY = PLAN_DWARF_EARLY };
enum { LATE = PLAN_DWARF_LATE };

/* Facts: bit 0 a histogram, bit 1 arcs, bit 2 shared objects'
 * functions in the table. */
enum { HIST = 1, ARCS = 2, OBJS = 4 };

static const struct {
	const char *name;
	const char *args[4];
	unsigned facts;
	/* What the plan says once finished. */
	unsigned style;
	int sources, dwarf;
	bool dwarf_static, line_cut, functions, flat, names;
} cases[] = {
	/* GNU's choice: what the profile holds decides, and so the
	 * positions, looked up while the analysis runs. */
	{ "default",
	  { NULL },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  STAT,
	  LATE,
	  true,
	  false,
	  true,
	  true,
	  true },
	{ "default-hist",
	  { NULL },
	  HIST,
	  OUT_FLAT,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  false },
	{ "default-arcs",
	  { NULL },
	  ARCS,
	  OUT_GRAPH,
	  STAT,
	  LATE,
	  true,
	  false,
	  true,
	  false,
	  true },
	/* Neither: -C's counts, which print every function's file. */
	{ "fallback",
	  { NULL },
	  0,
	  OUT_EXEC,
	  ALL,
	  LATE,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "fallback-off",
	  { "-Z" },
	  0,
	  0,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
	/* Report options: known before the profiles are read. */
	{ "graph",
	  { "-q" },
	  HIST | ARCS,
	  OUT_GRAPH,
	  STAT,
	  EARLY,
	  true,
	  false,
	  true,
	  false,
	  true },
	{ "flat",
	  { "-p" },
	  HIST | ARCS,
	  OUT_FLAT,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  false },
	{ "exec",
	  { "-C" },
	  HIST | ARCS,
	  OUT_EXEC,
	  ALL,
	  EARLY,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "annotate",
	  { "-A" },
	  HIST | ARCS,
	  OUT_ANNO,
	  ALL,
	  EARLY,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "inline",
	  { "--inline-file-names" },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  ALL,
	  EARLY,
	  false,
	  false,
	  true,
	  true,
	  true },
	/* A spec naming a file: every function's position, for select. */
	{ "file-spec",
	  { "-q", "-Qhot.c" },
	  HIST | ARCS,
	  OUT_GRAPH,
	  STAT,
	  EARLY,
	  false,
	  false,
	  true,
	  false,
	  true },
	{ "file-spec-flat",
	  { "-phot.c" },
	  HIST | ARCS,
	  OUT_FLAT,
	  NONE,
	  EARLY,
	  false,
	  false,
	  true,
	  true,
	  false },
	/* Something else reaches the DWARF first: no thread. */
	{ "calls",
	  { "-c", "-q" },
	  HIST | ARCS,
	  OUT_GRAPH,
	  STAT,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  true },
	{ "nm-file",
	  { "-S", "x.nm" },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  STAT,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  true },
	/* Our views and --diff: every position, no text report. */
	{ "json",
	  { "--format=json" },
	  HIST | ARCS,
	  0,
	  ALL,
	  EARLY,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "diff",
	  { "--diff=base" },
	  HIST | ARCS,
	  0,
	  ALL,
	  EARLY,
	  false,
	  false,
	  true,
	  false,
	  false },
	/* -s: the line table only, unless -c or -d read the functions'. */
	{ "sum",
	  { "-s" },
	  HIST | ARCS,
	  0,
	  NONE,
	  NO,
	  false,
	  false,
	  false,
	  false,
	  false },
	{ "sum-debug",
	  { "-s", "-d" },
	  HIST | ARCS,
	  0,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "sum-text",
	  { "-s", "--format=text" },
	  HIST | ARCS,
	  0,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "sum-flat",
	  { "-s", "-p" },
	  HIST | ARCS,
	  OUT_FLAT,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  false },
	/* -l: the table cut to what owns something, when only the flat
	 * profile and the call graph print. */
	{ "line",
	  { "-l" },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  NONE,
	  NO,
	  false,
	  true,
	  false,
	  true,
	  true },
	{ "line-objects",
	  { "-l" },
	  HIST | ARCS | OBJS,
	  OUT_FLAT | OUT_GRAPH,
	  NONE,
	  NO,
	  false,
	  true,
	  true,
	  true,
	  true },
	{ "line-debug",
	  { "-l", "-d" },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  NONE,
	  NO,
	  false,
	  true,
	  true,
	  true,
	  true },
	{ "line-zeros",
	  { "-l", "-z" },
	  HIST | ARCS,
	  OUT_FLAT | OUT_GRAPH,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  true },
	{ "line-spec",
	  { "-l", "-pmain" },
	  HIST | ARCS,
	  OUT_FLAT,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  true,
	  false },
	{ "line-exec",
	  { "-l", "-C" },
	  HIST | ARCS,
	  OUT_EXEC,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "line-fallback",
	  { "-l" },
	  0,
	  OUT_EXEC,
	  NONE,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
	{ "line-json",
	  { "-l", "--format=json" },
	  HIST | ARCS,
	  0,
	  ALL,
	  NO,
	  false,
	  false,
	  true,
	  false,
	  false },
};

static void
one(size_t k)
{
	char *argv[8] = { (char *)"gprof" };
	int argc = 1;
	struct options o;
	struct analysis a;
	struct plan p;
	struct gp_err err;

	t_begin("plan/%s", cases[k].name);
	for (size_t i = 0; i < 4 && cases[k].args[i] != NULL; i++)
		argv[argc++] = (char *)cases[k].args[i];
	memset(&o, 0, sizeof(o));
	analysis_init(&a);
	a.g.nhists = cases[k].facts & HIST ? 1 : 0;
	a.have_arcs = (cases[k].facts & ARCS) != 0;
	a.objs.any = (cases[k].facts & OBJS) != 0;
	if (check_true(options_parse(&o, argc, argv, &err) == 0, "options") &&
	    check_true(plan_init(&p, &o, &err) == 0, "plan_init")) {
		plan_finish(&p, &o, &a);
		check_u64(p.style, cases[k].style, "style");
		check_u64(p.sources, (uint64_t)cases[k].sources, "sources");
		check_u64(p.dwarf, (uint64_t)cases[k].dwarf, "dwarf");
		if (p.dwarf != PLAN_DWARF_NONE)
			check_true(p.dwarf_static == cases[k].dwarf_static,
				   "dwarf_static");
		check_true(p.line_cut == cases[k].line_cut, "line_cut");
		check_true(p.functions == cases[k].functions, "functions");
		check_true(p.flat_order == cases[k].flat, "flat_order");
		check_true(p.name_order == cases[k].names, "name_order");
	}
	t_end();
	options_free(&o);
}

/* The views' call sites, and an unknown view refused up front. */
static void
views(void)
{
	static const struct {
		const char *arg;
		int rc;
		bool sites;
	} v[] = {
		{ "--format=json", 0, true },
		{ "--format=callgrind", 0, true },
		{ "--format=dot", 0, false },
		{ "--format=text", 0, false },
		{ "--format=nope", -1, false },
	};

	t_begin("plan/views");
	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		char *argv[] = { (char *)"gprof", (char *)v[i].arg };
		struct options o;
		struct plan p;
		struct gp_err err;

		memset(&o, 0, sizeof(o));
		if (!check_true(options_parse(&o, 2, argv, &err) == 0,
				v[i].arg) ||
		    !check_u64((uint64_t)(plan_init(&p, &o, &err) + 1),
			       (uint64_t)(v[i].rc + 1), v[i].arg) ||
		    (v[i].rc == 0 &&
		     !check_true(p.sites == v[i].sites, v[i].arg))) {
			options_free(&o);
			break;
		}
		options_free(&o);
	}
	t_end();
}

T_MODULE(plan)
{
	t_run_each("plan/cases", one, ARRAY_SIZE(cases));
	t_run("plan/views", views);
}
