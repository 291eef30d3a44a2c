/*
 * check.h - the unit-test harness: named cases, each printing one line,
 * "PASS unit/name" or "FAIL unit/name: why" (the first failed check's
 * message).
 *
 * A case runs from t_begin() to t_end(); checks in between record the
 * first failure and return whether they held, so a test can stop early.
 * Case names have no spaces or colons.  Each test_*.c file defines its
 * module with T_MODULE(name) { ... }, a function that runs its groups of
 * cases with t_run(); the module registers itself before main() runs
 * (a constructor), so adding a file or a module edits no list: main.c
 * runs every registered module, in the order of their names.
 */
#ifndef GPROF_UNIT_CHECK_H
#define GPROF_UNIT_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

/* Set up the state shared with the child processes; t_fini() ends it. */
void t_init(void);
void t_fini(void);
/*
 * Run FN (which begins and ends cases) in a child process.  If the child
 * dies or exits non-zero, the case it was in fails; if no case was open,
 * a case named GROUP fails.
 */
void t_run(const char *group, void (*fn)(void));
/* Run FN(0) ... FN(N - 1), each in its own child, as t_run() does. */
void t_run_each(const char *group, void (*fn)(size_t i), size_t n);
void t_begin(const char *fmt, ...) GP_PRINTF(1, 2);
void t_end(void);
/* Record a failure of the current case (only the first is printed). */
bool t_fail(const char *fmt, ...) GP_PRINTF(1, 2);
/* Cases run and failed so far. */
void t_counts(unsigned *run, unsigned *failed);

bool check_true(bool ok, const char *what);
bool check_u64(uint64_t got, uint64_t want, const char *what);
/* Equal within 1e-9, relative to the larger magnitude (or absolute). */
bool check_dbl(double got, double want, const char *what);
bool check_str(const char *got, const char *want, const char *what);
bool check_has(const char *s, const char *sub, const char *what);

/* Deterministic pseudo-random numbers (xorshift64*), never rand(). */
uint64_t t_rand(uint64_t *state);
/* A uniform double in [0, 1) from t_rand(). */
double t_uniform(uint64_t *state);
/* A Poisson(LAMBDA) count from t_uniform(): Knuth's product method, in
 * pieces of at most 30 (so exp() never underflows). */
uint64_t t_poisson(uint64_t *state, double lambda);

/*
 * Register module NAME, run by t_run_modules(); at most T_MAX_MODULES.
 * T_MODULE calls it from a constructor.
 */
#define T_MAX_MODULES 128
void t_register(const char *name, void (*fn)(void));
/* Run every registered module, in the order of their names. */
void t_run_modules(void);

/*
 * T_MODULE(name) { body }: define the module "name" (an identifier) and
 * register it.  One per test_*.c file is the custom.
 */
#define T_MODULE(name)                                                         \
	static void test_##name(void);                                         \
	__attribute__((constructor)) static void t_register_##name(void)       \
	{                                                                      \
		t_register(#name, test_##name);                                \
	}                                                                      \
	static void test_##name(void)

#endif
