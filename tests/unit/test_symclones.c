/*
 * test_symclones.c - gcc's clone names and their origins, and the views'
 * table that counts clones there, on a hand-made symbol table.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "check.h"
#include "exe.h"
#include "symclones.h"

/* gcc's clone names and their origins (symclones_origin). */
static const struct {
	const char *name, *origin;
} origin_cases[] = {
	{ "main", "main" },
	{ "f.part.0", "f" },
	{ "f.isra.12", "f" },
	{ "f.constprop.3", "f" },
	{ "f.cold", "f" },
	{ "f.cold.1", "f" },
	{ "f.clone.2", "f" },
	{ "f.localalias", "f" },
	{ "f.simdclone.0", "f" },
	{ "f.artificial_thunk.1", "f" },
	{ "f.part", "f" },
	{ "f.constprop.0.isra.0", "f" },
	{ "f.isra.0.part.0", "f" },
	{ "f.part.0.cold", "f" },
	{ "_ZN1a1bEv.cold", "_ZN1a1bEv" },
	{ "a.1.part.2", "a.1" },
	{ "f.lto_priv.0", "f.lto_priv.0" },
	{ "f.lto_priv.0.part.0", "f.lto_priv.0" },
	{ "f.part.0.lto_priv.0", "f.part.0.lto_priv.0" },
	{ "main._omp_fn.0", "main._omp_fn.0" },
	{ "a.1", "a.1" },
	{ "f.parts.0", "f.parts.0" },
	{ "f.part.", "f.part." },
	{ "f.part.0x", "f.part.0x" },
	{ ".part.0", ".part.0" },
	{ "part.0", "part.0" },
	{ "cold", "cold" },
	{ "x..cold", "x." },
	{ "", "" },
};

static void
test_clone_origin(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(origin_cases); i++) {
		const char *n = origin_cases[i].name;

		t_begin("symclones/origin-%s", n[0] ? n : "empty");
		check_u64(symclones_origin(n), strlen(origin_cases[i].origin),
			  "symclones_origin");
	}
}

/*
 * A program of two units with a static dup() and dup.part.0 each, a
 * global split_me and its part and cold part (the cold part far away,
 * after _init), an orphan (only g.constprop.0 and g.part.0 of g are
 * left; GNU's rules keep g.constprop.0, as their scan may), and a local
 * function GNU's rules drop that is no clone (k._omp_fn.0: it stays in
 * two.c's dup, after split_me.part.0), then a label (lbl: its calls go
 * to the function before it).
 */
#define FILE_SYM(n)                                                            \
	{                                                                      \
		n, sizeof(n), 0, 0, STB_LOCAL, STT_FILE, 'N'                   \
	}
#define FN(n, a, bind, letter)                                                 \
	{                                                                      \
		n, sizeof(n), a, 16, bind, STT_FUNC, letter                    \
	}
static const struct exe_sym split_syms[] = {
	FILE_SYM("one.c"),
	FN("dup", 0x200, STB_LOCAL, 't'),
	FN("dup.part.0", 0x240, STB_LOCAL, 't'),
	FILE_SYM("two.c"),
	FN("dup.part.0", 0x300, STB_LOCAL, 't'),
	FN("dup", 0x340, STB_LOCAL, 't'),
	FN("split_me.cold", 0x120, STB_LOCAL, 't'),
	FN("split_me.part.0", 0x380, STB_LOCAL, 't'),
	FN("k._omp_fn.0", 0x3a0, STB_LOCAL, 't'),
	{ "lbl", sizeof("lbl"), 0x3b0, 0, STB_LOCAL, STT_NOTYPE, 't' },
	FN("g.constprop.0", 0x3c0, STB_LOCAL, 't'),
	FN("g.part.0", 0x3e0, STB_LOCAL, 't'),
	FN("_init", 0x100, STB_GLOBAL, 'T'),
	FN("one", 0x280, STB_GLOBAL, 'T'),
	FN("split_me", 0x400, STB_GLOBAL, 'T'),
	FN("main", 0x440, STB_GLOBAL, 'T'),
};

static const struct {
	uint64_t addr;
	const char *want; /* the name of the entry symtab_find() answers */
} split_cases[] = {
	{ 0x100, "_init" },    { 0x11f, "_init" },    { 0x120, "split_me" },
	{ 0x1ff, "split_me" }, { 0x200, "dup" },      { 0x250, "dup" },
	{ 0x280, "one" },      { 0x2ff, "one" },      { 0x300, "dup" },
	{ 0x350, "dup" },      { 0x380, "split_me" }, { 0x39f, "split_me" },
	{ 0x3a0, "dup" },      { 0x3bf, "lbl" },      { 0x3c0, "g" },
	{ 0x3e0, "g" },        { 0x400, "split_me" }, { 0x440, "main" },
};

/* The names of the clones SP's entry named NAME at ADDR stands for. */
static bool
check_clones(const struct symclones *sp, uint64_t addr, const char *want)
{
	sym_id id = symtab_find(&sp->st, addr);
	char got[256] = "";

	if (!check_true(id != SYM_NONE, "an entry"))
		return false;
	for (uint32_t k = sp->clone_lo[id]; k < sp->clone_lo[id + 1]; k++) {
		strncat(got, k > sp->clone_lo[id] ? "," : "",
			sizeof(got) - strlen(got) - 1);
		strncat(got, sp->clones[k], sizeof(got) - strlen(got) - 1);
	}
	return check_str(got, want, "its clones");
}

static void
test_split(void)
{
	struct exe x = { .path = "prog",
			 .syms = (struct exe_sym *)split_syms,
			 .nsyms = ARRAY_SIZE(split_syms),
			 .text_found = true,
			 .text_hi = 0x480 };
	struct symtab_opts so = { 0 };
	struct symtab st, st_a;
	struct symclones sp, sp_a;
	struct gp_err err;

	t_begin("symclones/split-gnu-table");
	if (!check_u64(symtab_build(&st, &x, &so, &err), 0, "symtab_build"))
		return;
	/* GNU's: _init dup one dup lbl g.constprop.0 split_me main. */
	check_u64(st.n, 8, "GNU's entries");
	check_str(st.syms[symtab_find(&st, 0x380)].name, "dup",
		  "GNU's owner of split_me.part.0");
	t_begin("symclones/split-made");
	if (!check_true(symclones_build(&sp, &st, st.n, &x, false),
			"clones found"))
		return;
	check_u64(sp.nexe, sp.st.n, "no shared objects");
	for (size_t i = 0; i < ARRAY_SIZE(split_cases); i++) {
		sym_id id = symtab_find(&sp.st, split_cases[i].addr);

		t_begin("symclones/split-find-0x%llx",
			(unsigned long long)split_cases[i].addr);
		if (check_true(id != SYM_NONE, "an entry"))
			check_str(sp.st.syms[id].name, split_cases[i].want,
				  "its origin");
	}
	t_begin("symclones/split-units");
	check_true(symtab_find(&sp.st, 0x240) == symtab_find(&sp.st, 0x200),
		   "one.c's part in one.c's dup");
	check_true(symtab_find(&sp.st, 0x300) == symtab_find(&sp.st, 0x340),
		   "two.c's part in two.c's dup");
	check_true(symtab_find(&sp.st, 0x300) != symtab_find(&sp.st, 0x200),
		   "two dups");
	t_begin("symclones/split-clone-lists");
	check_clones(&sp, 0x400, "split_me.cold,split_me.part.0");
	check_clones(&sp, 0x200, "dup.part.0");
	check_clones(&sp, 0x3c0, "g.constprop.0,g.part.0");
	check_clones(&sp, 0x280, "");
	check_clones(&sp, 0x3a0, "dup.part.0");
	t_begin("symclones/split-call-of-a-label");
	{
		struct callgraph cg;
		uint32_t p, c;

		cg_init(&cg, &sp.st);
		if (check_true(cg_map_arc(&cg, 0x445, 0x3b0, &p, &c), "mapped"))
			check_str(sp.st.syms[c].name, "dup",
				  "the function before the label, as GNU's");
		cg_free(&cg);
	}
	t_begin("symclones/split-no-static");
	so.no_static = true;
	if (check_u64(symtab_build(&st_a, &x, &so, &err), 0, "-a table") &&
	    check_true(symclones_build(&sp_a, &st_a, st_a.n, &x, true),
		       "clones of global functions")) {
		check_str(sp_a.st.syms[symtab_find(&sp_a.st, 0x380)].name,
			  "split_me", "a global origin");
		check_str(sp_a.st.syms[symtab_find(&sp_a.st, 0x3e0)].name,
			  "one", "an orphan stays GNU's");
		check_str(sp_a.st.syms[symtab_find(&sp_a.st, 0x240)].name,
			  "_init", "a static origin is no function");
		check_str(sp_a.st.syms[symtab_find(&sp_a.st, 0x120)].name,
			  "split_me", "a cold part far away");
		symclones_free(&sp_a);
		symtab_free(&st_a);
	}
	symclones_free(&sp);
	symtab_free(&st);
}

T_MODULE(symclones)
{
	t_run("symclones/origin", test_clone_origin);
	t_run("symclones/split", test_split);
}
