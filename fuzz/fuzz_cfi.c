/*
 * fuzz_cfi.c - the collector's call-frame information reader
 * (runtime/stacks_cfi.c) on a segment of the input's bytes.
 *
 * Bytes 0-1: the offset of .eh_frame_hdr in the segment (little-endian,
 * modulo its length); bytes 2-5: the target's offset from the
 * segment's start (signed: code usually lies before it); the rest is
 * the segment, which is also the stack window the step may read (the
 * stack pointer at its start, the frame pointer 16 above).  The load
 * map is a fake of one object spanning every address.  Checks a step
 * that succeeds moves the stack pointer up and stays inside the window.
 */
#include "../runtime/stacks_cfi.c"

#include <stdlib.h>
#include <string.h>

static struct gmon_object fake;

long
gmon_objects_find(uintptr_t pc, bool live_only)
{
	(void)pc;
	(void)live_only;
	return 0;
}

struct gmon_object *
gmon_object_at(size_t i)
{
	(void)i;
	return &fake;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 7)
		return 0;
	size_t len = size - 6;
	unsigned char *seg = malloc(len);
	if (!seg)
		return 0;
	memcpy(seg, data + 6, len);
	size_t hdr = ((size_t)data[0] | (size_t)data[1] << 8) % len;
	int32_t target;
	memcpy(&target, data + 2, 4);
	uintptr_t base = (uintptr_t)seg;
	memset(&fake, 0, sizeof fake);
	fake.eh_hdr = base + hdr;
	fake.eh_lo = base;
	fake.eh_hi = base + len;
	struct stack_window w = { base, base + len, seg };
	struct cfi_regs r = { base + (uintptr_t)(intptr_t)target + 1, base,
			      base + 16 };
	struct cfi_regs before = r;
	if (stacks_cfi_step(&r, &w) == CFI_STEPPED &&
	    (r.sp <= before.sp || r.sp > w.hi))
		abort();
	uintptr_t cfa;
	(void)stacks_cfi_cfa_from_fp(before.pc, true, before.fp, &cfa);
	(void)stacks_cfi_cfa_from_fp(before.pc, false, before.fp, &cfa);
	free(seg);
	return 0;
}
