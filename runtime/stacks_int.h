/*
 * stacks_int.h - what the stacks' table and walker (stacks.c) share
 * with their merge (stacks_out.c).  Internal to the
 * collector; the contract is stacks.h.
 *
 * A table is one mapping: the header, STACK_SLOTS slots of distinct
 * stacks (open addressing, at most half used), and a pool of raw
 * run-time addresses that the slots' frames point into.  Only its
 * owner writes it (the thread's signal handler, or the one drainer of
 * its perf ring); a slot is published by storing its count last.
 */
#ifndef GMON_STACKS_INT_H
#define GMON_STACKS_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "gmon_side.h"
#include "stacks.h"

#define STACK_SLOTS (1u << 15) /* at most half of them used */
#define POOL_FRAMES (1u << 19) /* frames kept per thread */
#define TRUNC GMON_SIDE_STACK_TRUNCATED

struct stack_slot {
	uint64_t count; /* 0: empty; stored last (release) */
	uint32_t hash;
	uint32_t off; /* first frame in the pool */
	uint32_t depth;
	uint32_t flags;
};

struct stacks_table {
	struct stacks_table *next; /* the registry: push-only */
	int in_use;                /* owned by a live thread (atomic) */
	uintptr_t stack_lo;        /* lowest stack pointer accepted */
	uintptr_t stack_hi;        /* end of the stack mapping; 0: unknown */
	uintptr_t root;            /* 0: none learned (stacks_entry) */
	uintptr_t root_slot;       /* where its caller kept it; 0: unknown */
	uint32_t owner;            /* its thread record's index; 0: none */
	uint64_t dropped;          /* samples with no room */
	uint64_t unwound;          /* samples whose complete stack crossed
				    * frames by call-frame information */
	uint32_t nstacks;          /* slots used */
	uint32_t pool_used;
	struct stack_slot slots[STACK_SLOTS];
	uintptr_t pool[POOL_FRAMES];
	uint32_t filled[STACK_SLOTS / 2]; /* slots in use, nstacks of them */
};

struct stacks_state {
	bool on;
	uint32_t method; /* GMON_SIDE_STACK_METHOD_* */
	uintptr_t exe_lo, exe_hi;
	/* Code built with -mfentry by gcc keeps no frame pointers: seen at
	 * a thread's first hook call, walks stop at frame 0. */
	bool frameless;
	bool exe_profiled; /* the executable called the hook (atomic) */
};

extern struct stacks_state stacks_state;
extern struct stacks_table *stacks_registry; /* newest first (atomic) */
/* Samples in known code on a thread without a table (atomic). */
extern uint64_t stacks_no_table;

#endif
