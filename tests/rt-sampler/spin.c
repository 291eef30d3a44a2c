/*
 * spin.c - a -pg program for the summing test (run.sh): spins in
 * work() for SECONDS of its own CPU time (argv[1], default 0.4), then
 * prints the CPU time the process used, in ns, as measured by itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned sink;

static double
cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__((noinline)) void
work(unsigned n)
{
	unsigned x = sink;
	for (unsigned i = 0; i < n; i++)
		x = x * 1103515245u + 12345u;
	sink = x;
}

int
main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 0.4;
	while (cpu_seconds() < seconds)
		work(200000);
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	printf("%lld\n", (long long)ts.tv_sec * 1000000000 + ts.tv_nsec);
	return 0;
}
