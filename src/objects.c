/*
 * objects.c - the shared libraries of a profile (see objects.h).
 *
 * Invariant: the function table keeps the executable's functions first
 * (NEXE of them, never moved), then each found object's, in object
 * order, each object's above the previous one's, so the table stays
 * sorted by address and symtab_find() works unchanged.
 */
#include "objects.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exebuildid.h"
#include "hist.h"
#include "intern.h"
#include "reader.h"
#include "sort.h"
#include "srcline.h"

/* Objects' biases are multiples of this (and never 0). */
#define BIAS_STEP ((uint64_t)1 << 32)

/* A union of two histograms bigger than this many bins is not made. */
#define MAX_UNION_BINS ((uint64_t)1 << 28)

void
objects_init(struct objects *os)
{
	memset(os, 0, sizeof(*os));
}

/*
 * Which object a side file's object joins: the first one gathered with
 * its build-id when both have one, else the first with its path.  So a
 * new object with build-id B and path P joins the first of (the first
 * object with B, the first object without a build-id with P); one
 * without a build-id joins the first object with P.  Three maps from
 * key to the first object with it keep that O(1) (UINT32_MAX: none).
 */
struct objects_keys {
	struct intern bids, paths; /* build-ids (hex) and paths */
	uint32_t *by_bid;          /* bids' id -> first object with it */
	uint32_t *by_path;         /* paths' id -> first object with it */
	uint32_t *by_path_nobid;   /* ... first of those without build-id */
	size_t nbid, npath;        /* entries of the arrays above */
};

/* Grow *A (N entries) to the M ids of an intern set, new ones none. */
static void
grow_firsts(uint32_t **a, size_t n, size_t m)
{
	*a = xreallocarray(*a, m ? m : 1, sizeof(**a));
	for (size_t i = n; i < m; i++)
		(*a)[i] = UINT32_MAX;
}

/* The ids of SO's build-id (UINT32_MAX: none) and path in K. */
static void
key_ids(struct objects_keys *k, const struct sidefile_object *so, uint32_t *bid,
	uint32_t *path)
{
	char hex[2 * GMON_SIDE_BUILD_ID_MAX + 1];

	*bid = UINT32_MAX;
	if (so->build_id_len > 0) {
		build_id_hex(so->build_id, so->build_id_len, hex, sizeof(hex));
		*bid = intern_id(&k->bids, hex, NULL);
		if (k->bids.n > k->nbid) {
			grow_firsts(&k->by_bid, k->nbid, k->bids.cap);
			k->nbid = k->bids.cap;
		}
	}
	*path = intern_id(&k->paths, so->path, NULL);
	if (k->paths.n > k->npath) {
		grow_firsts(&k->by_path, k->npath, k->paths.cap);
		grow_firsts(&k->by_path_nobid, k->npath, k->paths.cap);
		k->npath = k->paths.cap;
	}
}

/* The index of the object SO joins (as above), or UINT32_MAX. */
static uint32_t
find_object(struct objects_keys *k, uint32_t bid, uint32_t path)
{
	if (bid == UINT32_MAX)
		return k->by_path[path];
	uint32_t a = k->by_bid[bid], b = k->by_path_nobid[path];
	return a < b ? a : b;
}

/* Object IDX (new, from SO) is the first with the keys it lacked. */
static void
note_object(struct objects_keys *k, uint32_t idx, uint32_t bid, uint32_t path)
{
	if (bid != UINT32_MAX && k->by_bid[bid] == UINT32_MAX)
		k->by_bid[bid] = idx;
	if (k->by_path[path] == UINT32_MAX)
		k->by_path[path] = idx;
	if (bid == UINT32_MAX && k->by_path_nobid[path] == UINT32_MAX)
		k->by_path_nobid[path] = idx;
}

static void
keys_free(struct objects_keys *k)
{
	if (k == NULL)
		return;
	intern_free(&k->bids);
	intern_free(&k->paths);
	free(k->by_bid);
	free(k->by_path);
	free(k->by_path_nobid);
	free(k);
}

/* Add histogram SO to object O's: summed, over the union of ranges. */
static void
add_hist(struct gp_object *o, const struct sidefile_object *so)
{
	if (!so->has_hist || so->nbins == 0)
		return;
	if (o->nbins == 0) {
		o->lowpc = so->lowpc;
		o->nbins = so->nbins;
		o->bins = xcalloc(so->nbins, sizeof(*o->bins));
	} else if (so->lowpc != o->lowpc || so->nbins != o->nbins) {
		uint64_t lo = so->lowpc < o->lowpc ? so->lowpc : o->lowpc;
		uint64_t hi1 = o->lowpc + 4 * (uint64_t)o->nbins;
		uint64_t hi2 = so->lowpc + 4 * (uint64_t)so->nbins;
		uint64_t n = ((hi1 > hi2 ? hi1 : hi2) - lo) / 4;

		/* Nor one much bigger than the two (memory the input does
		 * not pay for). */
		if (n > MAX_UNION_BINS || n > UINT32_MAX ||
		    n > 2 * ((uint64_t)o->nbins + so->nbins)) {
			char name[256];
			gp_warn("%s: histograms of far apart ranges; the later "
				"one is ignored",
				sanitize_name(o->path, name, sizeof(name)));
			return;
		}
		uint64_t *bins = xcalloc((size_t)n, sizeof(*bins));
		memcpy(bins + (o->lowpc - lo) / 4, o->bins,
		       (size_t)o->nbins * sizeof(*bins));
		free(o->bins);
		o->bins = bins;
		o->lowpc = lo;
		o->nbins = (uint32_t)n;
	}
	uint64_t at = (so->lowpc - o->lowpc) / 4;
	for (uint32_t i = 0; i < so->nbins; i++) {
		o->bins[at + i] = gp_add_sat(o->bins[at + i], so->bins[i]);
		o->samples = gp_add_sat(o->samples, so->bins[i]);
	}
}

void
objects_add(struct objects *os, const struct sidefile *s)
{
	uint32_t *map = xcalloc(s->nobj ? s->nobj : 1, sizeof(*map));

	if (os->keys == NULL)
		os->keys = xcalloc(1, sizeof(*os->keys));
	for (size_t i = 0; i < s->nobj; i++) {
		const struct sidefile_object *so = &s->obj[i];
		uint32_t bid, path;

		key_ids(os->keys, so, &bid, &path);
		uint32_t k = find_object(os->keys, bid, path);
		if (k == UINT32_MAX) {
			struct gp_object *o;

			if (os->n >= UINT32_MAX - 1)
				gp_out_of_memory();
			if (os->n == os->cap) {
				os->cap = os->cap ? 2 * os->cap : 16;
				os->v = xreallocarray(os->v, os->cap,
						      sizeof(*os->v));
			}
			k = (uint32_t)os->n;
			note_object(os->keys, k, bid, path);
			o = &os->v[os->n++];
			memset(o, 0, sizeof(*o));
			o->x.fd = -1;
			o->path = xstrdup(so->path);
			o->flags = so->flags;
			o->text_lo = so->text_lo;
			o->text_hi = so->text_hi;
			memcpy(o->build_id, so->build_id, so->build_id_len);
			o->build_id_len = so->build_id_len;
		}
		map[i] = k;
		add_hist(&os->v[k], so);
	}
	stacks_add(&os->stacks, &s->stacks, map);
	if (!s->has_clock)
		os->stacks_unclocked =
		    gp_add_sat(os->stacks_unclocked, s->stacks.samples);
	threads_add(&os->threads, s, map, os->n);
	if (s->narcs > os->arcs_cap - os->narcs) {
		size_t cap = os->arcs_cap ? os->arcs_cap : 256;
		while (cap - os->narcs < s->narcs)
			cap *= 2;
		os->arcs = xreallocarray(os->arcs, cap, sizeof(*os->arcs));
		os->arcs_cap = cap;
	}
	for (size_t i = 0; i < s->narcs; i++) {
		struct sidefile_arc a = s->arcs[i];

		if (a.from_obj != SIDEFILE_EXE)
			a.from_obj = map[a.from_obj];
		if (a.self_obj != SIDEFILE_EXE)
			a.self_obj = map[a.self_obj];
		os->arcs[os->narcs++] = a;
		if (a.from_obj != SIDEFILE_EXE) {
			struct gp_object *o = &os->v[a.from_obj];
			o->calls = gp_add_sat(o->calls, a.count);
			o->narcs++;
		}
		if (a.self_obj != SIDEFILE_EXE && a.self_obj != a.from_obj) {
			struct gp_object *o = &os->v[a.self_obj];
			o->calls = gp_add_sat(o->calls, a.count);
			o->narcs++;
		}
	}
	free(map);
}

static bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Try PATH for O: open it and check its build-id.  WHY gets the reason
 * a file that exists was turned down. */
static bool
try_file(struct gp_object *o, const char *path, char *why, size_t len)
{
	struct gp_err err;
	char name[256];

	if (!is_file(path))
		return false;
	o->file = xstrdup(path);
	if (exe_open_object(&o->x, o->file, &err) != 0) {
		snprintf(why, len, "%.400s", err.msg);
		free(o->file);
		o->file = NULL;
		o->x.fd = -1;
		return false;
	}
	uint8_t bid[GMON_SIDE_BUILD_ID_MAX];
	size_t n = o->build_id_len > 0
		       ? exe_build_id_bytes(&o->x, bid, sizeof(bid))
		       : 0;
	const char *other = NULL;

	if (n > 0 && (n != o->build_id_len || memcmp(bid, o->build_id, n) != 0))
		other = "build-id";
	/* Without build-ids to compare, the executable segments' range. */
	if (n == 0 && o->text_lo < o->text_hi &&
	    (o->x.exec_lo != o->text_lo || o->x.exec_hi != o->text_hi))
		other = "text range";
	if (other != NULL) {
		snprintf(why, len, "%s has another %s",
			 sanitize_name(path, name, sizeof(name)), other);
		exe_close(&o->x);
		free(o->file);
		o->file = NULL;
		return false;
	}
	srcline_none(&o->x); /* its lines are never looked up */
	return true;
}

/* The candidates in order; true when one was taken. */
static bool
find_file(struct gp_object *o, const struct options *opt, char *why, size_t len)
{
	const char *base = xpath_base(o->path);

	for (size_t i = 0; i < opt->nobject_dirs; i++) {
		const char *d = opt->object_dirs[i];

		while (*d != '\0') {
			const char *colon = strchr(d, ':');
			size_t dlen = colon ? (size_t)(colon - d) : strlen(d);

			if (dlen > 0 && *base != '\0') {
				char *p = xpath_join_n(d, dlen, base);
				bool ok = try_file(o, p, why, len);
				free(p);
				if (ok)
					return true;
			}
			d += dlen;
			if (*d == ':')
				d++;
		}
	}
	if (opt->sysroot != NULL && o->path[0] == '/') {
		char *p = xpath_join(opt->sysroot, o->path + 1);
		bool ok = try_file(o, p, why, len);
		free(p);
		if (ok)
			return true;
	}
	return o->path[0] != '\0' && try_file(o, o->path, why, len);
}

/* Warn when O's histogram reaches outside the code of its file (a
 * side file whose OBJECT record's text disagrees with the file): the
 * samples there are charged to no function, only to the total. */
static void
check_hist(const struct gp_object *o, const char *name)
{
	const struct exe *x = &o->x;

	if (o->nbins == 0 || x->exec_lo >= x->exec_hi ||
	    x->exec_hi > UINT64_MAX - 3)
		return;
	uint64_t lo = x->exec_lo & ~(uint64_t)3;
	uint64_t hi = (x->exec_hi + 3) & ~(uint64_t)3;
	uint64_t end = o->lowpc + 4 * (uint64_t)o->nbins;
	if (o->lowpc >= lo && end <= hi)
		return;
	gp_warn("%s: histogram 0x%llx-0x%llx reaches outside its code "
		"(0x%llx-0x%llx); its samples there count in the total only",
		name, (unsigned long long)o->lowpc, (unsigned long long)end,
		(unsigned long long)x->exec_lo, (unsigned long long)x->exec_hi);
}

static uint64_t
round_up(uint64_t v, bool *overflow)
{
	uint64_t r = (v + BIAS_STEP - 1) & ~(BIAS_STEP - 1);

	if (r < v)
		*overflow = true;
	return r;
}

/* Append O's functions, biased, to ST, whose array has room for *CAP
 * (grown geometrically).  False when it has none. */
static bool
append_functions(struct gp_object *o, struct symtab *st, size_t *cap,
		 const struct options *opt)
{
	struct symtab_opts so = { 0 };
	struct symtab ot;
	struct gp_err err;

	so.no_static = opt->no_static;
	so.ignore_non_functions = opt->ignore_non_functions;
	if (symtab_build(&ot, &o->x, &so, &err) != 0)
		return false;
	/* The names, copied: the file is closed next (one descriptor per
	 * object would not do for thousands of dlopen'ed objects). */
	size_t len = 0, at = 0;
	for (size_t i = 0; i < ot.n; i++)
		len += strlen(ot.syms[i].name) + 1;
	o->names = xmalloc(len ? len : 1);
	if (ot.n > *cap - st->n) {
		while (ot.n > *cap - st->n)
			*cap = *cap > SIZE_MAX / 4 ? SIZE_MAX : 2 * *cap + 16;
		st->syms = xreallocarray(st->syms, *cap, sizeof(*st->syms));
	}
	o->first = st->n;
	o->nfuncs = ot.n;
	for (size_t i = 0; i < ot.n; i++) {
		struct sym s = ot.syms[i];
		size_t n = strlen(s.name) + 1;

		memcpy(o->names + at, s.name, n);
		s.name = o->names + at;
		at += n;

		s.addr += o->bias;
		s.end += o->bias;
		s.objname = xpath_base(o->path);
		s.bias = o->bias;
		st->syms[st->n++] = s;
	}
	symtab_free(&ot);
	return true;
}

static int
by_name(uint32_t a, uint32_t b, const void *ctx)
{
	const struct sym *v = ctx;
	int c = strcmp(v[a].name, v[b].name);

	return c != 0 ? c : (a > b) - (a < b);
}

/* Tag the objects' functions whose names another object also has. */
static void
tag_collisions(struct objects *os, struct symtab *st)
{
	uint32_t *ids = xmalloc((st->n ? st->n : 1) * sizeof(*ids));
	size_t *objof = xmalloc((st->n ? st->n : 1) * sizeof(*objof));

	for (size_t i = 0; i < st->n; i++) {
		ids[i] = (uint32_t)i;
		objof[i] = SIZE_MAX;
	}
	for (size_t k = 0; k < os->n; k++)
		for (size_t j = 0; os->v[k].file != NULL && j < os->v[k].nfuncs;
		     j++)
			objof[os->v[k].first + j] = k;
	gp_sort(ids, st->n, by_name, st->syms);
	for (size_t i = 0; i < st->n;) {
		size_t j = i + 1;
		bool mixed = false;

		while (j < st->n && strcmp(st->syms[ids[i]].name,
					   st->syms[ids[j]].name) == 0) {
			mixed |= objof[ids[j]] != objof[ids[i]];
			j++;
		}
		for (size_t k = i; mixed && k < j; k++) {
			size_t ob = objof[ids[k]];
			if (ob != SIZE_MAX)
				st->syms[ids[k]].obj =
				    xpath_base(os->v[ob].path);
		}
		i = j;
	}
	free(objof);
	free(ids);
}

void
objects_resolve(struct objects *os, struct symtab *st, const struct exe *x,
		const struct options *opt)
{
	bool overflow = false;
	uint64_t top = x->load_hi > x->text_hi ? x->load_hi : x->text_hi;
	size_t cap = st->n;

	os->resolved = true;
	os->nexe = st->n;
	if (st->n > 0 && st->syms[st->n - 1].end + 1 > top)
		top = st->syms[st->n - 1].end + 1;
	top = round_up(top + 1, &overflow);
	for (size_t k = 0; k < os->n; k++) {
		struct gp_object *o = &os->v[k];
		char why[512], name[256];

		why[0] = '\0';
		sanitize_name(o->path, name, sizeof(name));
		if (!find_file(o, opt, why, sizeof(why))) {
			gp_warn("%s: shared object not found%s%s; its %llu "
				"samples and %llu calls are left out",
				name, why[0] ? ": " : "", why,
				(unsigned long long)o->samples,
				(unsigned long long)o->calls);
			continue;
		}
		check_hist(o, name);
		uint64_t hi =
		    o->x.load_hi > o->x.text_hi ? o->x.load_hi : o->x.text_hi;
		if (o->nbins > 0 && o->lowpc + 4 * (uint64_t)o->nbins > hi)
			hi = o->lowpc + 4 * (uint64_t)o->nbins;
		o->bias = top;
		o->hi = hi;
		if (hi >= UINT64_MAX - top)
			overflow = true;
		else
			top = round_up(top + hi + 1, &overflow);
		if (overflow || o->bias == 0) {
			gp_warn("%s: no room left in the address space; its "
				"%llu samples and %llu calls are left out",
				name, (unsigned long long)o->samples,
				(unsigned long long)o->calls);
			exe_close(&o->x);
			free(o->file);
			o->file = NULL;
			continue;
		}
		if (!append_functions(o, st, &cap, opt))
			gp_warn("%s: no function symbols; its %llu samples "
				"are counted in the total only",
				name, (unsigned long long)o->samples);
		else
			os->any = true;
		exe_close(&o->x); /* everything needed is copied */
	}
	if (os->any) {
		tag_collisions(os, st);
		symtab_index(st);
	}
}

/* The biased address of OBJ's object address A, or false. */
static bool
biased(const struct objects *os, uint32_t obj, uint64_t a, uint64_t *out)
{
	if (obj == SIDEFILE_EXE) {
		*out = a;
		return true;
	}
	const struct gp_object *o = &os->v[obj];
	if (o->file == NULL || o->nfuncs == 0 || a > o->hi)
		return false;
	*out = a + o->bias;
	return true;
}

/* Whether function ID of the table is OBJ's. */
static bool
owns(const struct objects *os, uint32_t obj, uint32_t id)
{
	if (obj == SIDEFILE_EXE)
		return !os->any || id < os->nexe;
	return id >= os->v[obj].first &&
	       id - os->v[obj].first < os->v[obj].nfuncs;
}

sym_id
objects_function(const struct objects *os, const struct symtab *st,
		 uint32_t obj, uint64_t addr)
{
	uint64_t a;
	sym_id f;

	if ((obj != SIDEFILE_EXE && obj >= os->n) ||
	    !biased(os, obj, addr, &a) ||
	    (f = symtab_find(st, a)) == SYM_NONE || !owns(os, obj, f))
		return SYM_NONE;
	return f;
}

void
objects_tally(const struct objects *os, struct callgraph *cg,
	      cg_arc_filter *keep, void *ctx)
{
	for (size_t i = 0; i < os->narcs; i++) {
		const struct sidefile_arc *a = &os->arcs[i];
		uint64_t from, self;
		uint32_t p, c;

		if (!biased(os, a->from_obj, a->from, &from) ||
		    !biased(os, a->self_obj, a->self, &self))
			continue;
		if (cg_map_arc(cg, from, self, &p, &c) &&
		    owns(os, a->from_obj, p) && owns(os, a->self_obj, c) &&
		    (keep == NULL || keep(ctx, p, c))) {
			/* 64-bit counts: the callee's calls (and so the
			 * arc's, never more) stop at UINT64_MAX. */
			uint64_t room = UINT64_MAX - cg->nodes[c].ncalls;
			cg_add(cg, p, c, a->count < room ? a->count : room);
		}
	}
}

int
objects_charge(const struct objects *os, const struct gmon *g,
	       const struct symtab *st, const bool *excluded, double *ticks,
	       double *total, struct gp_err *err)
{
	struct symtab view = { .syms = st->syms,
			       .n = os->any ? os->nexe : st->n };
	double t;

	if (hist_charge(g, &view, excluded, ticks, total, err) != 0)
		return -1;
	for (size_t k = 0; k < os->n; k++) {
		const struct gp_object *o = &os->v[k];
		struct gmon og;
		struct gmon_hist h;

		if (o->file == NULL || o->nbins == 0)
			continue;
		if (o->nfuncs == 0) {
			*total += (double)o->samples;
			continue;
		}
		memset(&og, 0, sizeof(og));
		memset(&h, 0, sizeof(h));
		og.word = g->word;
		og.hists = &h;
		og.nhists = 1;
		h.lowpc = o->lowpc + o->bias;
		h.highpc = h.lowpc + 4 * (uint64_t)o->nbins;
		h.nbins = o->nbins;
		h.bins = o->bins;
		view.syms = st->syms + o->first;
		view.n = o->nfuncs;
		if (hist_charge(&og, &view,
				excluded ? excluded + o->first : NULL,
				ticks + o->first, &t, err) != 0)
			return -1;
		*total += t;
	}
	return 0;
}

void
objects_encode(const struct objects *os, const struct sidefile *run,
	       const uint8_t run_id[GMON_SIDE_RUN_ID_LEN], struct wbuf *w)
{
	const char *exe = run->exe != NULL ? run->exe : "";
	size_t at;

	wb_bytes(w, GMON_SIDE_MAGIC, GMON_SIDE_MAGIC_LEN);
	wb_u32(w, GMON_SIDE_VERSION);
	wb_u32(w, 0);
	at = stacks_record_open(w, GMON_SIDE_RUN);
	wb_bytes(w, run_id, GMON_SIDE_RUN_ID_LEN);
	wb_u32(w, 0);
	wb_u64(w, 0); /* gmon.sum's addresses are the profiles' */
	wb_u64(w, run->text_lo);
	wb_u64(w, run->text_hi);
	wb_u32(w, (uint32_t)run->build_id_len);
	wb_u32(w, (uint32_t)strlen(exe));
	wb_bytes(w, run->build_id, run->build_id_len);
	wb_bytes(w, exe, strlen(exe));
	stacks_record_close(w, at);
	for (size_t k = 0; k < os->n; k++) {
		const struct gp_object *o = &os->v[k];
		uint64_t lo = o->text_lo, hi = o->text_hi;

		/* The text holds the bins (a reader insists), also when
		 * profiles with other texts were summed into them. */
		if (o->nbins > 0 && o->lowpc < lo)
			lo = o->lowpc;
		if (o->nbins > 0 && o->lowpc + 4 * (uint64_t)o->nbins > hi)
			hi = o->lowpc + 4 * (uint64_t)o->nbins;
		at = stacks_record_open(w, GMON_SIDE_OBJECT);
		wb_u32(w, (uint32_t)k + 1);
		wb_u32(w, o->flags);
		wb_u64(w, 0);
		wb_u64(w, lo);
		wb_u64(w, hi);
		wb_u32(w, (uint32_t)o->build_id_len);
		wb_u32(w, (uint32_t)strlen(o->path));
		wb_bytes(w, o->build_id, o->build_id_len);
		wb_bytes(w, o->path, strlen(o->path));
		stacks_record_close(w, at);
		if (o->nbins == 0)
			continue;
		at = stacks_record_open(w, GMON_SIDE_HIST);
		wb_u32(w, (uint32_t)k + 1);
		wb_u32(w, 0);
		wb_u64(w, o->lowpc);
		wb_u64(w, o->nbins);
		for (uint32_t i = 0; i < o->nbins; i++) /* 32-bit bins */
			wb_u32(w, o->bins[i] > UINT32_MAX
				      ? UINT32_MAX
				      : (uint32_t)o->bins[i]);
		stacks_record_close(w, at);
	}
	/* Records hold at most 4 GiB: arcs in chunks. */
	for (size_t i = 0; i < os->narcs;) {
		size_t n =
		    os->narcs - i < (1u << 24) ? os->narcs - i : 1u << 24;

		at = stacks_record_open(w, GMON_SIDE_ARCS);
		wb_u64(w, n);
		for (size_t j = i; j < i + n; j++) {
			const struct sidefile_arc *a = &os->arcs[j];

			wb_u32(w, a->from_obj == SIDEFILE_EXE
				      ? 0
				      : a->from_obj + 1);
			wb_u32(w, a->self_obj == SIDEFILE_EXE
				      ? 0
				      : a->self_obj + 1);
			wb_u64(w, a->from);
			wb_u64(w, a->self);
			wb_u64(w, a->count);
		}
		stacks_record_close(w, at);
		i += n;
	}
	if (threads_complete(&os->threads)) {
		/* The threads' stacks and the unowned ones sum to the
		 * profile's: written once, each after its owner. */
		struct stackset info = { 0 };

		threads_encode(&os->threads, w);
		threads_encode_stacks(&os->threads, w);
		stacks_copy_info(&info, &os->stacks);
		stacks_encode(&info, w);
	} else {
		stacks_encode(&os->stacks, w);
	}
	at = stacks_record_open(w, GMON_SIDE_END);
	stacks_record_close(w, at);
}

void
objects_describe(FILE *out, const struct objects *os)
{
	for (size_t k = 0; k < os->n; k++) {
		const struct gp_object *o = &os->v[k];
		char p[GMON_SIDE_EXE_MAX + 1], f[GMON_SIDE_EXE_MAX + 1];

		sanitize_name(o->path, p, sizeof(p));
		if (o->file == NULL) {
			fprintf(out,
				"[objects] %s: not found; %llu samples, %llu "
				"calls in %zu arcs left out\n",
				p, (unsigned long long)o->samples,
				(unsigned long long)o->calls, o->narcs);
			continue;
		}
		fprintf(
		    out,
		    "[objects] %s%s: file %s, bias 0x%llx, %zu functions, "
		    "%llu samples in %u bins from 0x%llx, %llu calls in "
		    "%zu arcs\n",
		    p, (o->flags & GMON_SIDE_OBJ_UNLOADED) ? " (unloaded)" : "",
		    sanitize_name(o->file, f, sizeof(f)),
		    (unsigned long long)o->bias, o->nfuncs,
		    (unsigned long long)o->samples, o->nbins,
		    (unsigned long long)o->lowpc, (unsigned long long)o->calls,
		    o->narcs);
	}
	stacks_describe(out, &os->stacks);
}

void
objects_free(struct objects *os)
{
	for (size_t k = 0; k < os->n; k++) {
		struct gp_object *o = &os->v[k];

		free(o->names);
		free(o->file);
		free(o->path);
		free(o->bins);
	}
	free(os->v);
	free(os->arcs);
	stacks_free(&os->stacks);
	threads_free(&os->threads);
	keys_free(os->keys);
	memset(os, 0, sizeof(*os));
}
