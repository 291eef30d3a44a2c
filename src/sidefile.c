/*
 * sidefile.c - reads and checks the collector's side file (see
 * sidefile.h; the format is include/gmon_side.h).
 */
#include "sidefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exebuildid.h"

#include "gmon.h"
#include "gmon_format.h"
#include "reader.h"
#include "stream.h"

/* Bigger side files are refused unread (10 million threads' worth). */
#define SIDEFILE_MAX_BYTES (512u << 20)

static uint64_t
round8(uint64_t n)
{
	return (n + 7) & ~(uint64_t)7;
}

static int
parse_run(struct sidefile *s, struct reader *r, uint32_t len,
	  struct gp_err *err)
{
	if (len < GMON_SIDE_RUN_LEN)
		return gp_fail(err, "RUN record of %u bytes (at least %u)", len,
			       GMON_SIDE_RUN_LEN);
	rd_bytes(r, s->run_id, sizeof(s->run_id));
	rd_u32(r); /* flags */
	s->load_base = rd_u64(r);
	s->text_lo = rd_u64(r);
	s->text_hi = rd_u64(r);
	uint32_t idlen = rd_u32(r);
	uint32_t exelen = rd_u32(r);
	if (idlen > GMON_SIDE_BUILD_ID_MAX)
		return gp_fail(err, "build-id of %u bytes (at most %u)", idlen,
			       GMON_SIDE_BUILD_ID_MAX);
	if (exelen > GMON_SIDE_EXE_MAX)
		return gp_fail(err, "program path of %u bytes (at most %u)",
			       exelen, GMON_SIDE_EXE_MAX);
	if ((uint64_t)GMON_SIDE_RUN_LEN + idlen + exelen > len)
		return gp_fail(err,
			       "RUN record of %u bytes cannot hold a "
			       "%u-byte build-id and a %u-byte path",
			       len, idlen, exelen);
	rd_bytes(r, s->build_id, idlen);
	s->build_id_len = idlen;
	s->exe = xmalloc((size_t)exelen + 1);
	rd_bytes(r, s->exe, exelen);
	s->exe[exelen] = '\0';
	return 0;
}

static int
parse_clock(struct sidefile *s, struct reader *r, uint32_t len,
	    struct gp_err *err)
{
	if (len < GMON_SIDE_CLOCK_LEN)
		return gp_fail(err, "CLOCK record of %u bytes (at least %u)",
			       len, GMON_SIDE_CLOCK_LEN);
	s->clock_kind = rd_u32(r);
	s->asked_hz = rd_u32(r);
	s->rate_hz = rd_u32(r);
	uint32_t namelen = rd_u32(r);
	s->rate_mhz = rd_u64(r);
	s->sampled_ns = rd_u64(r);
	s->samples = rd_u64(r);
	s->outside = rd_u64(r);
	s->collector = rd_u64(r);
	s->lost = rd_u64(r);
	s->threads = rd_u64(r);
	s->unarmed = rd_u64(r);
	s->blocked = rd_u64(r);
	if (namelen > GMON_SIDE_NAME_MAX ||
	    (uint64_t)GMON_SIDE_CLOCK_LEN + namelen > len)
		return gp_fail(err,
			       "clock name of %u bytes in a %u-byte "
			       "CLOCK record",
			       namelen, len);
	rd_bytes(r, s->clock_name, namelen);
	s->clock_name[namelen] = '\0';
	s->has_clock = true;
	s->runs = 1;
	return 0;
}

/* What frame() counts, to allocate once. */
struct counts {
	size_t nthread, nobj, narcs;
};

/* The records after the header: check their framing and count THREADs,
 * OBJECTs and arcs (each ARCS record's count checked against its body). */
static int
frame(const uint8_t *data, size_t len, struct counts *c, struct gp_err *err)
{
	size_t off = GMON_SIDE_HEADER_LEN, n = 0, nobj = 0, narcs = 0;

	while (off < len) {
		struct reader r;
		if (len - off < GMON_SIDE_RECORD_HEADER_LEN)
			return gp_fail(
			    err, "truncated record header at byte %zu", off);
		reader_init(&r, data + off, GMON_SIDE_RECORD_HEADER_LEN, false,
			    8);
		uint32_t tag = rd_u32(&r);
		uint32_t blen = rd_u32(&r);
		uint64_t room = len - off - GMON_SIDE_RECORD_HEADER_LEN;
		if (round8(blen) > room)
			return gp_fail(
			    err,
			    "record at byte %zu (tag %u) runs %llu "
			    "bytes past the end",
			    off, tag,
			    (unsigned long long)(round8(blen) - room));
		if (off == GMON_SIDE_HEADER_LEN && tag != GMON_SIDE_RUN)
			return gp_fail(
			    err, "the first record is not RUN (tag %u)", tag);
		if (tag == GMON_SIDE_THREAD)
			n++;
		if (tag == GMON_SIDE_OBJECT)
			nobj++;
		if (tag == GMON_SIDE_ARCS && blen >= GMON_SIDE_ARCS_LEN) {
			reader_init(&r,
				    data + off + GMON_SIDE_RECORD_HEADER_LEN,
				    GMON_SIDE_ARCS_LEN, false, 8);
			uint64_t k = rd_u64(&r);
			if (k > (blen - GMON_SIDE_ARCS_LEN) / GMON_SIDE_ARC_LEN)
				return gp_fail(err,
					       "ARCS record of %u bytes cannot "
					       "hold %llu arcs",
					       blen, (unsigned long long)k);
			narcs += (size_t)k;
		}
		off += GMON_SIDE_RECORD_HEADER_LEN + (size_t)round8(blen);
		if (tag == GMON_SIDE_END) {
			if (off != len)
				return gp_fail(err,
					       "%zu bytes after the END record",
					       len - off);
			c->nthread = n;
			c->nobj = nobj;
			c->narcs = narcs;
			return 0;
		}
	}
	if (off == GMON_SIDE_HEADER_LEN)
		return gp_fail(err, "no RUN record");
	return gp_fail(err, "truncated: no END record");
}

/* Object ids to indices: open addressing, UINT32_MAX empty. */
struct idmap {
	uint32_t *slot; /* index into s->obj */
	size_t cap;     /* a power of two, more than twice the objects */
};

static size_t
id_slot(uint32_t id, size_t cap)
{
	return (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ull) >> 24) &
	       (cap - 1);
}

/* The index of object ID, or SIDEFILE_EXE for 0, or -1 when undeclared. */
static int64_t
id_find(const struct sidefile *s, const struct idmap *m, uint32_t id)
{
	if (id == 0)
		return SIDEFILE_EXE;
	for (size_t k = id_slot(id, m->cap);; k = (k + 1) & (m->cap - 1)) {
		if (m->slot[k] == UINT32_MAX)
			return -1;
		if (s->obj[m->slot[k]].id == id)
			return m->slot[k];
	}
}

static int
parse_object(struct sidefile *s, struct idmap *m, struct reader *r,
	     uint32_t len, struct gp_err *err)
{
	struct sidefile_object *o = &s->obj[s->nobj];

	if (len < GMON_SIDE_OBJECT_LEN)
		return gp_fail(err, "OBJECT record of %u bytes (at least %u)",
			       len, GMON_SIDE_OBJECT_LEN);
	o->id = rd_u32(r);
	o->flags = rd_u32(r);
	o->load_base = rd_u64(r);
	o->text_lo = rd_u64(r);
	o->text_hi = rd_u64(r);
	uint32_t idlen = rd_u32(r);
	uint32_t pathlen = rd_u32(r);
	if (o->id == 0)
		return gp_fail(err, "OBJECT record with id 0");
	if (id_find(s, m, o->id) >= 0)
		return gp_fail(err, "a second OBJECT record with id %u", o->id);
	if (o->text_lo > o->text_hi)
		return gp_fail(err, "object %u's text ends before it starts",
			       o->id);
	if (idlen > GMON_SIDE_BUILD_ID_MAX)
		return gp_fail(err, "build-id of %u bytes (at most %u)", idlen,
			       GMON_SIDE_BUILD_ID_MAX);
	if (pathlen > GMON_SIDE_EXE_MAX)
		return gp_fail(err, "object path of %u bytes (at most %u)",
			       pathlen, GMON_SIDE_EXE_MAX);
	if ((uint64_t)GMON_SIDE_OBJECT_LEN + idlen + pathlen > len)
		return gp_fail(err,
			       "OBJECT record of %u bytes cannot hold a "
			       "%u-byte build-id and a %u-byte path",
			       len, idlen, pathlen);
	rd_bytes(r, o->build_id, idlen);
	o->build_id_len = idlen;
	o->path = xmalloc((size_t)pathlen + 1);
	rd_bytes(r, o->path, pathlen);
	o->path[pathlen] = '\0';
	size_t k = id_slot(o->id, m->cap);
	while (m->slot[k] != UINT32_MAX)
		k = (k + 1) & (m->cap - 1);
	m->slot[k] = (uint32_t)s->nobj++;
	return 0;
}

static int
parse_hist(struct sidefile *s, const struct idmap *m, struct reader *r,
	   uint32_t len, struct gp_err *err)
{
	if (len < GMON_SIDE_HIST_LEN)
		return gp_fail(err, "HIST record of %u bytes (at least %u)",
			       len, GMON_SIDE_HIST_LEN);
	uint32_t id = rd_u32(r);
	rd_u32(r); /* reserved */
	uint64_t lowpc = rd_u64(r);
	uint64_t nbins = rd_u64(r);
	int64_t k = id_find(s, m, id);
	if (id == 0 || k < 0)
		return gp_fail(err, "HIST record for undeclared object %u", id);
	struct sidefile_object *o = &s->obj[k];
	if (o->has_hist)
		return gp_fail(err, "a second HIST record for object %u", id);
	if (nbins > (len - GMON_SIDE_HIST_LEN) / 4)
		return gp_fail(err,
			       "HIST record of %u bytes cannot hold %llu bins",
			       len, (unsigned long long)nbins);
	if (lowpc % 4 != 0 || nbins > UINT32_MAX || lowpc + 4 * nbins < lowpc)
		return gp_fail(err,
			       "object %u's histogram has a bad range (0x%llx, "
			       "%llu bins)",
			       id, (unsigned long long)lowpc,
			       (unsigned long long)nbins);
	/* The writer's bins cover the object's text rounded out to 4
	 * bytes; a bin outside it would charge no function of it. */
	uint64_t tlo = o->text_lo & ~(uint64_t)3;
	uint64_t thi = o->text_hi > UINT64_MAX - 3
			   ? UINT64_MAX & ~(uint64_t)3
			   : (o->text_hi + 3) & ~(uint64_t)3;
	if (nbins > 0 &&
	    (lowpc < tlo || lowpc > thi || 4 * nbins > thi - lowpc))
		return gp_fail(err,
			       "object %u's histogram 0x%llx-0x%llx lies "
			       "outside its text 0x%llx-0x%llx",
			       id, (unsigned long long)lowpc,
			       (unsigned long long)(lowpc + 4 * nbins),
			       (unsigned long long)o->text_lo,
			       (unsigned long long)o->text_hi);
	o->has_hist = true;
	o->lowpc = lowpc;
	o->nbins = (uint32_t)nbins;
	o->bins = xcalloc(nbins ? (size_t)nbins : 1, sizeof(*o->bins));
	for (uint64_t i = 0; i < nbins; i++)
		o->bins[i] = rd_u32(r);
	return 0;
}

/* ARCS record number REC (1, 2, ...). */
static int
parse_arcs(struct sidefile *s, const struct idmap *m, struct reader *r,
	   uint32_t len, size_t rec, struct gp_err *err)
{
	if (len < GMON_SIDE_ARCS_LEN)
		return gp_fail(err, "ARCS record of %u bytes (at least %u)",
			       len, GMON_SIDE_ARCS_LEN);
	uint64_t n = rd_u64(r); /* frame() checked it against LEN */
	for (uint64_t i = 0; i < n; i++) {
		struct sidefile_arc *a = &s->arcs[s->narcs];
		uint32_t from_id = rd_u32(r), self_id = rd_u32(r);
		int64_t f = id_find(s, m, from_id), t = id_find(s, m, self_id);

		if (f < 0 || t < 0)
			return gp_fail(err, "arc names undeclared object %u",
				       f < 0 ? from_id : self_id);
		/* gmon.out holds those (the collector never writes them
		 * here): another copy would count their calls twice. */
		if (f == SIDEFILE_EXE && t == SIDEFILE_EXE)
			return gp_fail(err,
				       "ARCS record %zu: arc %llu has both "
				       "ends in the executable, an arc only "
				       "gmon.out holds",
				       rec, (unsigned long long)i);
		a->from_obj = (uint32_t)f;
		a->self_obj = (uint32_t)t;
		a->from = rd_u64(r);
		a->self = rd_u64(r);
		a->count = rd_u64(r);
		s->narcs++;
	}
	return 0;
}

int
sidefile_parse(struct sidefile *s, const uint8_t *data, size_t len,
	       struct gp_err *err)
{
	struct reader r;
	struct counts c = { 0, 0, 0 };
	struct idmap m = { NULL, 0 };
	bool seen_run = false;
	size_t narcs_records = 0;

	memset(s, 0, sizeof(*s));
	if (len < GMON_SIDE_HEADER_LEN ||
	    memcmp(data, GMON_SIDE_MAGIC, GMON_SIDE_MAGIC_LEN) != 0)
		return gp_fail(err, "not a side file (no \"%s\" header)",
			       GMON_SIDE_MAGIC);
	reader_init(&r, data + GMON_SIDE_MAGIC_LEN, 4, false, 8);
	uint32_t version = rd_u32(&r);
	if (version != GMON_SIDE_VERSION)
		return gp_fail(err,
			       "side file version %u (this gprof reads %u)",
			       version, GMON_SIDE_VERSION);
	if (frame(data, len, &c, err) != 0)
		return -1;
	if (c.nthread > 0)
		s->thread = xcalloc(c.nthread, sizeof(*s->thread));
	if (c.nobj > 0)
		s->obj = xcalloc(c.nobj, sizeof(*s->obj));
	if (c.narcs > 0)
		s->arcs = xcalloc(c.narcs, sizeof(*s->arcs));
	for (m.cap = 4; m.cap < 2 * c.nobj + 2;)
		m.cap *= 2;
	m.slot = xreallocarray(NULL, m.cap, sizeof(*m.slot));
	memset(m.slot, 0xff, m.cap * sizeof(*m.slot));

	int rc = 0;
	for (size_t off = GMON_SIDE_HEADER_LEN; rc == 0 && off < len;) {
		reader_init(&r, data + off, GMON_SIDE_RECORD_HEADER_LEN, false,
			    8);
		uint32_t tag = rd_u32(&r);
		uint32_t blen = rd_u32(&r);
		/* frame() checked that the body and its padding fit. */
		reader_init(&r, data + off + GMON_SIDE_RECORD_HEADER_LEN, blen,
			    false, 8);
		off += GMON_SIDE_RECORD_HEADER_LEN + (size_t)round8(blen);
		switch (tag) {
		case GMON_SIDE_RUN:
			if (seen_run)
				rc = gp_fail(err, "a second RUN record");
			else
				rc = parse_run(s, &r, blen, err);
			seen_run = true;
			break;
		case GMON_SIDE_TIE:
			if (s->has_tie) {
				rc = gp_fail(err, "a second TIE record");
			} else if (blen < GMON_SIDE_TIE_LEN) {
				rc = gp_fail(err,
					     "TIE record of %u bytes "
					     "(at least %u)",
					     blen, GMON_SIDE_TIE_LEN);
			} else {
				s->tie_size = rd_u64(&r);
				s->tie_hash = rd_u64(&r);
				s->has_tie = true;
			}
			break;
		case GMON_SIDE_CLOCK:
			if (s->has_clock)
				rc = gp_fail(err, "a second CLOCK record");
			else
				rc = parse_clock(s, &r, blen, err);
			break;
		case GMON_SIDE_THREAD: {
			if (blen < GMON_SIDE_THREAD_LEN) {
				rc = gp_fail(err,
					     "THREAD record of %u bytes "
					     "(at least %u)",
					     blen, GMON_SIDE_THREAD_LEN);
				break;
			}
			struct sidefile_thread *t = &s->thread[s->nthread++];
			t->tid = rd_u64(&r);
			t->calls = rd_u64(&r);
			t->arcs = rd_u64(&r);
			t->nested = rd_u64(&r);
			t->dropped = rd_u64(&r);
			break;
		}
		case GMON_SIDE_TOTALS:
			if (s->has_totals) {
				rc = gp_fail(err, "a second TOTALS record");
			} else if (blen < GMON_SIDE_TOTALS_LEN) {
				rc = gp_fail(err,
					     "TOTALS record of %u bytes "
					     "(at least %u)",
					     blen, GMON_SIDE_TOTALS_LEN);
			} else {
				s->calls = rd_u64(&r);
				s->dropped = rd_u64(&r);
				s->nested = rd_u64(&r);
				s->total_threads = rd_u64(&r);
				s->has_totals = true;
			}
			break;
		case GMON_SIDE_OBJECT:
			rc = parse_object(s, &m, &r, blen, err);
			break;
		case GMON_SIDE_HIST:
			rc = parse_hist(s, &m, &r, blen, err);
			break;
		case GMON_SIDE_ARCS:
			rc = parse_arcs(s, &m, &r, blen, ++narcs_records, err);
			break;
		case GMON_SIDE_STACKS:
			rc = stacks_parse(&s->stacks, &r, blen, err);
			break;
		case GMON_SIDE_STACKINFO:
			rc = stacks_parse_info(&s->stacks, &r, blen, err);
			break;
		default: /* a later writer's record: skipped */
			break;
		}
		if (rc == 0 && NEVER(r.bad))
			rc = gp_fail(err, "record ran past its length");
	}
	free(m.slot);
	if (rc == 0)
		rc = stacks_resolve(&s->stacks, s->obj, s->nobj, err);
	if (rc == 0)
		sidefile_threads_parse(s, data, len);
	if (rc != 0) {
		sidefile_free(s);
		return -1;
	}
	s->valid = true;
	return 0;
}

void
sidefile_free(struct sidefile *s)
{
	free(s->exe);
	free(s->thread);
	for (size_t i = 0; i < s->nobj; i++) {
		free(s->obj[i].path);
		free(s->obj[i].bins);
	}
	free(s->obj);
	free(s->arcs);
	stacks_free(&s->stacks);
	sidefile_threads_free(&s->pt);
	memset(s, 0, sizeof(*s));
}

bool
sidefile_profile_run_id(const char *path, uint8_t id[GMON_SIDE_RUN_ID_LEN])
{
	unsigned char h[GMON_HEADER_LEN];
	bool ok = false;

	memset(id, 0, GMON_SIDE_RUN_ID_LEN);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	if (pread_full(fd, h, sizeof(h), 0) == 0 &&
	    memcmp(h, GMON_MAGIC, GMON_MAGIC_LEN) == 0) {
		memcpy(id, h + GMON_MAGIC_LEN + 4, GMON_SIDE_RUN_ID_LEN);
		ok = true;
	}
	close(fd);
	return ok;
}

/* The nominal periods S's samples stood for: the delivered rate (in
 * mHz) times the time measured. */
static unsigned __int128
clock_periods(const struct sidefile *s)
{
	return (unsigned __int128)s->rate_mhz * s->sampled_ns / 1000000000000u;
}

/*
 * gmon.out's rate is nominal (the one asked for, or the tick's): times
 * are samples / rate.  Warn when the samples stand for a time more than
 * 5 % (and more than two periods per thread armed, up to 16, plus two:
 * a thread's last period is never sampled, and the tick may delay the
 * one before) away from the time the clock measured:
 * periods the clock could not sample, or a clock that did not keep its
 * rate.  Side files from before the nominal rate wrote the delivered
 * rate, which never differs.
 */
static void
check_clock(const struct sidefile *s, const char *profile)
{
	if (!s->has_clock || s->rate_hz == 0 || s->sampled_ns == 0)
		return;
	uint64_t measured = s->sampled_ns;
	unsigned __int128 stood = clock_periods(s) * 1000000000u / s->rate_hz;
	unsigned __int128 diff =
	    stood > measured ? stood - measured : measured - stood;
	/* A process-wide clock arms no thread: the threads that ran the
	 * hooks (TOTALS) then. */
	uint64_t nt =
	    s->threads > s->total_threads ? s->threads : s->total_threads;
	uint64_t ends = 2 * (1 + (nt < 16 ? nt : 16));
	if (diff * 20 <= measured || diff <= ends * (1000000000u / s->rate_hz))
		return;
	char name[256];
	uint64_t st = stood > UINT64_MAX ? UINT64_MAX : (uint64_t)stood;
	gp_warn("%s: the samples stand for %llu.%03llu s at %u per second, "
		"but the clock measured %llu.%03llu s of time (%llu %% %s); "
		"the times are off by that much",
		sanitize_name(profile, name, sizeof(name)),
		(unsigned long long)(st / 1000000000u),
		(unsigned long long)(st % 1000000000u / 1000000u), s->rate_hz,
		(unsigned long long)(measured / 1000000000u),
		(unsigned long long)(measured % 1000000000u / 1000000u),
		(unsigned long long)(diff * 100 / measured),
		st < measured ? "short" : "over");
}

/*
 * -d describes the sum of the runs: KEEP's CLOCK gets S's counts and
 * time, its delivered rate weighted by each run's time.  Runs of
 * another clock or another nominal rate are not summed into it.
 */
static void
sum_clock(struct sidefile *keep, const struct sidefile *s)
{
	if (!keep->has_clock || !s->has_clock ||
	    keep->clock_kind != s->clock_kind || keep->rate_hz != s->rate_hz ||
	    keep->asked_hz != s->asked_hz)
		return;
	unsigned __int128 periods = clock_periods(keep) + clock_periods(s);
	keep->sampled_ns = gp_add_sat(keep->sampled_ns, s->sampled_ns);
	keep->samples = gp_add_sat(keep->samples, s->samples);
	keep->outside = gp_add_sat(keep->outside, s->outside);
	keep->collector = gp_add_sat(keep->collector, s->collector);
	keep->lost = gp_add_sat(keep->lost, s->lost);
	keep->threads = gp_add_sat(keep->threads, s->threads);
	keep->unarmed = gp_add_sat(keep->unarmed, s->unarmed);
	keep->blocked = gp_add_sat(keep->blocked, s->blocked);
	keep->runs++;
	if (keep->sampled_ns) {
		unsigned __int128 mhz =
		    periods * 1000000000000u / keep->sampled_ns;
		keep->rate_mhz = mhz > UINT64_MAX ? UINT64_MAX : (uint64_t)mhz;
	}
}

/*
 * The side file at PATH (named NAME in messages), whole, into *DATA
 * (owned by the caller) and *LEN; false, having warned when it exists,
 * when it cannot be read or is not PF's owner's.  The owner is read
 * from the file as opened, so a name swapped in later is never read.
 */
static bool
load(const struct gmon_file *pf, const char *path, const char *name,
     uint8_t **data, size_t *len)
{
	struct gp_err err;
	struct stat st;
	char prof_name[256];

	if (stat(path, &st) != 0) {
		/* A profile whose name is within 6 bytes of NAME_MAX has
		 * no side file: the collector cannot make the name. */
		if (errno != ENOENT && errno != ENAMETOOLONG)
			gp_warn("%s: %s; side file ignored", name,
				strerror(errno));
		return false;
	}
	int fd = open_regular(path, &st, &err);
	if (fd < 0) {
		gp_warn("%s; side file ignored", err.msg);
		return false;
	}
	sanitize_name(pf->path, prof_name, sizeof(prof_name));
	bool ok = false;
	if (pf->has_owner && st.st_uid != (uid_t)pf->owner)
		gp_warn("%s: owned by uid %lu, but %s by uid %lu: only a side "
			"file of the profile's owner is read; ignored",
			name, (unsigned long)st.st_uid, prof_name,
			(unsigned long)pf->owner);
	else if ((uint64_t)st.st_size > SIDEFILE_MAX_BYTES)
		gp_warn("%s: %llu bytes, more than a side file can be; ignored",
			name, (unsigned long long)st.st_size);
	else
		ok = true;
	if (ok) {
		*len = (size_t)st.st_size;
		*data = xmalloc(*len ? *len : 1);
		if (pread_full(fd, *data, *len, 0) != 0) {
			gp_warn("%s: %s; side file ignored", name,
				errno ? strerror(errno)
				      : "shorter than its size");
			free(*data);
			ok = false;
		}
	}
	close(fd);
	return ok;
}

/*
 * The size and hash of the file at PATH into *SIZE and *HASH: for a
 * profile gmon_read() did not hash (no side file was there then).
 * False when it cannot be read.
 */
static bool
hash_file(const char *path, uint64_t *size, uint64_t *hash)
{
	struct gp_err err;
	struct stat st;
	struct stream in;
	int fd = open_regular(path, &st, &err);

	if (fd < 0)
		return false;
	*size = (uint64_t)st.st_size;
	stream_file(&in, fd, *size);
	stream_want_hash(&in);
	stream_skip(&in, *size); /* the hash reads what is skipped */
	bool ok = stream_hash(&in, hash);
	stream_free(&in);
	close(fd);
	return ok;
}

/* Whether S belongs to the profile PF (see sidefile.h); warns when not. */
static bool
belongs(const struct sidefile *s, const struct gmon_file *pf, const char *name)
{
	static const uint8_t zero[GMON_SIDE_RUN_ID_LEN];
	char prof_name[256];
	uint64_t size = pf->size, hash = pf->hash;

	sanitize_name(pf->path, prof_name, sizeof(prof_name));
	if (s->has_tie && !pf->hashed && !hash_file(pf->path, &size, &hash)) {
		gp_warn("%s: %s could not be read again to check that they "
			"belong together; ignored",
			name, prof_name);
		return false;
	}
	if (s->has_tie) {
		if (s->tie_size == size && s->tie_hash == hash)
			return true;
		gp_warn("%s belongs to another profile than %s (written for "
			"other bytes: %s was written again since); ignored",
			name, prof_name, prof_name);
		return false;
	}
	/* A side file from before TIE: the run id. */
	uint8_t id[GMON_SIDE_RUN_ID_LEN];
	sidefile_profile_run_id(pf->path, id);
	if (memcmp(s->run_id, zero, sizeof(zero)) == 0) {
		gp_warn("%s cannot be tied to %s (an older side file with a "
			"zero run id); ignored",
			name, prof_name);
		return false;
	}
	if (memcmp(id, s->run_id, sizeof(id)) != 0) {
		gp_warn("%s belongs to another run than %s (run ids differ); "
			"ignored",
			name, prof_name);
		return false;
	}
	return true;
}

void
sidefile_check(const struct gmon_file *pf, struct exe *x, const char *exe,
	       struct sidefile *keep, sidefile_fn *on_side, void *ctx)
{
	struct gp_err err;
	char name[256], exe_name[256];
	const char *profile = pf->path;
	size_t plen = strlen(profile);
	char *path = xmalloc(plen + sizeof(GMON_SIDE_SUFFIX));

	memcpy(path, profile, plen);
	memcpy(path + plen, GMON_SIDE_SUFFIX, sizeof(GMON_SIDE_SUFFIX));
	sanitize_name(path, name, sizeof(name));
	sanitize_name(exe, exe_name, sizeof(exe_name));
	uint8_t *data;
	size_t len;
	bool loaded = load(pf, path, name, &data, &len);
	free(path);
	if (!loaded)
		return;
	struct sidefile s;
	int rc = sidefile_parse(&s, data, len, &err);
	free(data);
	if (rc != 0) {
		gp_warn("%s: corrupt side file (%s); ignored", name, err.msg);
		return;
	}
	if (!belongs(&s, pf, name)) {
		sidefile_free(&s);
		return;
	}

	uint8_t bid[GMON_SIDE_BUILD_ID_MAX];
	size_t blen =
	    s.build_id_len ? exe_build_id_bytes(x, bid, sizeof(bid)) : 0;
	if (blen > 0 && s.build_id_len > 0 &&
	    (blen != s.build_id_len || memcmp(bid, s.build_id, blen) != 0)) {
		char prof_name[256], h1[2 * GMON_SIDE_BUILD_ID_MAX + 1];
		char h2[2 * GMON_SIDE_BUILD_ID_MAX + 1];
		gp_warn(
		    "%s was written by another build of %s (build-id %s, "
		    "%s has %s)",
		    sanitize_name(profile, prof_name, sizeof(prof_name)),
		    exe_name,
		    build_id_hex(s.build_id, s.build_id_len, h1, sizeof(h1)),
		    exe_name, build_id_hex(bid, blen, h2, sizeof(h2)));
	}
	check_clock(&s, profile);
	if (s.stacks.capped)
		gp_warn("%s: stack sample counts overflow 64 bits; capped at "
			"2^64-1",
			name);
	if (s.pt.bad)
		gp_warn("%s: per-thread data ignored (%s)", name, s.pt.why);
	if (s.pt.window_why[0] != '\0')
		gp_warn("%s: %s; ignored", name, s.pt.window_why);
	if (on_side != NULL)
		on_side(&s, ctx);
	if (!keep->valid) {
		*keep = s;
	} else {
		sum_clock(keep, &s);
		sidefile_free(&s);
	}
}

static const char *
kind_name(uint32_t kind)
{
	switch (kind) {
	case GMON_SIDE_CLOCK_PERF:
		return "perf";
	case GMON_SIDE_CLOCK_THREAD_TIMER:
		return "thread-timer";
	case GMON_SIDE_CLOCK_ITIMER:
		return "itimer";
	case GMON_SIDE_CLOCK_WALL:
		return "wall";
	case GMON_SIDE_CLOCK_NONE:
		return "none";
	}
	return "unknown";
}

void
sidefile_describe(FILE *out, const struct sidefile *s)
{
	char buf[GMON_SIDE_EXE_MAX + 1], h[2 * GMON_SIDE_BUILD_ID_MAX + 1];

	if (!s->valid)
		return;
	fprintf(out, "[side] program %s, build-id %s, load base 0x%llx\n",
		sanitize_name(s->exe, buf, sizeof(buf)),
		s->build_id_len
		    ? build_id_hex(s->build_id, s->build_id_len, h, sizeof(h))
		    : "none",
		(unsigned long long)s->load_base);
	if (s->has_clock)
		fprintf(out,
			"[side] clock %s (%s): asked %u Hz, delivered "
			"%llu.%03llu Hz (written %u) over %llu.%09llu s; "
			"%llu samples, %llu outside, %llu in the collector, "
			"%llu lost; %llu threads armed, %llu not, %llu "
			"blocking it\n",
			sanitize_name(s->clock_name, buf, sizeof(buf)),
			kind_name(s->clock_kind), s->asked_hz,
			(unsigned long long)(s->rate_mhz / 1000),
			(unsigned long long)(s->rate_mhz % 1000), s->rate_hz,
			(unsigned long long)(s->sampled_ns / 1000000000u),
			(unsigned long long)(s->sampled_ns % 1000000000u),
			(unsigned long long)s->samples,
			(unsigned long long)s->outside,
			(unsigned long long)s->collector,
			(unsigned long long)s->lost,
			(unsigned long long)s->threads,
			(unsigned long long)s->unarmed,
			(unsigned long long)s->blocked);
	if (s->has_clock && s->runs > 1)
		fprintf(out,
			"[side] the clock line sums %u runs (the delivered "
			"rate weighted by their time)\n",
			s->runs);
	if (s->has_totals)
		fprintf(out,
			"[side] %llu calls, %llu dropped, %llu nested, %llu "
			"threads\n",
			(unsigned long long)s->calls,
			(unsigned long long)s->dropped,
			(unsigned long long)s->nested,
			(unsigned long long)s->total_threads);
	if (s->nobj > 0 || s->narcs > 0)
		fprintf(out, "[side] load map: %zu objects, %zu arcs\n",
			s->nobj, s->narcs);
	for (size_t i = 0; i < s->nthread; i++)
		fprintf(out,
			"[side] thread %llu: %llu calls, %llu arcs, %llu "
			"nested, %llu dropped\n",
			(unsigned long long)s->thread[i].tid,
			(unsigned long long)s->thread[i].calls,
			(unsigned long long)s->thread[i].arcs,
			(unsigned long long)s->thread[i].nested,
			(unsigned long long)s->thread[i].dropped);
}
