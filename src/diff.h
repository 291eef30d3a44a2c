/*
 * diff.h - --diff=BASE: compare this profile with a base profile,
 * function by function.
 *
 * BASE is "PROFILE" (another profile of the same executable),
 * "EXECUTABLE,PROFILE[,PROFILE...]" (another build and its profiles,
 * summed as gprof sums them), both analysed with the same options
 * (symbol selections, -a, -c, ...), or a saved --format=json export
 * (a file whose name ends in ".json" or that starts with '{"'): its
 * functions' raw names, files, self samples and calls, its rate and
 * total samples.
 *
 * Functions are matched by their raw symbol name.  When a name occurs
 * more than once in either profile, its static functions are matched
 * by name and source file (as DWARF names it), so two statics of the
 * same name in different files stay apart (and a lone static still
 * matches after its file was renamed).  Functions with the same key in
 * one profile (statics without DWARF) are summed.  A JSON export does
 * not say which functions are static: there a name that occurs more
 * than once is taken as statics.
 *
 * For each function: the calls (calls from other functions plus
 * self-calls; exact counts, any change is real) and the self samples.
 * Self time is compared by the exact conditional test of two Poisson
 * counts (stats_poisson_compare), as seconds (the exposures are the two
 * sampling rates) or with --diff-normalize as shares of each profile's
 * samples (the exposures are the total sample counts), two-sided, and
 * Holm-adjusted over the functions with samples on either side.  A
 * change is significant when its adjusted p-value is at most 0.05.
 *
 * Measured total time: when both sides hold sampled call stacks (the
 * side file's STACKS records, measured.h; a JSON base's
 * functions[].total_seconds_measured and profile.stack_samples), each
 * function's measured total (stack samples with the function anywhere
 * on the stack, a count of samples like its self samples) is compared
 * the same way: the same Poisson test, with the sampling rates as the
 * exposures (or with --diff-normalize the two profiles' stack samples),
 * Holm-adjusted over the functions with stack samples on either side
 * (a family of its own).  When only one side has stacks, nothing about
 * them is compared (the text report says why, once).
 *
 * --fail-on-regression=PCT: a function whose self time grew
 * significantly by more than PCT percent (or appeared with a
 * significant time) is a regression; diff_write() then still writes the
 * whole report and returns -1 naming the worst one.
 */
#ifndef GPROF_DIFF_H
#define GPROF_DIFF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"
#include "options.h"

struct analysis;

#define DIFF_ALPHA 0.05

/* One profile's side of a comparison. */
struct diff_side {
	const char *exe;
	const char *const *gmons;
	size_t ngmons;
	double hz;            /* 0: no rate */
	double samples;       /* total self samples */
	bool stacks;          /* the side holds sampled stacks */
	double stack_samples; /* of those stacks (0 without) */
};

struct diff_row {
	const char *name; /* the name shown (borrowed from a model) */
	const char *file; /* a static's source file (base name), or NULL */
	bool in_base, in_this;
	double n1, n2;    /* self samples (base, this) */
	double t1, t2;    /* seconds, or shares in % (--diff-normalize) */
	uint64_t c1, c2;  /* calls */
	double p, p_adj;  /* 1 when neither side has samples */
	bool significant; /* p_adj <= DIFF_ALPHA */
	bool regression;  /* significant growth beyond --fail-on-regression */
	/* Measured totals (when struct diff's measured; else 0, p 1). */
	double m1, m2;     /* stack samples with it anywhere (base, this) */
	double mt1, mt2;   /* seconds, or shares of the stack samples in % */
	double mp, mp_adj; /* their test, as p and p_adj */
	bool msignificant; /* mp_adj <= DIFF_ALPHA */
};

struct diff {
	struct diff_side base, cur;
	bool share;            /* --diff-normalize */
	double fail_pct;       /* < 0: no threshold */
	struct diff_row *rows; /* owned, in report order */
	size_t nrows;
	size_t ntested;   /* functions with samples on either side */
	size_t nsig;      /* significant self-time changes */
	size_t unchanged; /* rows with equal calls and time (not listed) */
	const struct diff_row *worst; /* the largest regression, or NULL */
	bool measured;  /* both sides have stacks: totals compared */
	size_t mtested; /* functions with stack samples on either side */
	size_t msig;    /* significant changes of measured totals */
};

/* One function of one side, as the comparison needs it (borrowed). */
struct diff_fn {
	const char *raw;  /* symbol name: the matching key */
	const char *name; /* shown */
	const char *path; /* source file as DWARF names it, or NULL */
	const char *file; /* shown after a static's name, or NULL */
	int is_static;    /* 1, 0, or -1: not known (a JSON base) */
	double samples;   /* self samples */
	uint64_t calls;   /* calls from others plus self-calls */
	const char *obj;  /* a shared object's base name, or NULL (keyed) */
	double total;     /* measured total (stack samples), 0 without */
};

/* One side: its functions with samples or calls, and its totals. */
struct diff_input {
	struct diff_fn *fns; /* owned array (the strings are borrowed) */
	size_t n;
	double hz;            /* 0: no rate */
	double samples;       /* total self samples */
	bool stacks;          /* the side holds sampled stacks (then every
			 * function with a measured total is listed) */
	double stack_samples; /* of those stacks */
};

/* The functions of M with samples, calls or a measured total
 * (diff_input_free()). */
void diff_input_from_model(struct diff_input *in, const struct model *m);
void diff_input_free(struct diff_input *in);

/*
 * Read a JSON export (--format=json, docs/gprof-profile.schema.json)
 * into IN and SIDE (exe, profiles); measured totals when the export
 * has stack samples and a rate (an older export, without them, reads
 * as a side without stacks); strings live in *STRINGS until
 * diff_json_free(STRINGS).  -1 with ERR naming what is wrong.
 */
struct diff_strings {
	char **v; /* owned strings */
	size_t n, cap;
	const char **files; /* owned array: the side's profile files */
};
int diff_json_read(const char *path, struct diff_input *in,
		   struct diff_side *side, struct diff_strings *strings,
		   struct gp_err *err);
void diff_strings_free(struct diff_strings *s);

/* Whether BASE names a JSON export (ends in .json, or starts with '{"'). */
bool diff_base_is_json(const char *base);

/*
 * Compare BASE with CUR into D (which diff_free() releases): match the
 * functions, test every self-time change (and measured-total change),
 * sort by significance (the smaller adjusted p of the two tests, then
 * self time's adjusted p, then p, then the measured total's adjusted p,
 * then the size of the change, then name).
 * D->base and D->cur keep their exe and gmons.
 */
void diff_compute_inputs(struct diff *d, const struct diff_input *base,
			 const struct diff_input *cur, bool share,
			 double fail_pct);
/* diff_compute_inputs() over two models' functions. */
void diff_compute(struct diff *d, const struct model *base,
		  const struct model *cur, bool share, double fail_pct);
void diff_free(struct diff *d);

/* The text report (our own layout, described in diff_print.c). */
void diff_print_text(FILE *out, const struct diff *d, bool error_bars);

/* The JSON document ("gprof-diff", version 1), or -1 with ERR. */
int diff_print_json(FILE *out, const struct diff *d, struct gp_err *err);
/* The same document as one value through W (the caller finishes W). */
struct jsonw;
void diff_json_emit(struct jsonw *w, const struct diff *d);

/*
 * The HTML page (diff_html.c): one self-contained file, the JSON
 * document inside, sortable and filterable in the browser; -1 with ERR.
 */
int diff_print_html(FILE *out, const struct diff *d, struct gp_err *err);

/*
 * --diff: analyse O->diff_base, compare A with it, and write the text
 * (or with --format=json the JSON, with --format=html the page) to
 * O->output or to OUT, standard output's stream (views_write's).
 * Returns 0, or -1 with ERR set: an error (no output file changed), or
 * after writing the whole report, a regression beyond
 * --fail-on-regression.
 */
int diff_write(struct analysis *a, const struct options *o, FILE *out,
	       struct gp_err *err);

#endif
