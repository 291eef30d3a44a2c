/*
 * main.c - the executable of the shared-library scenario (shlib.h).
 * argv[1]: libb.so's path.  Calls liba.so (which calls back), burns CPU
 * in liba.so, dlopens libb.so, calls it (it calls liba.so and back
 * here), dlcloses it, opens it again, calls it again, closes it for
 * good, then prints the truth.
 */
#include <dlfcn.h>
#include <stdio.h>

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
	shlib_truth.exe_cb_exe_leaf++;
	exe_leaf(n);
	AFTER_CALL();
}

NOI void
exe_back(int n)
{
	shlib_truth.exe_back_exe_leaf++;
	exe_leaf(n);
	AFTER_CALL();
}

static void *b_hello_seen[2]; /* b_hello's address in each opening */

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
	for (int i = 0; i < n; i++) {
		shlib_truth.main_b_entry++;
		entry(i, exe_back);
		AFTER_CALL();
	}
	shlib_truth.main_b_hello++;
	hello();
	AFTER_CALL();
	return dlclose(h);
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	for (int i = 0; i < 300; i++) {
		shlib_truth.main_a_entry++;
		a_entry(i);
		AFTER_CALL();
	}
	for (int i = 0; i < 7; i++) {
		shlib_truth.main_exe_leaf++;
		exe_leaf(i);
		AFTER_CALL();
	}
	for (int i = 0; i < 3; i++) {
		shlib_truth.main_tick++;
		tick(i);
		AFTER_CALL();
	}
	shlib_truth.main_a_sort++;
	a_sort(40);
	AFTER_CALL();
	shlib_truth.main_a_burn++;
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
	truth_arc("use_b", "b_entry", t->main_b_entry);
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
	/* Calls counted that are no arc: from libc (qsort, and main's
	 * own call). */
	printf("UNPROFILED %llu\n", t->qsort_a_cmp + 1);
	printf("LIBB %s\n",
	       b_hello_seen[0] == b_hello_seen[1] ? "same" : "moved");
	return 0;
}
