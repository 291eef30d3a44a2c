/* libb.c - libb.so of the shared-library scenario (shlib.h): dlopened
 * by the executable, calling liba.so and back into the executable
 * through a pointer. */
#include "shlib.h"

/* A side effect: clang drops calls of a pure function whose result
 * is unused, noinline or not. */
static volatile int sink;

NOI int
b_leaf(int n)
{
	sink = n;
	return n ^ 0x55;
}

/* Also in the other objects (shlib.h): a name collision. */
NOI static int
tick(int n)
{
	sink = n;
	return n - 1;
}

__attribute__((visibility("default"))) NOI int
b_entry(int n, exe_back_fn *back)
{
	COUNT(b_entry_a_mid, 1);
	a_mid(n);
	AFTER_CALL();
	COUNT(b_entry_exe_back, 1);
	back(n);
	AFTER_CALL();
	COUNT(b_entry_tick, 1);
	tick(n);
	AFTER_CALL();
	COUNT(b_entry_b_leaf, 1);
	int r = b_leaf(n);
	AFTER_CALL();
	return r;
}

__attribute__((visibility("default"))) NOI int
b_hello(void)
{
	COUNT(b_hello_a_leaf, 1);
	int r = a_leaf(7);
	AFTER_CALL();
	return r;
}
