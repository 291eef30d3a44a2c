/*
 * task.c - a function run on a thread of its own (task.h).
 */
#include "task.h"

static void *
task_main(void *arg)
{
	struct task *k = arg;

	k->fn(k->arg);
	return NULL;
}

void
task_start(struct task *k, void (*fn)(void *arg), void *arg, bool wanted)
{
	k->fn = fn;
	k->arg = arg;
	k->threaded = wanted && pthread_create(&k->t, NULL, task_main, k) == 0;
}

void
task_join(struct task *k)
{
	if (k->threaded)
		pthread_join(k->t, NULL);
	else
		k->fn(k->arg);
	k->threaded = false;
}
