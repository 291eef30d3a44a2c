/*
 * symclones.c - gcc's clones in a function table of their own (see
 * symclones.h).
 *
 * Invariant: the split table holds GNU's entries, in order, with the
 * clones (and the other local functions GNU's rules drop) inserted
 * where they lie; every entry's ORIGIN is an entry whose own ORIGIN is
 * itself, so one lookup answers (symtab_find() follows it once).
 */
#include "symclones.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "exe.h"
#include "sort.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* gcc's clone suffixes (the names symclones.h lists). */
static const char *const clone_suffixes[] = {
	"part",  "isra",       "constprop", "cold",
	"clone", "localalias", "simdclone", "artificial_thunk",
};

static bool
is_clone_suffix(const char *s, size_t n)
{
	for (size_t k = 0; k < ARRAY_SIZE(clone_suffixes); k++)
		if (strlen(clone_suffixes[k]) == n &&
		    memcmp(s, clone_suffixes[k], n) == 0)
			return true;
	return false;
}

size_t
symclones_origin(const char *name)
{
	size_t len = strlen(name);

	/* From the end: ".SUFFIX" or ".SUFFIX.DIGITS", while they last. */
	for (;;) {
		size_t e = len, q;

		while (e > 0 && is_digit(name[e - 1]))
			e--;
		if (e < len) { /* a number follows its suffix's dot */
			if (e == 0 || name[e - 1] != '.')
				return len;
			e--;
		}
		q = e;
		while (q > 0 && name[q - 1] != '.')
			q--;
		/* NAME[q, e) is the word after the dot at q - 1; the origin
		 * before that dot must not be empty. */
		if (q < 2 || !is_clone_suffix(name + q, e - q))
			return len;
		len = q - 1;
	}
}

#define UNIT_GLOBAL UINT32_MAX
#define NO_ID UINT32_MAX

/* A function of the table by name (an origin a clone may have). */
struct named {
	const char *name;
	size_t len;
	uint32_t unit; /* its STT_FILE group, UNIT_GLOBAL when global */
	uint32_t fn;   /* its entry in GNU's table */
};

/*
 * A clone: an entry of GNU's table (FN) or a symbol to insert.  Or a
 * local function GNU's rules drop that is no clone (STAY): inserted too,
 * so that no clone's range runs over it, but counted where GNU counts
 * it (in the entry it lies in, CONTAINER).
 */
struct member {
	const char *name; /* its own */
	size_t len;       /* of its origin's name, a prefix of NAME */
	uint32_t unit;
	uint64_t addr;
	uint32_t fn;        /* its entry in GNU's table, or NO_ID */
	uint32_t container; /* inserted: the entry it lies in */
	uint32_t origin;    /* its origin's entry in GNU's table, or NO_ID */
	uint32_t v;         /* its entry in the split table */
	uint32_t rep;       /* an orphan's: the member that stands for all */
	bool keep;          /* inserted, or one of GNU's entries counted in
			     * another (or standing for it) */
	bool stay;          /* counted where GNU's rules count it */
};

static int
name_cmp(const char *a, size_t la, uint32_t ua, const char *b, size_t lb,
	 uint32_t ub)
{
	int c = memcmp(a, b, la < lb ? la : lb);

	if (c != 0)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	return ua < ub ? -1 : ua > ub;
}

static int
named_cmp(uint32_t a, uint32_t b, const void *ctx)
{
	const struct named *v = ctx;

	return name_cmp(v[a].name, v[a].len, v[a].unit, v[b].name, v[b].len,
			v[b].unit);
}

/* Orphans by origin name and unit, then address. */
static int
orphan_cmp(uint32_t a, uint32_t b, const void *ctx)
{
	const struct member *v = ctx;
	int c = name_cmp(v[a].name, v[a].len, v[a].unit, v[b].name, v[b].len,
			 v[b].unit);

	if (c != 0)
		return c;
	return v[a].addr < v[b].addr ? -1 : v[a].addr > v[b].addr;
}

/* By address, a clone before a function that stays at one address. */
static int
member_addr_cmp(uint32_t a, uint32_t b, const void *ctx)
{
	const struct member *v = ctx;

	if (v[a].addr != v[b].addr)
		return v[a].addr < v[b].addr ? -1 : 1;
	return (int)v[a].stay - (int)v[b].stay;
}

/* The entry of GNU's table NAME[0, LEN) names in UNIT, or NO_ID. */
static uint32_t
find_named(const struct named *v, const uint32_t *ids, size_t n,
	   const char *name, size_t len, uint32_t unit)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct named *e = &v[ids[mid]];
		int c = name_cmp(e->name, e->len, e->unit, name, len, unit);

		if (c == 0)
			return e->fn;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NO_ID;
}

/* What finding the clones gathers. */
struct gather {
	struct named *named;
	size_t nnamed;
	struct member *mem;
	size_t nmem;
};

/* Add a member of UNIT: X's symbol E, GNU's entry FN (or NO_ID, to
 * insert into entry CONTAINER), whose origin is OLEN bytes of its name. */
static void
add_member(struct gather *g, const struct exe_sym *e, size_t olen,
	   uint32_t unit, uint32_t fn, uint32_t container)
{
	g->mem[g->nmem++] = (struct member){
		.name = e->name,
		.len = olen,
		.unit = unit,
		.addr = e->addr,
		.fn = fn,
		.container = container,
		.origin = NO_ID,
		.rep = NO_ID,
		.keep = true,
		/* Inserted but no clone: where GNU's rules put it. */
		.stay = fn == NO_ID && olen == strlen(e->name),
	};
}

/*
 * Every function of ST named after a symbol of X (by unit), and every
 * clone: ST's entries with a clone's name, and X's local functions with
 * one that GNU's rules leave inside another entry (and the others that
 * they leave there, to stay).
 */
static void
gather(struct gather *g, const struct symtab *st, size_t nexe,
       const struct exe *x)
{
	uint32_t unit = 0;

	g->named = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*g->named));
	g->mem = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*g->mem));
	g->nnamed = g->nmem = 0;
	for (size_t i = 0; i < x->nsyms; i++) {
		const struct exe_sym *e = &x->syms[i];
		uint32_t u = e->bind == STB_LOCAL ? unit : UNIT_GLOBAL;
		size_t len, olen;
		sym_id k;

		if (e->type == STT_FILE)
			unit++;
		if (e->letter != 'T' && e->letter != 'W' && e->letter != 't')
			continue;
		k = symtab_find(st, e->addr);
		if (k == SYM_NONE || k >= nexe)
			continue;
		len = strlen(e->name);
		olen = symclones_origin(e->name);
		if (st->syms[k].addr == e->addr &&
		    st->syms[k].name == e->name) {
			if (olen < len)
				add_member(g, e, olen, u, k, NO_ID);
			else
				g->named[g->nnamed++] =
				    (struct named){ e->name, len, u, k };
		} else if (e->letter == 't' && e->type == STT_FUNC &&
			   st->syms[k].addr != e->addr) {
			add_member(g, e, olen, u, NO_ID, k);
		}
	}
}

/*
 * Each clone's origin in GNU's table; the orphans (no origin there)
 * grouped by origin name and unit, the lowest address of each group
 * standing for it (none kept with NO_STATIC but GNU's own entries).
 */
static void
find_origins(struct gather *g, bool no_static)
{
	uint32_t *ids = xcalloc(g->nnamed ? g->nnamed : 1, sizeof(*ids));
	uint32_t *orph = xcalloc(g->nmem ? g->nmem : 1, sizeof(*orph));
	size_t norph = 0;

	for (size_t i = 0; i < g->nnamed; i++)
		ids[i] = (uint32_t)i;
	gp_sort(ids, g->nnamed, named_cmp, g->named);
	for (size_t i = 0; i < g->nmem; i++) {
		struct member *m = &g->mem[i];
		uint32_t o = NO_ID;

		if (!m->keep || m->stay)
			continue;
		if (m->unit != UNIT_GLOBAL)
			o = find_named(g->named, ids, g->nnamed, m->name,
				       m->len, m->unit);
		if (o == NO_ID)
			o = find_named(g->named, ids, g->nnamed, m->name,
				       m->len, UNIT_GLOBAL);
		m->origin = o;
		if (o != NO_ID)
			continue;
		if (!no_static)
			orph[norph++] = (uint32_t)i;
		else if (m->fn == NO_ID)
			m->stay = true; /* where GNU's rules put it */
		else
			m->keep = false; /* GNU's entry, as it is */
	}
	gp_sort(orph, norph, orphan_cmp, g->mem);
	for (size_t i = 0; i < norph; i++) {
		const struct member *a = &g->mem[orph[i]];
		const struct member *r =
		    i > 0 ? &g->mem[g->mem[orph[i - 1]].rep] : NULL;

		g->mem[orph[i]].rep =
		    r != NULL && name_cmp(a->name, a->len, a->unit, r->name,
					  r->len, r->unit) == 0
			? g->mem[orph[i - 1]].rep
			: orph[i];
	}
	free(orph);
	free(ids);
}

/* The inserted clones in address order (one per address), their count. */
static size_t
inserts(struct gather *g, uint32_t **out)
{
	uint32_t *v = xcalloc(g->nmem ? g->nmem : 1, sizeof(*v));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < g->nmem; i++)
		if (g->mem[i].fn == NO_ID && g->mem[i].keep)
			v[n++] = (uint32_t)i;
	gp_sort(v, n, member_addr_cmp, g->mem);
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && g->mem[v[k - 1]].addr == g->mem[v[i]].addr) {
			g->mem[v[i]].keep = false; /* another name for it */
			continue;
		}
		v[k++] = v[i];
	}
	*out = v;
	return k;
}

/*
 * SP's table: GNU's entries with the clones INS (N of them) among the
 * executable's, each owning up to the next entry within the range of
 * the entry it lies in; every member's entry in it (MEM.v).
 */
static void
merge_table(struct symclones *sp, const struct symtab *st, size_t nexe,
	    struct gather *g, const uint32_t *ins, size_t nins)
{
	size_t n = st->n + nins, k = 0, i = 0, j = 0;
	struct sym *v = xcalloc(n, sizeof(*v));
	uint64_t *ce = xcalloc(nexe + nins + 1, sizeof(*ce));
	uint32_t *f2v = xcalloc(st->n ? st->n : 1, sizeof(*f2v));

	while (i < nexe || j < nins) {
		if (j == nins ||
		    (i < nexe && st->syms[i].addr < g->mem[ins[j]].addr)) {
			v[k] = st->syms[i];
			ce[k] = st->syms[i].end;
			f2v[i++] = (uint32_t)k++;
			continue;
		}
		struct member *m = &g->mem[ins[j++]];
		v[k] = (struct sym){ .name = m->name,
				     .addr = m->addr,
				     .is_func = true,
				     .is_static = true };
		ce[k] = st->syms[symtab_find(st, m->addr)].end;
		m->v = (uint32_t)k++;
	}
	sp->nexe = k;
	for (size_t e = 0; e < k; e++) {
		v[e].end = ce[e];
		if (e + 1 < k && v[e + 1].addr - 1 < ce[e])
			v[e].end = v[e + 1].addr - 1;
	}
	for (; i < st->n; i++) {
		v[k] = st->syms[i];
		f2v[i] = (uint32_t)k++;
	}
	/* Members' entries and origins in the new table. */
	for (size_t q = 0; q < g->nmem; q++) {
		struct member *m = &g->mem[q];

		if (m->keep && m->fn != NO_ID)
			m->v = f2v[m->fn];
		if (m->keep && m->origin != NO_ID)
			m->origin = f2v[m->origin];
		if (m->keep && m->stay)
			m->container = f2v[m->container];
	}
	free(ce);
	free(f2v);
	sp->st.syms = v;
	sp->st.n = n;
}

/*
 * SP's ORIGIN from the members (in the new table) and the clones each
 * entry stands for; the orphans' stand-ins renamed after their origin.
 */
static void
set_origins(struct symclones *sp, const struct gather *g)
{
	size_t n = sp->st.n, nnames = 0, at = 0;
	bool *renamed = xcalloc(n, sizeof(*renamed));
	bool *stays = xcalloc(n, sizeof(*stays));
	struct sym *v = sp->st.syms;
	char *p;

	sp->origin = xcalloc(n, sizeof(*sp->origin));
	for (size_t k = 0; k < n; k++)
		sp->origin[k] = (uint32_t)k;
	for (size_t q = 0; q < g->nmem; q++) {
		const struct member *m = &g->mem[q];

		if (!m->keep || m->stay)
			continue;
		if (m->origin != NO_ID) {
			sp->origin[m->v] = m->origin;
		} else if (m->rep != q) {
			sp->origin[m->v] = g->mem[m->rep].v;
		} else {
			renamed[m->v] = true;
			nnames += m->len + 1;
		}
	}
	/* The functions that stay, where their entry is now counted. */
	for (size_t q = 0; q < g->nmem; q++)
		if (g->mem[q].keep && g->mem[q].stay) {
			sp->origin[g->mem[q].v] =
			    sp->origin[g->mem[q].container];
			stays[g->mem[q].v] = true;
		}
	/*
	 * An entry counted in another is no function of its own: a call
	 * into a label after it (cg_map_arc() moves back to the nearest
	 * function) reaches the entry GNU's rules reach, or a clone's
	 * origin, never the clone.
	 */
	for (size_t k = 0; k < n; k++)
		if (sp->origin[k] != k)
			v[k].is_func = false;
	/* The names each entry stands for, in address order: an entry
	 * renamed stands for its own symbol first. */
	sp->clone_lo = xcalloc(n + 1, sizeof(*sp->clone_lo));
	for (size_t k = 0; k < n; k++)
		if ((sp->origin[k] != k && !stays[k]) || renamed[k])
			sp->clone_lo[sp->origin[k] + 1]++;
	for (size_t k = 0; k < n; k++)
		sp->clone_lo[k + 1] += sp->clone_lo[k];
	sp->clones =
	    xcalloc(sp->clone_lo[n] ? sp->clone_lo[n] : 1, sizeof(*sp->clones));
	{
		uint32_t *fill = xcalloc(n ? n : 1, sizeof(*fill));

		for (size_t k = 0; k < n; k++)
			if ((sp->origin[k] != k && !stays[k]) || renamed[k]) {
				uint32_t o = sp->origin[k];

				sp->clones[sp->clone_lo[o] + fill[o]++] =
				    v[k].name;
			}
		free(fill);
	}
	p = sp->names = xmalloc(nnames ? nnames : 1);
	for (size_t q = 0; q < g->nmem; q++) {
		const struct member *m = &g->mem[q];

		if (!m->keep || m->stay || m->origin != NO_ID || m->rep != q)
			continue;
		memcpy(p + at, m->name, m->len);
		p[at + m->len] = '\0';
		v[m->v].name = p + at;
		at += m->len + 1;
	}
	free(renamed);
	free(stays);
}

bool
symclones_build(struct symclones *sp, const struct symtab *st, size_t nexe,
		const struct exe *x, bool no_static)
{
	struct gather g;
	uint32_t *ins;
	size_t nins, kept = 0;

	memset(sp, 0, sizeof(*sp));
	if (NEVER(nexe > st->n))
		nexe = st->n;
	gather(&g, st, nexe, x);
	/* One clone per address first; then those that find a place. */
	inserts(&g, &ins);
	free(ins);
	find_origins(&g, no_static);
	nins = inserts(&g, &ins);
	for (size_t q = 0; q < g.nmem; q++)
		kept += g.mem[q].keep && !g.mem[q].stay;
	if (kept > 0) {
		merge_table(sp, st, nexe, &g, ins, nins);
		set_origins(sp, &g);
		sp->st.alias = sp->origin;
		symtab_index(&sp->st);
	}
	free(ins);
	free(g.named);
	free(g.mem);
	return kept > 0;
}

void
symclones_free(struct symclones *sp)
{
	symtab_free(&sp->st);
	free(sp->origin);
	free(sp->names);
	free(sp->clone_lo);
	free(sp->clones);
	memset(sp, 0, sizeof(*sp));
}
