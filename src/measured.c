/*
 * measured.c - the measured call graph from sampled stacks (see
 * measured.h).
 *
 * Invariant: each sample is counted at most once per function, cycle
 * and arc.  One pass over the distinct stacks; each stack gets a serial
 * number, and a function (cycle, arc) is counted for it only when the
 * serial it last saw is another stack's.  Nothing recurses: a stack is
 * an array, walked once.
 */
#include "measured.h"

#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "gmon.h"
#include "gmon_side.h"
#include "objects.h"
#include "stacks.h"
#include "symtab.h"

/* Per distinct frame: its function as a PC and as a return address. */
struct frame_fn {
	uint32_t pc, ret;
};

static struct frame_fn *
map_frames(const struct stackset *ss, const struct objects *os,
	   const struct symtab *st)
{
	struct frame_fn *fn =
	    xcalloc(ss->nframes ? ss->nframes : 1, sizeof(*fn));

	for (size_t f = 0; f < ss->nframes; f++) {
		const struct stack_frame *fr = &ss->frames[f];
		/* STACKS_EXE is objects' SIDEFILE_EXE (both UINT32_MAX). */
		fn[f].pc = objects_function(os, st, fr->obj, fr->addr);
		/* A return address follows its call: the call is before
		 * it, maybe in another function (a call that never
		 * returns, at a function's end). */
		fn[f].ret = fr->addr == 0 ? SYM_NONE
					  : objects_function(os, st, fr->obj,
							     fr->addr - 1);
	}
	return fn;
}

/* Scratch for one pass: the serial of the stack that last counted each
 * function, cycle and arc (0: none yet). */
struct seen {
	size_t *fn, *cycle, *arc;
};

/* Count stack S (serial SERIAL) with functions PATH[0..K). */
static void
count_stack(struct measured *me, const struct callgraph *cg, struct seen *sn,
	    const uint32_t *path, uint32_t k, uint64_t c, size_t serial)
{
	bool off = false;

	for (uint32_t i = 0; i < k; i++) {
		uint32_t f = path[i], cy = cg->nodes[f].cycle;

		if (sn->fn[f] != serial) {
			sn->fn[f] = serial;
			me->total[f] = gp_add_sat(me->total[f], c);
		}
		if (cy != 0 && sn->cycle[cy - 1] != serial) {
			sn->cycle[cy - 1] = serial;
			me->cycle_total[cy - 1] =
			    gp_add_sat(me->cycle_total[cy - 1], c);
		}
		if (i + 1 == k)
			break;
		uint32_t a = cg_find_arc(cg, path[i + 1], f);
		if (a == CG_NONE) {
			off = true;
		} else if (sn->arc[a] != serial) {
			sn->arc[a] = serial;
			me->arc_total[a] = gp_add_sat(me->arc_total[a], c);
			if (path[0] == f)
				me->arc_self[a] =
				    gp_add_sat(me->arc_self[a], c);
		}
	}
	if (off)
		me->off_graph = gp_add_sat(me->off_graph, c);
}

void
measured_compute(struct measured *me, const struct stackset *ss,
		 const struct objects *os, const struct symtab *st,
		 const struct callgraph *cg)
{
	struct seen sn;
	struct frame_fn *fn;

	memset(me, 0, sizeof(*me));
	if (ss->n == 0)
		return;
	me->any = true;
	me->nfuncs = cg->n;
	me->narcs = cg->narcs;
	me->ncycles = cg->ncycles;
	me->total = xcalloc(cg->n ? cg->n : 1, sizeof(*me->total));
	me->arc_total = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(uint64_t));
	me->arc_self = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(uint64_t));
	me->cycle_total =
	    xcalloc(cg->ncycles ? cg->ncycles : 1, sizeof(uint64_t));
	sn.fn = xcalloc(cg->n ? cg->n : 1, sizeof(size_t));
	sn.cycle = xcalloc(cg->ncycles ? cg->ncycles : 1, sizeof(size_t));
	sn.arc = xcalloc(cg->narcs ? cg->narcs : 1, sizeof(size_t));
	me->stacks = xcalloc(ss->n, sizeof(*me->stacks));
	me->nstacks = ss->n;
	me->fns = xcalloc(ss->nids ? ss->nids : 1, sizeof(*me->fns));
	fn = map_frames(ss, os, st);

	for (size_t s = 0, at = 0; s < ss->n; s++) {
		const struct stack_entry *e = &ss->v[s];
		uint32_t *path = me->fns + at, k = 0;
		bool cut = false;

		for (uint32_t d = 0; d < e->depth; d++) {
			uint32_t id = ss->ids[e->at + d];
			uint32_t f = d == 0 ? fn[id].pc : fn[id].ret;

			/* The stacks' ids are no more than NIDS. */
			if (f == SYM_NONE || f >= cg->n ||
			    NEVER(at + k >= ss->nids)) {
				cut = true;
				break;
			}
			path[k++] = f;
		}
		me->stacks[s] = (struct measured_stack){
			e->count, at, k,
			cut || (e->flags & GMON_SIDE_STACK_TRUNCATED)
		};
		at += k;
		me->samples = gp_add_sat(me->samples, e->count);
		if (cut)
			me->cut = gp_add_sat(me->cut, e->count);
		if (cut || (e->flags & GMON_SIDE_STACK_TRUNCATED))
			me->truncated = gp_add_sat(me->truncated, e->count);
		count_stack(me, cg, &sn, path, k, e->count, s + 1);
	}
	free(fn);
	free(sn.fn);
	free(sn.cycle);
	free(sn.arc);
}

/* The stack samples the histograms allow: their samples, 1 % more and
 * 100 (saturating). */
static uint64_t
allowed(uint64_t hist)
{
	return gp_add_sat(gp_add_sat(hist, hist / 100), 100);
}

/* The samples of G's histograms and of OS's objects, or false when a
 * bin cannot be read.  Stops once they allow WANT stack samples. */
static bool
hist_samples(const struct objects *os, const struct gmon *g, uint64_t want,
	     uint64_t *out)
{
	uint64_t *chunk = xmalloc(GMON_CHUNK * sizeof(*chunk)), sum = 0;
	struct gp_err err;
	bool ok = true;

	for (size_t k = 0; k < os->n; k++)
		sum = gp_add_sat(sum, os->v[k].samples);
	for (size_t i = 0; ok && i < g->nhists && allowed(sum) < want; i++) {
		const struct gmon_hist *h = &g->hists[i];

		for (uint32_t b = 0; b < h->nbins && allowed(sum) < want;
		     b += GMON_CHUNK) {
			uint32_t n = h->nbins - b < GMON_CHUNK ? h->nbins - b
							       : GMON_CHUNK;

			if (gmon_bins(g, h, b, n, chunk, &err) != 0) {
				ok = false;
				break;
			}
			for (uint32_t j = 0; j < n; j++)
				sum = gp_add_sat(sum, chunk[j]);
		}
	}
	free(chunk);
	*out = sum;
	return ok;
}

void
measured_check(struct objects *os, const struct gmon *g,
	       const char *const *profiles, size_t n)
{
	uint64_t stacks = os->stacks.samples, hist;
	char name[256], what[400];

	if (os->stacks.n == 0 || stacks <= os->stacks_unclocked)
		return;
	stacks -= os->stacks_unclocked;
	if (!hist_samples(os, g, stacks, &hist) || stacks <= allowed(hist))
		return;
	sanitize_name(n > 0 ? profiles[0] : "", name, sizeof(name));
	if (n == 1)
		snprintf(what, sizeof(what), "%s.gmonx", name);
	else
		snprintf(what, sizeof(what),
			 "the side files of %s and %zu more profile%s", name,
			 n - 1, n == 2 ? "" : "s");
	gp_warn("%s: %llu stack samples, more than the %llu samples of the "
		"histograms that count them; the stacks are ignored",
		what, (unsigned long long)stacks, (unsigned long long)hist);
	stacks_free(&os->stacks);
	os->stacks_unclocked = 0;
}

void
measured_free(struct measured *me)
{
	free(me->total);
	free(me->arc_total);
	free(me->arc_self);
	free(me->cycle_total);
	free(me->stacks);
	free(me->fns);
	memset(me, 0, sizeof(*me));
}
