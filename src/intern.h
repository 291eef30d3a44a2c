/*
 * intern.h - a set of strings, each with a small id (0, 1, 2, ... in
 * order of first appearance): name tables for the views' outputs and
 * one shared copy of each file name.  Lookup is by hash, O(1) expected.
 */
#ifndef GPROF_INTERN_H
#define GPROF_INTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct intern {
	char **s;        /* owned copies, by id */
	size_t n;        /* how many */
	uint32_t *slots; /* owned: open addressing, ids + 1, 0 empty */
	size_t cap;      /* a power of two, or 0 */
};

/* Zero T: an empty set (intern_free is safe on it). */
void intern_init(struct intern *t);

/*
 * The id of S in T, adding a copy of S when it is new (*FRESH, if not
 * NULL, says whether it was).
 */
uint32_t intern_id(struct intern *t, const char *s, bool *fresh);

/* The string with id ID (valid until intern_free). */
static inline const char *
intern_str(const struct intern *t, uint32_t id)
{
	return t->s[id];
}

void intern_free(struct intern *t);

#endif
