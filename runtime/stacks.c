/*
 * stacks.c - the calling context of every sample (contract: stacks.h).
 *
 * Each thread owns one table, mapped when it first calls the hook and
 * kept after it ends (a later thread adds to it): open addressing over
 * STACK_SLOTS slots of distinct stacks with counts, their frames in a
 * pool of raw run-time addresses.  Only the owning thread's signal
 * handler, or the one drainer of its perf ring, writes it; a slot is
 * published by storing its count last, so the writer reads a table
 * while samples still come.  A full table counts `dropped`.
 *
 * The one invariant: a walk reads memory only inside the thread's own
 * stack mapping (from /proc/self/maps when the thread began) between
 * the interrupted stack pointer and the mapping's end, and only
 * instruction bytes inside known code; so a hostile or broken frame
 * chain ends the walk, never the program.
 *
 * Frame 1 when the sampled function has not yet built its frame (or has
 * already torn it down): the walk looks at the instruction at the PC.
 * At the prologue's first instructions (x86-64: endbr64, push %rbp, mov
 * %rsp,%rbp; aarch64: paciasp, bti, stp x29,x30, mov x29,sp), at the
 * epilogue's last (ret; aarch64: autiasp, add sp) or in a PLT entry
 * (x86-64: jmp *GOT; aarch64: the x16/x17 sequence), the frame pointer
 * is still the caller's, and the return address is at the stack
 * pointer (x86-64: 8 above it after the push) or in x30: taken from
 * there, else the caller would be skipped.  (Not recognised: a tail
 * jump to a direct address right after the frame was popped, one
 * instruction; a sample there skips the caller.)
 */
#include "stacks.h"
#include "stacks_cfi.h"
#include "gmon_rt.h"
#include "stacks_int.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

extern const char __start_gmon_text[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_gmon_text[]
    __attribute__((weak, visibility("hidden")));

struct stacks_state stacks_state;
struct stacks_table *stacks_registry;
uint64_t stacks_no_table;
#define K stacks_state

static __thread struct stacks_table *my_table
    __attribute__((tls_model("initial-exec")));

/* ---- known code ---- */

static bool
own_code(uintptr_t pc)
{
	uintptr_t lo = (uintptr_t)__start_gmon_text;
	return lo && pc >= lo && pc < (uintptr_t)__stop_gmon_text;
}

/* Whether the executable's code called the hook (a program built
 * without -pg that loads -pg libraries: no); true when the load map
 * cannot tell. */
static bool
exe_profiled(void)
{
	if (__atomic_load_n(&K.exe_profiled, __ATOMIC_RELAXED))
		return true;
	size_t n = gmon_objects_count();
	for (size_t i = 0; i < n; i++) {
		const struct gmon_object *o = gmon_object_at(i);
		if (!o->is_exe)
			continue;
		if (!__atomic_load_n(&o->profiled, __ATOMIC_RELAXED))
			return false;
		__atomic_store_n(&K.exe_profiled, true, __ATOMIC_RELAXED);
		return true;
	}
	return true;
}

/* Whether PC is in known code; *END: where that code's text ends (the
 * instruction bytes readable from PC). */
static bool
known_to(uintptr_t pc, uintptr_t *end)
{
	if (pc - K.exe_lo < K.exe_hi - K.exe_lo) {
		*end = K.exe_hi;
		return !own_code(pc) && exe_profiled();
	}
	size_t n = gmon_objects_count();
	for (size_t i = 0; i < n; i++) {
		const struct gmon_object *o = gmon_object_at(i);
		if (pc - o->text_lo >= o->text_hi - o->text_lo)
			continue;
		if (o->is_exe ||
		    !__atomic_load_n(&o->profiled, __ATOMIC_RELAXED) ||
		    own_code(pc))
			return false;
		*end = o->text_hi;
		return true;
	}
	return false;
}

static bool
known(uintptr_t pc)
{
	uintptr_t end;
	return known_to(pc, &end);
}

/* A return address without its pointer authentication code. */
static uintptr_t
strip(uintptr_t a)
{
#if defined(__aarch64__)
	register uintptr_t x30 __asm__("x30") = a;
	__asm__("hint #7" : "+r"(x30)); /* xpaclri: a NOP before v8.3 */
	return x30;
#else
	return a;
#endif
}

/* ---- frame 1 of a function between frames ---- */

enum { IN_BODY, RA_AT_SP, RA_AT_SP8, RA_IN_LR };

/* Where the return address is when the PC is at one of the prologue's
 * or epilogue's instructions (the bytes before END are readable). */
static int
frame_state(uintptr_t pc, uintptr_t end)
{
#if defined(__x86_64__)
	const unsigned char *p = (const unsigned char *)pc;
	size_t room = end - pc;
	if (p[0] == 0x55 || p[0] == 0xc3 || p[0] == 0xc2)
		return RA_AT_SP; /* push %rbp; ret */
	if (room >= 2 && p[0] == 0xf3 && p[1] == 0xc3)
		return RA_AT_SP; /* rep ret */
	if (room >= 3 && p[0] == 0x48 && p[1] == 0x89 && p[2] == 0xe5)
		return RA_AT_SP8; /* mov %rsp,%rbp */
	if (room >= 4 && p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e &&
	    p[3] == 0xfa)
		return RA_AT_SP; /* endbr64 */
	/* jmp *disp(%rip), bnd jmp: a PLT entry, or a tail jump through
	 * the GOT after the frame is gone. */
	if ((room >= 2 && p[0] == 0xff && p[1] == 0x25) ||
	    (room >= 3 && p[0] == 0xf2 && p[1] == 0xff && p[2] == 0x25))
		return RA_AT_SP;
	return IN_BODY;
#elif defined(__aarch64__)
	if (pc % 4 || end - pc < 4)
		return IN_BODY;
	uint32_t i = *(const uint32_t *)pc;
	switch (i) {
	case 0xd503233f: /* paciasp */
	case 0xd503237f: /* pacibsp */
	case 0xd503245f: /* bti c */
	case 0xd50324df: /* bti jc */
	case 0x910003fd: /* mov x29, sp */
	case 0xd50323bf: /* autiasp */
	case 0xd50323ff: /* autibsp */
	case 0xd65f03c0: /* ret */
	case 0xd65f0bff: /* retaa */
	case 0xd65f0fff: /* retab */
		return RA_IN_LR;
	}
	if ((i & 0xffc07fff) == 0xa9807bfd || /* stp x29, x30, [sp, #n]! */
	    (i & 0xffc07fff) == 0xa9007bfd || /* stp x29, x30, [sp, #n] */
	    (i & 0xff8003ff) == 0x910003ff)   /* add sp, sp, #n */
		return RA_IN_LR;
	/* A PLT entry or a linker's veneer (x16, x17 only): adrp x16;
	 * ldr x17, [x16, #n]; add x16, x16, #n; br x17. */
	if ((i & 0x9f00001f) == 0x90000010 || (i & 0xffc003ff) == 0xf9400211 ||
	    (i & 0xffc003ff) == 0x91000210 || i == 0xd61f0220)
		return RA_IN_LR;
	return IN_BODY;
#else
	(void)pc;
	(void)end;
	return IN_BODY;
#endif
}

/* ---- the walk ---- */

/* The stop at return address RA outside known code: complete at the
 * thread's root, else truncated. */
static uint32_t
stop_at(const struct stacks_table *t, uintptr_t ra)
{
	return t->root && ra == t->root ? 0 : TRUNC;
}

/* How a walk ended, beyond its flags: for a perf sample, whose walk
 * reads a copy of the stack's first bytes and may go on along the
 * kernel's call chain (stacks_on_perf). */
struct walk_end {
	bool left_window;   /* a frame record lay beyond the readable bytes */
	bool unwound;       /* frames were crossed by call-frame information */
	unsigned fp_frames; /* frames from frame records before that */
};

/* At most this many frames outside known code are crossed between two
 * known ones (a qsort's recursion, an event loop's dispatch). */
#define CFI_STEPS_MAX 32

/*
 * From C, the registers of a frame whose return address C->pc leads
 * outside known code, up through such frames by their call-frame
 * information (stacks_cfi.h) to the first return address in known
 * code, never recorded: the frames in between are not written (their
 * code is nobody's in the profile).  1: *C is a known frame's; 0: the
 * walk ends complete (the thread's root, or no caller); -1: it ends
 * truncated.
 */
static int
unwind_unknown(const struct stacks_table *t, struct cfi_regs *c,
	       const struct stack_window *w, struct walk_end *e)
{
	for (int i = 0; i < CFI_STEPS_MAX; i++) {
		enum cfi_step s = stacks_cfi_step(c, w);
		if (s == CFI_OUTERMOST)
			return 0;
		if (s != CFI_STEPPED)
			return -1;
		e->unwound = true;
		c->pc = strip(c->pc);
		if (!c->pc || (t->root && c->pc == t->root))
			return 0;
		if (known(c->pc))
			return 1;
	}
	return -1;
}

/*
 * The walk over the readable bytes W (the live stack, or a copy): see
 * stacks.h.  A return address outside known code other than the root
 * is crossed by call-frame information when that says how (x86-64: the
 * caller's stack pointer is 16 above the frame record; aarch64: where
 * the frame's rules saved its frame pointer says where its CFA is).
 */
static unsigned
walk(const struct stacks_table *t, const struct stacks_regs *r,
     const struct stack_window *w, uintptr_t *f, uint32_t *flags,
     struct walk_end *e)
{
	uintptr_t end;
	*flags = TRUNC;
	*e = (struct walk_end){ false, false, 0 };
	if (!known_to(r->pc, &end))
		return 0;
	unsigned d = 0;
	f[d++] = r->pc;
	uintptr_t lo = r->sp, hi = w->hi;
	if (!t || K.frameless || lo < w->lo || lo >= hi)
		return d;
	struct cfi_regs c;
	uintptr_t fp = r->fp;
	int state = frame_state(r->pc, end);
	if (state != IN_BODY) {
		uintptr_t ra;
		if (state == RA_IN_LR) {
			ra = strip(r->lr);
		} else if (!stack_window_word(w, lo + 8 * (state == RA_AT_SP8),
					      &ra)) {
			return d;
		}
		if (!ra || (t->root && ra == t->root)) {
			*flags = 0;
			return d;
		}
		if (!known(ra)) {
			if (state == RA_IN_LR)
				return d; /* the caller's SP is not known */
			c = (struct cfi_regs){
				ra, lo + 8 * (1 + (state == RA_AT_SP8)), fp
			};
			goto unknown;
		}
		f[d++] = ra;
	}
	for (;;) {
		if (!fp) {
			*flags = 0; /* the chain ends */
			return d;
		}
		uintptr_t frame0, ra;
		if (fp % sizeof(uintptr_t) || fp < lo)
			return d;
		if (!stack_window_word(w, fp, &frame0) ||
		    !stack_window_word(w, fp + sizeof(uintptr_t), &ra)) {
			e->left_window = fp > hi - 16;
			return d;
		}
		ra = strip(ra);
		if (!ra || (t->root && ra == t->root)) {
			*flags = 0;
			return d;
		}
		if (!known(ra)) {
			c.pc = ra;
			c.fp = frame0;
#if defined(__x86_64__)
			c.sp = fp + 16;
#else
			if (!stacks_cfi_cfa_from_fp(f[d - 1], d == 1, fp,
						    &c.sp))
				return d;
#endif
			goto unknown;
		}
		if (d == STACKS_DEPTH_CAP)
			return d;
		f[d++] = ra;
		if (!e->unwound)
			e->fp_frames++;
		lo = fp + 16; /* frames grow towards the stack's end */
		fp = frame0;
		continue;
	unknown:
		switch (unwind_unknown(t, &c, w, e)) {
		case 0:
			*flags = 0;
			return d;
		case -1:
			return d;
		}
		if (d == STACKS_DEPTH_CAP)
			return d;
		f[d++] = c.pc;
		lo = c.sp;
		fp = c.fp;
	}
}

/* The live stack of T's thread as a window (empty when unknown). */
static struct stack_window
live_window(const struct stacks_table *t)
{
	struct stack_window w = { 0, 0, NULL };
	if (t && t->stack_hi) {
		w.lo = t->stack_lo;
		w.hi = t->stack_hi;
		w.at = (const unsigned char *)t->stack_lo;
	}
	return w;
}

unsigned
stacks_walk(const struct stacks_table *t, const struct stacks_regs *r,
	    uintptr_t *f, uint32_t *flags)
{
	struct stack_window w = live_window(t);
	struct walk_end e;
	return walk(t, r, &w, f, flags, &e);
}

/* Record a walk's stack; one completed through frames without frame
 * pointers is counted so (STACKINFO's unwound). */
static void
record_walk(struct stacks_table *t, const uintptr_t *f, unsigned d,
	    uint32_t flags, const struct walk_end *e, uint64_t count)
{
	stacks_record(t, f, d, flags, count);
	if (e->unwound && !(flags & TRUNC))
		__atomic_store_n(&t->unwound, t->unwound + count,
				 __ATOMIC_RELAXED);
}

/* ---- the table ---- */

static uint32_t
hash_frames(const uintptr_t *f, unsigned depth, uint32_t flags)
{
	uint64_t h = 0xcbf29ce484222325u ^ flags;
	for (unsigned i = 0; i < depth; i++) {
		h ^= f[i];
		h *= 0x100000001b3u;
		h ^= h >> 29;
	}
	return (uint32_t)(h ^ (h >> 32));
}

static bool
same_frames(const uintptr_t *a, const uintptr_t *b, unsigned depth)
{
	for (unsigned i = 0; i < depth; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

void
stacks_record(struct stacks_table *t, const uintptr_t *f, unsigned depth,
	      uint32_t flags, uint64_t count)
{
	if (count == 0)
		return; /* an empty slot is one with count 0 */
	uint32_t h = hash_frames(f, depth, flags);
	for (uint32_t n = 0, i = h; n < STACK_SLOTS; n++, i++) {
		struct stack_slot *s = &t->slots[i % STACK_SLOTS];
		uint64_t c = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		if (c == 0) {
			if (t->nstacks >= STACK_SLOTS / 2 ||
			    t->pool_used > POOL_FRAMES - depth)
				break;
			uintptr_t *dst = &t->pool[t->pool_used];
			for (unsigned k = 0; k < depth; k++)
				dst[k] = f[k];
			s->hash = h;
			s->off = t->pool_used;
			s->depth = depth;
			s->flags = flags;
			t->pool_used += depth;
			t->filled[t->nstacks] = i % STACK_SLOTS;
			/* The list entry before the count (the merge reads
			 * the list). */
			__atomic_store_n(&t->nstacks, t->nstacks + 1,
					 __ATOMIC_RELEASE);
			__atomic_store_n(&s->count, count, __ATOMIC_RELEASE);
			return;
		}
		if (s->hash == h && s->depth == depth && s->flags == flags &&
		    same_frames(&t->pool[s->off], f, depth)) {
			__atomic_store_n(&s->count, c + count,
					 __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_store_n(&t->dropped, t->dropped + count, __ATOMIC_RELAXED);
}

static struct stacks_table *
table_acquire(void)
{
	struct stacks_table *t =
	    __atomic_load_n(&stacks_registry, __ATOMIC_ACQUIRE);
	for (; t; t = t->next) {
		int free_ = 0;
		if (__atomic_compare_exchange_n(&t->in_use, &free_, 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return t;
	}
	void *p = mmap(NULL, sizeof *t, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	t = p;
	t->in_use = 1;
	struct stacks_table *head =
	    __atomic_load_n(&stacks_registry, __ATOMIC_ACQUIRE);
	do
		t->next = head;
	while (!__atomic_compare_exchange_n(&stacks_registry, &head, t, true,
					    __ATOMIC_RELEASE,
					    __ATOMIC_ACQUIRE));
	return t;
}

/* ---- the thread's stack ---- */

static bool
hex(const char **s, uintptr_t *v)
{
	const char *p = *s;
	uintptr_t x = 0;
	int n = 0;
	for (;; p++, n++) {
		int d = *p >= '0' && *p <= '9'   ? *p - '0'
			: *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
						 : -1;
		if (d < 0)
			break;
		x = x << 4 | (uintptr_t)d;
	}
	*s = p;
	*v = x;
	return n > 0;
}

/* One line of /proc/self/maps (LINE, cut to its first bytes, and
 * whether it ends with "[stack]"): the mapping holding SP sets *LO and
 * *HI; the growing main stack's *LO is the end of the mapping below
 * it (*BELOW, the previous line's end). */
static void
maps_line(const char *line, bool is_stack, uintptr_t sp, uintptr_t *below,
	  uintptr_t *lo, uintptr_t *hi)
{
	const char *p = line;
	uintptr_t a, b;
	if (!hex(&p, &a) || *p++ != '-' || !hex(&p, &b))
		return;
	if (sp >= a && sp < b) {
		*lo = is_stack ? *below : a;
		*hi = b;
	}
	*below = b;
}

/* The bounds of the mapping holding SP (both 0 when not found). */
static void
stack_bounds(uintptr_t sp, uintptr_t *lo, uintptr_t *hi)
{
	*lo = *hi = 0;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	char buf[512], line[64], tail[8];
	size_t nline = 0, ntail = 0;
	uintptr_t below = 0;
	ssize_t got;
	while ((got = read(fd, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < got; i++) {
			char c = buf[i];
			if (c != '\n') {
				if (nline < sizeof line - 1)
					line[nline++] = c;
				if (ntail == sizeof tail)
					memmove(tail, tail + 1, --ntail);
				tail[ntail++] = c;
				continue;
			}
			line[nline] = '\0';
			bool is_stack = ntail >= 7 && memcmp(tail + ntail - 7,
							     "[stack]", 7) == 0;
			maps_line(line, is_stack, sp, &below, lo, hi);
			nline = ntail = 0;
		}
	}
	close(fd);
}

/*
 * The frame of the profiled function that called the hook: going up
 * from here over the collector's own frames (below HI, the end of the
 * thread's stack), the first frame that returns outside them, other
 * than to SELFPC (aarch64's hook makes a frame record that returns
 * into the profiled function; x86-64's makes none).  Its frame pointer, or 0 when
 * the chain leaves the stack first or the hook was not called from a
 * frame (a signal handler's own frame); *RA: its return address.
 * Inlined, so that "here" is the frame of the function the hook's slow
 * path called, whatever the compiler would have chosen.
 */
static inline __attribute__((always_inline)) uintptr_t
caller_frame(uintptr_t hi, uintptr_t selfpc, uintptr_t *ra)
{
	uintptr_t fp = (uintptr_t)__builtin_frame_address(0), lo = fp;
	for (int i = 0; i < 16; i++) {
		if (fp % sizeof(uintptr_t) || fp < lo || fp > hi - 16)
			return 0;
		const uintptr_t *frame = (const uintptr_t *)fp;
		*ra = strip(frame[1]);
		if (!own_code(*ra) && (i == 0 || !selfpc || *ra != selfpc))
			return i > 0 ? fp : 0;
		lo = fp + 16;
		fp = frame[0];
	}
	return 0;
}

/*
 * Whether the profiled function that called the hook built its frame
 * before the call (-pg's mcount) or not (-mfentry: gcc then keeps no
 * frame pointer at all): its frame is the caller_frame only if that
 * returns to FROMPC.
 */
static inline __attribute__((always_inline)) void
check_frames(uintptr_t frompc, uintptr_t hi)
{
#if defined(__x86_64__)
	uintptr_t ra;
	if (caller_frame(hi, 0, &ra) && ra != frompc)
		K.frameless = true;
#else
	(void)frompc;
	(void)hi;
#endif
}

/* ---- the contract ---- */

static void
thread_table(void)
{
	if (my_table)
		return;
	struct stacks_table *t = table_acquire();
	if (!t)
		return;
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
	stack_bounds(sp, &t->stack_lo, &t->stack_hi);
	t->root = 0;
	t->root_slot = 0;
	my_table = t;
}

void
stacks_start(uintptr_t exe_lo, uintptr_t exe_hi, bool on, uint32_t method)
{
	if (K.on || !on)
		return;
	K.exe_lo = exe_lo;
	K.exe_hi = exe_hi;
	K.method = method;
	K.on = true;
	thread_table();
}

bool
stacks_on(void)
{
	return K.on;
}

void
stacks_set_method(uint32_t method)
{
	K.method = method;
}

void
stacks_thread_begin(uintptr_t frompc, uintptr_t selfpc)
{
	(void)selfpc;
	if (!K.on)
		return;
	thread_table();
	struct stacks_table *t = my_table;
	if (t && t->stack_hi && frompc)
		check_frames(frompc, t->stack_hi);
}

/*
 * The root: the return address into the start code where the walks of
 * complete stacks end.  Learned from a call into profiled code from
 * outside it that has no profiled frame above it: the thread's first,
 * and later one whose caller's frame lies above the root's (the root's
 * function has returned), or after the root's return address was
 * overwritten on the stack (its frame is gone): the main thread's
 * first profiled call may be a constructor's, made from the start code
 * before main.  A call from outside under a live root (a qsort
 * callback) leaves it.  The start code is in the C library (a static
 * program's is in the executable, profiled code: no root needed); a
 * call from an executable built without -pg is no root.
 */
void
stacks_entry(uintptr_t frompc, uintptr_t selfpc)
{
	struct stacks_table *t = my_table;
	uintptr_t ra = strip(frompc);
	if (!K.on || !t || !ra || ra == t->root || known(ra) ||
	    ra - K.exe_lo < K.exe_hi - K.exe_lo)
		return;
	uintptr_t from = 0, fp = 0;
	if (t->stack_hi && !K.frameless)
		fp = caller_frame(t->stack_hi, strip(selfpc), &from);
	/* Only a slot in the thread's own stack is read again later (a
	 * handler's frame on an alternate stack is not). */
	uintptr_t slot = fp + sizeof(uintptr_t);
	if (!fp || from != ra || slot < t->stack_lo || slot >= t->stack_hi)
		slot = 0;
	if (t->root) {
		if (!slot || !t->root_slot)
			return;
		if (slot <= t->root_slot &&
		    strip(*(const uintptr_t *)t->root_slot) == t->root)
			return; /* the root's frame may be live */
	}
	t->root_slot = slot;
	__atomic_store_n(&t->root, ra, __ATOMIC_RELAXED);
}

struct stacks_table *
stacks_table_for_test(uintptr_t stack_lo, uintptr_t stack_hi, uintptr_t root)
{
	struct stacks_table *t = table_acquire();
	if (t) {
		t->stack_lo = stack_lo;
		t->stack_hi = stack_hi;
		t->root = root;
	}
	return t;
}

struct stacks_table *
stacks_thread_table(void)
{
	return my_table;
}

void
stacks_thread_end(void)
{
	struct stacks_table *t = my_table;
	if (!t)
		return;
	my_table = NULL;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	/* A table of a thread record stays the record's. */
	if (!t->owner)
		__atomic_store_n(&t->in_use, 0, __ATOMIC_RELEASE);
}

void
stacks_table_own(struct stacks_table *t, uint32_t owner)
{
	t->owner = owner;
}

/* T's counts to zero (its root and owner stay). */
static void
table_clear(struct stacks_table *t)
{
	/* Only the slots in use hold anything (the pool is read through
	 * them); a table whose list was cut (a fork) is cleared whole. */
	uint32_t n = t->nstacks;
	if (n <= STACK_SLOTS / 2) {
		for (uint32_t k = 0; k < n; k++)
			memset(&t->slots[t->filled[k] % STACK_SLOTS], 0,
			       sizeof *t->slots);
	} else {
		memset(t->slots, 0, sizeof t->slots);
	}
	t->dropped = 0;
	t->unwound = 0;
	t->nstacks = 0;
	t->pool_used = 0;
}

void
stacks_fold(struct stacks_table *from, struct stacks_table *into)
{
	for (uint32_t k = 0; k < from->nstacks; k++) {
		const struct stack_slot *s = &from->slots[from->filled[k]];
		if (s->count && s->depth && s->depth <= STACKS_DEPTH_CAP &&
		    s->off <= POOL_FRAMES - s->depth)
			stacks_record(into, &from->pool[s->off], s->depth,
				      s->flags, s->count);
	}
	__atomic_store_n(&into->dropped, into->dropped + from->dropped,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&into->unwound, into->unwound + from->unwound,
			 __ATOMIC_RELAXED);
	table_clear(from);
	from->owner = 0;
	__atomic_store_n(&from->in_use, 0, __ATOMIC_RELEASE);
}

void
stacks_fork_child(bool keep)
{
	struct stacks_table *t =
	    __atomic_load_n(&stacks_registry, __ATOMIC_ACQUIRE);
	for (; t; t = t->next) {
		/* KEEP: the parent's threads' tables stay with their
		 * records (arcs.c keeps those); else only ours stays. */
		bool stays = t == my_table || (keep && t->owner);
		if (!stays)
			__atomic_store_n(&t->in_use, 0, __ATOMIC_RELEASE);
		if (keep && stays)
			continue;
		table_clear(t);
		if (t != my_table)
			t->owner = 0;
	}
	if (!keep)
		__atomic_store_n(&stacks_no_table, 0, __ATOMIC_RELAXED);
}

void
stacks_on_signal(uintptr_t pc, const void *context, uint64_t count)
{
	if (!K.on)
		return;
	const ucontext_t *uc = context;
	struct stacks_regs r = { .pc = pc };
#if defined(__x86_64__)
	r.sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	r.fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
	r.sp = (uintptr_t)uc->uc_mcontext.sp;
	r.fp = (uintptr_t)uc->uc_mcontext.regs[29];
	r.lr = (uintptr_t)uc->uc_mcontext.regs[30];
#else
	(void)uc;
#endif
	struct stacks_table *t = my_table;
	if (!t) {
		if (known(pc))
			__atomic_fetch_add(&stacks_no_table, count,
					   __ATOMIC_RELAXED);
		return;
	}
	uintptr_t f[STACKS_DEPTH_CAP];
	uint32_t flags;
	struct stack_window w = live_window(t);
	struct walk_end e;
	unsigned d = walk(t, &r, &w, f, &flags, &e);
	if (d)
		record_walk(t, f, d, flags, &e, count);
}

/* PERF_CONTEXT_MAX: chain entries at or above it are context markers. */
#define CONTEXT_MARK ((uint64_t)-4095)

void
stacks_on_perf(struct stacks_table *t, const uint64_t *chain, size_t n,
	       const struct stacks_regs *regs, const struct stack_window *w,
	       uint64_t count)
{
	if (!K.on)
		return;
	size_t i = 0;
	while (i < n && chain[i] >= CONTEXT_MARK)
		i++;
	if (i == n)
		return;
	uintptr_t pc = (uintptr_t)chain[i++], end;
	if (!known_to(pc, &end))
		return;
	if (!t) {
		__atomic_fetch_add(&stacks_no_table, count, __ATOMIC_RELAXED);
		return;
	}
	uintptr_t f[STACKS_DEPTH_CAP];
	uint32_t flags = TRUNC;
	struct walk_end e = { false, false, 0 };
	struct stacks_regs r = { .pc = pc };
	struct stack_window none = { 0, 0, NULL };
	if (regs) {
		r = *regs;
		r.pc = pc;
	}
	/* The walk over the copied stack; without one (no registers in the
	 * record), frame 0 alone, to go on along the kernel's chain. */
	unsigned d = walk(t, &r, regs && w ? w : &none, f, &flags, &e);
	if (!regs || !w) {
		d = 1;
		flags = TRUNC;
		e = (struct walk_end){ true, false, 0 };
		if (K.frameless || frame_state(pc, end) != IN_BODY)
			goto done;
	}
	/* Beyond the copy, the kernel's chain of frame records goes on, as
	 * long as the walk followed frame records only: its entries after
	 * the PC are the same return addresses, in the same order. */
	if (!e.left_window || e.unwound)
		goto done;
	size_t k = i + e.fp_frames;
	if (e.fp_frames &&
	    (k - 1 >= n || strip((uintptr_t)chain[k - 1]) != f[d - 1]))
		goto done;
	for (; k < n; k++) {
		uintptr_t ra = strip((uintptr_t)chain[k]);
		if (chain[k] >= CONTEXT_MARK)
			continue;
		if (!known(ra)) {
			flags = stop_at(t, ra);
			goto done;
		}
		if (d == STACKS_DEPTH_CAP)
			goto done;
		f[d++] = ra;
	}
	/* The kernel stopped in known code: a null frame pointer, or one
	 * it could not follow; it does not say which. */
done:
	record_walk(t, f, d, flags, &e, count);
}
