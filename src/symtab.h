/*
 * symtab.h - the function table: which symbols of an executable count as
 * functions, one per address, sorted by address, each with the range of
 * addresses it owns.
 *
 * The rules follow GNU gprof's (see docs/ARCHITECTURE.md): nm class 'T'
 * and 'W' symbols are kept, class 't' symbols only when their names look
 * like C functions, one symbol survives per address, and a symbol owns
 * everything up to the next kept symbol (ELF st_size is ignored).
 */
#ifndef GPROF_SYMTAB_H
#define GPROF_SYMTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "linkmap.h"

struct exe;

typedef uint32_t sym_id;
#define SYM_NONE UINT32_MAX

struct sym {
	const char *name; /* borrowed from the struct exe */
	uint64_t addr;
	uint64_t end;   /* last address owned, inclusive; may be < addr */
	bool is_func;   /* STT_FUNC (or ifunc) */
	bool is_static; /* local binding */
	bool mapped;    /* -R: named after the object file defining it */
	/* A shared library's function whose name another object also has:
	 * the library's base name, shown as "name [libfoo.so]" (objects.h);
	 * NULL otherwise. */
	const char *obj;
	/* A shared library's function: its base name (NULL for the
	 * executable's), and the bias added to its addresses. */
	const char *objname;
	uint64_t bias;
};

struct symtab {
	struct sym *syms; /* owned, sorted by addr, addresses unique */
	size_t n;
	/*
	 * symtab_find's index (symtab_index): BUCKET[b] counts the symbols
	 * at or below BASE + (b << SHIFT), so a lookup searches one bucket
	 * instead of the whole table.  Used only while IX_SYMS and IX_N
	 * still describe SYMS and N (a table changed or copied afterwards
	 * falls back to a binary search over it all).
	 */
	uint32_t *bucket; /* owned, NBUCKETS entries, or NULL */
	size_t nbuckets;
	/* Each symbol's addr and end, side by side (owned, N of them, with
	 * BUCKET): the search reads 16 bytes a symbol, not a struct sym. */
	struct symtab_key {
		uint64_t addr, end;
	} * ix_key;
	bool *ix_func; /* owned, with BUCKET: each symbol's is_func */
	uint64_t base;
	unsigned shift;
	const struct sym *ix_syms;
	size_t ix_n;
	/*
	 * Our views' table only (symclones.h): per entry, the entry
	 * symtab_find() answers for an address it owns (a gcc clone's
	 * origin, else itself).  Borrowed; NULL in every table GNU's rules
	 * make, which answer with the entry itself.
	 */
	const uint32_t *alias;
};

struct symtab_opts {
	bool no_static;            /* -a: drop local symbols */
	bool ignore_non_functions; /* -D: drop local non-function symbols */
	/*
	 * -R: a function the map lists is named after its file when its
	 * entry is the first of a run of one file, and dropped otherwise
	 * (its addresses then belong to the function before it).  NULL for
	 * none.
	 */
	const struct linkmap *map;
};

/*
 * Build the function table of X.  Fails when no symbol qualifies.
 * The table borrows names from X, which must outlive it.
 */
int symtab_build(struct symtab *st, const struct exe *x,
		 const struct symtab_opts *opts, struct gp_err *err);
void symtab_free(struct symtab *st);

/*
 * Make ST from the N candidate functions V (taking V): sort them by
 * address, keep one per address by GNU's preferences, and give each the
 * range up to the next; the last ends at TEXT_HI - 1 (at its own
 * address when TEXT_HI is 0).  An empty V gives an empty table.
 */
void symtab_finish(struct symtab *st, struct sym *v, size_t n,
		   uint64_t text_hi);

/*
 * OUT = the functions of ST plus a non-function entry at each of the N
 * ascending addresses LINES that is not a function's address, named
 * NAMES[i]: the table GNU gprof's line mode uses, which -s relies on.
 */
void symtab_add_lines(struct symtab *out, const struct symtab *st,
		      const uint64_t *lines, const char *const *names,
		      size_t n);

/*
 * (Re)build ST's lookup index after its symbols are final (symtab_finish
 * and symtab_add_lines call it; a caller that appends symbols calls it
 * again).  Costs O(n) time and at most 8 bytes per symbol.
 */
void symtab_index(struct symtab *st);

/*
 * The symbol whose range [addr, end] holds ADDR (or, in a table with an
 * ALIAS, the entry it is counted in), or SYM_NONE.  O(log n), and O(1)
 * for evenly spread symbols once the table is indexed.
 */
sym_id symtab_find(const struct symtab *st, uint64_t addr);

/*
 * Whether a local text symbol NAME is kept as a function.  ROOM is the
 * number of bytes from NAME to the end of its string table: like GNU
 * gprof, a name whose last "."-group runs into its terminating NUL is
 * scanned on into the strings that follow it (see symtab.c).
 */
bool symtab_local_name_ok(const char *name, size_t room);

/* Whether ST's entry ID is a function (STT_FUNC): syms[ID].is_func,
 * read from the index's dense copy while it describes the table. */
static inline bool
symtab_is_func(const struct symtab *st, sym_id id)
{
	if (st->ix_func != NULL && st->ix_syms == st->syms && st->ix_n == st->n)
		return st->ix_func[id];
	return st->syms[id].is_func;
}

#endif
