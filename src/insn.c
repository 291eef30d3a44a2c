/*
 * insn.c - the direct-call decoder (see insn.h).  Bytes are read through
 * struct reader, so a call cut short by the end of the code is no call.
 */
#include "insn.h"

#include <elf.h>

#include "reader.h"

/* aarch64 BL and B: the top six bits, imm26 below them. */
#define A64_MASK 0xfc000000u
#define A64_BL 0x94000000u
#define A64_B 0x14000000u
#define X86_CALL 0xe8

unsigned
insn_call_len(const struct insn_isa *isa)
{
	switch (isa->machine) {
	case EM_X86_64:
	case EM_386:
		return 5;
	case EM_AARCH64:
		return 4;
	default:
		return 0;
	}
}

unsigned
insn_direct_call(const struct insn_isa *isa, const unsigned char *code,
		 size_t n, uint64_t pc, uint64_t *dest)
{
	unsigned len = insn_call_len(isa);
	struct reader r;

	if (len == 0 || n < len)
		return 0;
	reader_init(&r, code, n, false, 4);
	if (len == 5) {
		int64_t disp;

		if (rd_u8(&r) != X86_CALL)
			return 0;
		disp = (int32_t)rd_u32(&r);
		*dest = pc + 5 + (uint64_t)disp;
		if (isa->word == 4)
			*dest &= 0xffffffffu;
		return 5;
	}
	uint32_t w = rd_u32(&r);
	int64_t off;

	if ((w & A64_MASK) != A64_BL &&
	    !(isa->with_b && (w & A64_MASK) == A64_B))
		return 0;
	off = (int64_t)(w & 0x03ffffffu); /* imm26, signed */
	if (off & 0x02000000)
		off -= 0x04000000;
	*dest = pc + (uint64_t)(off * 4);
	return 4;
}
