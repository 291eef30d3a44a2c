/*
 * aarch64.S - the entry hook for aarch64: _mcount (gcc and clang -pg;
 * mcount is the same code under the other name), plus the start-up
 * constructor and exit destructor, which must live in this object so
 * that linking the hook from an archive also links start-up (see
 * x86_64.S).
 *
 * ABI (research/runtime.md 1.1): the call is "bl _mcount", an ordinary
 * AAPCS64 call made after the function has stored its frame record
 * {caller's x29, x30} and pointed x29 at it.  gcc also passes its
 * return address in x0 ("hint 7; mov x0, x30"); clang 14 passes
 * nothing (x0 is still the function's first argument), so x0 is never
 * read: frompc (the return address into the caller) is the saved LR
 * [x29, #8], selfpc the hook's own return address x30.  Under
 * -mbranch-protection=pac-ret the saved LR carries a pointer
 * authentication code: xpaclri strips it.  xpaclri works on x30 only
 * and is in the hint space (a NOP on cores without pointer
 * authentication), so the fast path keeps frompc in x30, selfpc in
 * x11, and returns with "ret x11".
 *
 * Registers: the hook changes x9-x16, x30 and the flags only (scratch
 * registers in AAPCS64; x30 is clobbered by any call); x0-x8
 * (arguments, the indirect result), x17, x18, x29 and every vector
 * register come back as they were (tests/rt-aarch64/regs.c).
 *
 * Fast path: no lock, no stack, no vector register: the thread's table
 * from static TLS (initial-exec: tpidr_el0 plus the offset in the GOT,
 * valid in the shared library and, relaxed by the linker, in a static
 * program), the home slot, probing forward, and the count incremented
 * with an exclusive load/store pair, so that a signal handler counting
 * the same arc on this thread in between makes the store fail and the
 * increment start again (x86-64 has a single incq).  Profiling off is
 * a plain return.  Anything else (no table yet, an empty slot met: the
 * arc is new) saves x0-x18 and q0-q31 (the C slow path may reach libc
 * code that uses them) and calls gmon_arc_slow(frompc, selfpc).  Table
 * layout: runtime/gmon_rt.h.
 */
	.section gmon_text,"ax",%progbits

/* The slow path's frame: frame record (16), x0-x18 (160 with padding),
 * q0-q31 (512). */
#define SLOW_X 16
#define SLOW_Q 176
#define SLOW_FRAME 688

	.p2align 4
	.globl _mcount
	.type _mcount, %function
_mcount:
	.cfi_startproc
	hint #34			/* bti c: reached through a PLT too */
	adrp x9, gmon_active
	ldrb w9, [x9, :lo12:gmon_active]
	cbz w9, 9f
	/* selfpc (x11): our return address, where we return to (ret
	 * x11); frompc (x30): the saved LR, its signature stripped. */
	mov x11, x30
	.cfi_register x30, x11
	ldr x30, [x29, #8]
	hint #7				/* xpaclri */
	/* The thread's table (x9), NULL: the slow path. */
	mrs x9, tpidr_el0
	adrp x12, :gottprel:gmon_tls
	ldr x12, [x12, #:gottprel_lo12:gmon_tls]
	ldr x9, [x9, x12]
	cbz x9, 8f
	/* The home slot's offset (x12) under the mask (x13); the slot
	 * is at x9 + 32 + x12. */
	eor x12, x30, x11
	lsl x12, x12, #5
	ldr x13, [x9]
1:	and x12, x12, x13
	add x14, x9, x12
	ldp x15, x16, [x14, #32]
	cmp x15, x30
	ccmp x16, x11, #0, eq
	b.eq 2f
	/* Not this arc: an empty slot ends the search (a new arc),
	 * another arc sends it one slot on. */
	cbz x15, 8f
	add x12, x12, #32
	b 1b
2:	add x14, x14, #48
3:	ldxr x15, [x14]
	add x15, x15, #1
	stxr w16, x15, [x14]
	cbnz w16, 3b
	ret x11
	.cfi_remember_state
	.cfi_restore x30
9:	ret
	.cfi_restore_state

	/* Slow path: frompc to x10, selfpc back to x30. */
8:	mov x10, x30
	mov x30, x11
	.cfi_restore x30
	sub sp, sp, #SLOW_FRAME
	.cfi_adjust_cfa_offset SLOW_FRAME
	stp x29, x30, [sp]
	.cfi_rel_offset x29, 0
	.cfi_rel_offset x30, 8
	mov x29, sp
	stp x0, x1, [sp, #SLOW_X + 0]
	stp x2, x3, [sp, #SLOW_X + 16]
	stp x4, x5, [sp, #SLOW_X + 32]
	stp x6, x7, [sp, #SLOW_X + 48]
	stp x8, x9, [sp, #SLOW_X + 64]
	stp x10, x11, [sp, #SLOW_X + 80]
	stp x12, x13, [sp, #SLOW_X + 96]
	stp x14, x15, [sp, #SLOW_X + 112]
	stp x16, x17, [sp, #SLOW_X + 128]
	str x18, [sp, #SLOW_X + 144]
	stp q0, q1, [sp, #SLOW_Q + 0]
	stp q2, q3, [sp, #SLOW_Q + 32]
	stp q4, q5, [sp, #SLOW_Q + 64]
	stp q6, q7, [sp, #SLOW_Q + 96]
	stp q8, q9, [sp, #SLOW_Q + 128]
	stp q10, q11, [sp, #SLOW_Q + 160]
	stp q12, q13, [sp, #SLOW_Q + 192]
	stp q14, q15, [sp, #SLOW_Q + 224]
	stp q16, q17, [sp, #SLOW_Q + 256]
	stp q18, q19, [sp, #SLOW_Q + 288]
	stp q20, q21, [sp, #SLOW_Q + 320]
	stp q22, q23, [sp, #SLOW_Q + 352]
	stp q24, q25, [sp, #SLOW_Q + 384]
	stp q26, q27, [sp, #SLOW_Q + 416]
	stp q28, q29, [sp, #SLOW_Q + 448]
	stp q30, q31, [sp, #SLOW_Q + 480]
	mov x0, x10
	mov x1, x11
	bl gmon_arc_slow
	ldp q0, q1, [sp, #SLOW_Q + 0]
	ldp q2, q3, [sp, #SLOW_Q + 32]
	ldp q4, q5, [sp, #SLOW_Q + 64]
	ldp q6, q7, [sp, #SLOW_Q + 96]
	ldp q8, q9, [sp, #SLOW_Q + 128]
	ldp q10, q11, [sp, #SLOW_Q + 160]
	ldp q12, q13, [sp, #SLOW_Q + 192]
	ldp q14, q15, [sp, #SLOW_Q + 224]
	ldp q16, q17, [sp, #SLOW_Q + 256]
	ldp q18, q19, [sp, #SLOW_Q + 288]
	ldp q20, q21, [sp, #SLOW_Q + 320]
	ldp q22, q23, [sp, #SLOW_Q + 352]
	ldp q24, q25, [sp, #SLOW_Q + 384]
	ldp q26, q27, [sp, #SLOW_Q + 416]
	ldp q28, q29, [sp, #SLOW_Q + 448]
	ldp q30, q31, [sp, #SLOW_Q + 480]
	ldp x0, x1, [sp, #SLOW_X + 0]
	ldp x2, x3, [sp, #SLOW_X + 16]
	ldp x4, x5, [sp, #SLOW_X + 32]
	ldp x6, x7, [sp, #SLOW_X + 48]
	ldp x8, x9, [sp, #SLOW_X + 64]
	ldp x10, x11, [sp, #SLOW_X + 80]
	ldp x12, x13, [sp, #SLOW_X + 96]
	ldp x14, x15, [sp, #SLOW_X + 112]
	ldp x16, x17, [sp, #SLOW_X + 128]
	ldr x18, [sp, #SLOW_X + 144]
	ldp x29, x30, [sp]
	.cfi_restore x29
	.cfi_restore x30
	add sp, sp, #SLOW_FRAME
	.cfi_adjust_cfa_offset -SLOW_FRAME
	ret
	.cfi_endproc
	.size _mcount, . - _mcount

	/* glibc's aarch64 runtime has both names; clang and gcc call
	 * _mcount. */
	.globl mcount
	.type mcount, %function
	.set mcount, _mcount

	/* Start-up and exit, in this object on purpose (see above), with
	 * the first priority a program may use (see x86_64.S). */
	.section .init_array.00101, "aw"
	.p2align 3
	.xword gmon_ctor
	.section .fini_array.00101, "aw"
	.p2align 3
	.xword gmon_dtor

	/* The hook is BTI- and PAC-compatible (it starts with bti c and
	 * keeps no return address in memory it does not restore), so
	 * it says so: GNU_PROPERTY_AARCH64_FEATURE_1_AND, BTI | PAC. */
	.section .note.gnu.property, "a"
	.p2align 3
	.word 4				/* name size */
	.word 16			/* descriptor size */
	.word 5				/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz "GNU"
	.word 0xc0000000		/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.word 4				/* its size */
	.word 3				/* BTI | PAC */
	.word 0				/* padding to 8 */

	.section .note.GNU-stack, "", %progbits
