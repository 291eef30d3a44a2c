/*
 * threads.c - NTHREADS threads (argv[2]: 2 or 4) on different paths,
 * at the same time: thread i runs path_i(), which calls work() with
 * 2000 * 10^i iterations, 30000 / 10^i times (times SCALE).  Every
 * thread does the same work, so they run side by side on the same
 * machine; the truth: each path's share of work's time is 1 / NTHREADS,
 * where gprof's estimate follows the calls (path0: 90 % of 4).
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

#define PATH(i, pow)                                                           \
	NOI void path##i(void)                                                 \
	{                                                                      \
		for (long k = 0; k < 30000 / pow * scale; k++) {               \
			work(2000L * pow);                                     \
			AFTER_CALL();                                          \
		}                                                              \
	}
PATH(0, 1)
PATH(1, 10)
PATH(2, 100)
PATH(3, 1000)

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
	static const char *const names[] = { "path0", "path1", "path2",
					     "path3" };
	for (int i = 0; i < n; i++)
		truth_share("work", names[i], 1.0 / n);
	return 0;
}
