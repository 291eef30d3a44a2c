/* Compiled under several relative names (./rel.c, sub/rel.c,
 * ../src/sub/rel.c): GNU puts the compilation directory in front. */
#include "rel.h"

__attribute__((noinline)) static int
rel_local(int n)
{
	volatile int v = n;
	return v * 2 + rel_twice(v);
}

int
rel_entry(int n)
{
	return rel_local(n) + 1;
}
