/*
 * threads.c - NTHREADS threads (argv[2]: 2 or 4) on different paths:
 * thread i runs path_i(), which calls work() with (i + 1) units, the
 * same number of times; the truth: path_i's share of work's time is
 * (i + 1) / sum.
 */
#include <pthread.h>

#include "stk.h"

volatile long stk_sink;
static long scale;

NOI void
work(long n)
{
	SPIN(n);
}

#define PATH(i)                                                                \
	NOI void path##i(void)                                                 \
	{                                                                      \
		for (long k = 0; k < 100 * scale; k++) {                       \
			work(100000L * (i + 1));                               \
			AFTER_CALL();                                          \
		}                                                              \
	}
PATH(0)
PATH(1)
PATH(2)
PATH(3)

static void (*const paths[])(void) = { path0, path1, path2, path3 };

NOI void *
start(void *arg)
{
	paths[(long)arg]();
	AFTER_CALL();
	return NULL;
}

int
main(int argc, char **argv)
{
	scale = stk_scale(argc, argv);
	int n = argc > 2 ? atoi(argv[2]) : 2;
	if (n < 1 || n > 4)
		n = 2;
	pthread_t t[4];
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, start, (void *)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	double sum = n * (n + 1) / 2.0;
	static const char *const names[] = { "path0", "path1", "path2",
					     "path3" };
	for (int i = 0; i < n; i++)
		truth_share("work", names[i], (i + 1) / sum);
	return 0;
}
