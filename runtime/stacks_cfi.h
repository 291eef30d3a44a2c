/*
 * stacks_cfi.h - one step of a stack walk through code built without
 * frame pointers, by the call-frame information the object carries
 * for its exception handling (.eh_frame, found through .eh_frame_hdr's
 * sorted table; the load map keeps where: gmon_object.eh_hdr).  For the
 * stacks' walker (stacks.c) when a return address leads out of known
 * code: a qsort or bsearch calling back, an event loop in a library
 * built without -pg running a profiled callback.
 *
 * The rules understood are those compilers emit for ordinary functions:
 * the CFA as a register (the stack or frame pointer) plus an offset,
 * the return address and the frame pointer saved at an offset from the
 * CFA, kept in place, or (the frame pointer) undefined.  Anything else
 * (a DWARF expression, a signal frame's trampoline, a 64-bit .eh_frame,
 * an encoding other than the usual ones) ends the step as "cannot":
 * the walk stops there, truncated; a frame is never guessed.
 *
 * Contract: async-signal-safe (no lock, no allocation, no system call).
 * Reads only the object's mapped segment that holds its .eh_frame_hdr
 * (the load map's eh_lo..eh_hi) and, for the stack, the window W.
 */
#ifndef GMON_STACKS_CFI_H
#define GMON_STACKS_CFI_H

#include <stdbool.h>
#include <stdint.h>

/* Memory a walk may read: the run-time addresses [lo, hi), whose bytes
 * are at AT (the live stack: AT is lo itself; a perf sample's copy:
 * the copy). */
struct stack_window {
	uintptr_t lo, hi;
	const unsigned char *at;
};

/* The word at ADDR in W into *V; false when it is not all inside. */
static inline bool
stack_window_word(const struct stack_window *w, uintptr_t addr, uintptr_t *v)
{
	if (addr < w->lo || addr > w->hi - sizeof(uintptr_t) ||
	    w->hi - w->lo < sizeof(uintptr_t))
		return false;
	__builtin_memcpy(v, w->at + (addr - w->lo), sizeof *v);
	return true;
}

/* The registers of one frame: PC a return address (the call ends just
 * before it), SP the stack pointer and FP the frame pointer as they
 * were when that call was made. */
struct cfi_regs {
	uintptr_t pc, sp, fp;
};

enum cfi_step {
	CFI_STEPPED,   /* *R is now the caller's frame */
	CFI_OUTERMOST, /* the rules say no caller: the chain ends */
	CFI_CANNOT     /* no rule for PC, or one not understood */
};

/* One frame up from *R by the rules for R->pc - 1; the caller's stack
 * pointer must lie above R->sp, and every word read inside W. */
enum cfi_step stacks_cfi_step(struct cfi_regs *r, const struct stack_window *w);

/*
 * Where a frame's CFA is when only its frame pointer FP is known (the
 * frame record it points at): PC the frame's program counter (TOP: the
 * sampled one, else a return address), found by the rule that saves
 * the frame pointer at CFA + N (so CFA = FP - N).  For aarch64, whose
 * frame records are not at a fixed place in the frame.  False when the
 * rules do not say so.
 */
bool stacks_cfi_cfa_from_fp(uintptr_t pc, bool top, uintptr_t fp,
			    uintptr_t *cfa);

#endif
