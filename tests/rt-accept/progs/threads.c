/*
 * threads.c THREADS ROUNDS - THREADS threads hammer the same arcs
 * (worker -> work -> leaf) ROUNDS times each, all at once; every call
 * must be counted (glibc's runtime drops calls under contention).
 */
#include <pthread.h>
#include <stdlib.h>

#include "truth.h"

struct counts {
	unsigned long worker_work, work_leaf;
};

static unsigned long rounds;
static pthread_barrier_t start_line;

NOI void
leaf(struct counts *c)
{
	(void)c;
	AFTER_CALL();
}

NOI void
work(struct counts *c)
{
	c->work_leaf++;
	leaf(c);
	AFTER_CALL();
	c->work_leaf++;
	leaf(c);
	AFTER_CALL();
}

NOI void *
worker(void *arg)
{
	struct counts *c = arg;
	pthread_barrier_wait(&start_line);
	for (unsigned long i = 0; i < rounds; i++) {
		c->worker_work++;
		work(c);
		AFTER_CALL();
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	rounds = argc > 2 ? strtoul(argv[2], NULL, 10) : 100000;
	if (n < 1 || n > 256)
		return 2;
	pthread_t tid[256];
	struct counts c[256] = { { 0, 0 } };
	pthread_barrier_init(&start_line, NULL, (unsigned)n);
	for (int i = 0; i < n; i++)
		if (pthread_create(&tid[i], NULL, worker, &c[i]) != 0)
			return 3;
	struct counts sum = { 0, 0 };
	for (int i = 0; i < n; i++) {
		pthread_join(tid[i], NULL);
		sum.worker_work += c[i].worker_work;
		sum.work_leaf += c[i].work_leaf;
	}
	truth_arc("worker", "work", sum.worker_work);
	truth_arc("work", "leaf", sum.work_leaf);
	return 0;
}
