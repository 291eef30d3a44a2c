/*
 * gen - write the C source of a large, deterministic benchmark program.
 *
 *   gen OUTDIR NFUNCS [PER_FILE [SEED [BIGSCC]]]
 *
 * writes OUTDIR/bench.h, OUTDIR/main.c and OUTDIR/fNNNN.c, one file per
 * PER_FILE functions.  Every function has the signature
 *
 *	unsigned name(unsigned d, unsigned x)
 *
 * does a few multiplications and then calls a few other functions with
 * d - 1, returning at once when d reaches 0, so recursion of any shape is
 * bounded by the depth main() starts with.
 *
 * The one invariant: the call graph is a DAG over a random "rank"
 * permutation (every ordinary call goes to a higher rank), and the only
 * calls to a lower or equal rank are the ones added on purpose:
 *
 *   - self-recursion in about 3% of functions;
 *   - small cycles: 2-4 functions at consecutive ranks, about one per
 *     50 ranks, each calling the next and the last calling the first;
 *   - one big strongly connected component built the same way from
 *     BIGSCC consecutive ranks, plus some random back edges inside it.
 *
 * No path leaves a cycle's rank interval and comes back, and intervals
 * do not overlap, so the cycles gprof finds are exactly these.  Ranks are
 * shuffled across files and addresses, so calls go both forwards and
 * backwards in the address space.
 *
 * About 40% of functions are static, named sfun_K with K counting from 0
 * in every file, so the same static names repeat across files.  A static
 * function is called directly only from its own file; other files reach
 * it through that file's function pointer table fptab_F.  Each file also
 * has drive_F(), which calls every function of the file; main() calls
 * every drive_F() for a number of rounds given on its command line.
 *
 * Output depends only on the arguments: the generator uses its own PRNG.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum edge_kind { DIRECT, INDIRECT };

struct edge {
	uint32_t to;
	uint8_t kind;
	uint8_t always; /* unconditional call (cycle chains) */
	uint8_t shift;  /* guard bits of x for a conditional call */
	uint32_t slot;  /* index in fptab of the callee's file if INDIRECT */
};

struct fn {
	uint32_t file;
	uint32_t local;  /* index among the file's statics or globals */
	uint32_t rank;
	uint32_t fpos;   /* position in its file's rank-sorted list */
	uint8_t is_static;
	uint8_t work;    /* mixing steps before the calls */
	uint32_t nedges, edge0;
};

struct gen {
	uint32_t n, per_file, nfiles, bigscc;
	uint64_t rng;
	struct fn *fn;
	uint32_t *perm;     /* rank -> function */
	uint32_t *byfile;   /* per file: functions sorted by rank */
	uint32_t *nfptab;   /* per file: table size so far */
	struct edge *edges;
	uint32_t nedges, cap;
};

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		fprintf(stderr, "gen: out of memory\n");
		exit(1);
	}
	return p;
}

/* splitmix64: small, good enough, identical on every platform */
static uint64_t
rnd(struct gen *g)
{
	uint64_t z = (g->rng += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint32_t
below(struct gen *g, uint32_t n)
{
	return (uint32_t)(rnd(g) % n);
}

static int
chance(struct gen *g, unsigned percent)
{
	return below(g, 100) < percent;
}

static void
add_edge(struct gen *g, uint32_t from, uint32_t to, int kind, int always)
{
	struct edge *e;

	if (g->nedges == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 1024;
		g->edges = realloc(g->edges, g->cap * sizeof *g->edges);
		if (!g->edges) {
			fprintf(stderr, "gen: out of memory\n");
			exit(1);
		}
	}
	e = &g->edges[g->nedges++];
	e->to = to;
	e->kind = (uint8_t)kind;
	e->always = (uint8_t)always;
	e->shift = (uint8_t)below(g, 28);
	e->slot = 0;
	if (kind == INDIRECT)
		e->slot = g->nfptab[g->fn[to].file]++;
	g->fn[from].nedges++;
}

static uint32_t
file_len(const struct gen *g, uint32_t f)
{
	uint32_t lo = f * g->per_file;

	return g->n - lo < g->per_file ? g->n - lo : g->per_file;
}

/* Shuffle ranks, choose statics, and sort each file by rank. */
static void
layout(struct gen *g)
{
	uint32_t i, f;

	for (i = 0; i < g->n; i++)
		g->perm[i] = i;
	for (i = g->n - 1; i > 0; i--) {
		uint32_t j = below(g, i + 1), t = g->perm[i];

		g->perm[i] = g->perm[j];
		g->perm[j] = t;
	}
	for (i = 0; i < g->n; i++)
		g->fn[g->perm[i]].rank = i;
	for (i = 0; i < g->n; i++) {
		struct fn *p = &g->fn[i];

		p->file = i / g->per_file;
		p->is_static = (uint8_t)chance(g, 40);
		p->work = (uint8_t)(6 + below(g, 4) + below(g, 4) * below(g, 3));
	}
	/* counting sort by rank, stable per file */
	{
		uint32_t *fill = xcalloc(g->nfiles, sizeof *fill);

		for (i = 0; i < g->n; i++) {
			uint32_t fi = g->perm[i];

			f = g->fn[fi].file;
			g->fn[fi].fpos = fill[f];
			g->byfile[f * g->per_file + fill[f]++] = fi;
		}
		free(fill);
	}
	{
		uint32_t *ns = xcalloc(g->nfiles, sizeof *ns);
		uint32_t *ng = xcalloc(g->nfiles, sizeof *ng);

		for (i = 0; i < g->n; i++) {
			struct fn *p = &g->fn[i];

			p->local = p->is_static ? ns[p->file]++ : ng[p->file]++;
		}
		free(ns);
		free(ng);
	}
}

/* A random function of higher rank in the same file, or UINT32_MAX. */
static uint32_t
later_in_file(struct gen *g, uint32_t i)
{
	const struct fn *p = &g->fn[i];
	uint32_t len = file_len(g, p->file);

	if (p->fpos + 1 >= len)
		return UINT32_MAX;
	return g->byfile[p->file * g->per_file + p->fpos + 1 +
			 below(g, len - p->fpos - 1)];
}

/* A random function of higher rank anywhere; global ones if need_global. */
static uint32_t
later_anywhere(struct gen *g, uint32_t i, int need_global)
{
	uint32_t r = g->fn[i].rank;

	for (int tries = 0; tries < 8 && r + 1 < g->n; tries++) {
		uint32_t j = g->perm[r + 1 + below(g, g->n - r - 1)];

		if (!need_global || !g->fn[j].is_static ||
		    g->fn[j].file == g->fn[i].file)
			return j;
	}
	return UINT32_MAX;
}

static void
ordinary_calls(struct gen *g, uint32_t i)
{
	uint32_t j;
	unsigned k, ncross = 1 + below(g, 2);

	if (chance(g, 80) && (j = later_in_file(g, i)) != UINT32_MAX)
		add_edge(g, i, j, DIRECT, 0);
	for (k = 0; k < ncross; k++)
		if ((j = later_anywhere(g, i, 1)) != UINT32_MAX)
			add_edge(g, i, j, DIRECT, 0);
	if (chance(g, 10) && (j = later_anywhere(g, i, 0)) != UINT32_MAX)
		add_edge(g, i, j, INDIRECT, 0);
	if (chance(g, 3))
		add_edge(g, i, i, DIRECT, 0);
}

/*
 * A call that must exist whatever the callee's linkage: direct when the
 * callee is visible, through its file's pointer table when it is a
 * static function of another file.
 */
static void
add_call(struct gen *g, uint32_t from, uint32_t to, int always)
{
	const struct fn *t = &g->fn[to];
	int kind = t->is_static && t->file != g->fn[from].file ? INDIRECT
							      : DIRECT;

	add_edge(g, from, to, kind, always);
}

/*
 * The cycles.  Each is an interval of consecutive ranks [lo, hi): every
 * member calls the next and the last calls the first.  Ordinary calls
 * only go up in rank, so no path leaves an interval and comes back, and
 * the intervals do not overlap: each interval is exactly one strongly
 * connected component, never merged with another.
 */
static void
cycle_calls(struct gen *g, uint32_t i, const uint32_t *cyc_lo,
	    const uint32_t *cyc_hi)
{
	uint32_t r = g->fn[i].rank, lo = cyc_lo[r], hi = cyc_hi[r];

	if (lo == UINT32_MAX)
		return;
	add_call(g, i, g->perm[r + 1 < hi ? r + 1 : lo], 1);
	/* back edges make the big component more than a ring */
	if (hi - lo > 8 && r > lo && chance(g, 10))
		add_call(g, i, g->perm[lo + below(g, r - lo)], 0);
}

static void
build_graph(struct gen *g)
{
	uint32_t *cyc_lo = xcalloc(g->n, sizeof *cyc_lo);
	uint32_t *cyc_hi = xcalloc(g->n, sizeof *cyc_hi);
	uint32_t big = g->n / 3, i, r, k, size;

	for (r = 0; r < g->n; r++)
		cyc_lo[r] = UINT32_MAX;
	/* small cycles of 2-4 members, about one per 50 ranks */
	for (r = 0; r + 4 < g->n; r++) {
		if (r == big) {
			for (k = 0; k < g->bigscc; k++) {
				cyc_lo[r + k] = r;
				cyc_hi[r + k] = r + g->bigscc;
			}
			r += g->bigscc;
			continue;
		}
		size = 2 + below(g, 3);
		if (r < big && r + size >= big)
			continue;
		if (!chance(g, 2))
			continue;
		for (k = 0; k < size; k++) {
			cyc_lo[r + k] = r;
			cyc_hi[r + k] = r + size;
		}
		r += size;
	}
	for (i = 0; i < g->n; i++) {
		g->fn[i].edge0 = g->nedges;
		ordinary_calls(g, i);
		cycle_calls(g, i, cyc_lo, cyc_hi);
	}
	free(cyc_lo);
	free(cyc_hi);
}

static void
name(char *buf, size_t size, const struct gen *g, uint32_t i)
{
	const struct fn *p = &g->fn[i];

	if (p->is_static)
		snprintf(buf, size, "sfun_%u", p->local);
	else
		snprintf(buf, size, "gfun_%u", i);
}

static FILE *
open_out(const char *dir, const char *file)
{
	char path[4096];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	fp = fopen(path, "w");
	if (!fp) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return fp;
}

static void
close_out(FILE *fp, const char *file)
{
	if (ferror(fp) | fclose(fp)) {
		fprintf(stderr, "gen: %s: write error\n", file);
		exit(1);
	}
}

static void
write_header(const struct gen *g, const char *dir)
{
	FILE *fp = open_out(dir, "bench.h");

	fprintf(fp, "/* generated by bench/gen.c; do not edit */\n"
		    "typedef unsigned (*bench_fn)(unsigned, unsigned);\n");
	for (uint32_t f = 0; f < g->nfiles; f++)
		fprintf(fp, "extern bench_fn const fptab_%u[];\n"
			    "unsigned drive_%u(unsigned d, unsigned x);\n",
			f, f);
	close_out(fp, "bench.h");
}

static void
write_body(FILE *fp, const struct gen *g, uint32_t i)
{
	const struct fn *p = &g->fn[i];
	char buf[64];

	name(buf, sizeof buf, g, i);
	fprintf(fp, "\n%sunsigned\n%s(unsigned d, unsigned x)\n{\n",
		p->is_static ? "static " : "", buf);
	/*
	 * Straight-line work, no loop: it gives the histogram something to
	 * sample and keeps the text large enough for glibc, which refuses to
	 * write gmon.out when there is more than one arc per 33 text bytes.
	 */
	for (unsigned k = 0; k < p->work; k++)
		fprintf(fp, "\tx = (x ^ (x >> %u)) * %uu + %uu;\n",
			7 + (unsigned)((i + k) % 11),
			(unsigned)(2654435761u + 2 * (i * 31 + k)),
			i * 7 + k);
	fprintf(fp, "\tif (d == 0)\n\t\treturn x;\n");
	for (uint32_t k = 0; k < p->nedges; k++) {
		const struct edge *e = &g->edges[p->edge0 + k];

		if (e->always)
			fprintf(fp, "\t");
		else
			fprintf(fp, "\tif ((x >> %u) & 3u)\n\t\t", e->shift);
		if (e->kind == INDIRECT) {
			fprintf(fp, "x ^= fptab_%u[%u](d - 1, x + %uu);\n",
				g->fn[e->to].file, e->slot, k);
		} else {
			name(buf, sizeof buf, g, e->to);
			fprintf(fp, "x ^= %s(d - 1, x + %uu);\n", buf, k);
		}
	}
	fprintf(fp, "\treturn x;\n}\n");
}


/* The table of file F: entry S is the callee of the indirect call with slot S. */
static void
write_fptab(FILE *fp, const struct gen *g, uint32_t f)
{
	uint32_t n = g->nfptab[f], *tab, i;
	char buf[64];

	fprintf(fp, "\nbench_fn const fptab_%u[] = {\n", f);
	if (n == 0) {
		fprintf(fp, "\t0\n};\n");
		return;
	}
	tab = xcalloc(n, sizeof *tab);
	for (i = 0; i < g->nedges; i++) {
		const struct edge *e = &g->edges[i];

		if (e->kind == INDIRECT && g->fn[e->to].file == f)
			tab[e->slot] = e->to;
	}
	for (i = 0; i < n; i++) {
		name(buf, sizeof buf, g, tab[i]);
		fprintf(fp, "\t%s,\n", buf);
	}
	fprintf(fp, "};\n");
	free(tab);
}

static void
write_file(const struct gen *g, const char *dir, uint32_t f, uint32_t *seen)
{
	uint32_t lo = f * g->per_file, hi = lo + file_len(g, f), i, k;
	char file[64], buf[64];
	FILE *fp;

	snprintf(file, sizeof file, "f%04u.c", f);
	fp = open_out(dir, file);
	fprintf(fp, "/* generated by bench/gen.c; do not edit */\n"
		    "#include \"bench.h\"\n\n");
	/* prototypes: our own functions, then every global we call */
	for (i = lo; i < hi; i++) {
		name(buf, sizeof buf, g, i);
		fprintf(fp, "%sunsigned %s(unsigned d, unsigned x);\n",
			g->fn[i].is_static ? "static " : "", buf);
		seen[i] = f + 1;
	}
	for (i = lo; i < hi; i++) {
		const struct fn *p = &g->fn[i];

		for (k = 0; k < p->nedges; k++) {
			const struct edge *e = &g->edges[p->edge0 + k];

			if (e->kind != DIRECT || seen[e->to] == f + 1)
				continue;
			seen[e->to] = f + 1;
			name(buf, sizeof buf, g, e->to);
			fprintf(fp, "unsigned %s(unsigned d, unsigned x);\n",
				buf);
		}
	}
	for (i = lo; i < hi; i++)
		write_body(fp, g, i);
	fprintf(fp, "\nunsigned\ndrive_%u(unsigned d, unsigned x)\n{\n", f);
	for (i = lo; i < hi; i++) {
		name(buf, sizeof buf, g, i);
		fprintf(fp, "\tx ^= %s(d, x + %uu);\n", buf, i - lo);
	}
	fprintf(fp, "\treturn x;\n}\n");
	write_fptab(fp, g, f);
	close_out(fp, file);
}

static void
write_main(const struct gen *g, const char *dir)
{
	FILE *fp = open_out(dir, "main.c");

	fprintf(fp, "/* generated by bench/gen.c; do not edit */\n"
		    "#include <stdio.h>\n#include <stdlib.h>\n"
		    "#include \"bench.h\"\n\n"
		    "static unsigned\nround_all(unsigned d, unsigned x)\n{\n");
	for (uint32_t f = 0; f < g->nfiles; f++)
		fprintf(fp, "\tx ^= drive_%u(d, x + %uu);\n", f, f);
	fprintf(fp, "\treturn x;\n}\n\n"
		    "/* usage: prog [SEED [ROUNDS [DEPTH]]] */\n"
		    "int\nmain(int argc, char **argv)\n{\n"
		    "\tunsigned seed = argc > 1 ? "
		    "(unsigned)strtoul(argv[1], NULL, 10) : 1;\n"
		    "\tunsigned rounds = argc > 2 ? "
		    "(unsigned)strtoul(argv[2], NULL, 10) : 4;\n"
		    "\tunsigned depth = argc > 3 ? "
		    "(unsigned)strtoul(argv[3], NULL, 10) : 3;\n"
		    "\tunsigned x = seed * 2654435761u;\n\n"
		    "\tfor (unsigned r = 0; r < rounds; r++)\n"
		    "\t\tx ^= round_all(depth, x + r);\n"
		    "\tprintf(\"%%08x\\n\", x);\n"
		    "\treturn 0;\n}\n");
	close_out(fp, "main.c");
}

static uint32_t
arg(const char *s, const char *what, uint32_t min)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || end == s || v < min || v > 10000000) {
		fprintf(stderr, "gen: bad %s '%s'\n", what, s);
		exit(1);
	}
	return (uint32_t)v;
}

int
main(int argc, char **argv)
{
	struct gen g = { 0 };
	uint32_t *seen, f;

	if (argc < 3 || argc > 6) {
		fprintf(stderr, "usage: gen OUTDIR NFUNCS [PER_FILE [SEED "
				"[BIGSCC]]]\n");
		return 1;
	}
	g.n = arg(argv[2], "function count", 100);
	g.per_file = argc > 3 ? arg(argv[3], "functions per file", 10) : 500;
	g.rng = argc > 4 ? arg(argv[4], "seed", 0) : 1;
	g.bigscc = argc > 5 ? arg(argv[5], "cycle size", 2) : 500;
	if (g.bigscc > g.n / 3)
		g.bigscc = g.n / 3;
	g.nfiles = (g.n + g.per_file - 1) / g.per_file;
	g.fn = xcalloc(g.n, sizeof *g.fn);
	g.perm = xcalloc(g.n, sizeof *g.perm);
	g.byfile = xcalloc((size_t)g.nfiles * g.per_file, sizeof *g.byfile);
	g.nfptab = xcalloc(g.nfiles, sizeof *g.nfptab);
	seen = xcalloc(g.n, sizeof *seen);

	layout(&g);
	build_graph(&g);
	write_header(&g, argv[1]);
	for (f = 0; f < g.nfiles; f++)
		write_file(&g, argv[1], f, seen);
	write_main(&g, argv[1]);
	printf("gen: %u functions in %u files, %u call sites, "
	       "cycle of %u\n", g.n, g.nfiles, g.nedges, g.bigscc);

	free(seen);
	free(g.nfptab);
	free(g.byfile);
	free(g.perm);
	free(g.fn);
	free(g.edges);
	return 0;
}
