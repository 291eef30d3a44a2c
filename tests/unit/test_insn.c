/*
 * test_insn.c - the direct-call decoder: x86-64 and i386 CALL rel32
 * (forward, backward, wrapping at 32 bits on i386 only), aarch64 BL and
 * B (B only when asked: -c's tail calls, not the call sites), calls cut
 * short by the end of the code, other instructions and machines.
 */
#include <elf.h>

#include "check.h"
#include "insn.h"

/* The instruction sets of the cases. */
enum { X64, I386, A64, A64B, A32, MIPS };
static const struct insn_isa isas[] = {
	[X64] = { EM_X86_64, 8, false },  [I386] = { EM_386, 4, false },
	[A64] = { EM_AARCH64, 8, false }, [A64B] = { EM_AARCH64, 8, true },
	[A32] = { EM_AARCH64, 4, false }, [MIPS] = { EM_MIPS, 4, true },
};

/* CODE's bytes are those of a little-endian number, N of them. */
static const struct {
	const char *name;
	int isa;
	uint64_t code;
	size_t n;
	uint64_t pc;
	unsigned len; /* 0: no call */
	uint64_t dest;
} cases[] = {
	/* call +0x10 from 0x1000: 0x1000 + 5 + 0x10 */
	{ "x86-64-forward", X64, 0x10e8, 5, 0x1000, 5, 0x1015 },
	{ "x86-64-backward", X64, 0xffffffe0e8, 5, 0x1000, 5, 0xfe5 },
	{ "x86-64-high", X64, 0x10000000e8, 5, 0xfffffff0, 5, 0x10ffffff5 },
	{ "x86-64-cut", X64, 0x10e8, 4, 0x1000, 0, 0 },
	{ "x86-64-jmp", X64, 0x10e9, 5, 0x1000, 0, 0 },
	{ "i386-forward", I386, 0x100e8, 5, 0x8048000, 5, 0x8048105 },
	/* 0xfffffff0 + 5 + 0x20 wraps to 0x15, and 4 + 5 - 0x10 below 0 */
	{ "i386-wraps", I386, 0x20e8, 5, 0xfffffff0, 5, 0x15 },
	{ "i386-wraps-down", I386, 0xfffffff0e8, 5, 4, 5, 0xfffffff9 },
	/* bl +0x40 (imm26 0x10), bl -8, bl -128 MiB (the farthest) */
	{ "aarch64-bl", A64, 0x94000010, 4, 0x400000, 4, 0x400040 },
	{ "aarch64-bl-back", A64, 0x97fffffe, 4, 0x400010, 4, 0x400008 },
	{ "aarch64-bl-min", A64, 0x96000000, 4, 0x10000000, 4, 0x8000000 },
	{ "aarch64-bl-with-b", A64B, 0x94000010, 4, 0x400000, 4, 0x400040 },
	/* b +0x40: a call for -c only */
	{ "aarch64-b-asked", A64B, 0x14000010, 4, 0x400000, 4, 0x400040 },
	{ "aarch64-b-not-asked", A64, 0x14000010, 4, 0x400000, 0, 0 },
	/* ILP32: no wrap, the PC is 64 bits wide */
	{ "aarch64-ilp32", A32, 0x97fffffe, 4, 4, 4, 0xfffffffffffffffc },
	/* b.eq and ret are no calls */
	{ "aarch64-bcond", A64B, 0x54000040, 4, 0x400000, 0, 0 },
	{ "aarch64-ret", A64B, 0xd65f03c0, 4, 0x400000, 0, 0 },
	{ "aarch64-cut", A64, 0x94000010, 3, 0x400000, 0, 0 },
	{ "mips-none", MIPS, 0x10e8, 5, 0x1000, 0, 0 },
};

T_MODULE(insn)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		unsigned char code[8];
		uint64_t dest = 0;
		unsigned len;

		for (size_t k = 0; k < sizeof(code); k++)
			code[k] = (unsigned char)(cases[i].code >> (8 * k));
		t_begin("insn-%s", cases[i].name);
		len = insn_direct_call(&isas[cases[i].isa], code, cases[i].n,
				       cases[i].pc, &dest);
		if (check_u64(len, cases[i].len, "length") && len != 0)
			check_u64(dest, cases[i].dest, "destination");
		t_end();
	}
	t_begin("insn-call-len");
	check_u64(insn_call_len(&isas[X64]), 5, "x86-64");
	check_u64(insn_call_len(&isas[I386]), 5, "i386");
	check_u64(insn_call_len(&isas[A64B]), 4, "aarch64");
	check_u64(insn_call_len(&isas[MIPS]), 0, "mips");
	t_end();
}
