/*
 * gmon_rt.h - the collector's internal contracts (libgmon): the arc
 * tables the entry hooks count into, the executable's description, the
 * configuration read from the environment, and the writer.
 *
 * Layout the assembly hooks (arch/x86_64.S, arch/aarch64.S) rely on,
 * fixed here:
 *   - gmon_active (a byte): 0 while nothing is being counted (before
 *     start-up, after moncontrol(0), after _mcleanup);
 *   - gmon_tls (static TLS, initial-exec): its first word is the calling
 *     thread's current arc table, NULL whenever the hook must take the
 *     C slow path (a new thread, a table being changed, a thread that
 *     has exited);
 *   - a table starts with maskbytes (the slot count minus one, times
 *     32), then 24 bytes of header, then 32-byte slots {frompc, selfpc,
 *     count, spare}; an empty slot has frompc 0.  The home slot of an arc
 *     is ((frompc ^ selfpc) * 32) & maskbytes (so a call site that calls
 *     many functions through a pointer spreads), probing goes forward by
 *     one slot; a
 *     table is never more than half full, so every probe ends.
 * frompc is the return address into the caller (the writer stores
 * frompc - 1, the call instruction); selfpc is the hook's return
 * address inside the callee.
 */
#ifndef GMON_RT_H
#define GMON_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sample.h"
#include "side.h"

#define GMON_EXPORT __attribute__((visibility("default")))

/* futex(2)'s FUTEX_WAIT and FUTEX_WAKE with FUTEX_PRIVATE_FLAG: the
 * kernel's numbers, here since musl-gcc has no kernel headers. */
#define GMON_FUTEX_WAIT 128
#define GMON_FUTEX_WAKE 129

struct gmon_slot {
	uintptr_t from;
	uintptr_t self;
	uint64_t count;
	uint64_t spare;
};

struct gmon_table {
	uint64_t maskbytes;       /* (nslots - 1) * sizeof(struct gmon_slot) */
	uint64_t nslots;          /* a power of two */
	uint64_t used;            /* slots holding an arc */
	struct gmon_table *older; /* the generation this one replaced */
	struct gmon_slot slots[]; /* at offset 32 */
};

/*
 * One thread's counts (arcs.c).  A record belongs to one thread while it
 * runs (REC_LIVE) and is kept, with the thread's name and numbers, after
 * it ends (REC_KEPT), for the side file's per-thread records; beyond
 * GMON_THREADS_KEPT ended threads, an ending thread is folded into the
 * kept record of its name (or into one "[other]"), and its record is
 * free (REC_FREE) for a new thread.
 */
#define GMON_NEST_LEVELS 4
#define GMON_THREADS_KEPT 256
#define GMON_THREAD_NAME_MAX 16
enum { REC_FREE, REC_LIVE, REC_KEPT };
struct stacks_table;
struct gmon_rec {
	struct gmon_rec *next;    /* the registry, a push-only list */
	int in_use;               /* REC_* (atomic) */
	struct gmon_table *table; /* newest generation; older via ->older */
	/* Arcs counted while this thread's slow path was interrupted by a
	 * signal handler, one fixed table per nesting level. */
	struct gmon_table *nested[GMON_NEST_LEVELS];
	uint64_t tid;     /* its thread (folded: the last one) */
	uint64_t dropped; /* calls that could not be counted */
	/* The side file's THREAD record: */
	uint32_t index;  /* 1, 2, ...: unique over the run */
	uint32_t folded; /* threads folded in besides the first */
	uint32_t flags;  /* GMON_SIDE_THREAD_* (LIVE is the writer's) */
	char name[GMON_THREAD_NAME_MAX]; /* NUL-terminated; read at end */
	int clock;                       /* its CPU clock (a clockid_t) */
	uint64_t cpu_ns;                 /* CPU time, at its end */
	uint64_t first_ns, last_ns;      /* CLOCK_REALTIME, first call, end */
	uint64_t samples;                /* periods sampled on it (atomic) */
	struct stacks_table *stacks;     /* its calling contexts, or NULL */
};

struct gmon_thread {
	struct gmon_table *table; /* offset 0, read by the hooks */
	struct gmon_rec *rec;     /* NULL until the thread's first call */
	unsigned depth;           /* slow-path nesting (signal handlers) */
	bool armed;               /* sample_thread_start() ran */
	bool exited;              /* the key destructor ran */
};

extern __thread struct gmon_thread gmon_tls
    __attribute__((tls_model("initial-exec")));
extern volatile unsigned char gmon_active;

/* arcs.c */
void gmon_arc_slow(uintptr_t frompc, uintptr_t selfpc);
int gmon_arcs_init(void);             /* the thread-exit key; 0 or -1 */
void gmon_arcs_fork_child(bool keep); /* zero counts unless KEEP */
uint64_t gmon_arcs_early_dropped(void);

/* The arcs of every table merged: distinct (from, self) pairs with
 * summed counts, in an mmap'ed table, plus one side_thread per record. */
struct gmon_merged {
	struct gmon_slot *slots; /* nslots entries, empty ones have from 0 */
	size_t nslots;
	size_t narcs;
	struct side_thread *threads;  /* one per record in use */
	const struct gmon_rec **recs; /* threads[i]'s record */
	size_t nthreads;
	size_t keys; /* arcs in the records' tables (room for tarcs) */
	uint64_t calls, dropped, nested;
	size_t map_bytes; /* what gmon_merged_free unmaps */
	void *map;
};
/* Merge every table, every arc kept whatever object its ends are in
 * (the writer sorts them out; a slot's spare is 0), and describe each
 * thread (live ones: their name and CPU time now).  Returns 0 or -1
 * (no memory).  The caller holds gmon_threads_lock() when it can, so
 * no thread is folded while it reads. */
int gmon_arcs_merge(struct gmon_merged *m);
void gmon_merged_free(struct gmon_merged *m);
/* The fold lock (arcs.c), for the writer: false when it could not be
 * taken in a while (the writer interrupted its holder). */
bool gmon_threads_lock(void);
void gmon_threads_unlock(void);
/* Call F(ARG, FROM, SELF, COUNT) for every arc counted in R's tables
 * (nested ones too), as the merge reads them. */
void gmon_rec_arcs(const struct gmon_rec *r,
		   void (*f)(void *arg, uintptr_t from, uintptr_t self,
			     uint64_t count),
		   void *arg);

/* exe.c: the executable as loaded. */
#define GMON_BUILD_ID_MAX 64 /* bytes of a build-id kept (longer: none) */
struct gmon_exe {
	uintptr_t base; /* load base (0 unless PIE) */
	uintptr_t text_lo,
	    text_hi; /* executable PT_LOADs, run-time addresses */
	uint8_t build_id[GMON_BUILD_ID_MAX];
	size_t build_id_len;
	/* Its call-frame information for the stacks' unwinder
	 * (stacks_cfi.c): the run-time address of .eh_frame_hdr
	 * (PT_GNU_EH_FRAME; 0: none) and the mapped segment holding it,
	 * [eh_lo, eh_hi), the bytes the unwinder may read. */
	uintptr_t eh_hdr, eh_lo, eh_hi;
	char path[4096];  /* /proc/self/exe, "" if unreadable */
	const char *name; /* the path's last component */
};
int gmon_exe_find(struct gmon_exe *e);

/*
 * objects.c: the load map, every loaded object with executable PT_LOAD
 * segments (the executable included, found by the AT_PHDR rule as in
 * exe.c), in a fixed array of GMON_OBJECTS_MAX entries that never move:
 * index i stays the same object for the whole run.  Entries are
 * published with release stores; gmon_objects_count(),
 * gmon_objects_find() and gmon_objects_charge() take no lock and call
 * nothing but atomics (the sampler's signal handler uses them).
 * gmon_objects_refresh(), _note() and _recheck() call dl_iterate_phdr:
 * only from ordinary code (start-up, the hook's slow path at depth 0,
 * the perf drain thread, _mcleanup), never from a signal handler.  An
 * object the loader no longer lists is marked unloaded (live 0) and
 * keeps its data; found again at the same base with the same file and
 * build-id, it is live again with the same entry.  Objects beyond the
 * capacity are not profiled (their samples are outside, arcs into them
 * dropped); gmon_objects_overflow() is the most one scan left out.
 */
#define GMON_OBJECTS_MAX 1024
struct gmon_object {
	uintptr_t base;             /* load base (dlpi_addr) */
	uintptr_t text_lo, text_hi; /* executable PT_LOADs, run-time */
	uintptr_t lowpc;            /* text_lo rounded down to 4: bin 0 */
	size_t nbins;               /* 4-byte bins over the text; 0: none */
	uint32_t *bins;             /* NULL for the exe (or no memory) */
	uint64_t samples;           /* charged to the bins (atomic) */
	int live;                   /* 1 loaded, 0 dlclosed (atomic) */
	int profiled;               /* its code called the hooks (atomic) */
	bool is_exe;                /* the executable (AT_PHDR) */
	uint8_t build_id[GMON_BUILD_ID_MAX];
	size_t build_id_len;
	/* Its call-frame information for the stacks' unwinder
	 * (stacks_cfi.c): the run-time address of .eh_frame_hdr
	 * (PT_GNU_EH_FRAME; 0: none) and the mapped segment holding it,
	 * [eh_lo, eh_hi), the bytes the unwinder may read. */
	uintptr_t eh_hdr, eh_lo, eh_hi;
	char path[4096]; /* as the loader names it ("" for glibc's exe) */
};
struct dl_phdr_info;
/*
 * What one loaded object's program headers (INFO, from dl_iterate_phdr)
 * say, for the load map and for the executable (exe.c): the span of
 * its non-empty executable PT_LOAD segments at run-time addresses into
 * *TEXT_LO, *TEXT_HI (both 0 when it has none), and the descriptor of
 * its first NT_GNU_BUILD_ID note into ID, its length into *IDLEN (0
 * when there is none or it is longer than GMON_BUILD_ID_MAX).  Reads
 * the notes the loader mapped, bounds-checked against their segment;
 * takes no lock and allocates nothing (fine in a dl_iterate_phdr
 * callback).
 */
void gmon_phdrs_read(const struct dl_phdr_info *info, uintptr_t *text_lo,
		     uintptr_t *text_hi, uint8_t id[GMON_BUILD_ID_MAX],
		     size_t *idlen);
/* Scan the loader's list now (a no-op while another scan runs). */
void gmon_objects_refresh(void);
/* The slow path saw a call into PC: scan when PC is in no live object
 * or the loader's load/unload counts moved since the last scan; the
 * object holding PC is marked profiled. */
void gmon_objects_note(uintptr_t pc);
/* Scan when the loader's counts moved; true when it scanned. */
bool gmon_objects_recheck(void);
size_t gmon_objects_count(void);              /* entries published so far */
struct gmon_object *gmon_object_at(size_t i); /* i < count */
/* The index of the entry whose text holds PC: a live one first, else
 * (unless LIVE_ONLY) the first unloaded one; -1: none. */
long gmon_objects_find(uintptr_t pc, bool live_only);
/* Count a sample at PC in the bins of the live object holding it;
 * false when none has bins there.  Async-signal-safe. */
bool gmon_objects_charge(uintptr_t pc);
uint64_t gmon_objects_overflow(void);
void gmon_objects_zero(void);       /* a fork child: bins and samples to 0 */
void gmon_objects_fork_child(void); /* a scan cut short by fork: undone */

/* config.c: the knobs (environment ignored for set-id programs). */
enum gmon_fork { GMON_FORK_FRESH, GMON_FORK_INHERIT, GMON_FORK_OFF };
enum {
	GMON_DUMP_TERM = 1,
	GMON_DUMP_INT = 2,
	GMON_DUMP_HUP = 4,
	GMON_DUMP_EXIT = 8,
	GMON_DUMP_EXEC = 16,
	GMON_DUMP_USR1 = 32, /* a snapshot, and the program goes on */
	GMON_DUMP_USR2 = 64,
};
struct gmon_config {
	struct sample_config sample;
	enum gmon_fork fork;
	unsigned dump_on;
	uint64_t every_ms;  /* LIBGMON_EVERY: a snapshot each; 0: none */
	bool no_output;     /* PROFDIR set and empty */
	bool verbose;       /* LIBGMON_VERBOSE: one summary line at exit */
	char pattern[1024]; /* output name; %p pid, %e exe name, %% */
};
void gmon_config_read(struct gmon_config *c);

/* hookcheck.c: when an object's calls to the hook go to another
 * object's hook (the C library's), say once on stderr what to do.
 * Ordinary context only (dl_iterate_phdr). */
void gmon_hooks_check(void);

/* start.c: LIBGMON_DUMP_ON's _exit (final) and exec (a snapshot)
 * events, from preload.c. */
void gmon_dump_event(unsigned event);

/* write.c */
struct gmon_run {
	struct gmon_config cfg;
	struct gmon_exe exe;
	uint8_t run_id[12];
	uintptr_t lo, hi;  /* profiled range, run-time addresses */
	long pid;          /* the process that profiles (vfork children
			   * share its memory and must not write) */
	bool forked;       /* a fork child: its own file (".PID" added) */
	bool sampling;     /* sample_start succeeded */
	bool requested;    /* monstartup was called (by gcrt1.o or the
			   * program), not only our constructor */
	uint64_t start_ns; /* CLOCK_REALTIME when counting began */
	uint32_t seq;      /* the profile being written: 1, 2, ... (%n) */
	bool snapshot;     /* it is a snapshot: the program goes on */
};
/* Write gmon.out and its side file for RUN from the merged arcs M and
 * the samples SR (NULL: none); returns 0 or -1 (a message was printed).
 * Async-signal-safe: no malloc, no stdio. */
int gmon_write(const struct gmon_run *run, struct gmon_merged *m,
	       const struct sample_result *sr);

/* util.c: text without stdio. */
size_t gmon_fmt_u64(char *buf, uint64_t v); /* no NUL; returns length */
uint64_t gmon_realtime_ns(void); /* CLOCK_REALTIME in ns; 0: unknown */
void gmon_say(const char *const *parts, size_t n); /* to stderr */
/* Remember which file descriptor 2 is (at start): gmon_say writes only
 * while it is still that file, never into a file the program opened
 * after closing its standard error. */
void gmon_say_init(void);

#endif
