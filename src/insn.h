/*
 * insn.h - direct call instructions in machine code: the one decoder
 * that -c (staticcalls.c) and the call-site lines (callsites.c) share.
 *
 *  - x86-64 and i386: CALL rel32, the byte E8 and a signed 32-bit
 *    displacement from the next instruction (5 bytes);
 *  - aarch64: BL imm26, a signed word offset from the instruction
 *    itself (4 bytes, little endian whatever the data's byte order),
 *    and, when the caller asks, the plain branch B.
 *
 * The two callers differ on purpose.  -c counts B as a call too: a
 * branch to a function's first byte is a tail call, and the callee runs
 * on behalf of the function that branched.  A call site names the
 * instruction whose return address glibc recorded, and B leaves none
 * (x30 keeps the caller's), so callsites.c asks for BL only.
 */
#ifndef GPROF_INSN_H
#define GPROF_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The instruction set to decode. */
struct insn_isa {
	unsigned machine; /* EM_X86_64, EM_386 or EM_AARCH64 (elf.h) */
	int word;         /* the program's address size, 4 or 8 */
	bool with_b;      /* aarch64: B counts as a call (see above) */
};

/*
 * The length of ISA's direct calls: 5 on x86, 4 on aarch64, 0 for a
 * machine this decoder does not know (it then finds no call).
 */
unsigned insn_call_len(const struct insn_isa *isa);

/*
 * Is the instruction at CODE (the N bytes from address PC on) a direct
 * call?  Returns its length with *DEST its target, or 0 (also when
 * fewer than the length's bytes are left).  An i386 (or x32) target
 * wraps at 32 bits as the 32-bit instruction pointer does; an aarch64
 * one never does (the PC is 64 bits wide under ILP32 too).  The caller
 * chooses where instructions start (x86: any byte, as GNU gprof's -c
 * scans; aarch64: aligned words).  Never fails; reads at most 5 bytes.
 */
unsigned insn_direct_call(const struct insn_isa *isa, const unsigned char *code,
			  size_t n, uint64_t pc, uint64_t *dest);

#endif
