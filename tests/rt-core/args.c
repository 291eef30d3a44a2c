/*
 * Every argument register must survive the hooks, on the slow path (the
 * first call of each arc, where the collector's C code and libc run)
 * as on the fast path: integer, floating-point and variadic arguments
 * (%al), on new threads too (their first call arms the sampler).
 * Prints "ok", or what was wrong; exits 1 then.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

__attribute__((noinline, noclone)) long
ints(long a, long b, long c, long d, long e, long f, long g)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
}

__attribute__((noinline, noclone)) double
floats(double a, double b, double c, double d, double e, double f,
       double g, double h)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

__attribute__((noinline, noclone)) double
vsum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	double s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, double);
	va_end(ap);
	return s;
}

static int
check(void)
{
	int bad = 0;
	for (int i = 0; i < 3; i++) {
		bad |= ints(1, 2, 3, 4, 5, 6, 7) != 140;
		bad |= floats(.5, 1, 1.5, 2, 2.5, 3, 3.5, 4) != 102;
		bad |= vsum(4, 1.25, 2.5, 3.75, 5.0) != 12.5;
	}
	return bad;
}

static void *
thread(void *arg)
{
	return (void *)(long)check();
}

int
main(void)
{
	int bad = check();
	pthread_t t;
	void *r;
	if (pthread_create(&t, NULL, thread, NULL) != 0)
		return 1;
	pthread_join(t, &r);
	bad |= (int)(long)r;
	puts(bad ? "bad" : "ok");
	return bad;
}
