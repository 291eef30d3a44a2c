/*
 * N threads (argv[1]) each call leaf() K times (argv[2]); with argv[3]
 * = "churn", K threads are started one after another, each calling
 * leaf() once.  Prints the calls it made (the ground truth).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline, noclone)) void
leaf(void)
{
	__asm__ volatile("");
}

static long per_thread;

static void *
work(void *arg)
{
	long n = 0;
	for (long i = 0; i < per_thread; i++) {
		leaf();
		n++;
		__asm__ volatile("");
	}
	return (void *)n;
}

int
main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 2;
	per_thread = argc > 2 ? atol(argv[2]) : 1000000;
	long total = 0;
	if (argc > 3) { /* churn: many short-lived threads */
		long k = per_thread;
		per_thread = 1;
		for (long i = 0; i < k; i++) {
			pthread_t t;
			void *r;
			if (pthread_create(&t, NULL, work, NULL) != 0)
				return 1;
			pthread_join(t, &r);
			total += (long)r;
		}
	} else {
		pthread_t t[64];
		if (threads < 1 || threads > 64)
			return 1;
		for (int i = 0; i < threads; i++)
			if (pthread_create(&t[i], NULL, work, NULL) != 0)
				return 1;
		for (int i = 0; i < threads; i++) {
			void *r;
			pthread_join(t[i], &r);
			total += (long)r;
		}
	}
	printf("%ld\n", total);
	return 0;
}
