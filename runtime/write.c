/*
 * write.c - write gmon.out (GNU format version 1, which GNU gprof 2.40
 * reads unchanged) and its side file NAME.gmonx.
 *
 * gmon.out: the header carries the run id in its spare bytes (the side
 * file's TIE record holds the hash of gmon.out's bytes); one
 * histogram over the executable's text (4-byte bins, scale 2.0, the
 * delivered rate, "seconds"), repeated over the same range while a bin
 * holds more than 65535 (GNU adds records with equal ranges); then one
 * arc record per arc whose two ends are in the text, load base
 * subtracted, the caller's address being the call instruction (return
 * address - 1), repeated while a count exceeds 2^32 - 1.
 *
 * The side file also carries the load map's part (objects.c): the
 * objects other than the executable whose code was called, their
 * histograms, and the arcs gmon.out cannot hold (see build_loadmap).
 *
 * Both files are written to temporaries beside the target and renamed
 * onto it, so a killed program leaves the old file or the new, never a
 * torn one.  The directory may be shared with other users (/tmp), so a
 * temporary is a new file or nothing: a name that fits NAME_MAX
 * whatever the target's length, naming its writer and ending in random
 * characters (tmpfile.h), created with O_EXCL (a FIFO, a link or
 * another user's file there is never opened: another name is tried),
 * O_NOFOLLOW and O_NONBLOCK.  A program killed while it writes leaves
 * its temporary; the next write into that directory removes it once
 * its writer is provably dead (gmon_tmp_sweep).  The targets themselves
 * are only ever renamed onto, which replaces a name and never writes
 * through it.
 * gmon.out is renamed first, its side file second: when gmon.out cannot
 * be put in place, both temporaries are removed and no side file is
 * left without its profile.
 *
 * Only system calls: no malloc, no stdio, no strerror, no locks (the
 * writer may run in a signal handler or after exit's cleanups).  The
 * arcs it writes are the merge's private copy; the counts other threads
 * may still be changing are read there (arcs.c, merge_table: why that
 * is safe and what it can miss), and the objects' live flags and sample
 * counts here with atomic loads.
 */
#include "gmon_rt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h> /* rename(2) only */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon_format.h"
#include "gmon_hash.h"
#include "gmon_side.h"
#include "tmpfile.h"

#define HIST_HEADER_LEN (1 + 8 + 8 + 4 + 4 + GMON_DIMEN_LEN + 1)
#define ARC_LEN (1 + 8 + 8 + 4)

struct buf {
	unsigned char *p;
	size_t len;
};

static void
put_bytes(struct buf *b, const void *v, size_t n)
{
	memcpy(b->p + b->len, v, n);
	b->len += n;
}

static void
put_u8(struct buf *b, unsigned v)
{
	b->p[b->len++] = (unsigned char)v;
}

static void
put_u16(struct buf *b, uint16_t v)
{
	put_bytes(b, &v, sizeof v);
}

static void
put_u32(struct buf *b, uint32_t v)
{
	put_bytes(b, &v, sizeof v);
}

static void
put_word(struct buf *b, uint64_t v)
{
	put_bytes(b, &v, sizeof v);
}

/* The errors a writer meets, named without strerror (which may take a
 * lock or load a locale: not in a signal handler). */
static const struct {
	int err;
	const char *text;
} errors[] = {
	{ EACCES, "permission denied (EACCES)" },
	{ EPERM, "not permitted (EPERM)" },
	{ ENOENT, "no such file or directory (ENOENT)" },
	{ ENOTDIR, "a component is not a directory (ENOTDIR)" },
	{ EISDIR, "is a directory (EISDIR)" },
	{ EBUSY, "busy (EBUSY)" },
	{ EEXIST, "no free temporary name (EEXIST)" },
	{ ENAMETOOLONG, "name too long (ENAMETOOLONG)" },
	{ ELOOP, "too many symbolic links (ELOOP)" },
	{ ENOSPC, "no space left on device (ENOSPC)" },
	{ EDQUOT, "disk quota exceeded (EDQUOT)" },
	{ EROFS, "read-only file system (EROFS)" },
	{ EFBIG, "file too large (EFBIG)" },
	{ EIO, "input/output error (EIO)" },
	{ ENOMEM, "out of memory (ENOMEM)" },
	{ EMFILE, "too many open files (EMFILE)" },
	{ ENFILE, "too many open files in system (ENFILE)" },
	{ EXDEV, "not on the same file system (EXDEV)" },
	{ EINVAL, "invalid argument (EINVAL)" },
};

static void
report(const char *what, const char *name, int err)
{
	const char *text = NULL;
	char num[32] = "errno ";
	for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
		if (errors[i].err == err)
			text = errors[i].text;
	if (!text) {
		size_t n = gmon_fmt_u64(num + 6, (uint64_t)(err < 0 ? 0 : err));
		num[6 + n] = '\0';
		text = num;
	}
	const char *parts[] = {
		"libgmon: cannot ", what, " ", name, ": ", text, "\n"
	};
	gmon_say(parts, sizeof parts / sizeof *parts);
}

/* NAME from the pattern: %p, %e, %%; ".PID" added in a fork child when
 * the pattern has no %p.  False when it does not fit. */
static bool
expand_name(const struct gmon_run *run, char *name, size_t size)
{
	char pid[24], seq[24];
	pid[gmon_fmt_u64(pid, (uint64_t)getpid())] = '\0';
	size_t len = 0;
	bool has_pid = false;
	for (const char *p = run->cfg.pattern; *p; p++) {
		const char *s;
		char one[2] = { *p, 0 };
		if (*p == '%' && p[1] == 'p') {
			s = pid;
			has_pid = true;
			p++;
		} else if (*p == '%' && p[1] == 'e') {
			s = run->exe.name && *run->exe.name ? run->exe.name
							    : "prog";
			p++;
		} else if (*p == '%' && p[1] == 'n') {
			seq[gmon_fmt_u64(seq, run->seq)] = '\0';
			s = seq;
			p++;
		} else if (*p == '%' && p[1] == '%') {
			s = "%";
			p++;
		} else {
			s = one;
		}
		size_t n = strlen(s);
		if (len + n >= size)
			return false;
		memcpy(name + len, s, n);
		len += n;
	}
	if (run->forked && !has_pid) {
		size_t n = strlen(pid);
		if (len + 1 + n >= size)
			return false;
		name[len++] = '.';
		memcpy(name + len, pid, n);
		len += n;
	}
	name[len] = '\0';
	return len > 0;
}

static bool
add_suffix(char *out, size_t size, const char *name, const char *a)
{
	size_t n = strlen(name), na = strlen(a);
	if (n + na >= size)
		return false;
	memcpy(out, name, n);
	memcpy(out + n, a, na + 1);
	return true;
}

static int
write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Close FD, the temporary TMP just written; on a failure so far
 * (FAILED) or of close, remove TMP.  0, or -1 with errno set. */
static int
finish_tmp(int fd, const char *tmp, bool failed)
{
	int err = failed ? (errno ? errno : EIO) : 0;
	if (close(fd) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err)
		return 0;
	unlink(tmp);
	errno = err;
	return -1;
}

/* Write B to a new temporary of W beside NAME (its name into TMP); 0,
 * or -1 with errno set and no temporary left. */
static int
write_tmp(char *tmp, size_t size, const char *name, const struct buf *b,
	  const struct gmon_writer *w)
{
	int fd = gmon_tmp_create(tmp, size, name, w);
	if (fd < 0)
		return -1;
	return finish_tmp(fd, tmp, write_all(fd, b->p, b->len) != 0);
}

static uint32_t
max_bin(const struct sample_result *sr)
{
	uint32_t m = 0;
	for (size_t i = 0; i < sr->nbins; i++)
		if (sr->bins[i] > m)
			m = sr->bins[i];
	return m;
}

static uint32_t
hist_rate(const struct gmon_run *run, const struct sample_result *sr)
{
	if (sr->rate_hz)
		return sr->rate_hz;
	if (sr->asked_hz)
		return sr->asked_hz;
	return run->cfg.sample.rate_hz ? run->cfg.sample.rate_hz : 100;
}

/*
 * The load map's part (side file records OBJECT, HIST, ARCS).  Every
 * merged arc is classified first: each end gets the object it is in,
 * 0 for the executable's profiled range, i + 1 for the load map's entry
 * i, NO_OBJ for neither; the pair is kept in the slot's spare (from's
 * in the low half).  gmon.out gets the arcs with both ends 0, as
 * before; an object is "profiled" when it is the callee end of some arc
 * (its code called the hook), and the side file gets those objects and
 * the other arcs whose two ends are in the executable or in a profiled
 * object.  An address in a range that two objects held in turn (one
 * dlclosed, another loaded there later) is charged to the live one,
 * else to the first unloaded one: arcs keep raw addresses, so which of
 * two unloaded objects ran there is not known.
 */
#define NO_OBJ UINT32_MAX
#define BOTH_IN_EXE 0 /* a classified slot's spare: exe -> exe */

struct loadmap {
	void *map;
	size_t map_len;
	struct side_object *objects;
	size_t nobjects;
	struct side_arc *arcs;
	size_t narcs;
	uint64_t unwritten;  /* samples in objects without a HIST */
	const uint32_t *ids; /* per load-map entry: its id, 0 not written */
	size_t nids;
};

static uint32_t
object_of(const struct gmon_run *run, uintptr_t pc)
{
	if (pc - run->lo < run->hi - run->lo)
		return 0;
	long i = gmon_objects_find(pc, false);
	if (i < 0 || gmon_object_at((size_t)i)->is_exe)
		return NO_OBJ;
	return (uint32_t)i + 1;
}

static void
classify(const struct gmon_run *run, struct gmon_merged *m)
{
	for (size_t i = 0; i < m->nslots; i++) {
		struct gmon_slot *s = &m->slots[i];
		if (s->from)
			s->spare = object_of(run, s->from - 1) |
				   (uint64_t)object_of(run, s->self) << 32;
	}
}

/* An arc end's id in the file (IDS: the load map entries' ids, 0 for
 * unprofiled ones) and its object address; false: not written. */
static bool
arc_end(const struct gmon_run *run, const uint32_t *ids, uint32_t obj,
	uintptr_t pc, uint32_t *id, uint64_t *addr)
{
	if (obj == 0) {
		*id = 0;
		*addr = pc - run->exe.base;
		return true;
	}
	if (obj == NO_OBJ || !ids[obj - 1])
		return false;
	*id = ids[obj - 1];
	*addr = pc - gmon_object_at(obj - 1)->base;
	return true;
}

static void
describe_object(struct side_object *d, const struct gmon_object *o, uint32_t id)
{
	d->id = id;
	d->flags = __atomic_load_n(&o->live, __ATOMIC_ACQUIRE)
		       ? 0
		       : GMON_SIDE_OBJ_UNLOADED;
	d->base = o->base;
	d->text_lo = o->text_lo - o->base;
	d->text_hi = o->text_hi - o->base;
	d->build_id = o->build_id_len ? o->build_id : NULL;
	d->build_id_len = o->build_id_len;
	d->path = o->path;
	d->bins = o->bins;
	d->lowpc = o->lowpc - o->base;
	d->nbins = o->nbins;
}

/* LM from the classified arcs of M; 0, or -1 (no memory). */
static int
build_loadmap(const struct gmon_run *run, const struct gmon_merged *m,
	      struct loadmap *lm)
{
	*lm = (struct loadmap){ 0 };
	size_t n = gmon_objects_count();
	size_t len = n * sizeof(uint32_t) + n * sizeof(struct side_object) +
		     m->narcs * sizeof(struct side_arc) + 64;
	lm->map_len = (len + 4095) & ~(size_t)4095;
	void *p = mmap(NULL, lm->map_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	lm->map = p;
	lm->objects = p;
	lm->arcs = (struct side_arc *)(lm->objects + n);
	uint32_t *ids = (uint32_t *)(lm->arcs + m->narcs);
	lm->ids = ids;
	lm->nids = n;
	for (size_t i = 0; i < m->nslots; i++) {
		const struct gmon_slot *s = &m->slots[i];
		uint32_t self = (uint32_t)(s->spare >> 32);
		if (s->from && s->count && self && self != NO_OBJ)
			ids[self - 1] = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct gmon_object *o = gmon_object_at(i);
		if (ids[i]) {
			ids[i] = (uint32_t)++lm->nobjects;
			describe_object(&lm->objects[lm->nobjects - 1], o,
					ids[i]);
		} else {
			lm->unwritten +=
			    __atomic_load_n(&o->samples, __ATOMIC_RELAXED);
		}
	}
	for (size_t i = 0; i < m->nslots && lm->narcs < m->narcs; i++) {
		const struct gmon_slot *s = &m->slots[i];
		struct side_arc *a = &lm->arcs[lm->narcs];
		if (!s->from || !s->count || s->spare == BOTH_IN_EXE ||
		    !arc_end(run, ids, (uint32_t)s->spare, s->from - 1,
			     &a->from_obj, &a->from) ||
		    !arc_end(run, ids, (uint32_t)(s->spare >> 32), s->self,
			     &a->self_obj, &a->self))
			continue;
		a->count = s->count;
		lm->narcs++;
	}
	return 0;
}

/* The per-thread arcs (THREADARCS): every thread's, classified as the
 * merged ones are, in one mapping. */
struct thread_arcs {
	const struct gmon_run *run;
	const struct loadmap *lm;
	struct side_arc *arcs;
	size_t narcs, cap;
	void *map;
	size_t map_len;
};

static void
thread_arc(void *arg, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct thread_arcs *ta = arg;
	if (ta->narcs == ta->cap)
		return; /* more keys than the merge saw: counted there */
	struct side_arc *a = &ta->arcs[ta->narcs];
	const uint32_t *ids = ta->lm->ids;
	if (!arc_end(ta->run, ids, object_of(ta->run, from - 1), from - 1,
		     &a->from_obj, &a->from) ||
	    !arc_end(ta->run, ids, object_of(ta->run, self), self, &a->self_obj,
		     &a->self))
		return;
	a->count = count;
	ta->narcs++;
}

/* Each of M's threads' arcs into TA, pointed at by the thread; 0, or
 * -1 (no memory: no thread has its arcs). */
static int
build_thread_arcs(const struct gmon_run *run, const struct loadmap *lm,
		  struct gmon_merged *m, struct thread_arcs *ta)
{
	*ta = (struct thread_arcs){ .run = run, .lm = lm };
	ta->cap = m->keys + 64;
	ta->map_len = (ta->cap * sizeof *ta->arcs + 4095) & ~(size_t)4095;
	void *p = mmap(NULL, ta->map_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	ta->map = p;
	ta->arcs = p;
	for (size_t i = 0; i < m->nthreads; i++) {
		size_t from = ta->narcs;
		gmon_rec_arcs(m->recs[i], thread_arc, ta);
		m->threads[i].tarcs = ta->arcs + from;
		m->threads[i].ntarcs = ta->narcs - from;
	}
	return 0;
}

/* The bytes of gmon.out, in an mmap'ed buffer B. */
static int
build_gmon(const struct gmon_run *run, const struct sample_result *sr,
	   const struct gmon_merged *m, struct buf *b, size_t *map_len)
{
	uintptr_t base = run->exe.base;
	bool hist = sr && sr->bins && sr->nbins;
	size_t hist_recs = 0;
	if (hist) {
		uint32_t mb = max_bin(sr);
		hist_recs = mb > 65535 ? (mb + 65534u) / 65535u : 1;
	}
	size_t arc_recs = 0;
	for (size_t i = 0; i < m->nslots; i++)
		if (m->slots[i].from && m->slots[i].count &&
		    m->slots[i].spare == BOTH_IN_EXE)
			arc_recs +=
			    (m->slots[i].count + UINT32_MAX - 1) / UINT32_MAX;
	size_t len =
	    GMON_HEADER_LEN +
	    hist_recs * (HIST_HEADER_LEN + 2 * (hist ? sr->nbins : 0)) +
	    arc_recs * ARC_LEN;
	*map_len = (len + 4095) & ~(size_t)4095;
	void *p = mmap(NULL, *map_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	b->p = p;
	b->len = 0;
	put_bytes(b, GMON_MAGIC, GMON_MAGIC_LEN);
	put_u32(b, GMON_VERSION);
	put_bytes(b, run->run_id, GMON_SPARE_LEN);
	for (size_t r = 0; r < hist_recs; r++) {
		uint64_t lo = sr->lowpc - base;
		char dimen[GMON_DIMEN_LEN] = "seconds";
		put_u8(b, GMON_TAG_HIST);
		put_word(b, lo);
		put_word(b, lo + 4 * (uint64_t)sr->nbins);
		put_u32(b, (uint32_t)sr->nbins);
		put_u32(b, hist_rate(run, sr));
		put_bytes(b, dimen, sizeof dimen);
		put_u8(b, 's');
		uint64_t skip = 65535u * (uint64_t)r;
		for (size_t i = 0; i < sr->nbins; i++) {
			uint64_t v =
			    sr->bins[i] > skip ? sr->bins[i] - skip : 0;
			put_u16(b, (uint16_t)(v > 65535 ? 65535 : v));
		}
	}
	for (size_t i = 0; i < m->nslots; i++) {
		const struct gmon_slot *s = &m->slots[i];
		if (!s->from || s->spare != BOTH_IN_EXE)
			continue;
		for (uint64_t left = s->count; left > 0;) {
			uint32_t n =
			    left > UINT32_MAX ? UINT32_MAX : (uint32_t)left;
			put_u8(b, GMON_TAG_ARC);
			put_word(b, s->from - 1 - base);
			put_word(b, s->self - base);
			put_u32(b, n);
			left -= n;
		}
	}
	return 0;
}

/* The side file of gmon.out's bytes PROF (its TIE record), into a
 * temporary of W beside NAME (its name into TMP, SIZE bytes). */
static int
write_side(const struct gmon_run *run, const struct sample_result *sr,
	   struct gmon_merged *m, const struct loadmap *lm,
	   const struct buf *prof, const char *name, char *tmp, size_t size,
	   const struct gmon_writer *w)
{
	struct side_info s = { 0 };
	/* Samples charged to an object that gets no HIST are outside
	 * every histogram written. */
	struct sample_result clock;
	if (sr) {
		clock = *sr;
		clock.outside += lm->unwritten;
		sr = &clock;
	}
	s.objects = lm->objects;
	s.nobjects = lm->nobjects;
	s.arcs = lm->arcs;
	s.narcs = lm->narcs;
	memcpy(s.run_id, run->run_id, sizeof s.run_id);
	s.profile_size = prof->len;
	s.profile_hash = gmon_hash_bytes(prof->p, prof->len);
	s.build_id = run->exe.build_id_len ? run->exe.build_id : NULL;
	s.build_id_len = run->exe.build_id_len;
	s.exe_path = run->exe.path[0] ? run->exe.path : NULL;
	s.load_base = run->exe.base;
	if (sr && sr->nbins) {
		s.text_lo = sr->lowpc - run->exe.base;
		s.text_hi = s.text_lo + 4 * (uint64_t)sr->nbins;
	} else {
		s.text_lo = run->lo - run->exe.base;
		s.text_hi = run->hi - run->exe.base;
	}
	s.samples = sr;
	s.start_ns = run->start_ns;
	s.end_ns = gmon_realtime_ns();
	s.seq = run->seq;
	s.snapshot = run->snapshot;
	s.threads = m->threads;
	s.nthreads = m->nthreads;
	s.calls = m->calls;
	s.dropped = m->dropped;
	s.nested = m->nested;
	int fd = gmon_tmp_create(tmp, size, name, w);
	if (fd < 0) {
		report("write", name, errno);
		return -1;
	}
	/* The measured call graph (stacks.c), named as the arcs are: each
	 * thread's, then those of no thread. */
	struct stacks_map sm = { run->lo, run->hi, run->exe.base, lm->ids,
				 lm->nids };
	size_t sos_len =
	    ((m->nthreads + 1) * sizeof(struct stacks_out) + 4095) &
	    ~(size_t)4095;
	struct stacks_out *sos = mmap(NULL, sos_len, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sos == MAP_FAILED) {
		sos = NULL;
	} else {
		for (size_t i = 0; i < m->nthreads; i++) {
			stacks_collect(&sos[i], &sm, m->threads[i].index);
			m->threads[i].stacks = &sos[i];
		}
		stacks_collect(&sos[m->nthreads], &sm, 0);
		s.stacks = &sos[m->nthreads];
		s.stacks_on = s.stacks->on;
		s.stacks_method = s.stacks->method;
		s.stacks_depth_max = s.stacks->depth_max;
	}
	bool failed = side_write_fd(fd, &s) != 0;
	int err = errno;
	for (size_t i = 0; sos && i <= m->nthreads; i++)
		stacks_out_free(&sos[i]);
	for (size_t i = 0; i < m->nthreads; i++)
		m->threads[i].stacks = NULL;
	if (sos)
		munmap(sos, sos_len);
	errno = err;
	if (finish_tmp(fd, tmp, failed) != 0) {
		report("write", name, errno);
		return -1;
	}
	return 0;
}

/* Put the temporary TMP in place as NAME; on failure remove it and
 * OTHER (the other temporary, or NULL) and say so. */
static int
put_in_place(const char *tmp, const char *name, const char *other)
{
	if (rename(tmp, name) == 0)
		return 0;
	int err = errno;
	unlink(tmp);
	if (other)
		unlink(other);
	report("write", name, err);
	return -1;
}

int
gmon_write(const struct gmon_run *run, struct gmon_merged *m,
	   const struct sample_result *sr)
{
	char name[4096], side[4096], tmp[4096], side_tmp[4096];
	if (!expand_name(run, name, sizeof name)) {
		report("name", "the profile", ENAMETOOLONG);
		return -1;
	}
	if (!add_suffix(side, sizeof side, name, ".gmonx")) {
		report("name", name, ENAMETOOLONG);
		return -1;
	}
	classify(run, m);
	struct loadmap lm;
	if (build_loadmap(run, m, &lm) != 0) {
		report("write", name, ENOMEM);
		return -1;
	}
	struct thread_arcs ta;
	if (build_thread_arcs(run, &lm, m, &ta) != 0)
		ta.map = NULL; /* the threads' records without their arcs */
	struct buf b;
	size_t map_len;
	if (build_gmon(run, sr, m, &b, &map_len) != 0) {
		munmap(lm.map, lm.map_len);
		if (ta.map)
			munmap(ta.map, ta.map_len);
		report("write", name, ENOMEM);
		return -1;
	}
	/* The temporaries dead writers left here first; then both of ours
	 * (when gmon.out's cannot be written: one message and no side
	 * file), then gmon.out, then its side file. */
	struct gmon_writer w;
	gmon_writer_self(&w);
	gmon_tmp_sweep(name, &w);
	int rc = -1;
	if (write_tmp(tmp, sizeof tmp, name, &b, &w) != 0) {
		report("write", name, errno);
	} else {
		bool side_ok = write_side(run, sr, m, &lm, &b, side, side_tmp,
					  sizeof side_tmp, &w) == 0;
		const char *other = side_ok ? side_tmp : NULL;
		if (put_in_place(tmp, name, other) == 0) {
			rc = 0;
			if (side_ok)
				put_in_place(side_tmp, side, NULL);
		}
	}
	munmap(b.p, map_len);
	munmap(lm.map, lm.map_len);
	if (ta.map)
		munmap(ta.map, ta.map_len);
	return rc;
}
