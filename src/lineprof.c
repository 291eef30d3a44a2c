/*
 * lineprof.c - the analysis over GNU's line-mode table (see
 * lineprof.h): the same stages as analysis.c's, in the same order, on
 * the table of functions and line symbols.
 */
#include "lineprof.h"

#include <stdlib.h>
#include <string.h>

#include "bbsum.h"
#include "hist.h"
#include "plan.h"

/* cg_tally's filter: the arc lists of -q/-Q/-k, on the table. */
static bool
arc_selected(void *ctx, uint32_t parent, uint32_t child)
{
	return select_arc(ctx, parent, child);
}

/* The entry of V[0..N) (LM's entries ORD[]) that holds ADDR, as
 * symtab_find() finds it; N when none. */
static size_t
find_at(const struct sym *v, const uint32_t *ord, size_t n, uint64_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[ord[mid]].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || addr > v[ord[lo - 1]].end)
		return n;
	return lo - 1;
}

/*
 * Mark in KEEP[0..N) the entries (LM's ORD[]) that hist_charge() would
 * credit with a nonzero bin of G, and the entry after each: it bounds
 * the one before (hist.c charges entry k over [addr_k/2, addr_k+1/2)).
 * Entries left out then cover only zero bins, so every entry kept gets
 * the same credit, added in the same order.
 */
static int
mark_samples(const struct gmon *g, const struct sym *v, const uint32_t *ord,
	     size_t n, bool *keep, struct gp_err *err)
{
	uint64_t *chunk;

	if (n < 2) /* the last entry gets no samples */
		return 0;
	chunk = xmalloc(GMON_CHUNK * sizeof(*chunk));
	for (size_t x = 0; x < g->nhists; x++) {
		const struct gmon_hist *h = &g->hists[x];
		double scale = gmon_scale(h->lowpc, h->highpc, h->nbins);
		uint64_t base = h->lowpc / 2;

		for (uint32_t i = 0; i < h->nbins; i += GMON_CHUNK) {
			uint32_t m = h->nbins - i < GMON_CHUNK ? h->nbins - i
							       : GMON_CHUNK;

			if (gmon_bins(g, h, i, m, chunk, err) != 0) {
				free(chunk);
				return -1;
			}
			for (uint32_t b = 0; b < m; b++) {
				uint32_t bin = i + b;
				int64_t lo, hi;
				size_t a = 0, z = n - 1;

				if (chunk[b] == 0)
					continue;
				lo = (int64_t)(base + (uint64_t)(scale * bin));
				hi = (int64_t)(base +
					       (uint64_t)(scale * (bin + 1)));
				/* The first k (k+1 < n) whose next entry
				 * starts past LO: those before it end at or
				 * below LO. */
				while (a < z) {
					size_t mid = a + (z - a) / 2;
					if ((int64_t)(v[ord[mid + 1]].addr /
						      2) <= lo)
						a = mid + 1;
					else
						z = mid;
				}
				for (size_t k = a; k + 1 < n; k++) {
					int64_t slo =
					    (int64_t)(v[ord[k]].addr / 2);
					int64_t shi =
					    (int64_t)(v[ord[k + 1]].addr / 2);
					int64_t ov = (shi < hi ? shi : hi) -
						     (slo > lo ? slo : lo);

					if (slo >= hi)
						break;
					if (ov > 0)
						keep[k] = keep[k + 1] = true;
				}
			}
		}
	}
	free(chunk);
	return 0;
}

/*
 * KEEP[0..N): the entries (LM's ORD[]) the reports may show when they
 * show only used ones: every function (a line symbol's span and the
 * default exclusions of select.c start at them), the entries samples
 * fall in (see mark_samples), both ends of every arc as cg_map_arc()
 * maps it (the line the call leaves, the line it lands in and the
 * function that line belongs to), and the entries holding a block
 * count.  What is left out owns nothing the reports print, and since
 * what is kept keeps its own end and order, every selection, charge,
 * arc and number comes out the same.
 */
static int
mark_used(const struct linemode *lm, const struct gmon *g, const uint32_t *ord,
	  size_t n, bool *keep, struct gp_err *err)
{
	const struct sym *v = lm->st.syms;

	for (size_t k = 0; k < n; k++)
		if (!lm->is_line[ord[k]])
			keep[k] = true;
	if (mark_samples(g, v, ord, n, keep, err) != 0)
		return -1;
	for (size_t i = 0; i < g->narcs; i++) {
		size_t p = find_at(v, ord, n, g->arcs[i].from);
		size_t c = find_at(v, ord, n, g->arcs[i].self);

		if (p == n || c == n)
			continue;
		keep[p] = keep[c] = true;
		while (c > 0 && !v[ord[c]].is_func)
			c--;
		keep[c] = true;
	}
	for (size_t i = 0; i < g->nbbs; i++) {
		size_t k = find_at(v, ord, n, g->bbs[i].addr);

		if (k < n)
			keep[k] = true;
	}
	return 0;
}

/*
 * The entries copy_table() leaves out, for their share of the call
 * graph's index numbers (see skip_counts): in GNU's order they come
 * after every entry with time, by name (those without a leading '_'
 * first), then by table position.  GROUP[] holds each distinct name
 * pointer once, sorted by name within each class; a group's positions
 * are POS[first .. first + n), ascending; BEFORE[k] counts the entries
 * of the groups before group k in its class.
 */
struct hidden_group {
	const char *name;
	uint32_t first, n;
	uint32_t before;
};

struct hidden {
	struct hidden_group *group;
	size_t ngroups, nplain; /* groups [0, nplain) have no leading '_' */
	uint32_t nplain_entries;
	uint32_t *pos;  /* table positions of the left-out entries */
	uint32_t *kpos; /* table position of each kept entry */
	size_t nhidden;
};

static int
group_cmp(const void *a, const void *b)
{
	const struct hidden_group *x = a, *y = b;
	bool ux = x->name[0] == '_', uy = y->name[0] == '_';

	if (ux != uy)
		return ux ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Group the left-out entries (ORD[j] with !KEEP[j]) of V by name. */
static void
hidden_build(struct hidden *h, const struct sym *v, const uint32_t *ord,
	     size_t n, const bool *keep)
{
	size_t cap = 16, ng = 0, m = 0;
	uint32_t *slot, *gid, *fill;

	for (size_t j = 0; j < n; j++)
		m += !keep[j];
	while (cap < 2 * m)
		cap *= 2;
	slot = xmalloc(cap * sizeof(*slot));
	memset(slot, 0xff, cap * sizeof(*slot));
	gid = xcalloc(m, sizeof(*gid));
	h->group = xcalloc(m, sizeof(*h->group));
	h->pos = xcalloc(m, sizeof(*h->pos));
	h->nhidden = m;
	/* Distinct name pointers (the line symbols of one function share
	 * one), by a hash of the pointer. */
	for (size_t j = 0, k = 0; j < n; j++) {
		const char *name = v[ord[j]].name;
		size_t b = ((uintptr_t)name * 0x9e3779b97f4a7c15u) >> 20;

		if (keep[j])
			continue;
		for (b &= cap - 1;
		     slot[b] != UINT32_MAX && h->group[slot[b]].name != name;
		     b = (b + 1) & (cap - 1))
			;
		if (slot[b] == UINT32_MAX) {
			slot[b] = (uint32_t)ng;
			h->group[ng++].name = name;
		}
		gid[k++] = slot[b];
		h->group[slot[b]].n++;
	}
	free(slot);
	/* Each group's positions, in table order. */
	fill = xcalloc(ng, sizeof(*fill));
	for (size_t k = 0, at = 0; k < ng; k++) {
		h->group[k].first = (uint32_t)at;
		fill[k] = (uint32_t)at;
		at += h->group[k].n;
	}
	for (size_t j = 0, k = 0; j < n; j++)
		if (!keep[j])
			h->pos[fill[gid[k++]]++] = (uint32_t)j;
	free(fill);
	free(gid);
	if (ng > 1)
		qsort(h->group, ng, sizeof(*h->group), group_cmp);
	h->ngroups = ng;
	h->nplain = 0;
	while (h->nplain < ng && h->group[h->nplain].name[0] != '_')
		h->nplain++;
	for (size_t k = 0, c = 0; k < ng; k++) {
		if (k == h->nplain)
			c = 0;
		h->group[k].before = (uint32_t)c;
		c += h->group[k].n;
		if (k + 1 == h->nplain)
			h->nplain_entries = (uint32_t)c;
	}
}

static void
hidden_free(struct hidden *h)
{
	free(h->group);
	free(h->pos);
	free(h->kpos);
	memset(h, 0, sizeof(*h));
}

/* How many of H's entries named NAME's class sort before (NAME, AT). */
static uint32_t
hidden_before(const struct hidden *h, const char *name, uint32_t at)
{
	bool under = name[0] == '_';
	size_t lo = under ? h->nplain : 0, hi = under ? h->ngroups : h->nplain;
	size_t a = lo, z = hi;
	uint32_t c;

	/* The first group whose name is not below NAME. */
	while (a < z) {
		size_t mid = a + (z - a) / 2;
		if (strcmp(h->group[mid].name, name) < 0)
			a = mid + 1;
		else
			z = mid;
	}
	c = a < hi ? h->group[a].before
		   : (a > lo ? h->group[a - 1].before + h->group[a - 1].n : 0);
	/* Groups of the same name (other pointers): their entries before AT. */
	for (; a < hi && strcmp(h->group[a].name, name) == 0; a++) {
		const uint32_t *p = h->pos + h->group[a].first;
		size_t x = 0, y = h->group[a].n;

		while (x < y) {
			size_t mid = x + (y - x) / 2;
			if (p[mid] < at)
				x = mid + 1;
			else
				y = mid;
		}
		c += (uint32_t)x;
	}
	return (under ? h->nplain_entries : 0) + c;
}

/*
 * LP->index_skip: for each entry of LP's table (then each cycle), how
 * many of H's left-out entries model.c's by_total puts before it.  A
 * left-out entry has no time, no calls and a name, so it comes after
 * every entry with more time (and before any with less), after every
 * cycle of equal time, and among named entries of no time by the name
 * rules: those without a leading '_' first, more calls first, then by
 * name and table position.
 */
static void
skip_counts(struct lineprof *lp, const struct hidden *h)
{
	const struct callgraph *cg = &lp->lt.cg;
	size_t n = lp->lt.st.n;
	uint32_t *skip = xcalloc(n + cg->ncycles + 1, sizeof(*skip));

	for (size_t i = 0; i < n; i++) {
		double t = cg->nodes[i].prop_self + cg->nodes[i].prop_child;
		const char *name = lp->lt.st.syms[i].name;

		if (t < 0)
			skip[i] = (uint32_t)h->nhidden;
		else if (t > 0)
			skip[i] = 0;
		else if (cg->nodes[i].ncalls > 0)
			skip[i] = name[0] == '_' ? h->nplain_entries : 0;
		else
			skip[i] = hidden_before(h, name, h->kpos[i]);
	}
	for (size_t k = 0; k < cg->ncycles; k++) {
		double t = cg->cycles[k].prop_self + cg->cycles[k].prop_child;

		skip[n + k] = t < 0 ? (uint32_t)h->nhidden : 0;
	}
	lp->index_skip = skip;
}

/*
 * LP's table: LM's entries that own some address, all of them or (CUT:
 * the reports show only used entries, plan.h's line_cut) those that
 * mark_used() keeps; H gets the others (nothing when all are kept).
 */
static int
copy_table(struct lineprof *lp, const struct linemode *lm, const struct gmon *g,
	   bool cut, struct hidden *h, struct gp_err *err)
{
	size_t n = 0, k = 0;
	uint32_t *ord = xcalloc(lm->st.n, sizeof(*ord));
	bool *keep = NULL;

	for (size_t i = 0; i < lm->st.n; i++)
		if (lm->st.syms[i].end >= lm->st.syms[i].addr)
			ord[n++] = (uint32_t)i;
	if (cut) {
		keep = xcalloc(n, sizeof(*keep));
		if (mark_used(lm, g, ord, n, keep, err) != 0) {
			free(keep);
			free(ord);
			return -1;
		}
		for (size_t j = 0; j < n; j++)
			k += keep[j];
		hidden_build(h, lm->st.syms, ord, n, keep);
		h->kpos = xcalloc(k, sizeof(*h->kpos));
	} else {
		k = n;
	}
	lp->lt.st.syms = xcalloc(k, sizeof(*lp->lt.st.syms));
	lp->files = xcalloc(k, sizeof(*lp->files));
	lp->lines = xcalloc(k, sizeof(*lp->lines));
	lp->is_line = xcalloc(k, sizeof(*lp->is_line));
	k = 0;
	for (size_t j = 0; j < n; j++) {
		size_t i = ord[j];

		if (keep != NULL && !keep[j])
			continue;
		if (keep != NULL)
			h->kpos[k] = (uint32_t)j;
		lp->lt.st.syms[k] = lm->st.syms[i];
		lp->files[k] = lm->files[i];
		lp->lines[k] = lm->lines[i];
		lp->is_line[k] = lm->is_line[i];
		k++;
	}
	lp->lt.st.n = k;
	symtab_index(&lp->lt.st);
	free(keep);
	free(ord);
	return 0;
}

/*
 * Where each entry's code ends as GNU's symbol lists see it: a line
 * symbol's at the next entry, a function's where the function ends in
 * the function table FUNCS (its lines included).
 */
static uint64_t *
range_ends(const struct lineprof *lp, const struct symtab *funcs)
{
	uint64_t *ends = xcalloc(lp->lt.st.n, sizeof(*ends));

	for (size_t i = 0; i < lp->lt.st.n; i++) {
		sym_id f = lp->is_line[i]
			       ? SYM_NONE
			       : symtab_find(funcs, lp->lt.st.syms[i].addr);

		ends[i] = lp->lt.st.syms[i].end;
		if (f != SYM_NONE &&
		    funcs->syms[f].addr == lp->lt.st.syms[i].addr &&
		    funcs->syms[f].end > ends[i])
			ends[i] = funcs->syms[f].end;
	}
	return ends;
}

int
lineprof_compute(struct lineprof *lp, const struct linemode *lm,
		 const struct symtab *funcs, const struct gmon *g,
		 const struct options *o, const struct plan *plan,
		 struct gp_err *err)
{
	const struct symtab *st = &lp->lt.st;
	struct cg_select cs;
	struct hidden h = { 0 };
	uint64_t *ends;

	memset(lp, 0, sizeof(*lp));
	lp->built = true;
	if (copy_table(lp, lm, g, plan->line_cut, &h, err) != 0)
		return -1;
	ends = range_ends(lp, funcs);
	select_build_at(&lp->lt.sel, o, st, lp->files, lp->lines, ends);
	free(ends);
	cg_init(&lp->lt.cg, st);
	cg_tally(&lp->lt.cg, g, arc_selected, &lp->lt.sel);
	select_report_flags(&lp->lt.sel, lp->lt.st.n, &lp->lt.graph_flags,
			    &lp->lt.flat_excluded, &lp->lt.exec_hidden, &cs);
	lp->lt.ticks = xcalloc(st->n, sizeof(*lp->lt.ticks));
	if (hist_charge(g, st, lp->lt.flat_excluded, lp->lt.ticks,
			&lp->lt.total_ticks, err) != 0) {
		hidden_free(&h);
		return -1;
	}
	analysed_assemble(&lp->lt, &cs, plan->flat_order, plan->name_order,
			  plan->zeros);
	if (h.kpos != NULL)
		skip_counts(lp, &h);
	hidden_free(&h);
	lp->nbbs = bbsum_merge(g->bbs, g->nbbs, st, &lp->bbs);
	return 0;
}

void
lineprof_free(struct lineprof *lp)
{
	if (!lp->built)
		return;
	analysed_free(&lp->lt);
	symtab_free(&lp->lt.st);
	free(lp->files);
	free(lp->lines);
	free(lp->is_line);
	free(lp->bbs);
	free(lp->index_skip);
	memset(lp, 0, sizeof(*lp));
}
