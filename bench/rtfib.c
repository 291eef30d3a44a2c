/*
 * rtfib.c THREADS REPS N - the runtime benchmark's workload: REPS
 * computations of fib(N), the naive doubly recursive way, shared out
 * among THREADS threads that run at once.  fib(N) makes exactly
 * 2 fib(N+1) - 1 calls; the barriers after each call keep the compiler
 * from turning one of the recursive calls into a loop, so every build
 * (plain, -pg) runs the same calls.  Prints the sum of the results.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int depth;

__attribute__((noinline)) long
fib(int n)
{
	if (n < 2)
		return n;
	long a = fib(n - 1);
	__asm__ volatile("" : "+r"(a));
	long b = fib(n - 2);
	__asm__ volatile("" : "+r"(b));
	return a + b;
}

struct job {
	long reps, sum;
};

static void *
run(void *arg)
{
	struct job *j = arg;
	for (long i = 0; i < j->reps; i++)
		j->sum += fib(depth);
	return NULL;
}

int
main(int argc, char **argv)
{
	if (argc != 4)
		return 2;
	int threads = atoi(argv[1]);
	long reps = atol(argv[2]);
	depth = atoi(argv[3]);
	if (threads < 1 || threads > 64 || reps < 0 || depth < 0 || depth > 60)
		return 2;
	pthread_t tid[64];
	struct job job[64];
	for (int i = 0; i < threads; i++) {
		job[i].reps = reps / threads + (i < reps % threads);
		job[i].sum = 0;
		if (pthread_create(&tid[i], NULL, run, &job[i]) != 0)
			return 3;
	}
	long sum = 0;
	for (int i = 0; i < threads; i++) {
		pthread_join(tid[i], NULL);
		sum += job[i].sum;
	}
	printf("%ld\n", sum);
	return 0;
}
