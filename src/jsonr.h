/*
 * jsonr.h - a pull reader for untrusted JSON (RFC 8259): one event at a
 * time, no document tree, so memory does not grow with the input.
 *
 *	struct jsonr r;
 *	struct jsonr_ev ev;
 *	jsonr_init(&r, text, len);
 *	while (jsonr_next(&r, &ev, err) == 0 && ev.kind != JSONR_EOF) ...
 *	jsonr_free(&r);
 *
 * Contracts:
 * - The grammar is checked completely: every event sequence jsonr_next
 *   returns is that of a well-formed document; anything else (a bad
 *   token, a missing comma, trailing bytes, unbalanced brackets) is an
 *   error with the line and column in ERR.
 * - Nesting deeper than JSONR_MAX_DEPTH is an error (no recursion
 *   anywhere: a stack of container kinds).
 * - Strings are decoded (escapes, surrogate pairs to UTF-8) into a
 *   buffer the reader owns, valid until the next call; "\u0000" is
 *   refused (names are C strings).  Raw bytes are passed through.
 * - Numbers are parsed with strtod (the JSON grammar is checked first);
 *   overflow to infinity is an error.  A number written as digits
 *   alone (no sign, fraction or exponent) that fits 64 bits is also
 *   given exactly (IS_U64, U64), as doubles lose counts past 2^53.
 */
#ifndef GPROF_JSONR_H
#define GPROF_JSONR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define JSONR_MAX_DEPTH 512

enum jsonr_kind {
	JSONR_EOF,
	JSONR_OBJECT, /* { */
	JSONR_ARRAY,  /* [ */
	JSONR_END,    /* } or ] */
	JSONR_KEY,    /* a member name: STR */
	JSONR_STRING, /* STR */
	JSONR_NUMBER, /* NUM */
	JSONR_TRUE,
	JSONR_FALSE,
	JSONR_NULL,
};

struct jsonr_ev {
	enum jsonr_kind kind;
	const char *str; /* JSONR_KEY, JSONR_STRING: NUL-terminated */
	size_t len;
	double num;   /* JSONR_NUMBER */
	bool is_u64;  /* JSONR_NUMBER: digits only, at most 2^64 - 1 */
	uint64_t u64; /* ... its exact value */
};

struct jsonr {
	const char *p, *end, *start;
	unsigned depth;
	bool in_object[JSONR_MAX_DEPTH]; /* per open container */
	bool want_value;                 /* after a key's ':' */
	bool need_comma;                 /* a value ended in the container */
	bool done;                       /* the top-level value ended */
	char *buf;                       /* owned: the last string */
	size_t cap;
};

void jsonr_init(struct jsonr *r, const char *text, size_t len);
void jsonr_free(struct jsonr *r);

/* The next event into EV; 0, or -1 with ERR (then stop). */
int jsonr_next(struct jsonr *r, struct jsonr_ev *ev, struct gp_err *err);

/*
 * Skip the value whose first event is EV (a scalar: nothing more to
 * read; an object or array: up to its end).  0, or -1 with ERR.
 */
int jsonr_skip(struct jsonr *r, const struct jsonr_ev *ev, struct gp_err *err);

#endif
