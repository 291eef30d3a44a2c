/*
 * libevl.c - an event loop in a library built without -pg and without
 * frame pointers (as libevent, libuv or glib are shipped): evl_run()
 * dispatches N events, each through two levels of the library's own
 * functions, to the profiled callback it was given.  The library uses
 * %rbp (x29) as a scratch register on the way, so a walk over frame
 * records alone cannot cross it; its call-frame information can.
 */
#include <stddef.h>

typedef void (*evl_cb)(void *arg, long event);

struct evl {
	evl_cb cb;
	void *arg;
	volatile long seen;
};

/* Not inlined and not a tail call: a frame of the library's own. */
__attribute__((noinline)) static long
evl_dispatch(struct evl *l, long event)
{
	/* Keep enough values live that the frame pointer's register
	 * serves as a scratch one. */
	long a = event * 3, b = event ^ 0x55, c = event + l->seen;
	long d = a * b, e = b - c, f = c * a, g = d + e, h = f - d;
	l->cb(l->arg, event);
	l->seen += a + b + c + d + e + f + g + h;
	return l->seen;
}

__attribute__((noinline)) static long
evl_poll(struct evl *l, long event)
{
	long r = evl_dispatch(l, event);
	__asm__ volatile("" ::: "memory");
	return r + 1;
}

long
evl_run(evl_cb cb, void *arg, long n)
{
	struct evl l = { cb, arg, 0 };
	long r = 0;
	for (long i = 0; i < n; i++)
		r += evl_poll(&l, i);
	return r;
}
