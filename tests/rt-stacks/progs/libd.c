/*
 * libd.c - libd.so, a -pg library that shmain only dlopens: dwork()
 * burns N iterations, dmid() calls it (a frame inside the library).
 */
#include "stk.h"

static volatile long dsink;

__attribute__((visibility("default"))) NOI void
dwork(long n)
{
	for (long i = 0; i < n; i++)
		dsink += i;
}

__attribute__((visibility("default"))) NOI void
dmid(long n)
{
	dwork(n);
	AFTER_CALL();
}
