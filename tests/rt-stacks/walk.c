/*
 * walk.c - the stack walker of runtime/stacks.c on its own: real frames
 * taken by a timer signal, and hostile ones built in a buffer (frame
 * pointers that loop, shrink, leave the stack or are misaligned, return
 * addresses outside known code, chains deeper than the cap), the frame
 * of a function caught in its prologue, the table (repeats, flags, a
 * full table) and the merge and records (decoded here).  Linked with
 * libgmon.a, built without -pg and with frame pointers, -no-pie (the
 * executable's addresses are its file's).  Prints "ok NAME" or
 * "not ok NAME: why" per check; exits 1 when one failed.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <ucontext.h>

#include "../../include/gmon_side.h"
#include "../../runtime/side.h"
#include "../../runtime/stacks.h"

extern const char __executable_start[], etext[];

static int failed;

static void
check(const char *name, int ok, const char *why)
{
	if (ok) {
		printf("ok %s\n", name);
	} else {
		printf("not ok %s: %s\n", name, why);
		failed = 1;
	}
}

/* ---- real frames ---- */

static volatile uintptr_t ra_a, ra_b, ra_c, ra_rf, ra_main;
static volatile int got, ticks;
static unsigned last_d;
static uintptr_t last_f[4];
static uintptr_t frames[STACKS_DEPTH_CAP];
static unsigned depth;
static uint32_t flags;

static void
on_prof(int sig, siginfo_t *si, void *context)
{
	(void)sig;
	(void)si;
	const ucontext_t *uc = context;
	struct stacks_regs r = { 0 };
#if defined(__x86_64__)
	r.pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	r.sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	r.fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
	r.pc = (uintptr_t)uc->uc_mcontext.pc;
	r.sp = (uintptr_t)uc->uc_mcontext.sp;
	r.fp = (uintptr_t)uc->uc_mcontext.regs[29];
	r.lr = (uintptr_t)uc->uc_mcontext.regs[30];
#endif
	uintptr_t f[STACKS_DEPTH_CAP];
	uint32_t fl;
	unsigned d = stacks_walk(stacks_thread_table(), &r, f, &fl);
	last_d = d;
	memcpy(last_f, f, sizeof last_f);
	if (++ticks > 3000 && !got)
		got = 2; /* give up: the check below fails */
	if (got || d < 2 || f[1] != ra_c)
		return;
	memcpy(frames, f, sizeof f);
	depth = d;
	flags = fl;
	got = 1;
}

__attribute__((noinline)) static void
c(void)
{
	ra_c = (uintptr_t)__builtin_return_address(0);
	while (!got)
		__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void
b(void)
{
	ra_b = (uintptr_t)__builtin_return_address(0);
	c();
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void
a(void)
{
	ra_a = (uintptr_t)__builtin_return_address(0);
	b();
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void
real_frames(void)
{
	ra_rf = (uintptr_t)__builtin_return_address(0);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_prof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGPROF, &sa, NULL);
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
	setitimer(ITIMER_PROF, &it, NULL);
	a();
	memset(&it, 0, sizeof it);
	setitimer(ITIMER_PROF, &it, NULL);
	char why[200];
	snprintf(why, sizeof why,
		 "depth %u flags %u f1 %d f2 %d f3 %d; last walk %u: %lx %lx "
		 "(c at %lx, ra_c %lx)",
		 depth, flags, frames[1] == ra_c, frames[2] == ra_b,
		 frames[3] == ra_a, last_d, (unsigned long)last_f[0],
		 (unsigned long)last_f[1], (unsigned long)c,
		 (unsigned long)ra_c);
	check("real: c b a real_frames main, complete at main's root",
	      depth == 5 && frames[1] == ra_c && frames[2] == ra_b &&
		  frames[3] == ra_a && frames[4] == ra_rf && flags == 0,
	      why);
	check("real: frame 0 in c",
	      frames[0] > (uintptr_t)c && frames[0] < (uintptr_t)c + 256, "pc");
}

/* ---- hostile frames ---- */

/* Known code for hostile chains: addresses inside this program's text
 * (a and b are the functions above: no local may take their names). */
#define K1 ((uintptr_t)a + 4)
#define K2 ((uintptr_t)b + 4)
#define NOT_KNOWN ((uintptr_t)0x10)

static uintptr_t buf[1024]; /* a fake stack: [buf, buf + 1024) */

static unsigned
walk_fake(struct stacks_table *t, uintptr_t pc, size_t sp_i, size_t fp_i,
	  uintptr_t *f, uint32_t *fl)
{
	struct stacks_regs r = { .pc = pc,
				 .sp = (uintptr_t)&buf[sp_i],
				 .fp = fp_i == (size_t)-1
					   ? 0
					   : (uintptr_t)&buf[fp_i] };
	return stacks_walk(t, &r, f, fl);
}

static void
hostile(void)
{
	uintptr_t lo = (uintptr_t)buf, hi = (uintptr_t)(buf + 1024);
	uintptr_t root = 0x1234;
	struct stacks_table *t = stacks_table_for_test(lo, hi, root);
	uintptr_t f[STACKS_DEPTH_CAP];
	uint32_t fl;
	unsigned d;
	/* In c's body (caught by the real walk), not at its prologue. */
	uintptr_t pc = frames[0] ? frames[0] : (uintptr_t)c + 8;

	/* A loop: the frame points to itself. */
	memset(buf, 0, sizeof buf);
	buf[10] = (uintptr_t)&buf[10];
	buf[11] = K1;
	d = walk_fake(t, pc, 0, 10, f, &fl);
	check("hostile: a frame pointing at itself stops, truncated",
	      d == 2 && f[1] == K1 && fl == GMON_SIDE_STACK_TRUNCATED, "loop");

	/* Shrinking: the next frame is below the current one. */
	buf[20] = (uintptr_t)&buf[12];
	buf[21] = K1;
	buf[12] = (uintptr_t)&buf[30];
	buf[13] = K2;
	d = walk_fake(t, pc, 0, 20, f, &fl);
	check("hostile: a frame pointer that does not grow stops",
	      d == 2 && fl == GMON_SIDE_STACK_TRUNCATED, "shrink");

	/* Below the stack pointer. */
	d = walk_fake(t, pc, 100, 20, f, &fl);
	check("hostile: a frame below the stack pointer is not read",
	      d == 1 && fl == GMON_SIDE_STACK_TRUNCATED, "below sp");

	/* Out of the stack: into the middle of nowhere. */
	struct stacks_regs r = { .pc = pc, .sp = lo, .fp = 0x1000 };
	d = stacks_walk(t, &r, f, &fl);
	check("hostile: a frame outside the stack is not read",
	      d == 1 && fl == GMON_SIDE_STACK_TRUNCATED, "outside");
	r.fp = hi - 8; /* its return address would be past the end */
	d = stacks_walk(t, &r, f, &fl);
	check("hostile: a frame straddling the stack's end is not read",
	      d == 1 && fl == GMON_SIDE_STACK_TRUNCATED, "straddle");
	buf[40] = (uintptr_t)-16;
	buf[41] = K1;
	d = walk_fake(t, pc, 0, 40, f, &fl);
	check("hostile: a saved frame pointer far away ends the walk",
	      d == 2 && fl == GMON_SIDE_STACK_TRUNCATED, "far");

	/* Misaligned. */
	r.fp = (uintptr_t)&buf[50] + 3;
	d = stacks_walk(t, &r, f, &fl);
	check("hostile: a misaligned frame pointer is not read",
	      d == 1 && fl == GMON_SIDE_STACK_TRUNCATED, "misaligned");

	/* A return address outside known code: not kept. */
	buf[60] = (uintptr_t)&buf[70];
	buf[61] = K1;
	buf[70] = (uintptr_t)&buf[80];
	buf[71] = NOT_KNOWN;
	d = walk_fake(t, pc, 0, 60, f, &fl);
	check("hostile: a return address outside known code ends it, "
	      "not kept",
	      d == 2 && f[1] == K1 && fl == GMON_SIDE_STACK_TRUNCATED,
	      "unknown");

	/* The root: complete, not kept. */
	buf[71] = root;
	d = walk_fake(t, pc, 0, 60, f, &fl);
	check("hostile: the thread's root ends it, complete",
	      d == 2 && f[1] == K1 && fl == 0, "root");

	/* A null frame pointer after two frames: the chain ends. */
	buf[71] = K2;
	buf[80] = 0;
	buf[81] = K1;
	buf[70] = 0;
	d = walk_fake(t, pc, 0, 60, f, &fl);
	check("hostile: a null frame pointer ends the chain, complete",
	      d == 3 && f[2] == K2 && fl == 0, "null");

	/* Deeper than the cap. */
	for (size_t i = 100; i < 1022; i += 2) {
		buf[i] = (uintptr_t)&buf[i + 2];
		buf[i + 1] = i % 4 ? K1 : K2;
	}
	buf[1022] = 0;
	buf[1023] = K1;
	d = walk_fake(t, pc, 0, 100, f, &fl);
	check("hostile: a chain deeper than the cap stops there, truncated",
	      d == STACKS_DEPTH_CAP && fl == GMON_SIDE_STACK_TRUNCATED, "cap");

	/* The PC outside known code: no stack at all. */
	d = walk_fake(t, NOT_KNOWN, 0, 60, f, &fl);
	check("hostile: a PC outside known code gets no stack", d == 0, "pc");

	/* No stack bounds known: frame 0 only. */
	struct stacks_table *none = stacks_table_for_test(0, 0, 0);
	d = walk_fake(none, pc, 0, 60, f, &fl);
	check("hostile: a thread whose stack is unknown keeps frame 0",
	      d == 1 && fl == GMON_SIDE_STACK_TRUNCATED, "unknown stack");

	/* Caught at the prologue: the return address at the stack
	 * pointer (x86-64 push %rbp; aarch64: in x30), the frame pointer
	 * still the caller's. */
	buf[60] = (uintptr_t)&buf[70];
	buf[61] = K1;
	buf[70] = 0;
	buf[71] = root;
	buf[0] = K2;
	r = (struct stacks_regs){ .pc = (uintptr_t)b,
				  .sp = lo,
				  .fp = (uintptr_t)&buf[60],
				  .lr = K2 };
	d = stacks_walk(t, &r, f, &fl);
	check("prologue: the caller's return address is frame 1",
	      d == 3 && f[0] == (uintptr_t)b && f[1] == K2 && f[2] == K1,
	      "prologue");
}

/* ---- the table, the merge, the records ---- */

static unsigned char out[1 << 20];
static size_t nout;

static uint64_t
rd(size_t off, int n)
{
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | out[off + (size_t)i];
	return v;
}

/* The offset of the first record TAG in the side file in OUT, 0: none. */
static size_t
find_record(uint32_t tag)
{
	for (size_t off = 16; off + 8 <= nout;
	     off += 8 + ((rd(off + 4, 4) + 7) & ~(uint64_t)7))
		if (rd(off, 4) == tag)
			return off;
	return 0;
}

/* O written as a side file (side.c) into OUT. */
static void
write_side(const struct stacks_out *o)
{
	struct side_info si;
	memset(&si, 0, sizeof si);
	si.stacks = o;
	si.stacks_on = o->on;
	si.stacks_method = o->method;
	si.stacks_depth_max = o->depth_max;
	FILE *f = tmpfile();
	nout = 0;
	if (!f || side_write_fd(fileno(f), &si) != 0)
		return;
	rewind(f);
	nout = fread(out, 1, sizeof out, f);
	fclose(f);
}

static void
table_and_records(void)
{
	struct stacks_table *t = stacks_table_for_test(0, 0, 0);
	uintptr_t s1[3] = { K1, K2, K1 }, s2[2] = { K2, K1 };
	stacks_record(t, s1, 3, 0, 1);
	stacks_record(t, s1, 3, 0, 1);
	stacks_record(t, s1, 3, GMON_SIDE_STACK_TRUNCATED, 1);
	stacks_record(t, s2, 2, 0, 1);
	uintptr_t bad[2] = { K1, NOT_KNOWN }; /* cut at write time */
	stacks_record(t, bad, 2, 0, 1);
	uintptr_t off[1] = { NOT_KNOWN }; /* not written at all */
	stacks_record(t, off, 1, 0, 1);

	struct stacks_map m = { (uintptr_t)__executable_start, (uintptr_t)etext,
				0, NULL, 0 };
	struct stacks_out o;
	int rc = stacks_collect(&o, &m, 0);
	write_side(&o);
	size_t at = find_record(GMON_SIDE_STACKS);
	/* Other tables (the real and hostile walks) hold nothing, as
	 * their walks were not recorded. */
	char why[200];
	snprintf(why, sizeof why,
		 "rc %d nstacks %zu nframes %zu stacks %llu trunc %llu", rc,
		 o.nstacks, o.nframes, (unsigned long long)o.stacks,
		 (unsigned long long)o.truncated);
	check("merge: 4 distinct stacks over 2 frames, 6 samples written",
	      rc == 0 && o.nstacks == 4 && o.nframes == 2 && o.stacks == 5 &&
		  o.truncated == 2,
	      why);
	/* STACKS' body: 16 + 2 * 16 + entries (3 frames: 32, 3: 32,
	 * 2: 24, 1: 24) = 48 + 112 = 160. */
	size_t len = rd(at + 4, 4);
	snprintf(why, sizeof why, "at %zu len %zu nout %zu", at, len, nout);
	check("records: STACKS then STACKINFO, 8-byte aligned",
	      at && at % 8 == 0 && len == 160 && rd(at + 8, 8) == 2 &&
		  rd(at + 16, 8) == 4 &&
		  rd(at + 168, 4) == GMON_SIDE_STACKINFO &&
		  rd(at + 172, 4) == GMON_SIDE_STACKINFO_LEN2,
	      why);
	size_t info = at + 176;
	check("records: STACKINFO's sums",
	      rd(info, 8) == 5 && rd(info + 8, 8) == 5 &&
		  rd(info + 16, 8) == 2 && rd(info + 24, 8) == 0 &&
		  rd(info + 32, 4) == STACKS_DEPTH_CAP && rd(info + 40, 8) == 0,
	      "sums");
	/* Every stack's frames index the record's frames; the frame
	 * addresses are this program's. */
	size_t p = at + 8 + 16 + 2 * 16;
	int ok = 1;
	uint64_t total = 0;
	for (int i = 0; i < 4; i++) {
		uint32_t d = (uint32_t)rd(p, 4);
		total += rd(p + 8, 8);
		for (uint32_t k = 0; k < d; k++)
			ok &= rd(p + 16 + 4 * k, 4) < 2;
		p += (16 + 4 * d + 7) & ~(size_t)7;
	}
	ok &= rd(at + 24 + 8, 8) == K1 || rd(at + 24 + 8, 8) == K2;
	check("records: indexes in range, counts sum to 5",
	      ok && total == 5 && p == at + 8 + 160, "entries");
	stacks_out_free(&o);

	/* A full table counts the rest as dropped. */
	struct stacks_table *full = stacks_table_for_test(0, 0, 0);
	uintptr_t one[1];
	for (uintptr_t i = 0; i < 20000; i++) {
		one[0] = i;
		stacks_record(full, one, 1, 0, 1);
	}
	rc = stacks_collect(&o, &m, 0);
	snprintf(why, sizeof why, "dropped %llu",
		 (unsigned long long)o.dropped);
	check("table: beyond its capacity samples are dropped, counted",
	      rc == 0 && o.dropped == 20000 - (1u << 14), why);
	stacks_out_free(&o);

	/* A sample standing for several periods counts them all: on its
	 * stack (s2 again, 1 + 3) and when dropped (7). */
	stacks_record(t, s2, 2, 0, 3);
	one[0] = 20000;
	stacks_record(full, one, 1, 0, 7);
	rc = stacks_collect(&o, &m, 0);
	snprintf(why, sizeof why, "nstacks %zu stacks %llu dropped %llu",
		 o.nstacks, (unsigned long long)o.stacks,
		 (unsigned long long)o.dropped);
	check("counts: a sample of N periods counts N, stacked or dropped",
	      rc == 0 && o.nstacks == 4 && o.stacks == 8 &&
		  o.dropped == 20000 - (1u << 14) + 7,
	      why);
	stacks_out_free(&o);
}

int
main(void)
{
	stacks_start((uintptr_t)__executable_start, (uintptr_t)etext, true,
		     GMON_SIDE_STACK_METHOD_SIGNAL);
	ra_main = (uintptr_t)__builtin_return_address(0);
	stacks_thread_begin(ra_main, 0);
	stacks_entry(ra_main, 0); /* the root */
	real_frames();
	hostile();
	table_and_records();
	return failed;
}
