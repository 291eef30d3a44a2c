/*
 * diff_json.c - a --format=json export as the base of --diff (diff.h).
 *
 * Read with the pull reader (jsonr.h), so the document is checked as
 * JSON and never held as a tree.  Used: "format" (must be
 * "gprof-profile"), "version" (must be 1), program.path,
 * profile.files, profile.sampling_rate_hz (a number > 0 or null),
 * profile.stack_samples (a count), and per function raw_name, name,
 * file, self_samples, calls, self_calls and total_seconds_measured (a
 * number >= 0 or null); every other member is skipped.  The total
 * samples are the sum of the functions' self samples, as for a profile
 * read directly.  The base has stacks when it has stack samples and a
 * rate: its measured totals, written in seconds, are turned back into
 * samples (seconds x rate, rounded).  An export of a gprof older than
 * stacks has neither member and reads as a base without stacks.  Every value used is type- and range-checked; the first
 * problem is the error, named by its place ("functions[3].calls").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "jsonr.h"
#include "reader.h"

bool
diff_base_is_json(const char *base)
{
	size_t n = strlen(base);
	char head[2] = { 0 };
	FILE *f;

	if (n >= 5 && strcmp(base + n - 5, ".json") == 0)
		return true;
	if (strchr(base, ',') != NULL)
		return false;
	f = fopen(base, "rb");
	if (f == NULL)
		return false;
	n = fread(head, 1, 2, f);
	fclose(f);
	return n == 2 && head[0] == '{' && (head[1] == '"' || head[1] == '\n');
}

void
diff_strings_free(struct diff_strings *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	free(s->files);
	memset(s, 0, sizeof(*s));
}

/* What reading the document needs at hand. */
struct rd {
	struct jsonr r;
	struct jsonr_ev ev;
	struct diff_strings *strs;
	struct gp_err *err;
	char where[96];         /* the value being read, for messages */
	uint64_t stack_samples; /* profile.stack_samples, 0 if absent */
};

/*
 * The capacity for element N of an array whose capacity CAP is full:
 * doubled, so N elements cost O(N) copying, but never past what the
 * input left unread could still fill, each element taking at least
 * MIN bytes of JSON (so a short input never gets a large array).
 */
static size_t
grown(const struct rd *d, size_t cap, size_t n, size_t min)
{
	size_t left = (size_t)(d->r.end - d->r.p) / min;
	size_t want = cap > 8 ? 2 * cap : 16;

	if (want - n - 1 > left)
		want = n + 1 + left;
	return want;
}

/* A copy of STR kept until diff_strings_free(). */
static const char *
keep(struct rd *d, const char *str)
{
	struct diff_strings *s = d->strs;

	if (s->n == s->cap) { /* each string is "" at least */
		s->cap = grown(d, s->cap, s->n, 2);
		s->v = xreallocarray(s->v, s->cap, sizeof(*s->v));
	}
	s->v[s->n] = xstrdup(str);
	return s->v[s->n++];
}

static int
next(struct rd *d)
{
	return jsonr_next(&d->r, &d->ev, d->err);
}

static int
wrong(struct rd *d, const char *want)
{
	return gp_fail(d->err, "%s is not %s", d->where, want);
}

/* The next value as a string (NULL allowed when NULLABLE). */
static int
get_string(struct rd *d, const char **out, bool nullable)
{
	if (next(d) != 0)
		return -1;
	if (nullable && d->ev.kind == JSONR_NULL) {
		*out = NULL;
		return 0;
	}
	if (d->ev.kind != JSONR_STRING)
		return wrong(d, nullable ? "a string or null" : "a string");
	*out = keep(d, d->ev.str);
	return 0;
}

/* The next value as a finite number >= 0. */
static int
get_number(struct rd *d, double *out)
{
	if (next(d) != 0)
		return -1;
	if (d->ev.kind != JSONR_NUMBER || !(d->ev.num >= 0))
		return wrong(d, "a number >= 0");
	*out = d->ev.num;
	return 0;
}

/* The next value as a number >= 0, or null (as 0). */
static int
get_number_or_null(struct rd *d, double *out)
{
	if (next(d) != 0)
		return -1;
	if (d->ev.kind == JSONR_NULL) {
		*out = 0;
		return 0;
	}
	if (d->ev.kind != JSONR_NUMBER || !(d->ev.num >= 0))
		return wrong(d, "a number >= 0 or null");
	*out = d->ev.num;
	return 0;
}

/* The next value as a count: a whole number from 0 to 2^64 - 1, exact
 * when written as digits (a double holds counts only to 2^53). */
static int
get_count(struct rd *d, uint64_t *out)
{
	if (next(d) != 0)
		return -1;
	if (d->ev.kind == JSONR_NUMBER && d->ev.is_u64) {
		*out = d->ev.u64;
		return 0;
	}
	if (d->ev.kind != JSONR_NUMBER || !(d->ev.num >= 0) ||
	    d->ev.num != floor(d->ev.num) || d->ev.num >= 0x1p64)
		return wrong(d, "a whole number from 0 to "
				"18446744073709551615");
	*out = (uint64_t)d->ev.num;
	return 0;
}

/* Expect the next event to open KIND; 0 when it does. */
static int
open_value(struct rd *d, enum jsonr_kind kind)
{
	if (next(d) != 0)
		return -1;
	if (d->ev.kind != kind)
		return wrong(d,
			     kind == JSONR_OBJECT ? "an object" : "an array");
	return 0;
}

/* The next member of an open object: 1 with its name, 0 at its end. */
static int
member(struct rd *d, char *name, size_t room)
{
	if (next(d) != 0)
		return -1;
	if (d->ev.kind == JSONR_END)
		return 0;
	snprintf(name, room, "%s", d->ev.str);
	return 1;
}

static int
skip_value(struct rd *d)
{
	if (next(d) != 0)
		return -1;
	return jsonr_skip(&d->r, &d->ev, d->err);
}

static int
read_program(struct rd *d, struct diff_side *side)
{
	char key[64];
	int k;

	snprintf(d->where, sizeof(d->where), "program");
	if (open_value(d, JSONR_OBJECT) != 0)
		return -1;
	while ((k = member(d, key, sizeof(key))) == 1) {
		if (strcmp(key, "path") == 0) {
			snprintf(d->where, sizeof(d->where), "program.path");
			if (get_string(d, &side->exe, false) != 0)
				return -1;
		} else if (skip_value(d) != 0) {
			return -1;
		}
	}
	return k;
}

static int
read_files(struct rd *d, struct diff_side *side)
{
	size_t n = 0, cap = 0;

	snprintf(d->where, sizeof(d->where), "profile.files");
	if (open_value(d, JSONR_ARRAY) != 0)
		return -1;
	for (;;) {
		if (next(d) != 0)
			return -1;
		if (d->ev.kind == JSONR_END)
			break;
		if (d->ev.kind != JSONR_STRING)
			return wrong(d, "an array of strings");
		if (n == cap) {
			cap = grown(d, cap, n, 2);
			d->strs->files =
			    xreallocarray(d->strs->files, cap, sizeof(char *));
		}
		d->strs->files[n++] = keep(d, d->ev.str);
	}
	side->gmons = d->strs->files;
	side->ngmons = n;
	return 0;
}

static int
read_profile(struct rd *d, struct diff_side *side, struct diff_input *in)
{
	char key[64];
	int k;

	snprintf(d->where, sizeof(d->where), "profile");
	if (open_value(d, JSONR_OBJECT) != 0)
		return -1;
	while ((k = member(d, key, sizeof(key))) == 1) {
		if (strcmp(key, "files") == 0) {
			if (read_files(d, side) != 0)
				return -1;
		} else if (strcmp(key, "sampling_rate_hz") == 0) {
			snprintf(d->where, sizeof(d->where),
				 "profile.sampling_rate_hz");
			if (next(d) != 0)
				return -1;
			if (d->ev.kind == JSONR_NULL)
				in->hz = 0;
			else if (d->ev.kind == JSONR_NUMBER && d->ev.num > 0)
				in->hz = d->ev.num;
			else
				return wrong(d, "a number > 0 or null");
		} else if (strcmp(key, "stack_samples") == 0) {
			snprintf(d->where, sizeof(d->where),
				 "profile.stack_samples");
			if (get_count(d, &d->stack_samples) != 0)
				return -1;
		} else if (skip_value(d) != 0) {
			return -1;
		}
	}
	return k;
}

/* One element of "functions" into F; -1 on error. */
static int
read_function(struct rd *d, size_t i, struct diff_fn *f)
{
	char key[64];
	uint64_t calls = 0, self_calls = 0;
	bool have_raw = false, have_samples = false, have_calls = false;
	int k;

	memset(f, 0, sizeof(*f));
	f->is_static = -1;
	snprintf(d->where, sizeof(d->where), "functions[%zu]", i);
	if (d->ev.kind != JSONR_OBJECT)
		return wrong(d, "an object");
	while ((k = member(d, key, sizeof(key))) == 1) {
		int rc = 0;

		snprintf(d->where, sizeof(d->where), "functions[%zu].%s", i,
			 key);
		if (strcmp(key, "raw_name") == 0) {
			rc = get_string(d, &f->raw, false);
			have_raw = true;
		} else if (strcmp(key, "name") == 0) {
			rc = get_string(d, &f->name, false);
		} else if (strcmp(key, "object") == 0) {
			rc = get_string(d, &f->obj, false);
		} else if (strcmp(key, "file") == 0) {
			rc = get_string(d, &f->path, true);
		} else if (strcmp(key, "self_samples") == 0) {
			rc = get_number(d, &f->samples);
			have_samples = true;
		} else if (strcmp(key, "calls") == 0) {
			rc = get_count(d, &calls);
			have_calls = true;
		} else if (strcmp(key, "self_calls") == 0) {
			rc = get_count(d, &self_calls);
		} else if (strcmp(key, "total_seconds_measured") == 0) {
			rc = get_number_or_null(d, &f->total); /* seconds */
		} else {
			rc = skip_value(d);
		}
		if (rc != 0)
			return -1;
	}
	if (k != 0)
		return -1;
	if (!have_raw || !have_samples || !have_calls)
		return gp_fail(d->err,
			       "functions[%zu] lacks raw_name, self_samples "
			       "or calls",
			       i);
	if (f->name == NULL)
		f->name = f->raw;
	f->file = f->path != NULL ? xpath_base(f->path) : NULL;
	f->calls = gp_add_sat(calls, self_calls); /* as diff.c sums */
	return 0;
}

/* Fewer bytes than any function takes: the three members it must
 * have, {"raw_name":"","self_samples":0,"calls":0}, are 42. */
#define MIN_FUNCTION_BYTES 40

static int
read_functions(struct rd *d, struct diff_input *in)
{
	size_t cap = 0;

	snprintf(d->where, sizeof(d->where), "functions");
	if (open_value(d, JSONR_ARRAY) != 0)
		return -1;
	for (size_t i = 0;; i++) {
		struct diff_fn f;

		if (next(d) != 0)
			return -1;
		if (d->ev.kind == JSONR_END)
			return 0;
		if (read_function(d, i, &f) != 0)
			return -1;
		in->samples += f.samples;
		if (!(f.samples > 0) && f.calls == 0 && !(f.total > 0))
			continue;
		if (in->n == cap) {
			cap = grown(d, cap, in->n, MIN_FUNCTION_BYTES);
			in->fns = xreallocarray(in->fns, cap, sizeof(*in->fns));
		}
		in->fns[in->n++] = f;
	}
}

/* The top-level object's members. */
static int
read_document(struct rd *d, struct diff_input *in, struct diff_side *side)
{
	char key[64];
	bool format = false, version = false, functions = false;
	int k;

	snprintf(d->where, sizeof(d->where), "the document");
	if (open_value(d, JSONR_OBJECT) != 0)
		return -1;
	while ((k = member(d, key, sizeof(key))) == 1) {
		int rc = 0;

		snprintf(d->where, sizeof(d->where), "%s", key);
		if (strcmp(key, "format") == 0) {
			if (next(d) != 0)
				return -1;
			if (d->ev.kind != JSONR_STRING ||
			    strcmp(d->ev.str, "gprof-profile") != 0)
				return gp_fail(d->err,
					       "not a gprof --format=json "
					       "export (format is not "
					       "\"gprof-profile\")");
			format = true;
		} else if (strcmp(key, "version") == 0) {
			if (next(d) != 0)
				return -1;
			if (d->ev.kind != JSONR_NUMBER || d->ev.num != 1)
				return gp_fail(d->err,
					       "version is not 1 (the only "
					       "one this gprof reads)");
			version = true;
		} else if (strcmp(key, "program") == 0) {
			rc = read_program(d, side);
		} else if (strcmp(key, "profile") == 0) {
			rc = read_profile(d, side, in);
		} else if (strcmp(key, "functions") == 0) {
			rc = read_functions(d, in);
			functions = true;
		} else {
			rc = skip_value(d);
		}
		if (rc != 0)
			return -1;
	}
	if (k != 0)
		return -1;
	if (next(d) != 0)
		return -1;
	if (!format || !version || !functions)
		return gp_fail(d->err, "not a gprof --format=json export (no "
				       "format, version or functions)");
	return 0;
}

/*
 * With stack samples and a rate, IN has stacks: its functions' measured
 * seconds become samples; without, no function has a measured total.
 */
static void
measured_samples(const struct rd *d, struct diff_input *in)
{
	in->stacks = d->stack_samples > 0 && in->hz > 0;
	in->stack_samples = in->stacks ? (double)d->stack_samples : 0;
	for (size_t i = 0; i < in->n; i++) {
		double n = round(in->fns[i].total * in->hz);

		/* A count past 2^53 is no profile's; keep it finite. */
		in->fns[i].total = !in->stacks ? 0 : n < 0x1p53 ? n : 0x1p53;
	}
}

int
diff_json_read(const char *path, struct diff_input *in, struct diff_side *side,
	       struct diff_strings *strs, struct gp_err *err)
{
	struct rd d;
	size_t len;
	char *text = slurp_regular(path, &len, err);
	char msg[sizeof(err->msg)];
	int rc;

	if (text == NULL) {
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return gp_fail(err, "--diff: %s", msg);
	}
	memset(&d, 0, sizeof(d));
	memset(in, 0, sizeof(*in));
	jsonr_init(&d.r, text, len);
	d.strs = strs;
	d.err = err;
	side->exe = path;
	side->gmons = NULL;
	side->ngmons = 0;
	rc = read_document(&d, in, side);
	if (rc == 0)
		measured_samples(&d, in);
	jsonr_free(&d.r);
	free(text);
	if (rc != 0) {
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return gp_fail(err, "--diff: %s: %s", path, msg);
	}
	return 0;
}
