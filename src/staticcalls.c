/*
 * staticcalls.c - find direct calls in machine code (see staticcalls.h).
 *
 * The scan of a function covers [its address, the next function's) as
 * far as a histogram and the .text section cover it (GNU gprof reads no
 * other section: calls in .init or .fini are not seen, while gcc's
 * *.cold fragments at the start of .text count as code of the function
 * before them, often _init), byte by byte on x86 (a 0xE8 byte inside
 * another instruction can look like a call: GNU gprof accepts that
 * imprecision and so do we) and word by word on aarch64.
 */
#include "staticcalls.h"

#include <elf.h>

#include "insn.h"

/* Add PARENT -> the function starting exactly at DEST, if any. */
static void
add_call(struct callgraph *cg, const struct gmon *g, uint32_t parent,
	 uint64_t dest)
{
	sym_id c;

	if (!gmon_covers(g, dest))
		return;
	c = symtab_find(cg->st, dest);
	if (c != SYM_NONE && cg->st->syms[c].addr == dest)
		cg_add(cg, parent, c, 0);
}

/*
 * The direct calls in [LO, HI) of X's code: on aarch64 every aligned
 * word (BL and B: a branch to a function's start is a tail call,
 * insn.h), on x86 every byte.
 */
static void
scan(struct callgraph *cg, struct exe *x, const struct gmon *g, uint32_t parent,
     uint64_t lo, uint64_t hi)
{
	uint64_t base;
	size_t n;
	const unsigned char *code = exe_code_at(x, lo, &base, &n);
	const struct insn_isa isa = { x->machine, x->word, true };
	uint64_t end, pc = lo, step = 1;

	if (code == NULL)
		return;
	end = base + n < hi ? base + n : hi;
	if (x->machine == EM_AARCH64) {
		pc = lo + ((4 - (lo - base) % 4) % 4);
		step = 4;
	}
	for (; pc < end; pc += step) {
		uint64_t dest;

		if (insn_direct_call(&isa, code + (pc - base), end - pc, pc,
				     &dest) != 0)
			add_call(cg, g, parent, dest);
	}
}

bool
static_calls(struct callgraph *cg, struct exe *x, const struct gmon *g)
{
	const struct symtab *st = cg->st;

	if (x->machine != EM_X86_64 && x->machine != EM_386 &&
	    x->machine != EM_AARCH64)
		return false;
	if (x->big_endian)
		return false;
	if (!x->text_found)
		return true;
	for (uint32_t i = 0; i < st->n; i++) {
		uint64_t lo = st->syms[i].addr;
		uint64_t hi =
		    i + 1 < st->n ? st->syms[i + 1].addr : st->syms[i].end + 1;

		if (lo < x->text_lo)
			lo = x->text_lo;
		if (hi > x->text_hi)
			hi = x->text_hi;

		for (size_t k = 0; k < g->nhists; k++) {
			uint64_t a =
			    lo > g->hists[k].lowpc ? lo : g->hists[k].lowpc;
			uint64_t b =
			    hi < g->hists[k].highpc ? hi : g->hists[k].highpc;
			if (a < b)
				scan(cg, x, g, i, a, b);
		}
	}
	return true;
}
