/*
 * sidefile.h - the collector's side file (PROFILE.gmonx, format in
 * include/gmon_side.h): what a GNU gmon.out cannot hold, tied to it by
 * the hash of the profile's bytes (its TIE record; older side files: a
 * 12-byte run id kept in gmon.out's header spare bytes).
 *
 * For each profile gprof reads, sidefile_check() looks for the side
 * file beside it.  A side file never makes a run fail: a corrupt one,
 * one owned by another user than the profile, or one written for other
 * bytes than the profile's (another run, a gmon.sum written again by
 * GNU's gprof -s, a zero run id) is named in a warning and ignored; one
 * whose build-id differs from the executable's says the profile was
 * written by another build (a warning, the reports are still printed).
 * The reader is bounds-checked throughout: the file is untrusted input.
 */
#ifndef GPROF_SIDEFILE_H
#define GPROF_SIDEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "exe.h"
#include "gmon_side.h"
#include "stacks.h"

struct sidefile_thread {
	uint64_t tid, calls, arcs, nested, dropped;
};

/* An OBJECT record, with its HIST record when there is one. */
struct sidefile_object {
	uint32_t id, flags;
	uint64_t load_base, text_lo, text_hi;
	uint8_t build_id[GMON_SIDE_BUILD_ID_MAX];
	size_t build_id_len;
	char *path; /* owned, NUL-terminated, bytes as stored */
	bool has_hist;
	uint64_t lowpc; /* HIST: object address of bin 0 */
	uint32_t nbins; /* HIST: bins (4 bytes of text each) */
	uint32_t *bins; /* owned, or NULL */
};

/* SIDEFILE_EXE in an arc's end: the executable (object 0). */
#define SIDEFILE_EXE UINT32_MAX

/* One entry of an ARCS record, its objects resolved to indices into the
 * side file's OBJ (or SIDEFILE_EXE). */
struct sidefile_arc {
	uint32_t from_obj, self_obj;
	uint64_t from, self, count;
};

/*
 * A THREAD record's per-thread part (an index of 1 or more), with the
 * arcs of its THREADARCS records (summed as read: repeats stay) and the
 * STACKS records after its STACKOWNER (sidethreads.c).
 */
struct sidefile_pthread {
	uint32_t index, folded, flags;
	uint64_t tid, calls, cpu_ns, samples, first_ns, last_ns;
	char name[GMON_SIDE_THREAD_NAME_MAX + 1]; /* NUL-terminated, raw */
	struct sidefile_arc *arcs; /* owned: objects resolved as ARCS's */
	size_t narcs, arcs_cap;
	struct stackset stacks; /* owned, resolved (stacks_resolve) */
};

/*
 * The per-thread records of a side file (THREAD's part from byte 40,
 * THREADARCS, STACKOWNER) and WINDOW.  Damage there never costs the
 * rest of the file: the per-thread data is dropped (BAD, WHY naming
 * the record) and the side file stands, as it did for readers that
 * skip those records; a short or repeated WINDOW is dropped the same
 * way (WINDOW_WHY).
 */
struct sidefile_threads {
	bool any; /* THREAD records with an index: per-thread data */
	bool bad; /* ... refused: WHY says why; V and UNOWNED empty */
	char why[160];
	struct sidefile_pthread *v; /* owned, sorted by index */
	size_t n;
	struct stackset unowned; /* owned: STACKS of no thread (owner 0,
				  * or before any STACKOWNER) */
	bool has_window;
	uint64_t start_ns, end_ns;
	uint32_t seq, window_flags;
	char window_why[96]; /* a WINDOW record refused, or "" */
};

/* A side file, decoded (field meanings: include/gmon_side.h). */
struct sidefile {
	bool valid; /* a file was decoded into this */
	uint8_t run_id[GMON_SIDE_RUN_ID_LEN];
	bool has_tie; /* a TIE record: the profile's size and hash */
	uint64_t tie_size, tie_hash;
	uint64_t load_base, text_lo, text_hi;
	uint8_t build_id[GMON_SIDE_BUILD_ID_MAX];
	size_t build_id_len;
	char *exe; /* owned, NUL-terminated, bytes as stored */
	bool has_clock;
	uint32_t runs; /* CLOCK records summed into this one (-d) */
	uint32_t clock_kind, asked_hz, rate_hz;
	uint64_t rate_mhz, sampled_ns, samples, outside, collector, lost;
	uint64_t threads, unarmed, blocked;
	char clock_name[GMON_SIDE_NAME_MAX + 1]; /* NUL-terminated */
	struct sidefile_thread *thread; /* owned, one per THREAD record */
	size_t nthread;
	bool has_totals;
	uint64_t calls, dropped, nested, total_threads;
	struct sidefile_object *obj; /* owned, in file order */
	size_t nobj;
	struct sidefile_arc *arcs; /* owned, every ARCS record's, in order */
	size_t narcs;
	struct stackset stacks;     /* owned: STACKS and STACKINFO (stacks.h) */
	struct sidefile_threads pt; /* owned: per-thread records, WINDOW */
};

/*
 * Decode the LEN bytes at DATA into S (zeroed first).  Returns 0, or -1
 * with the reason in ERR (bad magic, another version, a record running
 * past the end, a field out of range, a missing or repeated record); S
 * is then empty.  Unknown records and bytes appended to known ones are
 * skipped, as the format asks.
 */
int sidefile_parse(struct sidefile *s, const uint8_t *data, size_t len,
		   struct gp_err *err);

void sidefile_free(struct sidefile *s);

/*
 * Read S's per-thread records and WINDOW from the LEN bytes at DATA,
 * the file sidefile_parse() decoded into S (its framing and objects
 * checked), into S->pt, as struct sidefile_threads says.  Never fails:
 * damage sets S->pt.bad.  Linear in the bytes read (sidethreads.c).
 */
void sidefile_threads_parse(struct sidefile *s, const uint8_t *data,
			    size_t len);
void sidefile_threads_free(struct sidefile_threads *t);

/*
 * The run id in the header of the GNU profile at PATH (its 12 spare
 * bytes) into ID.  False when PATH cannot be read or is not a GNU
 * profile (ID is then zeroed).
 */
bool sidefile_profile_run_id(const char *path,
			     uint8_t id[GMON_SIDE_RUN_ID_LEN]);

/*
 * Look for PROFILE.gmonx beside the profile PF read (gmon.h: its path,
 * and the size, hash and owner of the bytes read) and check it against
 * PF and X (named EXE in messages), printing warnings as described at
 * the top.  It belongs to PF when both files have one owner and its TIE
 * record gives PF's size and hash (a side file without TIE: when its
 * run id is PF's header spare bytes and not all zeros).  A side file
 * that belongs to PF is decoded into KEEP when KEEP is not yet valid (so
 * the first one is kept, for -d); otherwise it is dropped.  When ON_SIDE
 * is not NULL, it is called with every side file that belongs to PF
 * (before KEEP takes it), for its load map.
 */
struct gmon_file;
typedef void sidefile_fn(const struct sidefile *s, void *ctx);
void sidefile_check(const struct gmon_file *pf, struct exe *x, const char *exe,
		    struct sidefile *keep, sidefile_fn *on_side, void *ctx);

/* Describe S for -d: "[side] ..." lines. */
void sidefile_describe(FILE *out, const struct sidefile *s);

#endif
