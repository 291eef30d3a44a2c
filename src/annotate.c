/*
 * annotate.c - annotated source, -A (see annotate.h for GNU's rules).
 *
 * Both modes come down to one list of symbols with a position, a call
 * count, a function flag and basic-block counts: the functions (from
 * the model) or, in line mode, GNU's table of functions and line
 * symbols.  The symbols are grouped by file and line, and each file is
 * printed from its lines.
 */
#include "annotate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "sort.h"
#include "srcfile.h"
#include "srcpath.h"

enum { FIELD = 16, COUNT_WIDTH = 12 };

/* One source file's share of the symbols: ids[lo, hi) of the plan. */
struct ann_file {
	const char *path;
	size_t lo, hi;
	size_t rank; /* the least rank of its symbols */
};

/*
 * A line holding selected symbols: their summed call count, and what
 * the first of them (by address) has.  A line of several symbols has
 * address 0, as in GNU (which shows with -x).
 */
struct ann_line {
	size_t line;
	uint64_t count;
	uint64_t addr;
	bool is_func;
	uint32_t bb, nbb;
};

struct plan {
	const struct ann_sym *syms; /* borrowed: struct ann_syms' */
	size_t nsyms;
	const struct gmon_bb *bbs; /* borrowed: counts by symbol, in slots */
	size_t nbbs;
	uint32_t *ids; /* symbols by file, line and address */
	struct ann_file *files;
	size_t nfiles;
};

/* What the running annotation remembers from line to line (GNU's). */
struct ann_state {
	uint64_t last; /* the last count seen, across lines and files */
};

static int
by_file_line(uint32_t ia, uint32_t ib, const void *ctx)
{
	const struct ann_sym *v = ctx;
	const struct ann_sym *a = &v[ia];
	const struct ann_sym *b = &v[ib];
	int c = strcmp(a->path, b->path);

	if (c != 0)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static int
by_rank_desc(const void *pa, const void *pb)
{
	const struct ann_file *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank > b->rank ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* Group the symbols into files, in GNU's order. */
static void
group_files(struct plan *p)
{
	p->ids = xcalloc(p->nsyms ? p->nsyms : 1, sizeof(*p->ids));
	for (size_t i = 0; i < p->nsyms; i++)
		p->ids[i] = (uint32_t)i;
	gp_sort(p->ids, p->nsyms, by_file_line, p->syms);
	p->files = xcalloc(p->nsyms ? p->nsyms : 1, sizeof(*p->files));
	for (size_t k = 0; k < p->nsyms; k++) {
		const struct ann_sym *s = &p->syms[p->ids[k]];
		struct ann_file *f =
		    p->nfiles ? &p->files[p->nfiles - 1] : NULL;

		if (f == NULL || strcmp(f->path, s->path) != 0) {
			f = &p->files[p->nfiles++];
			f->path = s->path;
			f->lo = k;
			f->rank = SIZE_MAX;
		}
		f->hi = k + 1;
		if (s->rank < f->rank)
			f->rank = s->rank;
	}
	qsort(p->files, p->nfiles, sizeof(*p->files), by_rank_desc);
}

static void
plan_free(struct plan *p)
{
	free(p->ids);
	free(p->files);
}

/* F's lines holding selected symbols, ascending; returns how many. */
static size_t
file_lines(const struct plan *p, const struct ann_file *f, struct ann_line *out,
	   uint64_t *total)
{
	size_t n = 0;

	*total = 0;
	for (size_t k = f->lo; k < f->hi; k++) {
		const struct ann_sym *s = &p->syms[p->ids[k]];

		if (!s->selected)
			continue;
		if (n == 0 || out[n - 1].line != s->line) {
			out[n++] =
			    (struct ann_line){ s->line,    0,     s->addr,
					       s->is_func, s->bb, s->nbb };
		} else {
			out[n - 1].addr = 0;
		}
		out[n - 1].count += s->ncalls;
		*total += s->ncalls;
	}
	return n;
}

/* Append ",V" (or "V" first) to TEXT of length *LEN (room: CAP). */
static void
add_count(char *text, size_t cap, size_t *len, uint64_t v)
{
	int w = snprintf(text + *len, cap - *len, "%s%" PRIu64,
			 *len > 0 ? "," : "", v);

	if (w > 0 && (size_t)w < cap - *len)
		*len += (size_t)w;
}

/*
 * The counts shown for line L into TEXT, GNU's way: a function's calls,
 * then its basic-block counts; with -x (ALL) a line that starts inside
 * a block first repeats the last count, repeats of the last printed
 * count are dropped, and a line with nothing of its own shows the last
 * count.  Returns false when the line shows nothing (no calls, no
 * blocks); *SUM gets the sum it is compared with -m.
 */
static bool
line_text(struct ann_state *st, const struct plan *p, const struct ann_line *l,
	  bool all, char *text, size_t cap, uint64_t *sum)
{
	size_t len = 0;
	bool have = false, printed = false;
	uint64_t shown = 0; /* the last count printed, when PRINTED */

	text[0] = '\0';
	*sum = 0;
	if (l->is_func) {
		add_count(text, cap, &len, l->count);
		st->last = l->count;
		shown = l->count;
		printed = true;
		*sum = l->count;
		have = true;
	} else if (all && l->nbb > 0 && p->bbs[l->bb].addr > l->addr) {
		add_count(text, cap, &len, st->last);
		shown = st->last;
		printed = true;
		*sum = st->last;
		have = true;
	}
	for (uint32_t k = 0; k < l->nbb; k++) {
		st->last = p->bbs[l->bb + k].count;
		if (!have)
			*sum = 0;
		have = true;
		*sum += st->last;
		if (all && printed && st->last == shown)
			continue;
		add_count(text, cap, &len, st->last);
		shown = st->last;
		printed = true;
	}
	if (all && len == 0) {
		add_count(text, cap, &len, st->last);
		*sum = st->last;
		have = true;
	}
	return have;
}

static const char blank[FIELD] = "                ";

/* The 16 columns in front of line L. */
static void
put_field(FILE *out, struct ann_state *st, const struct plan *p,
	  const struct ann_line *l, const struct options *o, size_t *executed)
{
	char text[512], field[48];
	uint64_t sum;

	if (!line_text(st, p, l, o->all_lines, text, sizeof(text), &sum)) {
		fwrite(blank, 1, FIELD, out);
		return;
	}
	(*executed)++;
	if (o->min_count > 0 && sum < (uint64_t)o->min_count)
		snprintf(text, sizeof(text), "#####");
	text[FIELD] = '\0'; /* GNU cuts both the counts and the field */
	snprintf(field, sizeof(field), "%*s -> ", COUNT_WIDTH, text);
	fwrite(field, 1, FIELD, out);
}

static int
by_count_desc(uint32_t a, uint32_t b, const void *ctx)
{
	const struct ann_line *v = ctx;

	if (v[a].count != v[b].count)
		return v[a].count > v[b].count ? -1 : 1;
	return 0;
}

static void
put_top(FILE *out, const struct ann_line *v, size_t n, long table_length)
{
	uint32_t *ids = xcalloc(n ? n : 1, sizeof(*ids));
	size_t m = 0;

	for (size_t k = 0; k < n; k++)
		if (v[k].count > 0)
			ids[m++] = (uint32_t)k;
	gp_sort(ids, m, by_count_desc, v);
	fprintf(out, "\n\nTop %ld Lines:\n\n     Line      Count\n\n",
		table_length);
	for (size_t k = 0; k < m && k < (size_t)table_length; k++)
		fprintf(out, "%9zu %10" PRIu64 "\n", v[ids[k]].line,
			v[ids[k]].count);
	free(ids);
}

/* The annotated copy of SF and its trailer, to OUT. */
static void
put_file(FILE *out, struct ann_state *st, const struct plan *p,
	 const struct srcfile *sf, const struct ann_line *v, size_t n,
	 uint64_t total, const struct options *o)
{
	size_t k = 0, executable = 0, executed = 0;

	for (size_t line = 1; line <= sf->nlines; line++) {
		size_t len;
		const char *text = srcfile_line(sf, line, &len);

		while (k < n && v[k].line < line)
			k++;
		if (k < n && v[k].line == line) {
			executable++;
			put_field(out, st, p, &v[k], o, &executed);
		} else {
			fwrite(blank, 1, FIELD, out);
		}
		fwrite(text, 1, len, out);
	}
	if (o->table_length > 0)
		put_top(out, v, n, o->table_length);
	fprintf(out,
		"\nExecution Summary:\n\n"
		"%9zu   Executable lines in this file\n"
		"%9zu   Lines executed\n"
		"%9.2f   Percent of the file executed\n\n"
		"%9" PRIu64 "   Total number of line executions\n"
		"%9.2f   Average executions per line\n",
		executable, executed,
		executable > 0 ? 100.0 * (double)executed / (double)executable
			       : 100.0,
		total,
		executable > 0 ? (double)total / (double)executable : 0.0);
}

/*
 * -y: the sources written so far, by -ann name: two sources with one
 * base name share it (the later wins, as in GNU), which is worth a
 * warning.
 */
struct written {
	const char **paths;
	size_t n;
};

static void
note_written(struct written *w, const char *path, const char *name)
{
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(xpath_base(w->paths[i]), xpath_base(path)) == 0) {
			gp_warn("warning: %s holds the annotation of %s, which "
				"replaced that of %s (same base name)",
				name, path, w->paths[i]);
			w->paths[i] = path;
			return;
		}
	w->paths = xreallocarray(w->paths, w->n + 1, sizeof(*w->paths));
	w->paths[w->n++] = path;
}

/* -y: write BASE-ann whole and atomically.  Returns 0 or -1 (ERR). */
static int
write_ann(const char *path, struct ann_state *st, const struct plan *p,
	  const struct srcfile *sf, const struct ann_line *v, size_t n,
	  uint64_t total, const struct options *o, struct written *w,
	  struct gp_err *err)
{
	const char *base = xpath_base(path);
	size_t len = strlen(base) + sizeof("-ann");
	char *name = xmalloc(len);
	struct gp_err warn = { { 0 } };
	struct outfile of;
	int rc = -1;

	snprintf(name, len, "%s-ann", base);
	note_written(w, path, name);
	if (outfile_open(&of, name, &warn, err) == 0) {
		if (warn.msg[0] != '\0')
			gp_warn("%s", warn.msg);
		put_file(of.f, st, p, sf, v, n, total, o);
		rc = outfile_commit(&of, err);
	}
	free(name);
	return rc;
}

int
annotate_print(FILE *out, const struct ann_syms *syms, const struct options *o,
	       bool *first, struct gp_err *err)
{
	struct plan p = { syms->syms, syms->nsyms, syms->bbs, syms->nbbs,
			  NULL,       NULL,        0 };
	struct srcpath sp;
	struct ann_state st = { 0 };
	struct ann_line *lines;
	struct written written = { 0 };
	bool after_file = false;
	int rc = 0;

	group_files(&p);
	srcpath_init(&sp, o->src_dirs, o->nsrc_dirs, getenv("GPROF_PATH"));
	lines = xcalloc(p.nsyms ? p.nsyms : 1, sizeof(*lines));
	for (size_t k = 0; k < p.nfiles; k++) {
		const struct ann_file *f = &p.files[k];
		struct srcfile sf;
		struct gp_err e;
		uint64_t total;
		size_t n = file_lines(&p, f, lines, &total);

		/* -z: also the files whose selected symbols have no
		 * calls (and no blocks). */
		if (total == 0 && !(o->zeros && n > 0))
			continue;
		if (srcpath_load(&sp, f->path, &sf, &e) != 0) {
			gp_warn("warning: %s; its annotation is left out",
				e.msg);
			continue;
		}
		if (sf.has_nul)
			gp_warn("warning: %s holds NUL bytes (not a text "
				"file?); annotated as it is",
				f->path);
		if (o->separate_files) {
			/* The first failure is the one reported; the other
			 * files are written anyway. */
			if (write_ann(f->path, &st, &p, &sf, lines, n, total, o,
				      &written, rc == 0 ? err : NULL) != 0)
				rc = -1;
		} else {
			if (!*first)
				fputs(after_file ? "\n\f\n" : "\f\n", out);
			*first = false;
			after_file = true;
			fprintf(out, "*** File %s:\n", f->path);
			put_file(out, &st, &p, &sf, lines, n, total, o);
		}
		srcfile_free(&sf);
	}
	free(lines);
	free(written.paths);
	srcpath_free(&sp);
	plan_free(&p);
	return rc;
}
