/*
 * snap.c - snapshots of a program that keeps running (LIBGMON_EVERY,
 * LIBGMON_DUMP_ON=USR1): THREADS threads call tick() at full speed for
 * SECONDS of wall time; with a third argument "usr1" the program sends
 * itself SIGUSR1 halfway and waits (up to 20 s) for the snapshot file
 * named by the fourth argument to appear, so the snapshot is written
 * while every thread calls.  Sleeps are resumed after a signal.  At the
 * end it prints its exact arcs (truth.h).
 */
#include "truth.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static atomic_int stop;
static unsigned long long counts[16];
static volatile unsigned long sink;

NOI void
tick(void)
{
	for (int i = 0; i < 200; i++)
		sink += (unsigned long)i;
	AFTER_CALL();
}

NOI void *
worker(void *arg)
{
	long k = (long)arg;
	while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
		tick();
		counts[k]++;
	}
	return NULL;
}

/* Sleep SECS of wall time, resumed after signals. */
static void
nap(double secs)
{
	struct timespec ts = { (time_t)secs,
			       (long)((secs - (double)(time_t)secs) * 1e9) };
	while (nanosleep(&ts, &ts) != 0)
		;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	double secs = argc > 2 ? atof(argv[2]) : 1;
	bool usr1 = argc > 4 && strcmp(argv[3], "usr1") == 0;
	pthread_t t[16];
	if (n < 1 || n > 16)
		return 2;
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	if (usr1) {
		nap(secs / 2);
		kill(getpid(), SIGUSR1);
		struct stat st;
		for (int w = 0; w < 2000 && stat(argv[4], &st) != 0; w++)
			nap(0.01);
		nap(secs / 2);
	} else {
		nap(secs);
	}
	atomic_store(&stop, 1);
	unsigned long long all = 0;
	for (int i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		all += counts[i];
	}
	truth_arc("worker", "tick", all);
	return 0;
}
