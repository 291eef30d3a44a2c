/*
 * evloop.c - worker threads that run from an event loop in a library
 * built without -pg or frame pointers (libevl.c): worker() calls
 * evl_run(), which calls on_event() back through frames of its own,
 * and on_event() calls handle().  main() sorts with qsort(), whose
 * comparator calls cmpwork(), and spins in hot().  With call-frame
 * information the collector crosses the library's frames and libc's
 * qsort: stacks through on_event reach worker, stacks through cmp
 * reach main, complete (the frames between are left out).
 * argv: SCALE [THREADS].
 */
#include <pthread.h>

#include "stk.h"

volatile long stk_sink;

typedef void (*evl_cb)(void *arg, long event);
long evl_run(evl_cb cb, void *arg, long n);

NOI void
handle(long event)
{
	SPIN(20000 + event % 7);
}

NOI void
on_event(void *arg, long event)
{
	(void)arg;
	handle(event);
	AFTER_CALL();
}

NOI void *
worker(void *arg)
{
	long scale = (long)arg;
	evl_run(on_event, NULL, 20000 * scale);
	AFTER_CALL();
	return NULL;
}

NOI void
cmpwork(void)
{
	SPIN(300);
}

NOI int
cmp(const void *a, const void *b)
{
	cmpwork();
	AFTER_CALL();
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

NOI void
sorter(long scale)
{
	static int v[2000];
	for (long r = 0; r < 20 * scale; r++) {
		for (int i = 0; i < 2000; i++)
			v[i] = (int)((i * 7919L + r) % 2003);
		qsort(v, 2000, sizeof v[0], cmp);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	int n = argc > 2 ? atoi(argv[2]) : 2;
	pthread_t t[8];
	if (n < 1 || n > 8)
		return 2;
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, (void *)scale);
	sorter(scale);
	AFTER_CALL();
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
