/*
 * test_textjobs.c - textjobs_run() writes the parts in array order
 * whatever the number of threads, honours AFTER, gives each worker one
 * thread at a time, and keeps what the stream held before.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "textjobs.h"

#define MAX_WORKERS 8

struct part {
	size_t len;      /* bytes it writes */
	unsigned char c; /* its bytes: c, c + 1, ... */
	atomic_bool done;
};

struct world {
	struct part *p;
	size_t n;
	atomic_int busy[MAX_WORKERS]; /* renders running per worker */
	atomic_int bad_worker;        /* two renders shared a worker */
	atomic_int bad_after;         /* a part started before its AFTER */
	const struct textjob *jobs;
};

static void
render(FILE *out, void *ctx, size_t arg, unsigned worker)
{
	struct world *w = ctx;
	struct part *p = &w->p[arg];
	size_t after = w->jobs[arg].after;

	if (worker >= MAX_WORKERS || atomic_fetch_add(&w->busy[worker], 1) != 0)
		atomic_store(&w->bad_worker, 1);
	if (after != TEXTJOBS_NONE && !atomic_load(&w->p[after].done))
		atomic_store(&w->bad_after, 1);
	/* In pieces of several sizes, as reports write. */
	for (size_t i = 0; i < p->len;) {
		char buf[700];
		size_t k = 1 + (i * 7 + arg) % sizeof(buf);

		if (k > p->len - i)
			k = p->len - i;
		for (size_t j = 0; j < k; j++)
			buf[j] = (char)(p->c + i + j);
		fwrite(buf, 1, k, out);
		i += k;
	}
	atomic_store(&p->done, true);
	if (worker < MAX_WORKERS)
		atomic_fetch_sub(&w->busy[worker], 1);
}

/* N parts of random sizes (some empty, some long), some early, some
 * after an earlier-claimed part, run on NT threads. */
static void
one(uint64_t seed, size_t n, unsigned nt)
{
	struct world w = { 0 };
	struct textjob *jobs = calloc(n ? n : 1, sizeof(*jobs));
	char *got = NULL, *want;
	size_t ngot = 0, nwant = 0, at;
	FILE *out = open_memstream(&got, &ngot);

	t_begin("textjobs/order-%zu-parts-%u-threads-%llu", n, nt,
		(unsigned long long)seed);
	w.p = calloc(n ? n : 1, sizeof(*w.p));
	w.n = n;
	w.jobs = jobs;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = t_rand(&seed);

		w.p[i].len = r % 5 == 0   ? 0
			     : r % 7 == 0 ? 300000 + r % 9000
					  : r % 5000;
		w.p[i].c = (unsigned char)(r >> 20);
		jobs[i] = (struct textjob){ render, &w, i, r % 9 == 0,
					    TEXTJOBS_NONE };
	}
	/* AFTER: an earlier part, early whenever the part is early. */
	for (size_t i = 1; i < n; i++) {
		uint64_t r = t_rand(&seed);
		size_t a = (size_t)(r % i);

		if (r % 3 == 0 && (!jobs[i].early || jobs[a].early))
			jobs[i].after = a;
	}
	for (size_t i = 0; i < n; i++)
		nwant += w.p[i].len;
	want = malloc(nwant + 16);
	memcpy(want, "head", 4);
	at = 4;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < w.p[i].len; j++)
			want[at++] = (char)(w.p[i].c + j);
	memcpy(want + at, "tail", 4);
	nwant = at + 4;
	fputs("head", out); /* still in OUT's buffer when the run starts */
	textjobs_run(out, jobs, n, nt);
	fputs("tail", out);
	fclose(out);
	if (check_u64(ngot, nwant, "bytes written") &&
	    memcmp(got, want, nwant) != 0)
		t_fail("the parts are not in array order");
	check_true(!atomic_load(&w.bad_worker),
		   "a worker ran two parts at once, or its number is too big");
	check_true(!atomic_load(&w.bad_after),
		   "a part started before the part it comes after");
	t_end();
	free(got);
	free(want);
	free(w.p);
	free(jobs);
}

static void
test_order(void)
{
	static const unsigned threads[] = { 1, 2, 3, 8 };
	static const size_t sizes[] = { 0, 1, 2, 17, 300 };

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]);
		     t++)
			for (uint64_t seed = 1; seed <= 3; seed++)
				one(seed * 7919 + sizes[s], sizes[s],
				    threads[t]);
}

static void
test_threads(void)
{
	t_begin("textjobs/threads-env");
	setenv("GPROF_THREADS", "3", 1);
	check_u64(textjobs_threads(0), 3, "GPROF_THREADS=3, small text");
	setenv("GPROF_THREADS", "0", 1);
	check_u64(textjobs_threads(0), 1, "GPROF_THREADS=0 is ignored");
	setenv("GPROF_THREADS", "2x", 1);
	check_u64(textjobs_threads(0), 1, "GPROF_THREADS=2x is ignored");
	unsetenv("GPROF_THREADS");
	check_u64(textjobs_threads(1000), 1, "a small text: one thread");
	check_true(textjobs_threads((size_t)1 << 30) >= 1 &&
		       textjobs_threads((size_t)1 << 30) <= 4,
		   "a large text: 1 to 4 threads");
	t_end();
}

T_MODULE(textjobs)
{
	t_run("textjobs/order", test_order);
	t_run("textjobs/threads", test_threads);
}
