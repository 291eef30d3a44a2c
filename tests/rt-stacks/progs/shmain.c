/*
 * shmain.c - stacks across objects: lcheap()/ldear() call libw.so's
 * lwork() (1:10 by iterations, 10x more calls from lcheap: gprof hands
 * lcheap 91 %, the truth is 9 %; few calls, so that their own cost,
 * large under qemu, stays small beside the loops); dcheap()
 * and ddear() call libd.so's dmid() -> dwork() through dlsym (argv[2]:
 * the path of libd.so).
 */
#include <dlfcn.h>

#include "stk.h"

void lwork(long n);

NOI void
lcheap(long scale)
{
	for (long i = 0; i < 100 * scale; i++) {
		lwork(5000);
		AFTER_CALL();
	}
}

NOI void
ldear(long scale)
{
	for (long i = 0; i < 10 * scale; i++) {
		lwork(500000);
		AFTER_CALL();
	}
}

static void (*dmid)(long);

NOI void
dcheap(long scale)
{
	for (long i = 0; i < 100 * scale; i++) {
		dmid(5000);
		AFTER_CALL();
	}
}

NOI void
ddear(long scale)
{
	for (long i = 0; i < 10 * scale; i++) {
		dmid(500000);
		AFTER_CALL();
	}
}

volatile long stk_sink;

int
main(int argc, char **argv)
{
	long scale = stk_scale(argc, argv);
	void *h = dlopen(argc > 2 ? argv[2] : "./libd.so", RTLD_NOW);
	if (!h || !(dmid = (void (*)(long))dlsym(h, "dmid"))) {
		fprintf(stderr, "shmain: %s\n", dlerror());
		return 1;
	}
	/* In rounds, so that every caller meets the same machine. */
	for (int r = 0; r < 10; r++) {
		lcheap(scale);
		AFTER_CALL();
		ldear(scale);
		AFTER_CALL();
		dcheap(scale);
		AFTER_CALL();
		ddear(scale);
		AFTER_CALL();
	}
	truth_share("lwork", "lcheap", 1.0 / 11);
	truth_share("lwork", "ldear", 10.0 / 11);
	truth_share("dmid", "dcheap", 1.0 / 11);
	truth_share("dmid", "ddear", 10.0 / 11);
	return 0;
}
