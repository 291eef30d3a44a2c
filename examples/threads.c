/*
 * examples/threads.c - the demo's threaded program: four threads call
 * step() 500,000 times each, then main() prints the true count.  glibc's
 * collector, which counts one call at a time for the whole process, loses
 * calls that threads make at the same moment; ours (gprof-run) counts
 * every one.
 */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
#define CALLS 500000

static volatile unsigned sink;

__attribute__((noinline)) static unsigned
step(unsigned x)
{
	return x * 2654435761u + 1;
}

static void *
worker(void *arg)
{
	unsigned x = (unsigned)(long)arg;
	for (int i = 0; i < CALLS; i++)
		x = step(x);
	sink += x;
	return NULL;
}

int
main(void)
{
	pthread_t t[NTHREADS];
	for (long i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	printf("step() was called %d times\n", NTHREADS * CALLS);
	return 0;
}
