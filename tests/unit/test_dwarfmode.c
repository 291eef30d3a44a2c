/*
 * test_dwarfmode.c - GPROF_DWARF's words: each names its reader, in any
 * order and combination; anything else (and nothing) chooses the fast
 * readers; dwarfmode_get() reads the variable itself.
 */
#include <stdlib.h>

#include "check.h"
#include "dwarfmode.h"

static void
t_parse(void)
{
	static const struct {
		const char *value;
		unsigned want;
	} cases[] = {
		{ NULL, 0 },
		{ "", 0 },
		{ "libdw", DWARFMODE_LIBDW },
		{ "table", DWARFMODE_TABLE },
		{ "libdw,table", DWARFMODE_LIBDW | DWARFMODE_TABLE },
		{ "table,libdw", DWARFMODE_LIBDW | DWARFMODE_TABLE },
		{ "libdw,,table,", DWARFMODE_LIBDW | DWARFMODE_TABLE },
		{ "libdwx", 0 },
		{ "libd", 0 },
		{ "LIBDW", 0 },
		{ "libdw table", 0 },
		{ "fast,table", DWARFMODE_TABLE },
		{ ",libdw", DWARFMODE_LIBDW },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		t_begin("dwarfmode-parse-%zu", i);
		check_u64(dwarfmode_parse(cases[i].value), cases[i].want,
			  cases[i].value ? cases[i].value : "(null)");
		t_end();
	}
}

/* In a child of its own (t_run): the environment changes. */
static void
t_env(void)
{
	t_begin("dwarfmode-env");
	unsetenv("GPROF_DWARF");
	check_u64(dwarfmode_get(), 0, "unset");
	setenv("GPROF_DWARF", "table,libdw", 1);
	check_u64(dwarfmode_get(), DWARFMODE_LIBDW | DWARFMODE_TABLE,
		  "table,libdw");
	setenv("GPROF_DWARF", "libdw", 1);
	check_u64(dwarfmode_get(), DWARFMODE_LIBDW, "libdw");
	t_end();
}

T_MODULE(dwarfmode)
{
	t_run("dwarfmode-parse", t_parse);
	t_run("dwarfmode-env", t_env);
}
