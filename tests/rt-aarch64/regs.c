/*
 * regs.c - the aarch64 hook keeps what it promises (runtime/arch/
 * aarch64.S): x0-x8 (arguments and the indirect result register), x17,
 * x18 and all 128 bits of every vector register come back from
 * "bl _mcount" unchanged, on the slow path (a new arc), the fast path
 * (the same arc again) and with profiling off.  regs_probe, in
 * assembly, fills them with values made from a seed, calls the hook
 * from inside its frame record as -pg code does, and stores what it
 * finds afterwards; main compares.  Prints "REGS ok" or "REGS bad" with
 * the registers that changed, and the truth (truth.h) of its one arc.
 */
#include <stdint.h>
#include <stdio.h>

#include "truth.h"

#define NX 11  /* x0-x8, x17, x18 */
#define QAT 12 /* where q0 is stored (words; 16-byte aligned) */
#define NV 32  /* q0-q31, two words each */

void regs_probe(uint64_t *out, uint64_t seed);
void moncontrol(int mode); /* the collector's (glibc's API) */

__asm__(".text\n"
	".p2align 2\n"
	".globl regs_probe\n"
	".type regs_probe, %function\n"
	"regs_probe:\n"
	"	stp x29, x30, [sp, #-96]!\n"
	"	mov x29, sp\n"
	"	stp x19, x20, [sp, #16]\n"
	"	stp d8, d9, [sp, #32]\n"
	"	stp d10, d11, [sp, #48]\n"
	"	stp d12, d13, [sp, #64]\n"
	"	stp d14, d15, [sp, #80]\n"
	"	mov x19, x0\n"
	"	mov x20, x1\n"
	"	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
	"20,21,22,23,24,25,26,27,28,29,30,31\n"
	"	add x9, x20, #(100 + \\i)\n"
	"	add x10, x20, #(200 + \\i)\n"
	"	mov v\\i\\().d[0], x9\n"
	"	mov v\\i\\().d[1], x10\n"
	"	.endr\n"
	"	.irp i, 0,1,2,3,4,5,6,7,8,17,18\n"
	"	add x\\i, x20, #\\i\n"
	"	.endr\n"
	"	bl _mcount\n"
	"	.irp i, 0,1,2,3,4,5,6,7,8\n"
	"	str x\\i, [x19, #(8 * \\i)]\n"
	"	.endr\n"
	"	str x17, [x19, #72]\n"
	"	str x18, [x19, #80]\n"
	"	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
	"20,21,22,23,24,25,26,27,28,29,30,31\n"
	"	str q\\i, [x19, #(96 + 16 * \\i)]\n"
	"	.endr\n"
	"	ldp d14, d15, [sp, #80]\n"
	"	ldp d12, d13, [sp, #64]\n"
	"	ldp d10, d11, [sp, #48]\n"
	"	ldp d8, d9, [sp, #32]\n"
	"	ldp x19, x20, [sp, #16]\n"
	"	ldp x29, x30, [sp], #96\n"
	"	ret\n"
	".size regs_probe, . - regs_probe\n");

/* Probe once with SEED; print the registers that changed.  Returns 1 if
 * one did. */
static int
check(const char *when, uint64_t seed)
{
	uint64_t got[QAT + 2 * NV] __attribute__((aligned(16)));
	static const int xnum[NX] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 17, 18 };
	int bad = 0;
	regs_probe(got, seed);
	AFTER_CALL();
	for (int i = 0; i < NX; i++)
		if (got[i] != seed + (uint64_t)xnum[i]) {
			printf("%sx%d", bad++ ? " " : "REGS bad: ", xnum[i]);
		}
	for (int i = 0; i < NV; i++)
		if (got[QAT + 2 * i] != seed + 100 + (uint64_t)i ||
		    got[QAT + 2 * i + 1] != seed + 200 + (uint64_t)i) {
			printf("%sq%d", bad++ ? " " : "REGS bad: ", i);
		}
	if (bad)
		printf(" (%s)\n", when);
	return bad != 0;
}

int
main(void)
{
	int bad = 0;
	/* The first call makes a new arc (slow path), the others hit it. */
	for (int i = 0; i < 3; i++) {
		bad |= check(i ? "fast path" : "slow path", 0x1000u * (i + 1));
		AFTER_CALL();
	}
	moncontrol(0);
	bad |= check("profiling off", 0x5000);
	AFTER_CALL();
	moncontrol(1);
	if (!bad)
		printf("REGS ok\n");
	truth_arc("check", "regs_probe", 3);
	return 0;
}
