/*
 * jsonw.h - a streaming JSON writer: always valid JSON, whatever the
 * bytes it is given.
 *
 * The writer places the commas and colons itself: open a container,
 * write keys and values in order, close it.  Inside an object every
 * value must follow a jsonw_key(); in an array values follow each other.
 *
 *	struct jsonw w;
 *	jsonw_init(&w, out, 0);
 *	jsonw_object(&w);
 *	jsonw_key(&w, "name");
 *	jsonw_string(&w, sym->name);   // any bytes: see below
 *	jsonw_key(&w, "seconds");
 *	jsonw_double(&w, t);           // NaN or infinity: null
 *	jsonw_end(&w);
 *	if (jsonw_finish(&w, err) != 0) ...
 *
 * Contracts:
 * - Strings are written as UTF-8.  Bytes that are not well-formed UTF-8
 *   (stray continuation bytes, truncated or overlong sequences, UTF-16
 *   surrogates, code points past U+10FFFF) become U+FFFD, one per bad
 *   byte, so the output always parses; control characters, '"' and '\'
 *   are escaped.
 * - Numbers: integers exactly; doubles that hold an integer below 2^53
 *   as that integer, others with the fewest significant digits (15 to
 *   17) that read back as the same double.  A double that is NaN or infinite is written
 *   as null: JSON has no such numbers.
 * - JSONW_HTML also escapes '<', '>' and '&' in strings (as \u003c...),
 *   so the document can sit inside an HTML <script> element: no "</"
 *   or "<!--" can occur in it.
 * - Nesting is at most JSONW_MAX_DEPTH; misuse (a value without a key
 *   in an object, too deep, unbalanced ends) is a programming error,
 *   caught by NEVER() and reported by jsonw_finish().
 * - Output goes through stdio; a write error is the stream owner's to
 *   find (outfile.h), not jsonw's.
 */
#ifndef GPROF_JSONW_H
#define GPROF_JSONW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#define JSONW_MAX_DEPTH 32

enum {
	JSONW_HTML = 1, /* escape < > & (for a <script> element) */
};

struct jsonw {
	FILE *out;
	unsigned flags;
	unsigned depth;
	/* Per open container: it is an object; a value was written in it. */
	bool is_object[JSONW_MAX_DEPTH];
	bool nonempty[JSONW_MAX_DEPTH];
	bool have_key; /* a key was written, its value is due */
	bool misused;  /* a contract above was broken */
	/* Elements of containers at depth <= this start a new line. */
	unsigned newline_depth;
};

/* Start writing one JSON document to OUT with FLAGS (JSONW_*). */
void jsonw_init(struct jsonw *w, FILE *out, unsigned flags);

/* Open an object or an array (as a value); jsonw_end() closes it. */
void jsonw_object(struct jsonw *w);
void jsonw_array(struct jsonw *w);
void jsonw_end(struct jsonw *w);

/* The key of the next value in the open object (any bytes). */
void jsonw_key(struct jsonw *w, const char *key);

/* Values. */
void jsonw_string(struct jsonw *w, const char *s); /* NULL: null */
void jsonw_string_n(struct jsonw *w, const char *s, size_t n);
void jsonw_null(struct jsonw *w);
void jsonw_bool(struct jsonw *w, bool b);
void jsonw_uint(struct jsonw *w, uint64_t v);
void jsonw_int(struct jsonw *w, int64_t v);
void jsonw_double(struct jsonw *w, double v);
/* V rounded to SIG significant digits first (for estimates and
 * intervals, where 17 digits would claim a precision they lack). */
void jsonw_double_sig(struct jsonw *w, double v, int sig);
/* "0x" and V in lower-case hex, as a string (addresses). */
void jsonw_hex(struct jsonw *w, uint64_t v);

/*
 * End the document: a final newline, then 0 when it is complete, or -1
 * with a message in ERR (misuse).
 */
int jsonw_finish(struct jsonw *w, struct gp_err *err);

#endif
