/*
 * textjobs.c - parts of one text rendered on several threads, written in
 * order (textjobs.h).
 *
 * Every thread runs the same loop: claim the next part (in claim order),
 * render it into a buffer through its own FILE (fopencookie: the FILE's
 * writes append to the buffer), mark it ready, and, unless another
 * thread is writing already, write every ready part from the first
 * unwritten one on.  One mutex guards the bookkeeping; rendering and
 * writing happen outside it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "textjobs.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "reader.h"

#define MAX_THREADS 64
#define AUTO_THREADS 4
#define STDIO_BUF (64 * 1024)
#define WORTH_THREADS (1024 * 1024) /* bytes of text */

struct run {
	FILE *out;
	const struct textjob *jobs;
	size_t n;
	size_t *claim;       /* owned: the order parts are claimed in */
	size_t nclaimed;     /* claim[0 .. nclaimed) are claimed */
	size_t nwritten;     /* jobs[0 .. nwritten) are written */
	struct wbuf **ready; /* owned [n]: rendered, not yet written */
	bool *returned;      /* owned [n]: the render has returned */
	bool writing;        /* a thread is writing */
	struct wbuf **spare; /* owned: buffers to reuse */
	size_t nspare, nbusy, maxbusy;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

struct worker {
	struct run *r;
	unsigned id;
	struct wbuf *buf; /* the part being rendered */
};

unsigned
textjobs_threads(size_t work_hint)
{
	const char *env = getenv("GPROF_THREADS");
	cpu_set_t set;
	int ncpu;

	if (env != NULL && *env != '\0') {
		char *end;
		unsigned long v = strtoul(env, &end, 10);

		if (*end == '\0' && v >= 1 && v <= MAX_THREADS)
			return (unsigned)v;
	}
	if (work_hint < WORTH_THREADS)
		return 1;
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 1;
	ncpu = CPU_COUNT(&set);
	if (ncpu < 1)
		return 1;
	return ncpu > AUTO_THREADS ? AUTO_THREADS : (unsigned)ncpu;
}

/* The FILE's writes: append to the worker's buffer (a part's text). */
static ssize_t
cookie_write(void *cookie, const char *s, size_t n)
{
	wb_bytes(((struct worker *)cookie)->buf, s, n);
	return (ssize_t)n;
}

/* Called with the lock held: write the ready parts from the first
 * unwritten one on, unless another thread is doing so. */
static void
write_ready(struct run *r)
{
	if (r->writing)
		return;
	r->writing = true;
	while (r->nwritten < r->n && r->ready[r->nwritten] != NULL) {
		struct wbuf *b = r->ready[r->nwritten];

		r->ready[r->nwritten++] = NULL;
		pthread_mutex_unlock(&r->mu);
		if (b->n > 0)
			fwrite(b->p, 1, b->n, r->out);
		b->n = 0;
		pthread_mutex_lock(&r->mu);
		r->spare[r->nspare++] = b;
		r->nbusy--;
		pthread_cond_broadcast(&r->cv);
	}
	r->writing = false;
}

/* Called with the lock held: the next part to render and a buffer for
 * it, or TEXTJOBS_NONE when every part is claimed. */
static size_t
claim_next(struct run *r, struct wbuf **buf)
{
	size_t j;

	for (;;) {
		if (r->nclaimed == r->n)
			return TEXTJOBS_NONE;
		j = r->claim[r->nclaimed];
		if (r->jobs[j].early || r->nbusy < r->maxbusy)
			break;
		pthread_cond_wait(&r->cv, &r->mu);
	}
	r->nclaimed++;
	r->nbusy++;
	if (r->nspare > 0) {
		*buf = r->spare[--r->nspare];
	} else {
		*buf = xcalloc(1, sizeof(struct wbuf));
		wbuf_init(*buf, false, 8);
	}
	while (r->jobs[j].after != TEXTJOBS_NONE &&
	       !r->returned[r->jobs[j].after])
		pthread_cond_wait(&r->cv, &r->mu);
	return j;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct run *r = w->r;
	cookie_io_functions_t io = { NULL, cookie_write, NULL, NULL };
	FILE *f = fopencookie(w, "w", io);

	if (f == NULL)
		gp_out_of_memory();
	setvbuf(f, NULL, _IOFBF, STDIO_BUF);
	__fsetlocking(f, FSETLOCKING_BYCALLER);
	pthread_mutex_lock(&r->mu);
	for (;;) {
		size_t j = claim_next(r, &w->buf);
		const struct textjob *t;

		if (j == TEXTJOBS_NONE)
			break;
		t = &r->jobs[j];
		pthread_mutex_unlock(&r->mu);
		t->render(f, t->ctx, t->arg, w->id);
		fflush(f);
		pthread_mutex_lock(&r->mu);
		r->returned[j] = true;
		r->ready[j] = w->buf;
		pthread_cond_broadcast(&r->cv);
		write_ready(r);
	}
	pthread_mutex_unlock(&r->mu);
	fclose(f);
	return NULL;
}

/* Early parts first, then the others, each in array order. */
static size_t *
claim_order(const struct textjob *jobs, size_t n, size_t *nearly)
{
	size_t *c = xcalloc(n ? n : 1, sizeof(*c)), k = 0;

	for (size_t i = 0; i < n; i++)
		if (jobs[i].early)
			c[k++] = i;
	*nearly = k;
	for (size_t i = 0; i < n; i++)
		if (!jobs[i].early)
			c[k++] = i;
	return c;
}

static void
run_free(struct run *r)
{
	for (size_t i = 0; i < r->nspare; i++) {
		wbuf_free(r->spare[i]);
		free(r->spare[i]);
	}
	free(r->spare);
	free(r->claim);
	free(r->ready);
	free(r->returned);
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->cv);
}

void
textjobs_run(FILE *out, const struct textjob *jobs, size_t n, unsigned nthreads)
{
	struct run r = { 0 };
	struct worker w[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	size_t nearly;
	unsigned started = 1;

	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	if (nthreads <= 1 || n <= 1) {
		for (size_t i = 0; i < n; i++)
			jobs[i].render(out, jobs[i].ctx, jobs[i].arg, 0);
		return;
	}
	r.out = out;
	r.jobs = jobs;
	r.n = n;
	r.claim = claim_order(jobs, n, &nearly);
	r.ready = xcalloc(n, sizeof(*r.ready));
	r.returned = xcalloc(n, sizeof(*r.returned));
	/* Progress needs one buffer per thread beyond the early parts. */
	r.maxbusy = nearly + 4 * (size_t)nthreads;
	r.spare = xcalloc(r.maxbusy + n, sizeof(*r.spare));
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	fflush(out); /* what OUT holds goes first */
	for (unsigned i = 0; i < nthreads; i++)
		w[i] = (struct worker){ &r, i, NULL };
	for (; started < nthreads; started++)
		if (pthread_create(&tid[started], NULL, work, &w[started]) != 0)
			break;
	work(&w[0]);
	for (unsigned i = 1; i < started; i++)
		pthread_join(tid[i], NULL);
	(void)NEVER(r.nwritten != n);
	run_free(&r);
}
