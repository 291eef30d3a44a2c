/*
 * threadsel.c - --threads and --thread in the analysis (threadsel.h).
 *
 * Invariant: after threadsel_apply() with a selection, the profile data
 * every stage reads (G's histograms and arcs, OS's histograms, arcs
 * and stacks) is the selected threads' and nothing else: no stage
 * after it knows that threads exist.
 */
#include "threadsel.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void
threadsel_note(struct threads *th, size_t i, const char *path, size_t nsides)
{
	struct stat st;
	char *side;
	size_t n = strlen(path);

	if (th->nsides > nsides) {
		threads_missing(th, i, th->last);
		return;
	}
	side = xmalloc(n + sizeof(GMON_SIDE_SUFFIX));
	memcpy(side, path, n);
	memcpy(side + n, GMON_SIDE_SUFFIX, sizeof(GMON_SIDE_SUFFIX));
	threads_missing(
	    th, i, stat(side, &st) == 0 ? THREADS_IGNORED : THREADS_NO_SIDE);
	free(side);
}

/* Whether S (digits only) is a number; its value in *V. */
static bool
number(const char *s, size_t n, uint64_t *v)
{
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || *v > (UINT64_MAX - 9) / 10)
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return n > 0;
}

/* The rows' names, "a, b, c" (each once), into BUF. */
static void
list_names(const struct threads *th, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < th->n && at + 1 < len; i++) {
		char name[GMON_SIDE_THREAD_NAME_MAX + 1];
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(th->v[j].name, th->v[i].name) == 0;
		if (seen)
			continue;
		sanitize_name(th->v[i].name, name, sizeof(name));
		int k =
		    snprintf(buf + at, len - at, "%s%s", at ? ", " : "", name);
		if (k < 0 || (size_t)k >= len - at) {
			buf[at] = '\0';
			break;
		}
		at += (size_t)k;
	}
}

/* Mark in PICKED the rows WORD (N bytes of SPEC) names; -1 when none. */
static int
pick_word(const struct threads *th, const char *spec, const char *word,
	  size_t n, bool *picked, struct gp_err *err)
{
	char pat[256], shown[256], names[512];
	uint64_t tid;
	bool num = number(word, n, &tid), any = false;

	if (n == 0)
		return gp_fail(err, "--thread=%s: an empty name in the list",
			       sanitize_name(spec, shown, sizeof(shown)));
	if (n >= sizeof(pat))
		return gp_fail(err,
			       "--thread: a name of %zu bytes (threads' "
			       "names have at most %u)",
			       n, GMON_SIDE_THREAD_NAME_MAX);
	memcpy(pat, word, n);
	pat[n] = '\0';
	for (size_t i = 0; i < th->n; i++) {
		if (fnmatch(pat, th->v[i].name, 0) == 0 ||
		    (num && th->v[i].tid == tid)) {
			picked[i] = true;
			any = true;
		}
	}
	if (any)
		return 0;
	list_names(th, names, sizeof(names));
	return gp_fail(err,
		       "--thread=%s: no thread is named '%s'%s (the "
		       "threads: %s)",
		       sanitize_name(spec, shown, sizeof(shown)),
		       sanitize_name(pat, pat, sizeof(pat)),
		       num ? " or has that id" : "", names);
}

static int
pick(const struct threads *th, const struct options *o, bool *picked,
     struct gp_err *err)
{
	for (size_t i = 0; i < o->nthread_specs; i++) {
		const char *s = o->thread_specs[i];

		for (const char *w = s;;) {
			size_t n = strcspn(w, ",");
			if (pick_word(th, s, w, n, picked, err) != 0)
				return -1;
			if (w[n] == '\0')
				break;
			w += n + 1;
		}
	}
	return 0;
}

/* Count the samples of SS's stacks in the bin of their frame 0. */
static void
fill_bins(const struct stackset *ss, struct gmon *g, struct objects *os)
{
	for (size_t s = 0; s < ss->n; s++) {
		const struct stack_entry *e = &ss->v[s];
		const struct stack_frame *f = &ss->frames[ss->ids[e->at]];

		if (f->obj == STACKS_EXE) {
			uint32_t k =
			    f->addr == UINT64_MAX
				? RANGES_NONE
				: ranges_find(&g->ranges, f->addr, f->addr + 1);
			if (k == RANGES_NONE)
				continue;
			struct gmon_hist *h = &g->hists[k];
			unsigned __int128 b =
			    (unsigned __int128)(f->addr - h->lowpc) * h->nbins /
			    (h->highpc - h->lowpc);
			if (b < h->nbins)
				h->bins[b] = gp_add_sat(h->bins[b], e->count);
			continue;
		}
		if (f->obj >= os->n)
			continue;
		struct gp_object *o = &os->v[f->obj];
		if (o->nbins == 0 || f->addr < o->lowpc ||
		    (f->addr - o->lowpc) / 4 >= o->nbins)
			continue;
		uint64_t b = (f->addr - o->lowpc) / 4;
		o->bins[b] = gp_add_sat(o->bins[b], e->count);
	}
}

/* The histograms, from the picked rows' stacks. */
static void
rebuild_hists(const struct threads *th, const bool *picked, struct gmon *g,
	      struct objects *os)
{
	for (size_t i = 0; i < g->nhists; i++) {
		struct gmon_hist *h = &g->hists[i];

		free(h->bins16);
		free(h->bins32);
		free(h->bins);
		h->bins16 = NULL;
		h->bins32 = NULL;
		h->bins = xcalloc(h->nbins ? h->nbins : 1, sizeof(*h->bins));
	}
	for (size_t k = 0; k < os->n; k++)
		if (os->v[k].nbins > 0)
			memset(os->v[k].bins, 0,
			       os->v[k].nbins * sizeof(*os->v[k].bins));
	for (size_t i = 0; i < th->n; i++)
		if (picked[i])
			fill_bins(&th->v[i].stacks, g, os);
	for (size_t k = 0; k < os->n; k++) {
		struct gp_object *o = &os->v[k];

		o->samples = 0;
		for (uint32_t b = 0; b < o->nbins; b++)
			o->samples = gp_add_sat(o->samples, o->bins[b]);
	}
}

/* The arcs: the picked rows' THREADARCS, exe -> exe ones in G. */
static void
replace_arcs(const struct threads *th, const bool *picked, struct gmon *g,
	     struct objects *os)
{
	struct sidefile_arc *v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < th->n; i++) {
		const struct gp_thread *t = &th->v[i];

		if (!picked[i] || t->narcs == 0)
			continue;
		v = xreallocarray(v, n + t->narcs, sizeof(*v));
		memcpy(v + n, t->arcs, t->narcs * sizeof(*v));
		n += t->narcs;
	}
	n = threads_sum_arcs(v, n);
	free(g->arcs);
	free(g->arc_hash);
	g->arc_hash = NULL;
	g->arc_hash_cap = 0;
	g->arcs = xcalloc(n ? n : 1, sizeof(*g->arcs));
	g->narcs = 0;
	g->arcs_cap = n ? n : 1;
	os->narcs = 0;
	for (size_t k = 0; k < os->n; k++) {
		os->v[k].calls = 0;
		os->v[k].narcs = 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct sidefile_arc *a = &v[i];

		if (a->from_obj == SIDEFILE_EXE &&
		    a->self_obj == SIDEFILE_EXE) {
			g->arcs[g->narcs++] =
			    (struct gmon_arc){ a->from, a->self, a->count };
			continue;
		}
		/* objects_add()'s bookkeeping, for the same messages. */
		if (a->from_obj != SIDEFILE_EXE) {
			os->v[a->from_obj].calls =
			    gp_add_sat(os->v[a->from_obj].calls, a->count);
			os->v[a->from_obj].narcs++;
		}
		if (a->self_obj != SIDEFILE_EXE && a->self_obj != a->from_obj) {
			os->v[a->self_obj].calls =
			    gp_add_sat(os->v[a->self_obj].calls, a->count);
			os->v[a->self_obj].narcs++;
		}
		v[os->narcs++] = *a;
	}
	free(os->arcs);
	os->arcs = v;
	os->arcs_cap = n;
}

/* The stacks: the picked rows' (STACKINFO's sums stay the run's). */
static void
replace_stacks(const struct threads *th, const bool *picked, struct objects *os)
{
	struct stackset ss = { 0 };
	uint32_t *map = stacks_identity_map(os->n);

	for (size_t i = 0; i < th->n; i++)
		if (picked[i])
			stacks_add(&ss, &th->v[i].stacks, map);
	free(map);
	stacks_copy_info(&ss, &os->stacks);
	stacks_free(&os->stacks);
	os->stacks = ss;
}

int
threadsel_apply(struct threads *th, const struct options *o, struct gmon *g,
		struct objects *os, bool **picked, struct gp_err *err)
{
	char name[256];

	if (!o->threads_report && o->nthread_specs == 0)
		return 0;
	if (!threads_complete(th)) {
		size_t i =
		    th->missing_profile < o->ngmons ? th->missing_profile : 0;
		return gp_fail(err, "%s: no per-thread data (%s)",
			       sanitize_name(o->gmons[i], name, sizeof(name)),
			       threads_why_text(th->missing));
	}
	if (o->nthread_specs == 0)
		return 0;
	*picked = xcalloc(th->n ? th->n : 1, sizeof(**picked));
	if (pick(th, o, *picked, err) != 0)
		return -1;
	rebuild_hists(th, *picked, g, os);
	replace_arcs(th, *picked, g, os);
	replace_stacks(th, *picked, os);
	return 0;
}

/* Per distinct frame of a set: its function as a PC and as a return
 * address (measured.c's rule: the call is just before it). */
struct frame_fn {
	uint32_t pc, ret;
};

/* The stacks of SS as functions, appended to TV; the row's top
 * function in *TOP (SCRATCH: a zeroed count per function, zeroed
 * again on return). */
static void
map_stacks(struct thread_view *tv, const struct stackset *ss,
	   const struct objects *os, const struct symtab *st, uint64_t *scratch,
	   struct thread_row *row)
{
	struct frame_fn *fn =
	    xcalloc(ss->nframes ? ss->nframes : 1, sizeof(*fn));
	size_t at = tv->nstacks;

	for (size_t f = 0; f < ss->nframes; f++) {
		const struct stack_frame *fr = &ss->frames[f];
		fn[f].pc = objects_function(os, st, fr->obj, fr->addr);
		fn[f].ret = fr->addr == 0 ? SYM_NONE
					  : objects_function(os, st, fr->obj,
							     fr->addr - 1);
	}
	for (size_t s = 0; s < ss->n; s++) {
		const struct stack_entry *e = &ss->v[s];
		struct measured_stack *m = &tv->stacks[tv->nstacks++];
		uint32_t k = 0;
		bool cut = false;

		m->at = (size_t)(tv->fns_used);
		for (uint32_t d = 0; d < e->depth; d++) {
			uint32_t id = ss->ids[e->at + d];
			uint32_t f = d == 0 ? fn[id].pc : fn[id].ret;
			if (f == SYM_NONE || f >= st->n) {
				cut = true;
				break;
			}
			tv->fns[tv->fns_used++] = f;
			k++;
		}
		m->count = e->count;
		m->len = k;
		m->truncated = cut || (e->flags & GMON_SIDE_STACK_TRUNCATED);
		if (row == NULL)
			continue;
		row->stack_samples = gp_add_sat(row->stack_samples, e->count);
		if (k > 0) {
			uint32_t f0 = tv->fns[m->at];
			scratch[f0] = gp_add_sat(scratch[f0], e->count);
		}
	}
	if (row != NULL) {
		row->top = UINT32_MAX;
		for (size_t s = at; s < tv->nstacks; s++) {
			const struct measured_stack *m = &tv->stacks[s];
			if (m->len == 0)
				continue;
			uint32_t f0 = tv->fns[m->at];
			if (scratch[f0] > row->top_samples ||
			    (scratch[f0] == row->top_samples &&
			     scratch[f0] > 0 && f0 < row->top)) {
				row->top = f0;
				row->top_samples = scratch[f0];
			}
		}
		for (size_t s = at; s < tv->nstacks; s++)
			if (tv->stacks[s].len > 0)
				scratch[tv->fns[tv->stacks[s].at]] = 0;
	}
	free(fn);
}

static void
fill_row(struct thread_row *r, const struct gp_thread *t, size_t i, bool picked)
{
	memset(r, 0, sizeof(*r));
	r->index = (uint32_t)i + 1;
	r->tid = t->tid;
	r->name = t->name;
	r->nthreads = t->nthreads;
	r->live = t->flags & GMON_SIDE_THREAD_LIVE;
	r->main = t->flags & GMON_SIDE_THREAD_MAIN;
	r->mixed = t->flags & GMON_SIDE_THREAD_MIXED;
	r->cpu_ns = t->cpu_ns;
	r->samples = t->samples;
	r->first_ns = t->first_ns;
	r->last_ns = t->last_ns;
	r->calls = t->calls;
	r->selected = picked;
	r->top = UINT32_MAX;
}

void
threadsel_view(struct thread_view *tv, const struct threads *th,
	       const bool *picked, const struct objects *os,
	       const struct symtab *st, bool functions)
{
	size_t nstacks = th->unowned.n, nids = th->unowned.nids;
	uint64_t *scratch;

	memset(tv, 0, sizeof(*tv));
	tv->window = th->window;
	if (!threads_complete(th))
		return;
	tv->any = true;
	tv->selection = picked != NULL;
	tv->n = th->n;
	tv->rows = xcalloc(th->n ? th->n : 1, sizeof(*tv->rows));
	for (size_t i = 0; i < th->n; i++) {
		fill_row(&tv->rows[i], &th->v[i], i,
			 picked == NULL || picked[i]);
		tv->samples = gp_add_sat(tv->samples, th->v[i].samples);
		nstacks += th->v[i].stacks.n;
		nids += th->v[i].stacks.nids;
	}
	if (!functions)
		return;
	tv->have_stacks = true;
	tv->stacks = xcalloc(nstacks ? nstacks : 1, sizeof(*tv->stacks));
	tv->fns = xcalloc(nids ? nids : 1, sizeof(*tv->fns));
	scratch = xcalloc(st->n ? st->n : 1, sizeof(*scratch));
	for (size_t i = 0; i < th->n; i++) {
		tv->rows[i].first = tv->nstacks;
		map_stacks(tv, &th->v[i].stacks, os, st, scratch, &tv->rows[i]);
		tv->rows[i].nstacks = tv->nstacks - tv->rows[i].first;
	}
	tv->n_owned = tv->nstacks;
	map_stacks(tv, &th->unowned, os, st, scratch, NULL);
	free(scratch);
}

void
threadsel_free(struct thread_view *tv)
{
	free(tv->rows);
	free(tv->stacks);
	free(tv->fns);
	memset(tv, 0, sizeof(*tv));
}
