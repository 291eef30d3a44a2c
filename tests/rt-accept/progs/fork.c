/*
 * fork.c - work before fork (parent_before -> fork_leaf), in the child
 * (child_work -> fork_leaf) and in the parent after the child ended
 * (parent_after -> fork_leaf).  Each process prints the arcs it made
 * itself, so the parent's and the child's profiles must sum to the
 * truth: the child must not inherit the parent's counts.
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "truth.h"

static unsigned long n_before, n_child, n_after;

NOI void
fork_leaf(void)
{
	AFTER_CALL();
}

NOI void
parent_before(int n)
{
	for (int i = 0; i < n; i++) {
		n_before++;
		fork_leaf();
		AFTER_CALL();
	}
}

NOI void
child_work(int n)
{
	for (int i = 0; i < n; i++) {
		n_child++;
		fork_leaf();
		AFTER_CALL();
	}
}

NOI void
parent_after(int n)
{
	for (int i = 0; i < n; i++) {
		n_after++;
		fork_leaf();
		AFTER_CALL();
	}
}

int
main(void)
{
	parent_before(3000);
	AFTER_CALL();
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 3;
	if (pid == 0) {
		child_work(5000);
		AFTER_CALL();
		truth_arc("child_work", "fork_leaf", n_child);
		return 0; /* exit(): the child writes its own profile */
	}
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return 4;
	parent_after(7000);
	AFTER_CALL();
	truth_arc("parent_before", "fork_leaf", n_before);
	truth_arc("parent_after", "fork_leaf", n_after);
	return 0;
}
