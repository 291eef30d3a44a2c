/*
 * main.c - the executable of the shared-library scenario (shlib.h).
 * argv[1]: libb.so's path; argv[2] (optional): libb.so is called by that
 * many threads at once (up to 16), else by the main thread.  Calls liba.so (which calls back), burns CPU
 * in liba.so, dlopens libb.so, calls it (it calls liba.so and back
 * here), dlcloses it, opens it again, calls it again, closes it for
 * good, then prints the truth (and whether libb.so is still mapped).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shlib.h"

/* A side effect: clang drops calls of a pure function whose result
 * is unused, noinline or not. */
static volatile int sink;

NOI int
exe_leaf(int n)
{
	sink = n;
	return n + 1;
}

/* Also in the other objects (shlib.h): a name collision. */
NOI static int
tick(int n)
{
	sink = n;
	return n - 1;
}

NOI void
exe_cb(int n)
{
	COUNT(exe_cb_exe_leaf, 1);
	exe_leaf(n);
	AFTER_CALL();
}

NOI void
exe_back(int n)
{
	COUNT(exe_back_exe_leaf, 1);
	exe_leaf(n);
	AFTER_CALL();
}

static void *b_hello_seen[2]; /* b_hello's address in each opening */
static int nthreads;          /* threads calling libb.so at once */

NOI static void
b_loop(b_entry_fn *entry, int n)
{
	for (int i = 0; i < n; i++) {
		COUNT(main_b_entry, 1);
		entry(i, exe_back);
		AFTER_CALL();
	}
}

struct loop {
	b_entry_fn *entry;
	int n;
};

/* A thread's start: called from libc, so its own call is no arc. */
static void *
b_thread(void *arg)
{
	struct loop *l = arg;
	COUNT(threads, 1);
	COUNT(b_thread_b_loop, 1);
	b_loop(l->entry, l->n);
	AFTER_CALL();
	return NULL;
}

/* dl_iterate_phdr's callback: sets *DATA when the object is libb.so.
 * Called from libc, so not instrumented (its calls would be counted
 * as calls from unprofiled code). */
__attribute__((no_instrument_function)) static int
find_libb(struct dl_phdr_info *info, size_t size, void *data)
{
	size_t n = info->dlpi_name ? strlen(info->dlpi_name) : 0;
	(void)size;
	if (n >= 7 && strcmp(info->dlpi_name + n - 7, "libb.so") == 0)
		*(int *)data = 1;
	return 0;
}

/* Open libb.so, call b_entry N times and b_hello once, close it. */
NOI static int
use_b(const char *path, int n, int turn)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return -1;
	}
	b_entry_fn *entry = (b_entry_fn *)dlsym(h, "b_entry");
	b_hello_fn *hello = (b_hello_fn *)dlsym(h, "b_hello");
	if (!entry || !hello) {
		fprintf(stderr, "dlsym: %s\n", dlerror());
		return -1;
	}
	b_hello_seen[turn] = (void *)hello;
	if (nthreads == 0) {
		COUNT(use_b_b_loop, 1);
		b_loop(entry, n);
		AFTER_CALL();
	} else {
		pthread_t t[16];
		struct loop l = { entry, n };
		int made = 0;
		for (; made < nthreads && made < 16; made++)
			if (pthread_create(&t[made], NULL, b_thread, &l) != 0)
				break;
		for (int i = 0; i < made; i++)
			pthread_join(t[i], NULL);
		if (made < nthreads)
			return -1;
	}
	COUNT(main_b_hello, 1);
	hello();
	AFTER_CALL();
	return dlclose(h);
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	nthreads = argc > 2 ? atoi(argv[2]) : 0;
	for (int i = 0; i < 300; i++) {
		COUNT(main_a_entry, 1);
		a_entry(i);
		AFTER_CALL();
	}
	for (int i = 0; i < 7; i++) {
		COUNT(main_exe_leaf, 1);
		exe_leaf(i);
		AFTER_CALL();
	}
	for (int i = 0; i < 3; i++) {
		COUNT(main_tick, 1);
		tick(i);
		AFTER_CALL();
	}
	COUNT(main_a_sort, 1);
	a_sort(40);
	AFTER_CALL();
	COUNT(main_a_burn, 1);
	a_burn(0.4);
	AFTER_CALL();
	int rc = use_b(argv[1], 500, 0);
	AFTER_CALL();
	rc |= use_b(argv[1], 250, 1);
	AFTER_CALL();
	if (rc != 0)
		return 1;
	const struct shlib_truth *t = &shlib_truth;
	truth_arc("main", "a_entry", t->main_a_entry);
	truth_arc("a_entry", "exe_cb", t->a_entry_exe_cb);
	truth_arc("exe_cb", "exe_leaf", t->exe_cb_exe_leaf);
	truth_arc("main", "exe_leaf", t->main_exe_leaf);
	truth_arc("main", "a_burn", t->main_a_burn);
	truth_arc("main", "use_b", 2);
	truth_arc("use_b", "b_loop", t->use_b_b_loop);
	truth_arc("b_thread", "b_loop", t->b_thread_b_loop);
	truth_arc("b_loop", "b_entry", t->main_b_entry);
	truth_arc("b_entry", "a_mid", t->b_entry_a_mid);
	truth_arc("a_mid", "a_leaf", t->a_mid_a_leaf);
	truth_arc("b_entry", "exe_back", t->b_entry_exe_back);
	truth_arc("b_entry", "b_leaf", t->b_entry_b_leaf);
	truth_arc("exe_back", "exe_leaf", t->exe_back_exe_leaf);
	truth_arc("use_b", "b_hello", t->main_b_hello);
	truth_arc("b_hello", "a_leaf", t->b_hello_a_leaf);
	truth_arc("main", "a_sort", t->main_a_sort);
	truth_arc("main", "tick", t->main_tick);
	truth_arc("a_entry", "tick@liba.so", t->a_entry_tick);
	truth_arc("b_entry", "tick@libb.so", t->b_entry_tick);
	/* Calls counted that are no arc: from libc (qsort, the threads'
	 * starts, and main's own call). */
	printf("UNPROFILED %llu\n", t->qsort_a_cmp + t->threads + 1);
	printf("QSORT %llu\n", t->qsort_a_cmp);
	printf("LIBB %s\n",
	       b_hello_seen[0] == b_hello_seen[1] ? "same" : "moved");
	/* glibc unmaps a library at its last dlclose, musl never does. */
	int mapped = 0;
	dl_iterate_phdr(find_libb, &mapped);
	printf("UNLOADED %s\n", mapped ? "no" : "yes");
	return 0;
}
