/*
 * main.c - the gprof command: read the executable and the profiles,
 * analyse, print the reports.  The only module that prints errors and
 * chooses the exit status (0 success, 1 any failure).
 */
#include <errno.h>
#include <stdio_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"
#include "hist.h"
#include "linkmap.h"
#include "linesyms.h"
#include "mismatch.h"
#include "nmfile.h"
#include "options.h"
#include "order.h"
#include "reader.h"
#include "select.h"
#include "staticcalls.h"
#include "report.h"
#include "symtab.h"

#define GPROF_VERSION "0.1"

struct run {
	struct options opt;
	struct exe x;
	struct symtab st;
	struct gmon g;
	struct callgraph cg;
	struct selection sel;
	double *ticks;
	double total_ticks;
	uint8_t *sel_flags;
	bool *flat_excluded;
	bool *exec_hidden;
	char *nm_names; /* owned: names read by -S */
	struct linkmap map; /* -R */
	/* -s: GNU's line-mode table and the arcs on it, built once for
	 * gmon.sum and for -r (which runs after and may alter them). */
	struct symtab lines;
	struct callgraph lines_cg;
};

static int
fail(const struct gp_err *err)
{
	fflush(stdout);
	fprintf(stderr, "gprof: %s\n", err->msg);
	return 1;
}

/* Per-function flags for the call graph and the reports. */
static void
select_nodes(struct run *r, struct cg_select *cs)
{
	const struct symtab *st = &r->st;
	static const struct {
		enum spec_kind kind;
		uint8_t bit;
	} map[] = {
		{ SPEC_INCL_GRAPH, CG_INCL_GRAPH }, { SPEC_EXCL_GRAPH, CG_EXCL_GRAPH },
		{ SPEC_INCL_TIME, CG_INCL_TIME },   { SPEC_EXCL_TIME, CG_EXCL_TIME },
	};

	r->sel_flags = xcalloc(st->n ? st->n : 1, 1);
	r->flat_excluded = xcalloc(st->n ? st->n : 1, sizeof(bool));
	r->exec_hidden = xcalloc(st->n ? st->n : 1, sizeof(bool));
	for (uint32_t i = 0; i < st->n; i++) {
		for (size_t k = 0; k < ARRAY_SIZE(map); k++)
			if (select_has(&r->sel, map[k].kind, i))
				r->sel_flags[i] |= map[k].bit;
		r->flat_excluded[i] = !select_keeps(&r->sel, SPEC_INCL_FLAT, i);
		r->exec_hidden[i] = !select_keeps(&r->sel, SPEC_INCL_EXEC, i);
	}
	cs->flags = r->sel_flags;
	cs->any_incl_graph = r->sel.any[SPEC_INCL_GRAPH];
	cs->any_incl_time = r->sel.any[SPEC_INCL_TIME];
}

static void
print_file_info(const struct gmon_file *f)
{
	printf("File `%s' (version %d) contains:\n", f->path, f->version);
	printf("\t%zu histogram record%s\n", f->nhist, f->nhist == 1 ? "" : "s");
	printf("\t%zu call-graph record%s\n", f->narcs, f->narcs == 1 ? "" : "s");
	printf("\t%zu basic-block count record%s\n", f->nbb, f->nbb == 1 ? "" : "s");
}

/*
 * GNU gprof's line mode (which -s turns on): R's table of functions and
 * line symbols, named after their function, and the arcs mapped onto it:
 * a call site to the line symbol holding it, a callee to its function's
 * entry.
 */
static void
line_graph(struct run *r)
{
	uint64_t *lines;
	const char **names;
	size_t nlines = linesyms_starts(&r->x, &lines, &names);

	symtab_add_lines(&r->lines, &r->st, lines, names, nlines);
	free(lines);
	free(names);
	cg_init(&r->lines_cg, &r->lines);
	for (size_t i = 0; i < r->g.narcs; i++) {
		const struct gmon_arc *a = &r->g.arcs[i];
		uint32_t p, c;

		if (cg_map_arc(&r->lines_cg, a->from, a->self, &p, &c))
			cg_add(&r->lines_cg, p, c, a->count);
	}
}

/*
 * The arcs as gmon.sum holds them: at line granularity, counts summed
 * per (line symbol, callee) pair, callers in address order, each
 * caller's callees newest first.
 */
static void
sum_arcs(struct run *r, struct wbuf *w)
{
	const struct callgraph *cg = &r->lines_cg;

	for (uint32_t p = 0; p < cg->n; p++)
		for (uint32_t a = cg->nodes[p].first_child; a != CG_NONE;
		     a = cg->arcs[a].next_child)
			gmon_write_arc(w, r->opt.format, r->lines.syms[p].addr,
				       r->lines.syms[cg->arcs[a].child].addr,
				       cg->arcs[a].count);
}

/*
 * -r with -s: GNU orders the line-mode table, so every line symbol is
 * listed (under its function's name) and calls count per call line.
 * Runs after gmon.sum is written: it assembles the line graph and
 * unnames entries.
 */
static void
order_lines(struct run *r)
{
	struct symtab *lt = &r->lines;
	struct cg_select none = { 0 };
	struct report rep = { 0 };
	double *ticks;

	/* GNU leaves a function that owns no address (data_start, past the
	 * code) out of this list, though its arcs count. */
	for (size_t i = 0; i < lt->n; i++)
		if (lt->syms[i].end < lt->syms[i].addr)
			lt->syms[i].name = NULL;
	ticks = xcalloc(lt->n + 1, sizeof(*ticks));
	cg_assemble(&r->lines_cg, ticks, &none);
	rep.st = lt;
	rep.cg = &r->lines_cg;
	order_functions(stdout, &rep, false, NULL);
	free(ticks);
}

/*
 * Write gmon.sum: histograms as summed, then the arcs and basic-block
 * counts.  Written to a temporary file and renamed, so a failure never
 * leaves a partial gmon.sum.
 */
static int
write_sum(struct run *r, struct gp_err *err)
{
	static const char path[] = "gmon.sum", tmp[] = "gmon.sum.tmpXXXXXX";
	char tmpname[sizeof(tmp)];
	struct wbuf w;
	FILE *f;
	int fd, rc = 0;

	wbuf_init(&w, r->g.big_endian, r->g.word);
	if (gmon_write_head(&r->g, &w, r->opt.format, err) != 0) {
		wbuf_free(&w);
		return -1;
	}
	sum_arcs(r, &w);
	gmon_write_bbs(&r->g, &w, r->opt.format);
	memcpy(tmpname, tmp, sizeof(tmp));
	fd = mkstemp(tmpname);
	if (fd < 0) {
		wbuf_free(&w);
		return gp_fail(err, "%s: %s", path, strerror(errno));
	}
	f = fdopen(fd, "wb");
	if (f == NULL || fwrite(w.p, 1, w.n, f) != w.n || fflush(f) != 0 ||
	    fsync(fileno(f)) != 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (f != NULL && fclose(f) != 0 && rc == 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (f == NULL)
		close(fd);
	if (rc == 0 && rename(tmpname, path) != 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (rc != 0)
		unlink(tmpname);
	wbuf_free(&w);
	return rc;
}

static void
tally_arcs(struct run *r)
{
	for (size_t i = 0; i < r->g.narcs; i++) {
		const struct gmon_arc *a = &r->g.arcs[i];
		uint32_t p, c;

		if (cg_map_arc(&r->cg, a->from, a->self, &p, &c) &&
		    select_arc(&r->sel, p, c))
			cg_add(&r->cg, p, c, a->count);
	}
}

static int
print_reports(struct run *r, struct gp_err *err)
{
	struct report rep = {
		.st = &r->st,
		.cg = &r->cg,
		.g = &r->g,
		.x = &r->x,
		.flat_excluded = r->flat_excluded,
		.exec_hidden = r->exec_hidden,
		.exec_specs = r->sel.any[SPEC_INCL_EXEC] || r->sel.any[SPEC_EXCL_EXEC],
		.hz = r->g.have_rate ? r->g.rate : 0,
		.brief = r->opt.brief,
		.zeros = r->opt.zeros,
		.traditional = r->opt.traditional,
		.print_path = r->opt.print_path,
		.width = r->opt.width,
	};
	unsigned style = r->opt.style;
	bool have_hist = r->g.nhists > 0, have_arcs = false;
	bool first = true;

	for (size_t i = 0; i < r->g.nfiles; i++)
		have_arcs |= r->g.files[i].narcs > 0;
	rep.total_ticks = r->total_ticks;
	/* Without a histogram (or with a rate of 0) hz is 0 and times print
	 * as nan or inf, as GNU gprof prints them. */
	rep.print_time = r->cg.print_time > 0 ? r->cg.print_time : 1.0;
	if (style == 0) {
		if (have_hist && !(r->opt.specified & OUT_FLAT))
			style |= OUT_FLAT;
		if (have_arcs && !(r->opt.specified & OUT_GRAPH))
			style |= OUT_GRAPH;
		if (style == 0 && !(r->opt.specified & OUT_EXEC))
			style |= OUT_EXEC; /* GNU's fallback: execution counts */
	}
	style &= ~OUT_SUM;
	if ((style & OUT_FLAT) && !have_hist)
		return gp_fail(err, "%s: no histogram in the profile, so no flat profile",
			       r->opt.gmons[0]);
	if ((style & OUT_GRAPH) && !have_arcs)
		return gp_fail(err, "%s: no call-graph records in the profile, so no call graph",
			       r->opt.gmons[0]);
	/* -T never demangles, whatever --demangle says (as GNU). */
	report_names(&rep, r->opt.demangle && !r->opt.traditional,
		     r->opt.inline_file_names);
	if (style & OUT_GRAPH)
		report_order_graph(&rep);
	if (r->opt.traditional) {
		/* BSD order: call graph, flat profile, index. */
		if (style & OUT_GRAPH) {
			report_graph(stdout, &rep);
			first = false;
		}
		if (style & OUT_FLAT) {
			if (!first)
				fputs("\f\n", stdout);
			report_flat(stdout, &rep);
			first = false;
		}
	} else {
		if (style & OUT_FLAT) {
			report_flat(stdout, &rep);
			if (!r->opt.brief)
				report_flat_blurb(stdout);
			first = false;
		}
		if (style & OUT_GRAPH) {
			if (!first)
				fputs("\f\n", stdout);
			report_graph(stdout, &rep);
			if (!r->opt.brief)
				report_graph_blurb(stdout);
			first = false;
		}
	}
	if (style & OUT_GRAPH) {
		fputs("\f\n", stdout);
		report_index(stdout, &rep);
	}
	if (style & OUT_EXEC) {
		if (!first)
			fputs("\f\n", stdout);
		report_exec(stdout, &rep);
	}
	/* GNU prints the order last, with no separator. */
	if ((style & OUT_ORDER) && (r->opt.style & OUT_SUM))
		order_lines(r);
	else if (style & OUT_ORDER)
		order_functions(stdout, &rep, (style & OUT_GRAPH) != 0, &r->sel);
	if (style & OUT_FILE_ORDER)
		order_files(stdout, &rep, &r->map, &r->sel);
	report_free(&rep);
	return 0;
}

/*
 * Whether the reports will likely ask for source files (the "(file.c)"
 * of static functions in the call graph and index, -C, file names) while
 * nothing else needs the ELF or DWARF data before them: then the DWARF
 * pass can run on a second thread during reading and analysis.
 */
static bool
wants_sources(const struct options *o)
{
	if (o->static_calls || (o->style & OUT_SUM) || o->nm_file != NULL)
		return false;
	return o->style == 0 || (o->style & (OUT_GRAPH | OUT_EXEC)) ||
	       o->inline_file_names;
}

/* Warn when the profiles look as if another build wrote them. */
static void
warn_mismatch(const struct run *r)
{
	struct mismatch m;
	struct gp_err msg;

	mismatch_check(&m, &r->g, &r->x, &r->st);
	for (size_t k = 0; mismatch_message(&m, k, &r->g, r->opt.exe, &msg);
	     k++)
		gp_warn("%s", msg.msg);
}

static int
run(struct run *r, int argc, char **argv, struct gp_err *err)
{
	struct symtab_opts so = { 0 };
	struct cg_select sel;

	if (options_parse(&r->opt, argc, argv, err) != 0)
		return -1;
	if (r->opt.help) {
		options_usage(stdout);
		return 0;
	}
	if (r->opt.version) {
		printf("gprof (gprof in C) %s\n", GPROF_VERSION);
		return 0;
	}
	/* GNU reads the map while parsing options: its errors come first. */
	if (r->opt.map_file != NULL &&
	    linkmap_read(&r->map, r->opt.map_file, err) != 0)
		return -1;
	if (exe_open(&r->x, r->opt.exe, err) != 0)
		return -1;
	so.map = r->opt.map_file != NULL ? &r->map : NULL;
	so.no_static = r->opt.no_static;
	so.ignore_non_functions = r->opt.ignore_non_functions;
	if (r->opt.nm_file != NULL) {
		if (nmfile_read(&r->st, r->opt.nm_file,
				r->x.text_found ? r->x.text_hi : 0, &r->nm_names,
				err) != 0)
			return -1;
		/* Functions from -S have no source positions (as in GNU). */
		r->x.dwarf_tried = true;
		r->x.src_done = true;
	} else if (symtab_build(&r->st, &r->x, &so, err) != 0) {
		return -1;
	}
	if (wants_sources(&r->opt))
		exe_prefetch_start(&r->x);
	gmon_init(&r->g, r->x.word, r->x.big_endian);
	for (size_t i = 0; i < r->opt.ngmons; i++) {
		size_t nbbs = r->g.nbbs;

		if (gmon_read(&r->g, r->opt.gmons[i], r->opt.format, err) != 0)
			return -1;
		/* GNU's -s turns line mode on, which uses them: no warning. */
		if (nbbs == 0 && r->g.nbbs > 0 && !(r->opt.style & OUT_SUM))
			gp_warn("%s: basic-block counts are ignored (they need -l, not supported yet)",
				r->opt.gmons[i]);
		/* -i describes each file as soon as it is read. */
		if (r->opt.file_info)
			print_file_info(&r->g.files[r->g.nfiles - 1]);
	}
	if (r->opt.file_info)
		return 0;
	warn_mismatch(r);
	select_build(&r->sel, &r->opt, &r->st, &r->x);
	cg_init(&r->cg, &r->st);
	tally_arcs(r);
	if (r->opt.static_calls && !static_calls(&r->cg, &r->x, &r->g))
		gp_warn("-c is not supported for this architecture (machine %u)",
			r->x.machine);
	select_nodes(r, &sel);
	r->ticks = xcalloc(r->st.n ? r->st.n : 1, sizeof(*r->ticks));
	r->total_ticks = hist_assign(&r->g, &r->st, r->flat_excluded, r->ticks);
	cg_assemble(&r->cg, r->ticks, &sel);
	if (r->opt.debug)
		printf("[main] debug-level=0x%x\n"
		       "[main] %zu functions, %zu histogram(s), %zu distinct arcs "
		       "(%zu between functions), %zu cycle(s), %.0f samples\n",
		       r->opt.debug, r->st.n, r->g.nhists, r->g.narcs, r->cg.narcs,
		       r->cg.ncycles, r->total_ticks);
	if (r->opt.style & OUT_SUM) {
		line_graph(r);
		if (write_sum(r, err) != 0)
			return -1;
	}
	return print_reports(r, err);
}

int
main(int argc, char **argv)
{
	struct run r;
	struct gp_err err = { { 0 } };
	int rc;

	memset(&r, 0, sizeof(r));
	r.x.fd = -1;
	/* One thread writes stdout: skip stdio's per-call locking. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	rc = run(&r, argc, argv, &err);
	if (fflush(stdout) != 0 && rc == 0)
		rc = gp_fail(&err, "error writing output: %s", strerror(errno));
	free(r.ticks);
	free(r.sel_flags);
	free(r.flat_excluded);
	free(r.exec_hidden);
	select_free(&r.sel);
	cg_free(&r.cg);
	cg_free(&r.lines_cg);
	symtab_free(&r.lines);
	gmon_free(&r.g);
	symtab_free(&r.st);
	free(r.nm_names);
	if (r.x.elf != NULL)
		exe_close(&r.x);
	linkmap_free(&r.map);
	options_free(&r.opt);
	return rc == 0 ? 0 : fail(&err);
}
