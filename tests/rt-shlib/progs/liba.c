/* liba.c - liba.so of the shared-library scenario (shlib.h): linked
 * by the executable (DT_NEEDED), called by it and by libb.so, calling
 * back into the executable; a_burn() is its CPU-hungry function. */
#include <stdlib.h>
#include <time.h>

#include "shlib.h"

__attribute__((visibility("default"))) struct shlib_truth shlib_truth;

/* A side effect: clang drops calls of a pure function whose result
 * is unused, noinline or not. */
static volatile int sink;

NOI int
a_leaf(int n)
{
	sink = n;
	return n * 3 + 1;
}

/* Also in the other objects (shlib.h): a name collision. */
NOI static int
tick(int n)
{
	sink = n;
	return n - 1;
}

NOI void
a_mid(int n)
{
	COUNT(a_mid_a_leaf, 2);
	a_leaf(n);
	AFTER_CALL();
	a_leaf(n + 1);
	AFTER_CALL();
}

NOI void
a_entry(int n)
{
	COUNT(a_entry_exe_cb, 1);
	exe_cb(n);
	AFTER_CALL();
	COUNT(a_entry_tick, 1);
	tick(n);
	AFTER_CALL();
}

static inline __attribute__((always_inline)) double
cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Spin for CPU_SECONDS of process CPU time, without calls. */
NOI double
a_burn(double cpu_seconds)
{
	volatile double x = 1.0;
	double end = cpu_now() + cpu_seconds;
	while (cpu_now() < end)
		for (int i = 0; i < 200000; i++)
			x = x * 1.0000001 + 0.5;
	return x;
}

/* qsort's comparator: called from libc, whose calls are not arcs. */
NOI static int
a_cmp(const void *a, const void *b)
{
	COUNT(qsort_a_cmp, 1);
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

NOI void
a_sort(int n)
{
	int v[64];
	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++)
		v[i] = (i * 37) % 64;
	qsort(v, (size_t)n, sizeof *v, a_cmp);
}
