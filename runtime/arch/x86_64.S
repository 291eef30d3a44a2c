/*
 * x86_64.S - the entry hooks for x86-64: mcount and _mcount (gcc and
 * clang -pg) and __fentry__ (-mfentry), plus the start-up constructor
 * and exit destructor, which must live in this object so that linking
 * the hooks from an archive also links start-up (a program compiled
 * with -pg but linked without it has no gcrt1.o to start profiling).
 *
 * ABI (research/runtime.md 1.1): gcc's "call mcount" sits in the
 * prologue after "push %rbp; mov %rsp,%rbp" with every argument
 * register live, so everything but %r10 and %r11 is preserved (gcc
 * saves a nested function's static chain %r10 around the call, like
 * glibc's hooks we clobber both); frompc (the
 * caller's return address) is 8(%rbp), selfpc the hook's own return
 * address (%rsp).  __fentry__ is called before the prologue: frompc is
 * 8(%rsp), selfpc (%rsp).
 *
 * Fast path: no lock, no atomic, no vector register, no stack frame:
 * the thread's table comes from static TLS and an arc in its home slot
 * is incremented in place, using %r10 and %r11 only; an arc further on
 * is found by probing with %rax and %rcx parked in the red zone (this
 * is a leaf; a signal frame skips the red zone).  Profiling off is a
 * plain return.  Anything else (no table yet, an empty slot met: the
 * arc is new) saves every caller-saved register (and %xmm0-7, since
 * the C slow path may reach libc code that uses them), aligns the stack
 * and calls gmon_arc_slow(frompc, selfpc).  Table layout:
 * runtime/gmon_rt.h.
 */
	.section gmon_text,"ax",@progbits

/* HOOK name, frompc operand at entry, the slow path's frame below its 8
 * pushes (128 bytes of xmm saves plus what aligns the call: %rsp is 8
 * mod 16 at mcount's entry, 0 at __fentry__'s), frompc and selfpc
 * operands after the saves. */
.macro HOOK name, from, frame, from_saved, self_saved
	.p2align 4
	.globl \name
	.type \name, @function
\name:
	.cfi_startproc
	cmpb $0, gmon_active(%rip)
	je 9f
	/* The home slot, with %r10 and %r11 only (scratch at the hook:
	 * gcc saves a nested function's static chain %r10 itself). */
	movq gmon_tls@gottpoff(%rip), %r11
	movq %fs:(%r11), %r11
	testq %r11, %r11
	je 7f
	movq \from, %r10
	xorq (%rsp), %r10
	shlq $5, %r10
	andq (%r11), %r10
	addq %r11, %r10
	movq \from, %r11
	cmpq %r11, 32(%r10)
	jne 7f
	movq 40(%r10), %r11
	cmpq (%rsp), %r11
	jne 7f
	incq 48(%r10)
9:	ret
	/* Elsewhere: probe onwards with %rax and %rcx parked in the red
	 * zone. */
7:	movq %rax, -8(%rsp)
	movq %rcx, -16(%rsp)
	movq gmon_tls@gottpoff(%rip), %r11
	movq %fs:(%r11), %r11
	testq %r11, %r11
	je 8f
	movq \from, %rax
	movq %rax, %rcx
	xorq (%rsp), %rcx
	shlq $5, %rcx
1:	andq (%r11), %rcx
	cmpq %rax, 32(%r11,%rcx)
	jne 2f
	movq 40(%r11,%rcx), %rax
	cmpq (%rsp), %rax
	jne 3f
	incq 48(%r11,%rcx)
	movq -8(%rsp), %rax
	movq -16(%rsp), %rcx
	ret
	/* Same caller, another callee (a call through a pointer). */
3:	movq \from, %rax
	addq $32, %rcx
	jmp 1b
	/* Another arc here: go on probing, or stop at an empty slot. */
2:	cmpq $0, 32(%r11,%rcx)
	je 8f
	addq $32, %rcx
	jmp 1b
	/* Slow path: 8 registers (64 bytes), 8 xmm (128) and alignment. */
8:	movq -8(%rsp), %rax
	movq -16(%rsp), %rcx
	pushq %rax
	.cfi_adjust_cfa_offset 8
	pushq %rcx
	.cfi_adjust_cfa_offset 8
	pushq %rdx
	.cfi_adjust_cfa_offset 8
	pushq %rsi
	.cfi_adjust_cfa_offset 8
	pushq %rdi
	.cfi_adjust_cfa_offset 8
	pushq %r8
	.cfi_adjust_cfa_offset 8
	pushq %r9
	.cfi_adjust_cfa_offset 8
	pushq %r10
	.cfi_adjust_cfa_offset 8
	subq $\frame, %rsp
	.cfi_adjust_cfa_offset \frame
	movdqu %xmm0, 0(%rsp)
	movdqu %xmm1, 16(%rsp)
	movdqu %xmm2, 32(%rsp)
	movdqu %xmm3, 48(%rsp)
	movdqu %xmm4, 64(%rsp)
	movdqu %xmm5, 80(%rsp)
	movdqu %xmm6, 96(%rsp)
	movdqu %xmm7, 112(%rsp)
	movq \from_saved, %rdi
	movq \self_saved, %rsi
	call gmon_arc_slow
	movdqu 0(%rsp), %xmm0
	movdqu 16(%rsp), %xmm1
	movdqu 32(%rsp), %xmm2
	movdqu 48(%rsp), %xmm3
	movdqu 64(%rsp), %xmm4
	movdqu 80(%rsp), %xmm5
	movdqu 96(%rsp), %xmm6
	movdqu 112(%rsp), %xmm7
	addq $\frame, %rsp
	.cfi_adjust_cfa_offset -\frame
	popq %r10
	.cfi_adjust_cfa_offset -8
	popq %r9
	.cfi_adjust_cfa_offset -8
	popq %r8
	.cfi_adjust_cfa_offset -8
	popq %rdi
	.cfi_adjust_cfa_offset -8
	popq %rsi
	.cfi_adjust_cfa_offset -8
	popq %rdx
	.cfi_adjust_cfa_offset -8
	popq %rcx
	.cfi_adjust_cfa_offset -8
	popq %rax
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
	.size \name, . - \name
.endm

HOOK mcount, 8(%rbp), 136, 8(%rbp), 200(%rsp)
	/* glibc has _mcount with mcount as an alias; either may be
	 * referenced. */
	.globl _mcount
	.type _mcount, @function
	.set _mcount, mcount
HOOK __fentry__, 8(%rsp), 144, 216(%rsp), 208(%rsp)

	/* Start-up and exit, in this object on purpose (see above), with
	 * the first priority a program may use: the constructor runs
	 * before the program's own constructors, the destructor after its
	 * destructors, so calls made in those are counted. */
	.section .init_array.00101, "aw"
	.p2align 3
	.quad gmon_ctor
	.section .fini_array.00101, "aw"
	.p2align 3
	.quad gmon_dtor

	.section .note.GNU-stack, "", @progbits
