/*
 * gmon.c - read gmon.out files, GNU and BSD formats, into one summed
 * struct gmon.
 *
 * The formats (GNU's tagged records; BSD's and 4.4BSD's header, bins
 * and arc triples) are described in gmon_format.h.
 *
 * Files are read in a stream (stream.h).  The bins of a large histogram
 * whose range is new are skipped and read once, later, by gmon_bins();
 * they are read into memory only when a later record repeats the range
 * and the two must be summed.  Histograms of every format follow one
 * rule: the same range is summed, disjoint ranges are kept in order of
 * first appearance, anything else is refused.
 *
 * Invariant: a record is added to G only after all of it has been read
 * and checked.
 */
#include "gmon.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon_format.h"
#include "gmon_side.h"
#include "gmonhist.h"
#include "reader.h"
#include "stream.h"

void
gmon_init(struct gmon *g, int word, bool big_endian)
{
	memset(g, 0, sizeof(*g));
	g->word = word;
	g->big_endian = big_endian;
	ranges_init(&g->ranges);
}

void
gmon_free(struct gmon *g)
{
	for (size_t i = 0; i < g->nhists; i++) {
		free(g->hists[i].bins);
		free(g->hists[i].bins32);
		free(g->hists[i].bins16);
	}
	for (size_t i = 0; i < g->nfiles; i++) {
		free(g->files[i].path);
		if (g->files[i].fd >= 0)
			close(g->files[i].fd);
	}
	free(g->hists);
	free(g->arcs);
	free(g->arc_hash);
	free(g->bbs);
	free(g->files);
	ranges_free(&g->ranges);
	memset(g, 0, sizeof(*g));
}

void
gmon_compact(struct gmon *g)
{
	free(g->arc_hash);
	g->arc_hash = NULL;
	g->arc_hash_cap = 0;
	if (g->arcs_cap > g->narcs && g->narcs > 0) {
		g->arcs = xreallocarray(g->arcs, g->narcs, sizeof(*g->arcs));
		g->arcs_cap = g->narcs;
	}
}

static size_t
arc_slot(uint64_t from, uint64_t self, size_t cap)
{
	uint64_t h = (from * 0x9E3779B97F4A7C15ull) ^ (self + (self << 29));

	h *= 0xBF58476D1CE4E5B9ull;
	return (size_t)(h >> 17) & (cap - 1);
}

/* A table for at least NEED arcs (its cap at least twice NEED). */
static void
arc_rehash_for(struct gmon *g, size_t need)
{
	size_t cap = g->arc_hash_cap ? 2 * g->arc_hash_cap : 1024;

	while (cap / 2 < need) /* after gmon_compact(), say */
		cap *= 2;
	free(g->arc_hash);
	g->arc_hash = xreallocarray(NULL, cap, sizeof(*g->arc_hash));
	memset(g->arc_hash, 0xff, cap * sizeof(*g->arc_hash));
	g->arc_hash_cap = cap;
	for (size_t i = 0; i < g->narcs; i++) {
		size_t s = arc_slot(g->arcs[i].from, g->arcs[i].self, cap);
		while (g->arc_hash[s] != UINT32_MAX)
			s = (s + 1) & (cap - 1);
		g->arc_hash[s] = (uint32_t)i;
	}
}

static void
arc_rehash(struct gmon *g)
{
	arc_rehash_for(g, g->narcs + 1);
}

/*
 * Room for N more arcs at once (the arc records the rest of a file can
 * hold, which its size bounds), rather than doubling the array and the
 * table, which copies them and touches twice the memory.  Pages of the
 * array that are never written cost nothing.
 */
static void
reserve_arcs(struct gmon *g, size_t n)
{
	if (n > UINT32_MAX - 1 - g->narcs)
		n = UINT32_MAX - 1 - g->narcs;
	if (g->narcs + n > g->arcs_cap) {
		g->arcs_cap = g->narcs + n;
		g->arcs = xreallocarray(g->arcs, g->arcs_cap, sizeof(*g->arcs));
	}
	if (2 * (g->narcs + n) > g->arc_hash_cap)
		arc_rehash_for(g, g->narcs + n);
}

/*
 * Sum COUNT into the arc FROM -> SELF, adding it if new.  Profiles of
 * many runs repeat the same arcs, so the table grows with the distinct
 * arcs only.
 */
static void
sum_arc(struct gmon *g, uint64_t from, uint64_t self, uint64_t count)
{
	size_t s;

	if (2 * (g->narcs + 1) > g->arc_hash_cap)
		arc_rehash(g);
	for (s = arc_slot(from, self, g->arc_hash_cap);
	     g->arc_hash[s] != UINT32_MAX;
	     s = (s + 1) & (g->arc_hash_cap - 1)) {
		struct gmon_arc *a = &g->arcs[g->arc_hash[s]];
		if (a->from == from && a->self == self) {
			a->count += count;
			return;
		}
	}
	if (g->narcs >= UINT32_MAX - 1)
		gp_out_of_memory();
	if (g->narcs == g->arcs_cap) {
		g->arcs_cap = g->arcs_cap ? 2 * g->arcs_cap : 256;
		g->arcs = xreallocarray(g->arcs, g->arcs_cap, sizeof(*g->arcs));
	}
	g->arc_hash[s] = (uint32_t)g->narcs;
	g->arcs[g->narcs].from = from;
	g->arcs[g->narcs].self = self;
	g->arcs[g->narcs].count = count;
	g->narcs++;
}

/* Sum the pending arcs, in order, their slots and arcs fetched first. */
static void
flush_arcs(struct gmon *g)
{
	size_t n = g->npend, cap = g->arc_hash_cap;

	if (cap > 0) {
		size_t s[ARRAY_SIZE(g->pend)];

		for (size_t i = 0; i < n; i++) {
			s[i] = arc_slot(g->pend[i].from, g->pend[i].self, cap);
			GP_PREFETCH(&g->arc_hash[s[i]]);
		}
		for (size_t i = 0; i < n; i++)
			if (g->arc_hash[s[i]] != UINT32_MAX)
				GP_PREFETCH(&g->arcs[g->arc_hash[s[i]]]);
	}
	for (size_t i = 0; i < n; i++)
		sum_arc(g, g->pend[i].from, g->pend[i].self, g->pend[i].count);
	g->npend = 0;
}

static void
add_arc(struct gmon *g, uint64_t from, uint64_t self, uint64_t count)
{
	g->pend[g->npend].from = from;
	g->pend[g->npend].self = self;
	g->pend[g->npend].count = count;
	if (++g->npend == ARRAY_SIZE(g->pend))
		flush_arcs(g);
}

static void
add_bb(struct gmon *g, uint64_t addr, uint64_t count)
{
	if (g->nbbs == g->bbs_cap) {
		g->bbs_cap = g->bbs_cap ? 2 * g->bbs_cap : 64;
		g->bbs = xreallocarray(g->bbs, g->bbs_cap, sizeof(*g->bbs));
	}
	g->bbs[g->nbbs].addr = addr;
	g->bbs[g->nbbs].count = count;
	g->nbbs++;
}

/* R over the next LEN bytes of a record in S; false when the file ends
 * first. */
static bool
take(struct stream *s, const struct gmon *g, size_t len, struct reader *r)
{
	size_t got;
	const unsigned char *p = stream_take(s, len, &got);

	reader_init(r, p, got, g->big_endian, g->word);
	return got == len;
}

static int
read_gnu_hist(struct gmon *g, size_t file, struct stream *s, struct gp_err *err)
{
	const char *path = g->files[file].path;
	struct reader r;
	bool whole = take(s, g, 2 * (size_t)g->word + 24, &r);
	uint64_t lowpc = rd_word(&r), highpc = rd_word(&r);
	uint32_t nbins = rd_u32(&r), rate = rd_u32(&r);
	char dimen[16] = { 0 };
	char abbrev;

	rd_bytes(&r, dimen, GMON_DIMEN_LEN);
	abbrev = (char)rd_u8(&r);
	if (!whole)
		return gp_fail(err, "%s: truncated histogram record", path);
	if (gmon_check_rate(g, path, rate, dimen, abbrev, err) != 0)
		return -1;
	g->last_highpc = highpc;
	g->last_nbins = nbins;
	return gmon_merge_hist(g, s, file, lowpc, highpc, nbins, err);
}

static int
read_gnu_bb(struct gmon *g, const char *path, struct stream *s,
	    struct gp_err *err)
{
	struct reader r;
	bool whole = take(s, g, 4, &r);
	uint32_t n = rd_u32(&r);

	if (!whole)
		return gp_fail(err, "%s: truncated basic-block record", path);
	if (n > stream_left(s) / (2 * (uint64_t)g->word))
		return gp_fail(err,
			       "%s: basic-block record claims %u counts but "
			       "only %llu bytes remain",
			       path, n, (unsigned long long)stream_left(s));
	for (uint32_t i = 0; i < n; i++) {
		uint64_t addr, count;

		if (!take(s, g, 2 * (size_t)g->word, &r))
			return gp_fail(err, "%s: truncated basic-block record",
				       path);
		addr = rd_word(&r);
		count = rd_word(&r);
		add_bb(g, addr, count);
	}
	return 0;
}

static int
read_gnu_arc(struct gmon *g, const char *path, struct stream *s,
	     struct gp_err *err)
{
	struct reader r;
	uint64_t at = s->pos - 1;
	bool whole = take(s, g, 2 * (size_t)g->word + 4, &r);
	uint64_t from = rd_word(&r), self = rd_word(&r);
	uint32_t count = rd_u32(&r);

	if (!whole)
		return gp_fail(err,
			       "%s: truncated call-graph record at offset %llu",
			       path, (unsigned long long)at);
	add_arc(g, from, self, count);
	return 0;
}

static int
read_gnu(struct gmon *g, size_t file, struct stream *s, struct gp_err *err)
{
	struct gmon_file *f = &g->files[file];
	const char *path = f->path;
	struct reader r;
	bool whole = take(s, g, GMON_HEADER_LEN, &r);
	char cookie[GMON_MAGIC_LEN];
	uint32_t version;

	rd_bytes(&r, cookie, GMON_MAGIC_LEN);
	version = rd_u32(&r);
	if (!whole)
		return gp_fail(err, "%s: file too short for a gmon header",
			       path);
	if (memcmp(cookie, GMON_MAGIC, GMON_MAGIC_LEN) != 0)
		return gp_fail(err, "%s: not a GNU gmon file (bad magic)",
			       path);
	if (version > GMON_VERSION)
		return gp_fail(err, "%s: unsupported gmon version %u", path,
			       version);
	f->version = (int)version;
	while (stream_left(s) > 0) {
		uint64_t at = s->pos;
		size_t got;
		const unsigned char *t = stream_take(s, 1, &got);
		int rc;

		if (got != 1)
			return gp_fail(err, "%s: %s", path,
				       s->err_no
					   ? strerror(s->err_no)
					   : "file changed while being read");
		switch (*t) {
		case GMON_TAG_HIST:
			rc = read_gnu_hist(g, file, s, err);
			g->files[file].nhist++;
			break;
		case GMON_TAG_ARC:
			if (g->files[file].narcs == 0) {
				flush_arcs(g);
				reserve_arcs(g, stream_left(s) /
						    (2 * (size_t)g->word + 4));
			}
			rc = read_gnu_arc(g, path, s, err);
			g->files[file].narcs++;
			break;
		case GMON_TAG_BB:
			rc = read_gnu_bb(g, path, s, err);
			g->files[file].nbb++;
			break;
		default:
			return gp_fail(err,
				       "%s: bad record tag %u at offset %llu",
				       path, *t, (unsigned long long)at);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/*
 * The BSD header's rate: 100 per second for an old header (what GNU
 * gprof assumes on Linux, its clock tick rate), the header's for 4.4BSD,
 * and 100 again (with F->rate_assumed) for a 4.4BSD header that says 0.
 */
static uint32_t
bsd_rate(struct gmon_file *f, bool v44, uint32_t rate)
{
	if (!v44)
		return GMON_BSD_OLD_RATE;
	if (rate == 0) {
		f->rate_assumed = true;
		return GMON_BSD_OLD_RATE;
	}
	return rate;
}

static int
read_bsd_arcs(struct gmon *g, size_t file, struct stream *s, struct gp_err *err)
{
	struct reader r;

	while (stream_left(s) > 0) {
		uint64_t from, self, count;

		if (!take(s, g, 3 * (size_t)g->word, &r))
			return gp_fail(
			    err, "%s: truncated arc record at offset %llu",
			    g->files[file].path, (unsigned long long)s->pos);
		from = rd_word(&r);
		self = rd_word(&r);
		count = rd_word(&r);
		add_arc(g, from, self, count);
		g->files[file].narcs++;
	}
	return 0;
}

static int
read_bsd(struct gmon *g, size_t file, struct stream *s, enum gmon_format fmt,
	 struct gp_err *err)
{
	struct gmon_file *f = &g->files[file];
	const char *path = f->path;
	struct reader r;
	size_t hdr = 2 * (size_t)g->word + 4;
	bool whole = take(s, g, hdr + GMON_BSD44_EXTRA_LEN, &r);
	uint64_t lowpc = rd_word(&r), highpc = rd_word(&r);
	uint32_t ncnt = rd_u32(&r), version = rd_u32(&r), rate = rd_u32(&r);
	bool v44 = version == GMON_BSD44_VERSION;

	if (r.n < hdr)
		return gp_fail(err, "%s: file too short for a BSD gmon header",
			       path);
	if (fmt != GMON_BSD && version != GMON_BSD44_VERSION &&
	    fmt == GMON_BSD44)
		return gp_fail(err, "%s: not a 4.4BSD gmon file (version 0x%x)",
			       path, version);
	if (v44 && !whole)
		return gp_fail(err, "%s: truncated 4.4BSD gmon header", path);
	rate = bsd_rate(f, v44, rate);
	/* Back to the end of the header. */
	s->pos -= r.n - (v44 ? hdr + GMON_BSD44_EXTRA_LEN : hdr);
	hdr += v44 ? GMON_BSD44_EXTRA_LEN : 0;
	if (ncnt < hdr || (ncnt - hdr) / 2 > stream_left(s) / 2)
		return gp_fail(err,
			       "%s: header claims %u histogram bytes but the "
			       "file has %llu",
			       path, ncnt,
			       (unsigned long long)(stream_left(s) + hdr));
	if (gmon_check_rate(g, path, rate, "seconds", 's', err) != 0)
		return -1;
	g->last_highpc = highpc; /* what GNU leaves in the gmon.sum spare */
	g->last_nbins = ncnt;
	if (gmon_merge_hist(g, s, file, lowpc, highpc, (ncnt - hdr) / 2, err) !=
	    0)
		return -1;
	if ((ncnt - hdr) % 2)
		stream_skip(s, 1);
	g->bsd = true;
	f = &g->files[file];
	f->version = 0; /* as GNU gprof's -i reports BSD files */
	f->nhist = 1;
	return read_bsd_arcs(g, file, s, err);
}

/*
 * Read the profile in S as the next file of G (PATH), with FD (or -1)
 * kept open while histograms wait in it.  On failure the file is
 * dropped from G's list.
 */
static int
read_stream(struct gmon *g, const char *path, struct stream *s, int fd,
	    enum gmon_format fmt, struct gp_err *err)
{
	struct gmon_file *f;
	size_t file = g->nfiles;
	char magic[4] = { 0 };
	int rc;

	g->files = xreallocarray(g->files, g->nfiles + 1, sizeof(*g->files));
	f = &g->files[g->nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->fd = fd;
	if (fmt == GMON_AUTO) {
		uint64_t at = s->pos;
		size_t got = stream_get(s, magic, 4);

		s->pos = at;
		fmt = got == 4 && memcmp(magic, GMON_MAGIC, GMON_MAGIC_LEN) == 0
			  ? GMON_GNU
			  : GMON_BSD;
	}
	if (s->size == 0)
		rc = gp_fail(err, "%s: empty file", path);
	else if (fmt == GMON_GNU)
		rc = read_gnu(g, file, s, err);
	else
		rc = read_bsd(g, file, s, fmt, err);
	flush_arcs(g);
	if (rc != 0 && s->err_no != 0)
		gp_fail(err, "%s: %s", path, strerror(s->err_no));
	f = &g->files[file];
	if (rc == 0) {
		f->size = s->size;
		f->hashed = stream_hash(s, &f->hash);
	}
	if (rc != 0 || f->ndeferred == 0)
		f->fd = -1; /* the caller closes it */
	if (rc != 0) {
		free(f->path);
		g->nfiles--;
	}
	return rc;
}

int
gmon_read_mem(struct gmon *g, const char *path, const unsigned char *p,
	      size_t n, enum gmon_format fmt, struct gp_err *err)
{
	struct stream s;

	stream_mem(&s, p, n);
	stream_want_hash(&s);
	return read_stream(g, path, &s, -1, fmt, err);
}

/* Whether PATH has a side file beside it (sidefile.h), the one reader
 * of the hash: the others' bytes are not hashed. */
static bool
side_file_beside(const char *path)
{
	size_t n = strlen(path);
	char *side = xmalloc(n + sizeof(GMON_SIDE_SUFFIX));
	struct stat st;

	memcpy(side, path, n);
	memcpy(side + n, GMON_SIDE_SUFFIX, sizeof(GMON_SIDE_SUFFIX));
	bool there = stat(side, &st) == 0;
	free(side);
	return there;
}

int
gmon_read(struct gmon *g, const char *path, enum gmon_format fmt,
	  struct gp_err *err)
{
	struct stream s;
	struct stat st;
	/* A regular file only (open_regular: a FIFO, a device or a
	 * directory is refused, naming it); errno is open(2)'s. */
	int fd = open_regular(path, &st, err);
	int rc;

	if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
		/* Histograms waiting in earlier files hold them open. */
		if (gmon_materialize_all(g, err) != 0)
			return -1;
		fd = open_regular(path, &st, err);
	}
	if (fd < 0)
		return -1;
	stream_file(&s, fd, (uint64_t)st.st_size);
	if (side_file_beside(path))
		stream_want_hash(&s);
	rc = read_stream(g, path, &s, fd, fmt, err);
	stream_free(&s);
	if (rc == 0) {
		g->files[g->nfiles - 1].has_owner = true;
		g->files[g->nfiles - 1].owner = (uint32_t)st.st_uid;
	}
	if (rc != 0 || g->files[g->nfiles - 1].fd < 0)
		close(fd);
	return rc;
}

/* Append H's bins to W as u16 (sums wider than 16 bits are cut, as
 * GNU gprof writes them). */
static int
write_bins(const struct gmon *g, const struct gmon_hist *h, struct wbuf *w,
	   struct gp_err *err)
{
	uint64_t *chunk = xmalloc(GMON_CHUNK * sizeof(*chunk));

	for (uint32_t i = 0; i < h->nbins; i += GMON_CHUNK) {
		uint32_t n =
		    h->nbins - i < GMON_CHUNK ? h->nbins - i : GMON_CHUNK;

		if (gmon_bins(g, h, i, n, chunk, err) != 0) {
			free(chunk);
			return -1;
		}
		for (uint32_t k = 0; k < n; k++)
			wb_u16(w, (uint16_t)chunk[k]);
	}
	free(chunk);
	return 0;
}

/* The BSD header (old, or 4.4BSD when asked or when the rate is not
 * the 100 Hz an old header implies) and the 16-bit bins. */
static int
write_bsd_head(const struct gmon *g, struct wbuf *w, enum gmon_format fmt,
	       struct gp_err *err)
{
	const struct gmon_hist *h = g->nhists ? &g->hists[0] : NULL;
	bool v44 =
	    fmt == GMON_BSD44 || (g->have_rate && g->rate != GMON_BSD_OLD_RATE);
	size_t hdr = 2 * (size_t)w->word + 4 + (v44 ? GMON_BSD44_EXTRA_LEN : 0);
	uint32_t nbins = h ? h->nbins : 0;

	if (g->nhists > 1)
		return gp_fail(err,
			       "gmon.sum: a BSD-format file holds one "
			       "histogram, the profiles have %zu",
			       g->nhists);
	if (nbins > (UINT32_MAX - hdr) / 2)
		return gp_fail(
		    err, "gmon.sum: histogram too large for a BSD-format file");
	wb_word(w, h ? h->lowpc : 0);
	wb_word(w, h ? h->highpc : 0);
	wb_u32(w, (uint32_t)(hdr + 2 * (size_t)nbins));
	if (v44) {
		static const unsigned char spare[GMON_SPARE_LEN];
		wb_u32(w, GMON_BSD44_VERSION);
		wb_u32(w, g->have_rate ? g->rate : GMON_BSD_OLD_RATE);
		wb_bytes(w, spare, sizeof(spare));
	}
	return h != NULL ? write_bins(g, h, w, err) : 0;
}

int
gmon_write_head(const struct gmon *g, struct wbuf *w, enum gmon_format fmt,
		struct gp_err *err)
{
	if (fmt == GMON_BSD || fmt == GMON_BSD44)
		return write_bsd_head(g, w, fmt, err);
	wb_bytes(w, GMON_MAGIC, GMON_MAGIC_LEN);
	wb_u32(w, GMON_VERSION);
	wb_u64(w, g->last_highpc);
	wb_u32(w, g->last_nbins);
	for (size_t i = 0; i < g->nhists; i++) {
		const struct gmon_hist *h = &g->hists[i];
		char dimen[GMON_DIMEN_LEN] = { 0 };

		memcpy(dimen, g->dimen, sizeof(dimen));
		wb_u8(w, GMON_TAG_HIST);
		wb_word(w, h->lowpc);
		wb_word(w, h->highpc);
		wb_u32(w, h->nbins);
		wb_u32(w, g->rate);
		wb_bytes(w, dimen, sizeof(dimen));
		wb_u8(w, (uint8_t)g->abbrev);
		if (write_bins(g, h, w, err) != 0)
			return -1;
	}
	return 0;
}

void
gmon_write_arc(struct wbuf *w, enum gmon_format fmt, uint64_t from,
	       uint64_t self, uint64_t count)
{
	if (fmt == GMON_BSD || fmt == GMON_BSD44) {
		wb_word(w, from);
		wb_word(w, self);
		wb_word(w, count);
		return;
	}
	wb_u8(w, GMON_TAG_ARC);
	wb_word(w, from);
	wb_word(w, self);
	wb_u32(w, (uint32_t)count);
}

void
gmon_write_bb_list(struct wbuf *w, enum gmon_format fmt,
		   const struct gmon_bb *v, size_t n)
{
	if (fmt == GMON_BSD || fmt == GMON_BSD44)
		return; /* BSD formats have no basic-block records */
	wb_u8(w, GMON_TAG_BB);
	wb_u32(w, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		wb_word(w, v[i].addr);
		wb_word(w, v[i].count);
	}
}

bool
gmon_covers(const struct gmon *g, uint64_t addr)
{
	return addr < UINT64_MAX &&
	       ranges_find(&g->ranges, addr, addr + 1) != RANGES_NONE;
}

void
gmon_file_describe(FILE *out, const struct gmon_file *f)
{
	fprintf(out, "File `%s' (version %d) contains:\n", f->path, f->version);
	fprintf(out, "\t%zu histogram record%s\n", f->nhist,
		f->nhist == 1 ? "" : "s");
	fprintf(out, "\t%zu call-graph record%s\n", f->narcs,
		f->narcs == 1 ? "" : "s");
	fprintf(out, "\t%zu basic-block count record%s\n", f->nbb,
		f->nbb == 1 ? "" : "s");
}
