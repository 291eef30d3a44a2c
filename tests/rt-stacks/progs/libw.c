/*
 * libw.c - libw.so, a -pg shared library linked by shmain: lwork()
 * burns N iterations (called from the executable's lcheap and ldear).
 */
#include "stk.h"

static volatile long lsink;

__attribute__((visibility("default"))) NOI void
lwork(long n)
{
	for (long i = 0; i < n; i++)
		lsink += i;
}
