/*
 * stacks.h - the collector's half of the measured call graph (issue 20):
 * with every sample whose program counter lies in known code, the
 * calling context of the sampled thread, kept per thread as a table of
 * distinct stacks with counts and written to the side file as STACKS
 * and STACKINFO records (format: include/gmon_side.h).
 *
 * Known code: the executable's profiled range, or a load-map object
 * (objects.c), whose code called the hooks (gmon_object.profiled);
 * never the collector's own code.  A stack is frame 0, the sampled program
 * counter, then the return addresses above it, walked over frame
 * pointers: by the sampler's signal handler on the live stack
 * (stacks_on_signal), or for perf by the drain thread over the copy of
 * the stack's first bytes and the registers each sample carries, then
 * along the kernel's user call chain (stacks_on_perf).  A return
 * address outside known code (a libc qsort calling back, an event loop
 * in a library built without -pg) is followed up through that code's
 * frames by their call-frame information (stacks_cfi.h) to the next
 * return address in known code; the frames between are left out, and
 * the table counts the samples completed so (`unwound`).  A walk never
 * invents a frame: it stops at a return address outside known code
 * that call-frame information cannot cross, at a frame pointer that
 * leaves the thread's stack (or the copy) or does not grow, or at
 * STACKS_DEPTH_CAP frames.  The stack is complete when the walk stopped at the thread's
 * root (the return address into the start code that called the
 * thread's outermost profiled function, learned at its first hook call:
 * its caller's address when that lies in a shared object outside known
 * code) or where the frame chain ends (a null frame pointer or return
 * address); every other stop flags it GMON_SIDE_STACK_TRUNCATED.
 *
 * Contract: stacks_on_signal() is async-signal-safe (no lock, no
 * allocation, no system call); it writes only the calling thread's
 * table, pre-mapped by stacks_thread_begin().  stacks_on_perf() runs
 * in whoever drains the thread's perf ring, one at a time per table.
 * stacks_start(), stacks_thread_begin() and stacks_thread_end() run in
 * ordinary context (start-up, the hook's slow path at depth 0, a
 * thread's exit); they map memory and read /proc/self/maps.
 * stacks_collect() uses system calls only (mmap), so the writer may
 * call it from a signal handler; side.c writes its result.
 */
#ifndef GMON_STACKS_H
#define GMON_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STACKS_DEPTH_CAP 128 /* frames a walk keeps, frame 0 included */

struct stacks_table; /* one thread's distinct stacks (stacks.c) */

/*
 * Turn stacks on (ON) or off for a run whose executable's profiled
 * range is [EXE_LO, EXE_HI) (run-time addresses); METHOD is a
 * GMON_SIDE_STACK_METHOD_*.  Maps the calling (main) thread's table.
 * Idempotent; a no-op when ON is false.
 */
void stacks_start(uintptr_t exe_lo, uintptr_t exe_hi, bool on, uint32_t method);
bool stacks_on(void);

/* The method that ran may change after start (perf fell back to a
 * timer): set it again. */
void stacks_set_method(uint32_t method);

/*
 * The calling thread's first hook call (ordinary context): give it a
 * table (a free one, or a new mapping) and read its stack's bounds.
 * SELFPC is the hook's return address in the profiled function, FROMPC
 * the one into its caller.
 */
void stacks_thread_begin(uintptr_t frompc, uintptr_t selfpc);

/*
 * A call the hook's slow path sees on the calling thread (any context,
 * after stacks_thread_begin), SELFPC the hook's return address in the
 * profiled function: when FROMPC, the return address into the caller, is outside known code, the thread's root may be learned from
 * it (the start code's call that complete stacks end at; stacks.c says
 * when).  Async-signal-safe.
 */
void stacks_entry(uintptr_t frompc, uintptr_t selfpc);

/* The calling thread's table (NULL when it has none or stacks are
 * off), for the perf ring of its slot. */
struct stacks_table *stacks_thread_table(void);

/* The calling thread ends: its table is no longer its; a table that
 * no thread record owns goes back to the free list (its counts stay,
 * for the writer; a new thread adds to them). */
void stacks_thread_end(void);

/* Table T belongs to thread record OWNER (arcs.c: its index, never 0)
 * from now on: kept with the record after its thread ends. */
void stacks_table_own(struct stacks_table *t, uint32_t owner);

/* Table FROM's stacks added to INTO (a record folded into another, in
 * ordinary context: no sample writes either), then FROM zeroed and
 * free.  A full INTO counts them dropped. */
void stacks_fold(struct stacks_table *from, struct stacks_table *into);

/* A fork child: every table but the calling thread's is free again;
 * counts zeroed unless KEEP. */
void stacks_fork_child(bool keep);

/*
 * A sample at PC on the calling thread, interrupted with CONTEXT (the
 * signal handler's ucontext_t), standing for COUNT periods.  Records
 * the walked stack COUNT times when PC is in known code.
 * Async-signal-safe.
 */
void stacks_on_signal(uintptr_t pc, const void *context, uint64_t count);

struct stacks_regs {
	uintptr_t pc, sp, fp;
	uintptr_t lr; /* aarch64's x30; 0 elsewhere */
};
struct stack_window; /* stacks_cfi.h */

/*
 * A perf sample of table T's thread: CHAIN[0..N) the user call chain
 * (context markers allowed, the sampled PC first); REGS the user
 * registers at the sample and W the copy of the stack's first bytes
 * from REGS->sp (both NULL when the record has none: the chain alone,
 * from frame 0's frame record).  Records the stack COUNT times (the
 * periods the sample stands for) when the PC is in known code.  T
 * NULL: counted as dropped.
 */
void stacks_on_perf(struct stacks_table *t, const uint64_t *chain, size_t n,
		    const struct stacks_regs *regs,
		    const struct stack_window *w, uint64_t count);

/*
 * The walk itself, for the tests: registers at the sample, the
 * thread's table T (its stack bounds and root), the live stack.  Fills
 * F with up to STACKS_DEPTH_CAP frames, returns the depth (0 when PC is
 * not in known code) and the flags in *FLAGS.
 */
unsigned stacks_walk(const struct stacks_table *t, const struct stacks_regs *r,
		     uintptr_t *f, uint32_t *flags);

/* For the tests: a table for the calling thread as stacks_thread_begin
 * makes it, with explicit stack bounds and root. */
struct stacks_table *stacks_table_for_test(uintptr_t stack_lo,
					   uintptr_t stack_hi, uintptr_t root);
/* Add a walked stack to T COUNT times (as the samplers do: COUNT the
 * periods one sample stands for; a full table drops COUNT). */
void stacks_record(struct stacks_table *t, const uintptr_t *f, unsigned depth,
		   uint32_t flags, uint64_t count);

/*
 * The writer's view: how a run-time address becomes a file's (object,
 * address).  Object 0 is the executable's profiled range; load-map
 * entry i is written as IDS[i] (0: not in the file).
 */
struct stacks_map {
	uintptr_t exe_lo, exe_hi; /* run-time, hi exclusive */
	uintptr_t exe_base;       /* subtracted from executable addresses */
	const uint32_t *ids;      /* borrowed: nids entries */
	size_t nids;
};

/* Every table merged into one set of distinct stacks, frames interned,
 * in one mapping (owned; stacks_out_free unmaps it). */
struct stacks_frame {
	uint32_t object;
	uint32_t reserved;
	uint64_t addr;
};
struct stacks_out {
	bool on; /* stacks were recorded: write the records */
	uint32_t method, depth_max;
	struct stacks_frame *frames;
	size_t nframes;
	uint32_t *words; /* per stack: depth, flags, count lo, count hi,
			  * frame indexes[depth] */
	size_t nwords, nstacks;
	uint64_t samples, stacks, truncated, dropped;
	uint64_t unwound; /* of the complete, crossed by CFI */
	void *map;
	size_t map_len;
};

/*
 * Merge the tables of thread record OWNER (0: the tables no record
 * owns, and the samples that found no table) through M (a stack whose
 * frame 0 cannot be written is left out; one cut at the first frame
 * that cannot is kept as far as it goes and flagged truncated).
 * Returns 0, or -1 (no memory: O says stacks were on, with nothing in
 * it).  System calls only.
 */
int stacks_collect(struct stacks_out *o, const struct stacks_map *m,
		   uint32_t owner);
void stacks_out_free(struct stacks_out *o);

#endif
