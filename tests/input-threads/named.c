/*
 * named.c - three named threads doing known work, for tests/input-threads:
 * "parser" calls parse_line() and worker-N crunch(), each then leaf(),
 * a known number of times.  Each thread prints, at its end, its own
 * CPU time (CLOCK_THREAD_CPUTIME_ID), the hook calls it made (one per
 * profiled function entered: its start routine, and two per round) and
 * its exact arcs, "ARC caller callee count" (the start routine's call
 * comes from libc, which the collector does not profile).  Built -O0
 * so that no call becomes a jump.  Argument: the rounds' scale
 * (default 1).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

void
leaf(long n)
{
	for (long i = 0; i < n; i++)
		sink += (unsigned long)i;
}

void
parse_line(long n)
{
	leaf(n);
}

void
crunch(long n)
{
	leaf(n);
}

struct job {
	const char *name;
	int parser;
	long rounds;
};

static void *
run(void *p)
{
	struct job *j = p;
	const char *via = j->parser ? "parse_line" : "crunch";
	struct timespec t;

	pthread_setname_np(pthread_self(), j->name);
	for (long r = 0; r < j->rounds; r++) {
		if (j->parser)
			parse_line(20000);
		else
			crunch(20000);
	}
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	pthread_mutex_lock(&print_lock);
	printf("THREAD %s cpu_ns %lld calls %ld\n", j->name,
	       (long long)t.tv_sec * 1000000000 + t.tv_nsec,
	       1 + 2 * j->rounds);
	printf("ARC %s run %s %ld\n", j->name, via, j->rounds);
	printf("ARC %s %s leaf %ld\n", j->name, via, j->rounds);
	pthread_mutex_unlock(&print_lock);
	return NULL;
}

int
main(int argc, char **argv)
{
	long scale = argc > 1 ? atol(argv[1]) : 1;
	struct job jobs[3] = {
		{ "parser", 1, 1000 * scale },
		{ "worker-1", 0, 2000 * scale },
		{ "worker-2", 0, 3000 * scale },
	};
	pthread_t t[3];

	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, run, &jobs[i]);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
