/*
 * stacks_out.c - every thread's stacks merged for the writer (contract:
 * stacks.h; the tables: stacks_int.h), ready for the side file's STACKS
 * and STACKINFO records (written by side.c; the format:
 * include/gmon_side.h).
 *
 * The merge runs once, from the writer: it reads the tables while
 * samples may still come (a slot counts once its count is stored), maps
 * every frame to the file's (object, address) and builds, in one fresh
 * mapping, the interned frames and the distinct stacks.  System calls
 * only (mmap), no malloc, no locks.
 */
#include "stacks.h"
#include "gmon_rt.h"
#include "stacks_int.h"

#include <string.h>
#include <sys/mman.h>

#define K stacks_state

/* PC as the file names it; false when it cannot be written. */
static bool
map_frame(const struct stacks_map *m, uintptr_t pc, uint32_t *obj,
	  uint64_t *addr)
{
	if (pc - m->exe_lo < m->exe_hi - m->exe_lo) {
		*obj = 0;
		*addr = pc - m->exe_base;
		return true;
	}
	long i = gmon_objects_find(pc, false);
	if (i < 0 || (size_t)i >= m->nids || !m->ids[i] ||
	    gmon_object_at((size_t)i)->is_exe)
		return false;
	*obj = m->ids[i];
	*addr = pc - gmon_object_at((size_t)i)->base;
	return true;
}

/* The merge's working state, all in one mapping. */
struct merge {
	struct stacks_out *o;
	size_t frames_cap, words_cap;
	uint32_t *fhash, *shash; /* index + 1, offset + 1; 0 empty */
	size_t fmask, smask;
};

static size_t
pow2_above(size_t n)
{
	size_t p = 64;
	while (p < 2 * n)
		p *= 2;
	return p;
}

static uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v;
	h *= 0x100000001b3u;
	return h ^ (h >> 29);
}

/* The index of frame (OBJ, ADDR), added when new; -1: no room. */
static long
intern(struct merge *g, uint32_t obj, uint64_t addr)
{
	struct stacks_out *o = g->o;
	size_t i = (size_t)mix(mix(0xcbf29ce484222325u, obj), addr);
	for (;; i++) {
		uint32_t *s = &g->fhash[i & g->fmask];
		if (*s) {
			const struct stacks_frame *f = &o->frames[*s - 1];
			if (f->object == obj && f->addr == addr)
				return *s - 1;
			continue;
		}
		if (o->nframes == g->frames_cap)
			return -1;
		o->frames[o->nframes] =
		    (struct stacks_frame){ .object = obj, .addr = addr };
		*s = (uint32_t)++o->nframes;
		return (long)o->nframes - 1;
	}
}

/* Add COUNT samples of stack IDX[0..D) with FLAGS; false: no room. */
static bool
add_stack(struct merge *g, const uint32_t *idx, unsigned d, uint32_t flags,
	  uint64_t count)
{
	struct stacks_out *o = g->o;
	uint64_t h = mix(0xcbf29ce484222325u, flags);
	for (unsigned k = 0; k < d; k++)
		h = mix(h, idx[k]);
	for (size_t i = (size_t)h;; i++) {
		uint32_t *s = &g->shash[i & g->smask];
		if (*s) {
			uint32_t *w = &o->words[*s - 1];
			if (w[0] != d || w[1] != flags ||
			    memcmp(w + 4, idx, d * sizeof *idx) != 0)
				continue;
			uint64_t c = ((uint64_t)w[3] << 32 | w[2]) + count;
			w[2] = (uint32_t)c;
			w[3] = (uint32_t)(c >> 32);
			return true;
		}
		if (o->nwords + 4 + d > g->words_cap)
			return false;
		uint32_t *w = &o->words[o->nwords];
		w[0] = d;
		w[1] = flags;
		w[2] = (uint32_t)count;
		w[3] = (uint32_t)(count >> 32);
		for (unsigned k = 0; k < d; k++)
			w[4 + k] = idx[k];
		*s = (uint32_t)(o->nwords + 1);
		o->nwords += 4 + d;
		o->nstacks++;
		return true;
	}
}

/* One slot's stack through the map into the merge; false: no room. */
static bool
merge_slot(struct merge *g, const struct stacks_map *m,
	   const struct stacks_table *t, const struct stack_slot *s,
	   uint64_t count)
{
	uint32_t idx[STACKS_DEPTH_CAP];
	uint32_t flags = s->flags & TRUNC;
	unsigned d = 0;
	if (!s->depth || s->depth > STACKS_DEPTH_CAP ||
	    s->off > POOL_FRAMES - s->depth)
		return true; /* cannot happen: not a stack */
	for (unsigned k = 0; k < s->depth; k++) {
		uint32_t obj;
		uint64_t addr;
		if (!map_frame(m, t->pool[s->off + k], &obj, &addr)) {
			if (k == 0)
				return true; /* not a sample in the file */
			flags |= TRUNC;
			break;
		}
		long i = intern(g, obj, addr);
		if (i < 0)
			return false;
		idx[d++] = (uint32_t)i;
	}
	if (!add_stack(g, idx, d, flags, count))
		return false;
	g->o->stacks += count;
	if (flags & TRUNC)
		g->o->truncated += count;
	return true;
}

int
stacks_collect(struct stacks_out *o, const struct stacks_map *m, uint32_t owner)
{
	memset(o, 0, sizeof *o);
	if (!K.on)
		return 0;
	o->on = true;
	o->method = K.method;
	o->depth_max = STACKS_DEPTH_CAP;
	if (!owner)
		o->dropped =
		    __atomic_load_n(&stacks_no_table, __ATOMIC_RELAXED);
	size_t nstacks = 0, nframes = 0;
	const struct stacks_table *t;
	for (t = __atomic_load_n(&stacks_registry, __ATOMIC_ACQUIRE); t;
	     t = t->next) {
		if (t->owner != owner)
			continue;
		/* Read while samples may still come: room for growth. */
		nstacks += __atomic_load_n(&t->nstacks, __ATOMIC_RELAXED) + 64;
		nframes += __atomic_load_n(&t->pool_used, __ATOMIC_RELAXED) +
			   64 * STACKS_DEPTH_CAP;
	}
	struct merge g = { .o = o };
	g.frames_cap = nframes;
	g.words_cap = 4 * nstacks + nframes;
	size_t fslots = pow2_above(nframes), sslots = pow2_above(nstacks);
	g.fmask = fslots - 1;
	g.smask = sslots - 1;
	size_t len = nframes * sizeof *o->frames + g.words_cap * 4 +
		     (fslots + sslots) * 4;
	o->map_len = (len + 4095) & ~(size_t)4095;
	void *p = mmap(NULL, o->map_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		o->map_len = 0;
		return -1;
	}
	o->map = p;
	o->frames = p;
	o->words = (uint32_t *)(o->frames + nframes);
	g.fhash = o->words + g.words_cap;
	g.shash = g.fhash + fslots;
	for (t = __atomic_load_n(&stacks_registry, __ATOMIC_ACQUIRE); t;
	     t = t->next) {
		if (t->owner != owner)
			continue;
		o->dropped += __atomic_load_n(&t->dropped, __ATOMIC_RELAXED);
		o->unwound += __atomic_load_n(&t->unwound, __ATOMIC_RELAXED);
		/* The slots in use, as listed (a slot is listed before
		 * its count is stored). */
		uint32_t used = __atomic_load_n(&t->nstacks, __ATOMIC_ACQUIRE);
		for (uint32_t k = 0; k < used && k < STACK_SLOTS / 2; k++) {
			const struct stack_slot *s =
			    &t->slots[t->filled[k] % STACK_SLOTS];
			uint64_t c =
			    __atomic_load_n(&s->count, __ATOMIC_ACQUIRE);
			if (c && !merge_slot(&g, m, t, s, c))
				o->dropped += c;
		}
	}
	o->samples = o->stacks + o->dropped;
	return 0;
}

void
stacks_out_free(struct stacks_out *o)
{
	if (o->map)
		munmap(o->map, o->map_len);
	memset(o, 0, sizeof *o);
}
