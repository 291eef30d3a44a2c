/*
 * symtab.c - choose the functions among an executable's symbols and
 * give each the range of addresses it owns.
 *
 * Invariant: after symtab_build() the table is sorted by address with
 * no two entries at one address, and entry i owns [addr_i, addr_i+1 - 1];
 * the last entry owns up to the end of .text.
 */
#include "symtab.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "sort.h"
#include "exe.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
has_prefix(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - s) > n && strncmp(s, prefix, n) == 0 &&
	       memchr(s, '\0', n) == NULL && s[n] != '\0';
}

/*
 * GNU gprof accepts ".NNN" groups (nested functions) and ".clone.NNN" /
 * ".constprop.NNN" (GCC clones) in local names, and nothing else after a
 * dot.  Its scanner steps over the NUL when a name ends inside such a
 * group and goes on judging the next strings of the table; reports
 * depend on that, so we do the same, but never past END.
 */
bool
symtab_local_name_ok(const char *name, size_t room)
{
	const char *p = name, *end = name + room;

	if (room == 0 || name[0] == '\0')
		return false;
	for (; p < end && *p != '\0'; p++) {
		if (*p == '$')
			return false;
		while (p < end && *p == '.') {
			bool digits = false;

			if (has_prefix(p, end, ".clone."))
				p += strlen(".clone.") - 1;
			else if (has_prefix(p, end, ".constprop."))
				p += strlen(".constprop.") - 1;
			for (p++; p < end && *p != '\0'; p++) {
				if (digits && *p == '.')
					break;
				if (!is_digit(*p))
					return false;
				digits = true;
			}
			if (p >= end)
				return true;
		}
		/* At a NUL here, the loop's p++ steps over it (the over-read). */
	}
	return true;
}

static bool
keep_symbol(const struct exe_sym *e, const struct symtab_opts *o)
{
	switch (e->letter) {
	case 'T':
	case 'W':
		return !(o->no_static && e->bind == STB_LOCAL);
	case 't':
		if (o->no_static)
			return false;
		if (!symtab_local_name_ok(e->name, e->name_room))
			return false;
		if (strncmp(e->name, "__gnu_compiled", 14) == 0 ||
		    strncmp(e->name, "___gnu_compiled", 15) == 0)
			return false;
		if (o->ignore_non_functions && e->type != STT_FUNC)
			return false;
		return true;
	default:
		return false;
	}
}

static int
by_addr(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return 0;
}

static int
underscores(const char *s)
{
	return s[0] != '_' ? 0 : s[1] != '_' ? 1 : 2;
}

/* Whether B should replace A when both sit at one address. */
static bool
better(const struct sym *a, const struct sym *b)
{
	if (a->is_static != b->is_static)
		return a->is_static;
	if (a->is_func != b->is_func)
		return b->is_func;
	return underscores(b->name) < underscores(a->name);
}

static int
id_by_addr(uint32_t a, uint32_t b, const void *ctx)
{
	const struct sym *v = ctx;

	return by_addr(&v[a], &v[b]);
}

/* Stable sort by address: ties keep symbol-table order, as GNU's does. */
static void
sort_stable(struct sym *v, size_t n)
{
	uint32_t *ids;
	struct sym *tmp;

	if (n < 2)
		return;
	if (n > UINT32_MAX) { /* ids would not fit the keys */
		ids = xmalloc(n * sizeof(*ids));
		for (size_t i = 0; i < n; i++)
			ids[i] = (uint32_t)i;
		gp_sort(ids, n, id_by_addr, v);
	} else {
		/* The same order by a radix sort of the addresses. */
		uint64_t *k = xmalloc(n * sizeof(*k));

		for (size_t i = 0; i < n; i++)
			k[i] = v[i].addr;
		ids = xmalloc(n * sizeof(*ids));
		gp_sort_u64(k, n, ids);
		free(k);
	}
	tmp = xmalloc(n * sizeof(*tmp));
	for (size_t i = 0; i < n; i++)
		tmp[i] = v[ids[i]];
	memcpy(v, tmp, n * sizeof(*v));
	free(tmp);
	free(ids);
}

int
symtab_build(struct symtab *st, const struct exe *x,
	     const struct symtab_opts *opts, struct gp_err *err)
{
	struct sym *v = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*v));
	size_t n = 0;

	memset(st, 0, sizeof(*st));

	for (size_t i = 0; i < x->nsyms; i++) {
		const struct exe_sym *e = &x->syms[i];

		const struct linkmap_entry *me = NULL;

		if (!keep_symbol(e, opts))
			continue;
		if (opts->map != NULL) {
			me = linkmap_find(opts->map, e->name);
			if (me != NULL && !me->first)
				continue;
		}
		v[n].name = me != NULL ? me->file : e->name;
		v[n].mapped = me != NULL;
		v[n].addr = e->addr;
		v[n].is_func = e->type == STT_FUNC || e->type == STT_GNU_IFUNC;
		v[n].is_static = e->letter == 't';
		n++;
	}
	if (n == 0) {
		free(v);
		st->syms = NULL;
		st->n = 0;
		return gp_fail(err, "%s: no function symbols", x->path);
	}
	symtab_finish(st, v, n, x->text_found ? x->text_hi : 0);
	return 0;
}

void
symtab_finish(struct symtab *st, struct sym *v, size_t n, uint64_t text_hi)
{
	size_t out = 0;

	memset(st, 0, sizeof(*st));
	if (n == 0) {
		free(v);
		st->syms = NULL;
		st->n = 0;
		return;
	}
	sort_stable(v, n);
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && v[out - 1].addr == v[i].addr) {
			if (better(&v[out - 1], &v[i]))
				v[out - 1] = v[i];
			continue;
		}
		v[out++] = v[i];
	}
	for (size_t i = 0; i + 1 < out; i++)
		v[i].end = v[i + 1].addr - 1;
	v[out - 1].end = text_hi ? text_hi - 1 : v[out - 1].addr;
	st->syms = v;
	st->n = out;
	symtab_index(st);
}

void
symtab_free(struct symtab *st)
{
	free(st->syms);
	free(st->bucket);
	free(st->ix_key);
	free(st->ix_func);
	memset(st, 0, sizeof(*st));
}

void
symtab_index(struct symtab *st)
{
	uint64_t span;
	size_t nb, k = 0;

	free(st->bucket);
	free(st->ix_key);
	free(st->ix_func);
	st->bucket = NULL;
	st->ix_key = NULL;
	st->ix_func = NULL;
	st->nbuckets = 0;
	st->ix_syms = NULL;
	st->ix_n = 0;
	if (st->n < 2 || st->n > UINT32_MAX / 2)
		return;
	st->base = st->syms[0].addr;
	span = st->syms[st->n - 1].addr - st->base;
	st->shift = 0;
	/* At most two buckets per symbol, and one byte at least each. */
	while (st->shift < 63 && (span >> st->shift) >= 2 * (uint64_t)st->n)
		st->shift++;
	nb = (size_t)(span >> st->shift) + 2;
	st->bucket = xreallocarray(NULL, nb, sizeof(*st->bucket));
	for (size_t b = 0; b < nb; b++) {
		/* The last bucket starts past the last symbol; the others
		 * start at most SPAN above BASE, so never overflow. */
		uint64_t at = b + 1 < nb ? st->base + ((uint64_t)b << st->shift)
					 : UINT64_MAX;

		while (k < st->n && st->syms[k].addr <= at)
			k++;
		st->bucket[b] = (uint32_t)k;
	}
	st->ix_key = xreallocarray(NULL, st->n, sizeof(*st->ix_key));
	st->ix_func = xreallocarray(NULL, st->n, sizeof(*st->ix_func));
	for (size_t i = 0; i < st->n; i++) {
		st->ix_key[i].addr = st->syms[i].addr;
		st->ix_key[i].end = st->syms[i].end;
		st->ix_func[i] = st->syms[i].is_func;
	}
	st->nbuckets = nb;
	st->ix_syms = st->syms;
	st->ix_n = st->n;
}

/* symtab_find() before the ALIAS. */
static sym_id
find_entry(const struct symtab *st, uint64_t addr)
{
	size_t lo = 0, hi = st->n;

	if (st->bucket != NULL && st->ix_syms == st->syms &&
	    st->ix_n == st->n) {
		uint64_t b;

		if (addr < st->base)
			return SYM_NONE;
		b = (addr - st->base) >> st->shift;
		if (b + 1 < st->nbuckets) {
			lo = st->bucket[b];
			hi = st->bucket[b + 1];
		} else {
			lo = st->n;
		}
		/* The same search over the keys. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (st->ix_key[mid].addr <= addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == 0 || addr > st->ix_key[lo - 1].end)
			return SYM_NONE;
		return (sym_id)(lo - 1);
	}
	/* Find the last symbol with addr <= ADDR. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (st->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return SYM_NONE;
	lo--;
	if (addr > st->syms[lo].end)
		return SYM_NONE;
	return (sym_id)lo;
}

sym_id
symtab_find(const struct symtab *st, uint64_t addr)
{
	sym_id id = find_entry(st, addr);

	return id != SYM_NONE && st->alias != NULL ? st->alias[id] : id;
}

void
symtab_add_lines(struct symtab *out, const struct symtab *st,
		 const uint64_t *lines, const char *const *names, size_t n)
{
	struct sym *v = xcalloc(st->n + n + 1, sizeof(*v));
	size_t i = 0, j = 0, k = 0;

	memset(out, 0, sizeof(*out));

	while (i < st->n || j < n) {
		if (j == n || (i < st->n && st->syms[i].addr <= lines[j])) {
			if (j < n && st->syms[i].addr == lines[j])
				j++; /* the function wins */
			v[k++] = st->syms[i++];
		} else {
			v[k].name = names[j];
			v[k].addr = lines[j++];
			k++;
		}
	}
	for (size_t m = 0; m + 1 < k; m++)
		v[m].end = v[m + 1].addr - 1;
	if (k > 0)
		v[k - 1].end = st->n ? st->syms[st->n - 1].end : v[k - 1].addr;
	out->syms = v;
	out->n = k;
	symtab_index(out);
}
