/*
 * gmon_side.h - the side file's format: NAME.gmonx, written by the
 * collector beside the GNU gmon.out NAME it belongs to, read by our
 * gprof (src/sidefile.c).  Constants only, like gmon_format.h: shared by
 * the runtime (runtime/side.c, the writer) and the analyser.
 *
 * Every integer is little-endian whatever the machine; every record
 * starts on an 8-byte boundary of the file.
 *
 * File header (16 bytes):
 *   0  char magic[8]     "gmonside"
 *   8  u32  version      GMON_SIDE_VERSION; a reader refuses another
 *  12  u32  reserved     0
 *
 * Then records until the end of the file, each:
 *   0  u32  tag          GMON_SIDE_*
 *   4  u32  length       bytes of the body that follows (not padded)
 *   8  body, then 0 to 7 zero bytes up to the next multiple of 8
 * A reader skips tags it does not know, and ignores the bytes of a known
 * body beyond the fields it knows (a later writer may append fields to
 * a record without a new version); a body shorter than its fixed part is
 * an error.  The RUN record comes first and exactly once; END comes
 * last and exactly once (a file without it was cut short); the others
 * are optional: TIE at most once (writers put it right after RUN),
 * CLOCK at most once, THREAD once per thread, TOTALS at most once.
 *
 * Which profile a side file belongs to.  Whoever writes the profile
 * writes its side file too (the collector: gmon.out; gprof -s:
 * gmon.sum), and the TIE record holds the size and the hash
 * (include/gmon_hash.h) of the profile's complete bytes as written.  A
 * reader hashes the profile it reads and uses the side file only when
 * both agree, and only when the side file's owner is the profile's
 * owner (a side file placed by another user in a shared directory is
 * never read); any other side file is ignored with a warning.  Side
 * files written before TIE (2026-12) have none: for them the older
 * rule holds, RUN's run id equal to the profile header's spare bytes,
 * and a run id of all zeros (glibc's gmon.out has zeros there) ties
 * nothing.  Readers before TIE skip it and keep the older rule.
 *
 * RUN (tag 1): which run and which program.
 *   0  u8   run_id[12]   the same 12 bytes as gmon.out's header spare
 *                        bytes (the tie of side files without TIE)
 *  12  u32  flags        0
 *  16  u64  load_base    subtracted from every address in gmon.out
 *  24  u64  text_lo      the histogram's range, as written in gmon.out
 *  32  u64  text_hi      (load base subtracted), hi exclusive
 *  40  u32  build_id_len bytes of the NT_GNU_BUILD_ID note's descriptor
 *                        (0: the program has none), at most 64
 *  44  u32  exe_len      bytes of the executable's path (no NUL), at
 *                        most 4096
 *  48  u8   build_id[build_id_len], then char exe[exe_len]
 *
 * TIE (tag 11): the profile this side file belongs to.
 *   0  u64  size         bytes of the profile file, as written
 *   8  u64  hash         gmon_hash_bytes() of those bytes
 *
 * CLOCK (tag 2): the sampler (runtime/sample.h, struct sample_result).
 *   0  u32  kind         GMON_SIDE_CLOCK_*: the clock that ran
 *   4  u32  asked_hz     the rate asked for
 *   8  u32  rate_hz      the rate written as gmon.out's prof_rate:
 *                        nominal (the asked one, or a tick-bound clock's
 *                        tick rate; each sample counts whole periods of
 *                        it); collectors before that wrote the delivered
 *                        one, rounded
 *  12  u32  name_len     bytes of the clock's name (no NUL), at most 64
 *  16  u64  rate_mhz     delivered rate in thousandths of Hz: every
 *                        sample divided by sampled_ns
 *  24  u64  sampled_ns   time the clock ran over (CPU time of the
 *                        sampled threads, or their wall time), pauses
 *                        excluded
 *  32  u64  samples      samples in the histogram's range
 *  40  u64  outside      samples outside it
 *  48  u64  collector    samples in the collector's own code (in no bin)
 *  56  u64  lost         samples the kernel dropped (perf ring full)
 *  64  u64  threads      threads armed (0 for a process-wide clock)
 *  72  u64  unarmed      threads that could not be armed
 *  80  u64  blocked      threads whose timer signal stayed blocked (their
 *                        time is not in sampled_ns)
 *  88  char name[name_len]
 *
 * THREAD (tag 3): one thread that ran the hooks.
 *   0  u64  tid          kernel thread id (folded: the last one's)
 *   8  u64  calls        hook calls counted on it
 *  16  u64  arcs         distinct arcs in its table
 *  24  u64  nested       calls counted while its hook was interrupted
 *  32  u64  dropped      calls that could not be counted (no memory)
 * The per-thread part (older collectors stop at 40 bytes: a THREAD of
 * fewer than 88 bytes, or of index 0, has no per-thread data):
 *  40  u32  index        1, 2, ...: unique in the file; THREADARCS and
 *                        STACKOWNER name threads by it
 *  44  u32  folded       threads counted in this record besides one
 *  48  u64  cpu_ns       CPU time of its thread(s) (CLOCK_THREAD_CPUTIME
 *                        at their end, or at the write when still live)
 *  56  u64  samples      periods of gmon.out's rate sampled on it (the
 *                        periods the ledger carries over from ended
 *                        threads are nobody's)
 *  64  u64  first_ns     CLOCK_REALTIME (ns since the epoch) of its first
 *                        hook call (folded: the earliest)
 *  72  u64  last_ns      CLOCK_REALTIME of its end, or of the write when
 *                        live (folded: the latest)
 *  80  u32  flags        GMON_SIDE_THREAD_*
 *  84  u32  name_len     bytes of its name (no NUL), at most 15
 *  88  char name[name_len]  what pthread_setname_np or PR_SET_NAME set,
 *                        read when it ended or when the profile was
 *                        written ("[other]" with the MIXED flag)
 * The collector keeps up to 256 ended threads apart; a thread that ends
 * beyond that is folded into the record of its name, or, when none has
 * it, into one record "[other]": per-thread records, arcs and stacks
 * stay bounded whatever the number of threads.
 *
 * TOTALS (tag 4): over every thread, in 64 bits (gmon.out's arc counts
 * are 32-bit).
 *   0  u64  calls
 *   8  u64  dropped
 *  16  u64  nested
 *  24  u64  threads      THREAD records written
 *
 * END (tag 5): the last record, empty (length 0).
 *
 * The load map (libgmon part 2).  Object 0 is always the executable
 * that RUN describes; its histogram and the arcs between two of its
 * addresses are in gmon.out, never here.  Every other loaded object that
 * holds profiled code (code that called the hooks) gets an OBJECT record
 * with an id of 1 or more; HIST and ARCS records name objects by id, and
 * an OBJECT record comes before any record that names its id.  Object
 * addresses are run-time addresses less the object's load base (what
 * symbols in its ELF file say), so profiles of several runs sum.
 *
 * OBJECT (tag 6): one loaded object other than the executable.
 *   0  u32  id           1, 2, ...: unique in the file
 *   4  u32  flags        GMON_SIDE_OBJ_*
 *   8  u64  load_base    run-time address of the object's address 0
 *  16  u64  text_lo      its executable PT_LOAD segments' range, object
 *  24  u64  text_hi      addresses, hi exclusive
 *  32  u32  build_id_len as in RUN, at most 64
 *  36  u32  path_len     bytes of the path the loader gave (no NUL), at
 *                        most 4096
 *  40  u8   build_id[build_id_len], then char path[path_len]
 *
 * HIST (tag 7): the samples in one object's text, at the rate gmon.out's
 * histogram gives (prof_rate, CLOCK's rate_hz), one 32-bit bin per 4
 * bytes.  At most one per object; it covers the object's whole text
 * range rounded out to 4 bytes (so runs of one build sum bin by bin).
 *   0  u32  object       an OBJECT id (never 0)
 *   4  u32  reserved     0
 *   8  u64  lowpc        object address of bin 0, a multiple of 4
 *  16  u64  nbins        bins that follow
 *  24  u32  bins[nbins]  bins[i] counts [lowpc + 4i, lowpc + 4i + 4)
 *
 * ARCS (tag 8): call-graph arcs that gmon.out cannot hold, those with an
 * end outside the executable, with 64-bit counts; both ends are in the
 * executable or in an object with an OBJECT record (an arc from code
 * that is not profiled, libc calling back into the program, is not
 * kept, as GNU's runtime does not keep it either).  Any number of ARCS
 * records; a reader sums arcs that repeat.
 *   0  u64  narcs        entries that follow, 32 bytes each:
 *   8  { u32 from_obj, u32 self_obj,
 *        u64 from        object address of the call instruction (the
 *                        return address - 1, as gmon.out's arcs),
 *        u64 self        object address in the callee (the hook's
 *                        return address, as gmon.out's arcs),
 *        u64 count } [narcs]
 *
 * The measured call graph (STACKS, STACKINFO; older readers skip them).
 * A sample whose PC lies in known code (the executable, or an object with
 * an OBJECT record) may carry its calling context: the return addresses
 * above it, walked over frame pointers (by the kernel's perf call chains
 * or by the collector's signal handler).  A walk never invents a frame:
 * it stops at the first return address outside known code, at a frame
 * pointer that leaves the thread's stack or does not grow, or at the
 * depth cap; a return address into code that is not known (and is not
 * the root below) is followed up through that code's frames by their
 * call-frame information, when it says how, to the next return address
 * in known code (the frames between are left out: STACKINFO's unwound
 * counts such stacks).  It is complete when it stops at a return address into
 * code that is not profiled whose frame chain ends there (libc's start
 * code that called main or a thread's start routine: runtime/stacks.c
 * learns it from the calls into profiled code from a shared object
 * with no profiled frame above them), or where the frame chain itself ends (a null frame
 * pointer or return address: a static program's start code); any other
 * stop flags the stack GMON_SIDE_STACK_TRUNCATED, and it is kept as far
 * as it was known.
 *
 * STACKS (tag 9): distinct stacks with their sample counts, at the rate
 * of the histograms.  Any number of STACKS records (one per thread, or
 * per chunk); frame indexes are local to their record; a reader sums
 * stacks that repeat (the same frames and flags) within and across
 * records.
 *   0  u64  nframes      distinct frames that follow, 16 bytes each
 *   8  u64  nstacks      stacks that follow the frames
 *  16  { u32 object      0: the executable, else an OBJECT id
 *        u32 reserved    0
 *        u64 addr        object address (run-time address less the
 *                        object's load base, as in ARCS): the sampled PC
 *                        for a stack's frame 0, a return address (the
 *                        call instruction ends just before it) for every
 *                        other frame } [nframes]
 *      then nstacks entries, each 16 + 4 * depth bytes, padded with
 *      zeros to a multiple of 8:
 *      { u32 depth       frames, 1 to GMON_SIDE_STACK_DEPTH_MAX
 *        u32 flags       GMON_SIDE_STACK_*
 *        u64 count       samples with this stack (at least 1)
 *        u32 frame[depth] indexes into this record's frames, innermost
 *                        (the sampled PC) first, outermost last }
 *
 * STACKOWNER (tag 13): whose samples the STACKS records that follow
 * hold, up to the next STACKOWNER or STACKINFO (older readers skip it
 * and sum every STACKS record, as before).
 *   0  u32  thread       a THREAD index; 0: no thread's in particular
 *   4  u32  reserved     0
 *
 * THREADARCS (tag 12): the exact arcs counted on one thread, between
 * executable addresses too (which ARCS leaves to gmon.out), classified
 * as ARCS's; over every thread they sum to gmon.out's arcs and ARCS
 * (whose 32-bit counts may have saturated).  Any number per thread; a
 * reader sums repeats.
 *   0  u32  thread       a THREAD index (never 0)
 *   4  u32  reserved     0
 *   8  u64  narcs        entries that follow, 32 bytes each, as in ARCS
 *
 * WINDOW (tag 14): the wall-clock time the profile covers, at most once.
 *   0  u64  start_ns     CLOCK_REALTIME (ns since the epoch) when
 *                        counting began
 *   8  u64  end_ns       CLOCK_REALTIME when the profile was written
 *  16  u32  seq          the profile's number in the run: 1, 2, ... (a
 *                        snapshot each, the final one last)
 *  20  u32  flags        GMON_SIDE_WINDOW_SNAPSHOT: the program went on
 * A snapshot is cumulative from start_ns.
 *
 * STACKINFO (tag 10): at most once, after the STACKS records; the sums
 * a reader cannot rebuild from them (over every thread).
 *   0  u64  samples      samples whose PC was in known code
 *   8  u64  stacks       of those, samples whose stack is in STACKS
 *  16  u64  truncated    of those, samples whose stack is TRUNCATED
 *  24  u64  dropped      samples in known code with no stack kept (a
 *                        table full, no context to walk)
 *  32  u32  depth_max    the walker's depth cap
 *  36  u32  method       GMON_SIDE_STACK_METHOD_*: how stacks were walked
 *  40  u64  unwound      of the stacks not TRUNCATED, samples whose walk
 *                        crossed frames of code outside known code (a
 *                        libc qsort calling back, a library's event
 *                        loop) by their call-frame information
 *                        (.eh_frame); those frames are not in the stack
 *                        (absent in records of 40 bytes: read as 0)
 */
#ifndef GMON_SIDE_FORMAT_H
#define GMON_SIDE_FORMAT_H

#include <stdint.h>

#define GMON_SIDE_MAGIC "gmonside"
#define GMON_SIDE_MAGIC_LEN 8
#define GMON_SIDE_VERSION 1
#define GMON_SIDE_HEADER_LEN 16
#define GMON_SIDE_RECORD_HEADER_LEN 8
#define GMON_SIDE_SUFFIX ".gmonx" /* appended to gmon.out's name */
#define GMON_SIDE_RUN_ID_LEN 12

#define GMON_SIDE_RUN 1
#define GMON_SIDE_CLOCK 2
#define GMON_SIDE_THREAD 3
#define GMON_SIDE_TOTALS 4
#define GMON_SIDE_END 5
#define GMON_SIDE_OBJECT 6
#define GMON_SIDE_HIST 7
#define GMON_SIDE_ARCS 8
#define GMON_SIDE_STACKS 9
#define GMON_SIDE_STACKINFO 10
#define GMON_SIDE_TIE 11
#define GMON_SIDE_THREADARCS 12
#define GMON_SIDE_STACKOWNER 13
#define GMON_SIDE_WINDOW 14

/* Fixed parts of the bodies, in bytes. */
#define GMON_SIDE_RUN_LEN 48
#define GMON_SIDE_CLOCK_LEN 88
#define GMON_SIDE_THREAD_LEN 40  /* what every THREAD holds */
#define GMON_SIDE_THREAD_LEN2 88 /* with the per-thread part */
#define GMON_SIDE_THREADARCS_LEN 16
#define GMON_SIDE_STACKOWNER_LEN 8
#define GMON_SIDE_WINDOW_LEN 24
#define GMON_SIDE_TOTALS_LEN 32
#define GMON_SIDE_OBJECT_LEN 40
#define GMON_SIDE_HIST_LEN 24
#define GMON_SIDE_ARCS_LEN 8
#define GMON_SIDE_ARC_LEN 32 /* one entry of ARCS */
#define GMON_SIDE_STACKS_LEN 16
#define GMON_SIDE_STACK_FRAME_LEN 16 /* one frame of STACKS */
#define GMON_SIDE_STACK_HEAD_LEN 16  /* one stack's fixed part */
#define GMON_SIDE_STACKINFO_LEN 40   /* the first writers' */
#define GMON_SIDE_STACKINFO_LEN2 48  /* with unwound */
#define GMON_SIDE_TIE_LEN 16

#define GMON_SIDE_BUILD_ID_MAX 64
#define GMON_SIDE_EXE_MAX 4096
#define GMON_SIDE_NAME_MAX 64
#define GMON_SIDE_THREAD_NAME_MAX 15
#define GMON_SIDE_STACK_DEPTH_MAX 1024 /* a reader refuses deeper stacks */

/* OBJECT's flags. */
#define GMON_SIDE_OBJ_UNLOADED 1 /* dlclosed before the profile was written */

/* CLOCK's kind (not runtime/sample.h's enum: the file's own numbers). */
#define GMON_SIDE_CLOCK_NONE 0
#define GMON_SIDE_CLOCK_PERF 1         /* perf task-clock, per thread */
#define GMON_SIDE_CLOCK_THREAD_TIMER 2 /* CLOCK_THREAD_CPUTIME_ID timers */
#define GMON_SIDE_CLOCK_ITIMER 3       /* process-wide ITIMER_PROF */
#define GMON_SIDE_CLOCK_WALL 4         /* CLOCK_MONOTONIC timers */

/* THREAD's flags. */
#define GMON_SIDE_THREAD_LIVE 1  /* still running when written */
#define GMON_SIDE_THREAD_MAIN 2  /* the process's first thread */
#define GMON_SIDE_THREAD_MIXED 4 /* folded threads of several names */

/* WINDOW's flags. */
#define GMON_SIDE_WINDOW_SNAPSHOT 1

/* A stack's flags. */
#define GMON_SIDE_STACK_TRUNCATED 1 /* the walk stopped early (see above) */

/* STACKINFO's method. */
#define GMON_SIDE_STACK_METHOD_NONE 0
#define GMON_SIDE_STACK_METHOD_PERF 1   /* perf's user call chains */
#define GMON_SIDE_STACK_METHOD_SIGNAL 2 /* frame walk in the signal handler */
#define GMON_SIDE_STACK_METHOD_SHADOW 3 /* a shadow stack kept by the hooks */

#endif
