/*
 * shlib.h - the shared-library scenario (run.sh): an executable (main.c)
 * with two -pg shared libraries, liba.so (DT_NEEDED) and libb.so
 * (dlopened, dlclosed, opened again and closed for good).  Every call
 * the scenario makes is counted in plain globals; the counters live in
 * liba.so (the executable and libb.so both see it, and a dlclose of
 * libb.so does not lose them).  One struct field per arc, printed by
 * main() as "ARC caller callee count" (truth.h); with threads, counted
 * with atomics.
 */
#ifndef SHLIB_H
#define SHLIB_H

#include "truth.h"

/* Threads may count at once (main.c's second argument). */
#define COUNT(field, n)                                                        \
	__atomic_fetch_add(&shlib_truth.field, (n), __ATOMIC_RELAXED)

struct shlib_truth {
	unsigned long long main_a_entry, a_entry_exe_cb, exe_cb_exe_leaf;
	unsigned long long main_exe_leaf, main_a_burn, main_b_entry;
	unsigned long long b_entry_a_mid, a_mid_a_leaf, b_entry_exe_back;
	unsigned long long b_entry_b_leaf, exe_back_exe_leaf;
	unsigned long long main_b_hello, b_hello_a_leaf;
	unsigned long long main_a_sort;
	/* tick(): a static function of that name in each of the three
	 * objects (a name collision the report must tell apart) */
	unsigned long long main_tick, a_entry_tick, b_entry_tick;
	unsigned long long use_b_b_loop, b_thread_b_loop, threads;
	unsigned long long qsort_a_cmp; /* from libc: never an arc */
};
extern struct shlib_truth shlib_truth;

/* liba.so */
void a_entry(int n);
void a_mid(int n);
int a_leaf(int n);
double a_burn(double cpu_seconds);
void a_sort(int n);

/* in the executable: called back from liba.so by name, from libb.so
 * through a pointer */
void exe_cb(int n);
typedef void exe_back_fn(int n);

/* libb.so, found with dlsym */
typedef int b_entry_fn(int n, exe_back_fn *back);
typedef int b_hello_fn(void);

#endif
