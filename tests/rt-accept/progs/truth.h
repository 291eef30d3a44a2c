/*
 * truth.h - ground truth for the runtime tests: every test program
 * counts its own calls in plain globals and prints them at the end, one
 * line per arc, "ARC caller callee count"; run.sh compares them with
 * the arcs gprof reads from the gmon.out the program wrote.
 *
 * NOI keeps a function a real, separate call (no inlining, cloning or
 * interprocedural shortcuts); AFTER_CALL, put after a call, keeps it
 * from becoming a tail jump (which the hook would see from the wrong
 * caller).
 */
#ifndef RT_TRUTH_H
#define RT_TRUTH_H

#include <stdio.h>

#if defined(__clang__)
#define NOI __attribute__((noinline, used))
#else
#define NOI __attribute__((noinline, noclone, noipa, used))
#endif
#define AFTER_CALL() __asm__ volatile("")

/* One arc's ground truth, printed by truth_arc(). */
static inline void
truth_arc(const char *caller, const char *callee, unsigned long long n)
{
	printf("ARC %s %s %llu\n", caller, callee, n);
}

#endif
