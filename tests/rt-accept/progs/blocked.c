/*
 * blocked.c - a thread that blocks every signal spins in blocked_spin
 * for about 0.4 s of CPU time while the main thread waits for it; a
 * sampler that relies on signals to the process never sees it.
 */
#include <pthread.h>
#include <signal.h>
#include <time.h>

#include "truth.h"

static unsigned long n_entry_spin;

static double
thread_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

NOI unsigned long
blocked_spin(unsigned long x)
{
	for (int i = 0; i < 2000000; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

NOI void *
blocked_entry(void *arg)
{
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	unsigned long x = 1;
	double t0 = thread_cpu();
	while (thread_cpu() - t0 < 0.4) {
		n_entry_spin++;
		x = blocked_spin(x);
		AFTER_CALL();
	}
	*(unsigned long *)arg = x;
	return NULL;
}

int
main(void)
{
	pthread_t tid;
	unsigned long result = 0;
	if (pthread_create(&tid, NULL, blocked_entry, &result) != 0)
		return 3;
	pthread_join(tid, NULL);
	truth_arc("blocked_entry", "blocked_spin", n_entry_spin);
	return result == 0 ? 5 : 0;
}
