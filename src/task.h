/*
 * task.h - a function run on a thread of its own while the caller goes
 * on, or, when no thread can start, by the caller when it waits for it.
 *
 * The caller must not read what FN writes, nor write what FN reads,
 * until task_join() has returned: that is the whole of the contract (no
 * lock is held for it).  FN runs exactly once either way.
 */
#ifndef GPROF_TASK_H
#define GPROF_TASK_H

#include <pthread.h>
#include <stdbool.h>

struct task {
	void (*fn)(void *arg);
	void *arg;
	pthread_t t;
	bool threaded; /* FN runs on T */
};

/* Start FN(ARG) on a thread when WANTED and one can start; else later,
 * in task_join(). */
void task_start(struct task *k, void (*fn)(void *arg), void *arg, bool wanted);

/* Wait for FN to return (or run it now). */
void task_join(struct task *k);

#endif
