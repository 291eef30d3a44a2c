/*
 * evloop.c - worker threads that run from an event loop in a library
 * built without -pg or frame pointers (libevl.c): worker() calls
 * evl_run(), which calls on_event() back through frames of its own,
 * and on_event() calls handle(); main() spins in hot() meanwhile.
 * With call-frame information the collector crosses the library's
 * frames: stacks through on_event reach worker, complete (the frames
 * between are left out).  (A libc callback: qsortcb.c.)
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
hot(long scale)
{
	SPIN(20000000L * scale);
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
	hot(scale);
	AFTER_CALL();
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
