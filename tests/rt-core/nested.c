/*
 * White-box: a signal handler that interrupts the hook's slow path on
 * the same thread.  The test puts the thread in the state the slow path
 * is in while it changes a table (depth 1, table NULL), raises a signal
 * whose handler calls leaf() NESTED times, then restores the state.
 * Those calls must be counted (in a nested table), not dropped.
 * Prints the calls of leaf() (the ground truth).
 */
#include <signal.h>
#include <stdio.h>

#include "gmon_rt.h"

#define NESTED 5

__attribute__((noinline, noclone)) void
leaf(void)
{
	__asm__ volatile("");
}

static void
on_usr1(int sig)
{
	for (int i = 0; i < NESTED; i++) {
		leaf();
		__asm__ volatile("");
	}
}

int
main(void)
{
	for (int i = 0; i < 10; i++) {
		leaf();
		__asm__ volatile("");
	}
	signal(SIGUSR1, on_usr1);
	struct gmon_table *saved = gmon_tls.table;
	gmon_tls.depth = 1;
	gmon_tls.table = NULL;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	raise(SIGUSR1);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	gmon_tls.table = saved;
	gmon_tls.depth = 0;
	printf("%d\n", 10 + NESTED);
	return 0;
}
