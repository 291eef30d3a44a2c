/*
 * annotate.c - annotated source, -A (see annotate.h for GNU's rules).
 */
#include "annotate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "exe.h"
#include "outfile.h"
#include "select.h"
#include "sort.h"
#include "srcfile.h"
#include "srcpath.h"

enum { FIELD = 16, COUNT_WIDTH = 12 };

/* One source file's share of the functions: ids[lo, hi) of the plan. */
struct ann_file {
	const char *path;
	size_t lo, hi;
	size_t rank; /* .symtab index of its first function */
};

/* A line holding selected functions, and their summed count. */
struct ann_line {
	size_t line;
	uint64_t count;
};

struct plan {
	const struct model *m;
	const size_t *rank; /* per function */
	uint32_t *ids;      /* functions with a source position, by file */
	size_t nids;
	struct ann_file *files;
	size_t nfiles;
};

struct code_sym {
	uint64_t addr;
	size_t index;
};

static int
by_addr_index(const void *pa, const void *pb)
{
	const struct code_sym *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Per function: the .symtab index of the first code symbol at its
 * address (GNU meets source files in symbol-table order), or SIZE_MAX.
 */
static size_t *
symtab_ranks(const struct model *m, const struct exe *x)
{
	size_t *rank = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*rank));
	struct code_sym *v = xcalloc(x->nsyms ? x->nsyms : 1, sizeof(*v));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < x->nsyms; i++) {
		char c = x->syms[i].letter;

		if (c == 'T' || c == 't' || c == 'W')
			v[n++] = (struct code_sym){ x->syms[i].addr, i };
	}
	qsort(v, n, sizeof(*v), by_addr_index);
	for (size_t i = 0; i < m->nfuncs; i++) {
		uint64_t addr = m->st->syms[i].addr;

		while (k < n && v[k].addr < addr)
			k++;
		rank[i] = k < n && v[k].addr == addr ? v[k].index : SIZE_MAX;
	}
	free(v);
	return rank;
}

static int
by_file_line(const void *pa, const void *pb, void *ctx)
{
	const struct model *m = ctx;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int c = strcmp(m->src[a].path, m->src[b].path);

	if (c != 0)
		return c;
	if (m->src[a].line != m->src[b].line)
		return m->src[a].line < m->src[b].line ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int
by_rank_desc(const void *pa, const void *pb)
{
	const struct ann_file *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank > b->rank ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* Group the functions with a source position into files, GNU's order. */
static void
plan_build(struct plan *p, const struct model *m, const struct exe *x)
{
	memset(p, 0, sizeof(*p));
	p->m = m;
	p->rank = symtab_ranks(m, x);
	p->ids = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof(*p->ids));
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->src != NULL && m->src[i].path != NULL &&
		    m->src[i].line > 0)
			p->ids[p->nids++] = i;
	qsort_r(p->ids, p->nids, sizeof(*p->ids), by_file_line, (void *)m);
	p->files = xcalloc(p->nids ? p->nids : 1, sizeof(*p->files));
	for (size_t k = 0; k < p->nids; k++) {
		uint32_t i = p->ids[k];
		struct ann_file *f = &p->files[p->nfiles - 1];

		if (p->nfiles == 0 || strcmp(f->path, m->src[i].path) != 0) {
			f = &p->files[p->nfiles++];
			f->path = m->src[i].path;
			f->lo = k;
			f->rank = SIZE_MAX;
		}
		f->hi = k + 1;
		if (p->rank[i] < f->rank)
			f->rank = p->rank[i];
	}
	qsort(p->files, p->nfiles, sizeof(*p->files), by_rank_desc);
}

static void
plan_free(struct plan *p)
{
	free((void *)p->rank);
	free(p->ids);
	free(p->files);
}

/* Whether -A/-J select function I (an -A match wins over -J). */
static bool
selected(const struct selection *sel, uint32_t i)
{
	if (select_has(sel, SPEC_INCL_ANNO, i))
		return true;
	return !sel->any[SPEC_INCL_ANNO] && !select_has(sel, SPEC_EXCL_ANNO, i);
}

/* F's lines holding selected functions, ascending; returns how many. */
static size_t
file_lines(const struct plan *p, const struct ann_file *f,
	   const struct selection *sel, struct ann_line *out, uint64_t *total)
{
	size_t n = 0;

	*total = 0;
	for (size_t k = f->lo; k < f->hi; k++) {
		uint32_t i = p->ids[k];
		size_t line = (size_t)p->m->src[i].line;
		uint64_t c = p->m->cg->nodes[i].ncalls;

		if (!selected(sel, i))
			continue;
		if (n == 0 || out[n - 1].line != line)
			out[n++] = (struct ann_line){ line, 0 };
		out[n - 1].count += c;
		*total += c;
	}
	return n;
}

/* The 16 columns in front of a line with functions on it. */
static void
put_count(FILE *out, uint64_t count, long min_count)
{
	char text[32], field[48];

	if (min_count > 0 && count < (uint64_t)min_count)
		snprintf(text, sizeof(text), "#####");
	else
		snprintf(text, sizeof(text), "%" PRIu64, count);
	text[FIELD] = '\0'; /* GNU cuts both the count and the field */
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
put_file(FILE *out, const struct srcfile *sf, const struct ann_line *v,
	 size_t n, uint64_t total, const struct options *o)
{
	static const char blank[FIELD] = "                ";
	size_t k = 0, executable = 0;

	for (size_t line = 1; line <= sf->nlines; line++) {
		size_t len;
		const char *text = srcfile_line(sf, line, &len);

		while (k < n && v[k].line < line)
			k++;
		if (k < n && v[k].line == line) {
			put_count(out, v[k].count, o->min_count);
			executable++;
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
		executable, executable, 100.0, total,
		executable > 0 ? (double)total / (double)executable : 0.0);
}

/* -y: write BASE-ann whole and atomically.  Returns 0 or -1 (ERR). */
static int
write_ann(const char *path, const struct srcfile *sf, const struct ann_line *v,
	  size_t n, uint64_t total, const struct options *o, struct gp_err *err)
{
	const char *base = exe_base_name(path);
	size_t len = strlen(base) + sizeof("-ann");
	char *name = xmalloc(len);
	struct gp_err warn = { { 0 } };
	struct outfile of;
	int rc = -1;

	snprintf(name, len, "%s-ann", base);
	if (outfile_open(&of, name, &warn, err) == 0) {
		if (warn.msg[0] != '\0')
			gp_warn("%s", warn.msg);
		put_file(of.f, sf, v, n, total, o);
		rc = outfile_commit(&of, err);
	}
	free(name);
	return rc;
}

int
annotate_print(FILE *out, const struct model *m, const struct analysis *a,
	       const struct options *o, bool *first, struct gp_err *err)
{
	struct plan p;
	struct srcpath sp;
	struct ann_line *lines;
	bool after_file = false;
	int rc = 0;

	plan_build(&p, m, &a->x);
	srcpath_init(&sp, o->src_dirs, o->nsrc_dirs, getenv("GPROF_PATH"));
	lines = xcalloc(p.nids ? p.nids : 1, sizeof(*lines));
	for (size_t k = 0; k < p.nfiles; k++) {
		const struct ann_file *f = &p.files[k];
		struct srcfile sf;
		struct gp_err e;
		uint64_t total;
		size_t n = file_lines(&p, f, &a->sel, lines, &total);

		if (total == 0)
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
			if (write_ann(f->path, &sf, lines, n, total, o, &e) !=
			    0) {
				gp_warn("%s", e.msg);
				rc = gp_fail(err, "an annotated source file "
						  "could not be written (-y)");
			}
		} else {
			if (!*first)
				fputs(after_file ? "\n\f\n" : "\f\n", out);
			*first = false;
			after_file = true;
			fprintf(out, "*** File %s:\n", f->path);
			put_file(out, &sf, lines, n, total, o);
		}
		srcfile_free(&sf);
	}
	free(lines);
	srcpath_free(&sp);
	plan_free(&p);
	return rc;
}
