/*
 * intern.c - a set of strings with ids (see intern.h).
 */
#include "intern.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

void
intern_init(struct intern *t)
{
	memset(t, 0, sizeof(*t));
}

/* FNV-1a, 64 bits. */
static uint64_t
hash_str(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

static void
grow(struct intern *t)
{
	size_t cap = t->cap ? t->cap * 2 : 64;
	uint32_t *slots = xcalloc(cap, sizeof(*slots));

	for (size_t id = 0; id < t->n; id++) {
		size_t i = hash_str(t->s[id]) & (cap - 1);
		while (slots[i] != 0)
			i = (i + 1) & (cap - 1);
		slots[i] = (uint32_t)id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
	t->s = xreallocarray(t->s, cap, sizeof(*t->s));
}

uint32_t
intern_id(struct intern *t, const char *s, bool *fresh)
{
	size_t i;

	/* At most half full, so probes stay short and a slot is free. */
	if (2 * (t->n + 1) > t->cap)
		grow(t);
	i = hash_str(s) & (t->cap - 1);
	for (; t->slots[i] != 0; i = (i + 1) & (t->cap - 1))
		if (strcmp(t->s[t->slots[i] - 1], s) == 0) {
			if (fresh != NULL)
				*fresh = false;
			return t->slots[i] - 1;
		}
	t->s[t->n] = xstrdup(s);
	t->slots[i] = (uint32_t)++t->n;
	if (fresh != NULL)
		*fresh = true;
	return (uint32_t)t->n - 1;
}

void
intern_free(struct intern *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slots);
	intern_init(t);
}
