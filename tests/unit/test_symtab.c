/*
 * test_symtab.c - which local names count as functions, and address
 * lookup in a hand-built table.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "symtab.h"

/* A string literal with its size, embedded NULs and final NUL included. */
#define S(lit) lit, sizeof(lit)

/*
 * BYTES[0..ROOM) is the string table from the name on.  Each case is
 * copied into a heap block of exactly ROOM bytes, so the sanitizers
 * catch any read past ROOM.
 */
static const struct {
	const char *name;
	const char *bytes;
	size_t room;
	bool want;
} name_cases[] = {
	/* One name followed by its NUL. */
	{ "plain", S("main"), true },
	{ "plain-underscore", S("_start"), true },
	{ "nested", S("a.1"), true },
	{ "clone", S("c.clone.3"), true },
	{ "constprop", S("d.constprop.0"), true },
	{ "nested-twice", S("g.1.2"), true },
	{ "dot-at-end", S("j."), true },
	{ "nested-clone", S("m.1.clone.2"), true },
	{ "empty", S(""), false },
	{ "digits-then-letter", S("b.12x"), false },
	{ "part", S("e.part.0"), false },
	{ "constprop-isra", S("f.constprop.0.isra.0"), false },
	{ "clone-no-digits", S("h.clone.x"), false },
	{ "digit-letter", S("i.1a"), false },
	{ "two-dots", S("l.."), false },
	{ "clone-constprop", S("o.clone.constprop.1"), false },
	{ "constprop-no-digits", S("p.constprop."), false },
	{ "dollar-after-digit", S("r.1$"), false },
	{ "dollar", S("a$b"), false },
	{ "dollar-first", S("$x"), false },
	{ "dollar-last", S("x$"), false },
	/*
	 * The over-read: a name ending in a dot group runs into the next.
	 * Checked against GNU gprof 2.40 with local functions named in
	 * assembly (adjacent in .strtab): a.1 before q$x, j. before r$y,
	 * d.1 before e.1 before t$w are all dropped; m1 before e.part.0 is
	 * kept.
	 */
	{ "overread-dollar", S("a.1\0q$x"), false },
	{ "overread-plain", S("a.1\0qq"), true },
	{ "overread-part", S("a.1\0e.part"), false },
	{ "overread-nested", S("a.1\0e.1"), true },
	{ "overread-twice", S("a.1\0e.1\0z$"), false },
	/* Seen with GNU gprof 2.40: b.1 is dropped for s$z, two names on. */
	{ "overread-chain-clone", S("b.1\0c.clone.3\0s$z"), false },
	{ "overread-empty-next", S("a.1\0\0q$x"), true },
	{ "overread-dot-at-end", S("j.\0q$x"), false },
	{ "overread-clone", S("c.clone.3\0q$x"), false },
	{ "no-group-at-end", S("a1\0q$x"), true },
	{ "group-then-letters", S("a.1b\0q$x"), false },
	{ "plain-then-bad", S("main\0e.part.0"), true },
	/* ROOM ends the scan, even without a NUL. */
	{ "room-zero", "x", 0, false },
	{ "room-no-nul", "ab", 2, true },
	{ "room-ends-in-group", "a.1", 3, true },
	{ "room-stops-overread", "a.1\0q$x", 4, true },
	{ "room-cuts-clone", "a.clone.", 8, false },
	{ "room-clone-digits", "c.clone.3", 9, true },
	{ "room-clone-prefix-only", "c.clone.", 8, false },
	{ "room-constprop-exact", "d.constprop.", 12, false },
	{ "room-cuts-before-dollar", "a.1\0qq$", 6, true },
};

static void
test_local_names(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(name_cases); i++) {
		size_t room = name_cases[i].room;
		char *buf = malloc(room ? room : 1);

		t_begin("symtab/local-name-%s", name_cases[i].name);
		memcpy(buf, name_cases[i].bytes, room);
		check_u64(symtab_local_name_ok(buf, room), name_cases[i].want,
			  "symtab_local_name_ok");
		free(buf);
	}
}

static struct sym find_syms[] = {
	{ "a", 0x1000, 0x10ff, true, false, false, NULL, NULL, 0 },
	{ "b", 0x1100, 0x11ff, true, false, false, NULL, NULL, 0 },
	{ "c", 0x1200, 0x1203, true, true, false, NULL, NULL,
	  0 }, /* gap up to 0x12ff */
	{ "d", 0x1300, 0x12ff, true, false, false, NULL, NULL,
	  0 }, /* owns nothing */
	{ "e", 0x1400, 0x1400, false, true, false, NULL, NULL, 0 },
};

static const struct {
	uint64_t addr;
	sym_id want;
} find_cases[] = {
	{ 0, SYM_NONE },      { 0xfff, SYM_NONE },
	{ 0x1000, 0 },        { 0x1001, 0 },
	{ 0x10ff, 0 },        { 0x1100, 1 },
	{ 0x11ff, 1 },        { 0x1200, 2 },
	{ 0x1203, 2 },        { 0x1204, SYM_NONE },
	{ 0x12ff, SYM_NONE }, { 0x1300, SYM_NONE },
	{ 0x13ff, SYM_NONE }, { 0x1400, 4 },
	{ 0x1401, SYM_NONE }, { UINT64_MAX, SYM_NONE },
};

static void
test_find(void)
{
	struct symtab st = { .syms = find_syms, .n = ARRAY_SIZE(find_syms) };
	struct symtab one = { .syms = find_syms, .n = 1 };
	struct symtab none = { .syms = NULL };

	for (size_t i = 0; i < ARRAY_SIZE(find_cases); i++) {
		t_begin("symtab/find-0x%llx",
			(unsigned long long)find_cases[i].addr);
		check_u64(symtab_find(&st, find_cases[i].addr),
			  find_cases[i].want, "symtab_find");
	}
	t_begin("symtab/find-empty-table");
	check_u64(symtab_find(&none, 0x1000), SYM_NONE, "symtab_find");
	check_u64(symtab_find(&none, 0), SYM_NONE, "symtab_find at 0");
	t_begin("symtab/find-one-symbol");
	check_u64(symtab_find(&one, 0x1000), 0, "at its address");
	check_u64(symtab_find(&one, 0x10ff), 0, "at its end");
	check_u64(symtab_find(&one, 0x1100), SYM_NONE, "past its end");
	check_u64(symtab_find(&one, 0xfff), SYM_NONE, "below it");
}

/* Lookups agree with a linear scan over a larger table. */
static void
test_find_many(void)
{
	enum { N = 1000 };
	struct sym *v = calloc(N, sizeof(*v));
	struct symtab st = { .syms = v, .n = N };
	uint64_t seed = 0x5eed, addr = 0x400000;
	bool ok = true;

	t_begin("symtab/find-matches-linear-scan");
	for (size_t i = 0; i < N; i++) {
		v[i].name = "f";
		v[i].addr = addr;
		v[i].end = addr + t_rand(&seed) % 64;
		addr = v[i].end + 1 + t_rand(&seed) % 3; /* gaps of 0..2 */
	}
	for (uint64_t a = 0x3ffff0; a < addr + 16 && ok; a++) {
		sym_id want = SYM_NONE;

		for (size_t i = 0; i < N; i++)
			if (v[i].addr <= a && a <= v[i].end)
				want = (sym_id)i;
		ok = check_u64(symtab_find(&st, a), want, "symtab_find");
	}
	free(v);
}

/* symtab_find's answer by a linear scan: the last symbol at or below A,
 * if A is within its range. */
static sym_id
scan(const struct sym *v, size_t n, uint64_t a)
{
	sym_id r = SYM_NONE;

	for (size_t i = 0; i < n && v[i].addr <= a; i++)
		r = (sym_id)i;
	return r != SYM_NONE && a <= v[r].end ? r : SYM_NONE;
}

/* Check every interesting address of V[0..N) against the scan. */
static bool
agrees(const struct symtab *st, const struct sym *v, size_t n)
{
	bool ok = true;

	for (size_t i = 0; i < n && ok; i++) {
		uint64_t at[] = { v[i].addr - 1, v[i].addr, v[i].addr + 1,
				  v[i].end, v[i].end + 1 };

		for (size_t k = 0; k < ARRAY_SIZE(at) && ok; k++)
			ok = check_u64(symtab_find(st, at[k]),
				       scan(v, n, at[k]), "symtab_find");
	}
	if (ok)
		ok = check_u64(symtab_find(st, 0), scan(v, n, 0), "at 0") &&
		     check_u64(symtab_find(st, UINT64_MAX),
			       scan(v, n, UINT64_MAX), "at the top");
	return ok;
}

/*
 * The bucket index: clustered symbols far apart (a program and its
 * shared objects 2^32 above it, one near the top of the address space)
 * give the same answers as a scan, indexed, and after symbols are
 * appended without re-indexing (the index is then ignored).
 */
static void
test_find_indexed(void)
{
	enum { N = 600 };
	struct sym *v = calloc(N + 20, sizeof(*v));
	uint64_t seed = 0x1dea, addr = 0x400000;
	struct symtab st;
	size_t n = 0;

	for (; n < N; n++) {
		if (n == 300)
			addr = 0x100000000ull; /* an object's bias */
		if (n == N - 1)
			addr = UINT64_MAX - 0x40;
		v[n].name = "f";
		v[n].addr = addr;
		v[n].end = addr + t_rand(&seed) % 48;
		addr = v[n].end + 1 + t_rand(&seed) % 5;
	}
	v[N - 1].end = UINT64_MAX - 1;
	t_begin("symtab/find-indexed-matches-scan");
	memset(&st, 0, sizeof(st));
	st.syms = calloc(N + 20, sizeof(*st.syms));
	memcpy(st.syms, v, N * sizeof(*v));
	st.n = N;
	symtab_index(&st);
	check_true(st.bucket != NULL, "the table is indexed");
	agrees(&st, v, N);
	t_begin("symtab/find-after-append-without-index");
	for (size_t i = 0; i < 20; i++)
		v[N - 1 + i] =
		    (struct sym){ .name = "g",
				  .addr = UINT64_MAX - 0x40 + 2 * i,
				  .end = UINT64_MAX - 0x40 + 2 * i + 1 };
	memcpy(st.syms, v, (N + 19) * sizeof(*v));
	st.n = N + 19;
	agrees(&st, v, st.n);
	t_begin("symtab/find-reindexed");
	symtab_index(&st);
	agrees(&st, v, st.n);
	symtab_free(&st);
	free(v);
}

T_MODULE(symtab)
{
	t_run("symtab/local-names", test_local_names);
	t_run("symtab/find", test_find);
	t_run("symtab/find-many", test_find_many);
	t_run("symtab/find-indexed", test_find_indexed);
}
