/*
 * callgraph.h - the dynamic call graph: arcs between functions, cycles
 * (strongly connected components), and time propagated from callees to
 * callers, as in Graham, Kessler and McKusick's gprof.
 *
 * Nodes are the functions of a struct symtab, indexed by sym_id.
 * Arcs are kept in two singly linked lists per node (out of a caller,
 * into a callee), newest first, as GNU gprof keeps them; several
 * orderings of its reports depend on that.
 */
#ifndef GPROF_CALLGRAPH_H
#define GPROF_CALLGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "symtab.h"

struct gmon;

#define CG_NONE UINT32_MAX

struct cg_arc {
	uint32_t parent, child; /* node ids */
	uint64_t count;
	double time;          /* share of the callee's self time, in ticks */
	double child_time;    /* share of the callee's children time */
	uint32_t next_child;  /* next arc out of PARENT */
	uint32_t next_parent; /* next arc into CHILD */
};

struct cg_node {
	uint64_t ncalls;     /* calls from other functions */
	uint64_t self_calls; /* calls to itself */
	double self_ticks;   /* samples charged to it */
	double child_ticks;  /* time of its descendants, unscaled */
	double prop_self, prop_child, prop_fract;
	bool print_flag;
	uint32_t first_child, first_parent; /* arc lists */
	uint32_t cycle;                     /* 0, or its cycle's number */
	uint32_t cyc_next; /* next member of its cycle, CG_NONE at the end */
	uint32_t cyc_head; /* the head member while cycles are being found */
	int64_t toporder;  /* callees before callers; members share one */
};

struct cg_cycle {
	uint32_t first; /* first member (node id) */
	uint64_t ncalls, self_calls;
	double self_ticks, child_ticks, prop_self, prop_child, prop_fract;
	bool print_flag;
};

/* Per-node selections of -e/-E/-f/-F and their long forms. */
enum {
	CG_INCL_GRAPH = 1,
	CG_EXCL_GRAPH = 2,
	CG_INCL_TIME = 4,
	CG_EXCL_TIME = 8,
};

struct cg_select {
	const uint8_t *flags; /* per node, CG_* bits; NULL for none */
	bool any_incl_graph;  /* some INCL_GRAPH list was given */
	bool any_incl_time;
};

struct callgraph {
	const struct symtab *st; /* borrowed */
	struct cg_node *nodes;   /* owned, st->n of them */
	size_t n;
	struct cg_cycle *cycles; /* owned; cycles[k] is cycle k+1 */
	size_t ncycles;
	struct cg_arc *arcs; /* owned */
	size_t narcs, arcs_cap;
	uint32_t *hash; /* owned: arc ids by (parent, child), CG_NONE empty */
	size_t hash_cap;
	uint32_t *topo;    /* owned: node ids by toporder, after assembly */
	double print_time; /* sum of propagated self time */
	bool prepared;     /* cg_prepare() has run */
};

void cg_init(struct callgraph *cg, const struct symtab *st);
void cg_free(struct callgraph *cg);

/* The arc PARENT -> CHILD, or CG_NONE. */
uint32_t cg_find_arc(const struct callgraph *cg, uint32_t parent,
		     uint32_t child);

/*
 * Add COUNT calls PARENT -> CHILD (summed into an existing arc), and
 * count them in the callee's ncalls.  Returns the arc id.
 */
uint32_t cg_add(struct callgraph *cg, uint32_t parent, uint32_t child,
		uint64_t count);

/*
 * Map a recorded arc (call site, callee address) to functions as GNU
 * does: the callee is the function holding SELF, moved back to the
 * nearest real function (STT_FUNC) if it is a label.  Returns false and
 * sets nothing when either end is outside every function.
 */
bool cg_map_arc(const struct callgraph *cg, uint64_t from, uint64_t self,
		uint32_t *parent, uint32_t *child);

/* Whether the arc PARENT -> CHILD is to be counted (for cg_tally). */
typedef bool cg_arc_filter(void *ctx, uint32_t parent, uint32_t child);

/*
 * Add every arc of G that maps onto CG's functions (cg_map_arc) and that
 * KEEP (NULL: every arc) accepts, in the profile's order.
 */
void cg_tally(struct callgraph *cg, const struct gmon *g, cg_arc_filter *keep,
	      void *ctx);

/*
 * cg_tally() with each arc's two symtab_find() answers on CG's table
 * already made (SYMS[2i], SYMS[2i + 1], as mismatch_check() leaves
 * them); NULL looks them up.
 */
void cg_tally_mapped(struct callgraph *cg, const struct gmon *g,
		     const uint32_t *syms, cg_arc_filter *keep, void *ctx);

/*
 * The first step of cg_assemble(), on its own: set each node's self
 * time (TICKS[i] samples for node i; 0 without TICKS) and take the
 * self-calls out of ncalls.  After it, and while cg_assemble() runs,
 * those two fields of the nodes no longer change (presort.h reads them
 * then, on another thread).  Once only; no arc may be added after it.
 */
void cg_prepare(struct callgraph *cg, const double *ticks);

/*
 * cg_prepare() unless done, then find the cycles, number them, and
 * propagate time and print flags under SEL.
 */
void cg_assemble(struct callgraph *cg, const double *ticks,
		 const struct cg_select *sel);

/*
 * NODE's arcs in (PARENTS) or out, newest first: cg_list_len() counts
 * them, cg_list() writes their ids to OUT (room for that many) and
 * returns the count.
 */
size_t cg_list_len(const struct callgraph *cg, uint32_t node, bool parents);
size_t cg_list(const struct callgraph *cg, uint32_t node, bool parents,
	       uint32_t *out);

/* The cycle node N belongs to, or NULL. */
static inline struct cg_cycle *
cg_cycle_of(const struct callgraph *cg, uint32_t n)
{
	return cg->nodes[n].cycle ? &cg->cycles[cg->nodes[n].cycle - 1] : NULL;
}

#endif
