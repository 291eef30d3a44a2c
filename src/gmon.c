/*
 * gmon.c - read gmon.out files, GNU and BSD formats, into one summed
 * struct gmon.
 *
 * GNU format: a 20-byte header ("gmon", u32 version, 12 spare bytes),
 * then tagged records until the end of the file:
 *   0 histogram:  lowpc, highpc (words), u32 nbins, u32 rate,
 *                 char dimen[15], char abbrev, nbins x u16
 *   1 arc:        frompc, selfpc (words), u32 count
 *   2 basic-block counts: u32 n, n x (addr, count) (words)
 * BSD formats: lowpc, highpc (words), u32 ncnt (header + histogram
 * bytes), for 4.4BSD u32 version, u32 rate and 12 spare bytes; then the
 * u16 bins and (frompc, selfpc, count) word triples until the end.
 *
 * Invariant: a record is added to G only after all of it has been read
 * and checked.
 */
#include "gmon.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader.h"

#define TAG_HIST 0
#define TAG_ARC 1
#define TAG_BB 2
#define BSD_OLD_RATE 100

void
gmon_init(struct gmon *g, int word, bool big_endian)
{
	memset(g, 0, sizeof(*g));
	g->word = word;
	g->big_endian = big_endian;
}

void
gmon_free(struct gmon *g)
{
	for (size_t i = 0; i < g->nhists; i++) {
		free(g->hists[i].bins);
		free(g->hists[i].bins32);
		free(g->hists[i].bins16);
	}
	for (size_t i = 0; i < g->nfiles; i++)
		free(g->files[i].path);
	free(g->hists);
	free(g->arcs);
	free(g->arc_hash);
	free(g->bbs);
	free(g->files);
	memset(g, 0, sizeof(*g));
}

static size_t
arc_slot(uint64_t from, uint64_t self, size_t cap)
{
	uint64_t h = (from * 0x9E3779B97F4A7C15ull) ^ (self + (self << 29));

	h *= 0xBF58476D1CE4E5B9ull;
	return (size_t)(h >> 17) & (cap - 1);
}

static void
arc_rehash(struct gmon *g)
{
	size_t cap = g->arc_hash_cap ? 2 * g->arc_hash_cap : 1024;

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

/*
 * Sum COUNT into the arc FROM -> SELF, adding it if new.  Profiles of
 * many runs repeat the same arcs, so the table grows with the distinct
 * arcs only.
 */
static void
add_arc(struct gmon *g, uint64_t from, uint64_t self, uint64_t count)
{
	size_t s;

	if (2 * (g->narcs + 1) > g->arc_hash_cap)
		arc_rehash(g);
	for (s = arc_slot(from, self, g->arc_hash_cap); g->arc_hash[s] != UINT32_MAX;
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

/* Give H room for sums up to MAX (widening its counters if need be). */
static void
widen(struct gmon_hist *h, uint64_t max)
{
	if (h->bins16 != NULL && max > UINT16_MAX) {
		h->bins32 = xcalloc(h->nbins, sizeof(*h->bins32));
		for (uint32_t i = 0; i < h->nbins; i++)
			h->bins32[i] = h->bins16[i];
		free(h->bins16);
		h->bins16 = NULL;
	}
	if (h->bins32 != NULL && max > UINT32_MAX) {
		h->bins = xcalloc(h->nbins, sizeof(*h->bins));
		for (uint32_t i = 0; i < h->nbins; i++)
			h->bins[i] = h->bins32[i];
		free(h->bins32);
		h->bins32 = NULL;
	}
}

/* Add the NBINS u16 counters at R to H (R holds them all: checked). */
static void
add_bins(struct gmon_hist *h, struct reader *r)
{
	struct reader peek = *r;
	uint64_t max = 0;

	for (uint32_t i = 0; i < h->nbins; i++) {
		uint64_t v = gmon_bin(h, i) + rd_u16(&peek);
		if (v > max)
			max = v;
	}
	widen(h, max);
	for (uint32_t i = 0; i < h->nbins; i++) {
		uint16_t v = rd_u16(r);
		if (h->bins16 != NULL)
			h->bins16[i] = (uint16_t)(h->bins16[i] + v);
		else if (h->bins32 != NULL)
			h->bins32[i] += v;
		else
			h->bins[i] += v;
	}
}

/*
 * Check the rate and unit of a new histogram against the first one, or
 * adopt them if it is the first.
 */
static int
check_rate(struct gmon *g, const char *path, uint32_t rate, const char *dimen,
	   char abbrev, struct gp_err *err)
{
	if (!g->have_rate) {
		g->have_rate = true;
		g->rate = rate;
		snprintf(g->dimen, sizeof(g->dimen), "%s", dimen);
		g->abbrev = abbrev;
		return 0;
	}
	if (rate != g->rate)
		return gp_fail(err, "%s: profiling rate %u differs from the first file's %u",
			       path, rate, g->rate);
	if (strcmp(dimen, g->dimen) != 0 || abbrev != g->abbrev)
		return gp_fail(err, "%s: histogram unit differs from the first file's",
			       path);
	return 0;
}

/*
 * Sum a histogram of NBINS bins read by R into G: into the existing one
 * with the same range, or as a new one.  Ranges that partly overlap, or
 * bins of another width, cannot be summed.
 */
static int
merge_hist(struct gmon *g, const char *path, uint64_t lowpc, uint64_t highpc,
	   uint32_t nbins, struct reader *r, struct gp_err *err)
{
	struct gmon_hist *h = NULL;

	if (highpc <= lowpc)
		return gp_fail(err, "%s: histogram range 0x%llx-0x%llx is empty or reversed",
			       path, (unsigned long long)lowpc,
			       (unsigned long long)highpc);
	if (nbins == 0)
		return gp_fail(err, "%s: histogram has no bins", path);
	if (nbins > reader_left(r) / 2)
		return gp_fail(err, "%s: histogram claims %u bins but only %zu bytes remain",
			       path, nbins, reader_left(r));
	for (size_t i = 0; i < g->nhists; i++) {
		struct gmon_hist *o = &g->hists[i];

		if (o->lowpc == lowpc && o->highpc == highpc) {
			if (o->nbins != nbins)
				return gp_fail(err, "%s: histogram has %u bins, an earlier one over the same range %u",
					       path, nbins, o->nbins);
			h = o;
			break;
		}
		if (lowpc < o->highpc && o->lowpc < highpc)
			return gp_fail(err, "%s: histogram 0x%llx-0x%llx partly overlaps an earlier one",
				       path, (unsigned long long)lowpc,
				       (unsigned long long)highpc);
	}
	if (g->nhists > 0 && h == NULL &&
	    fabs(gmon_scale(lowpc, highpc, nbins) -
		 gmon_scale(g->hists[0].lowpc, g->hists[0].highpc,
			  g->hists[0].nbins)) > 1e-6)
		return gp_fail(err, "%s: histogram bins differ in width from the first histogram's",
			       path);
	if (h == NULL) {
		g->hists = xreallocarray(g->hists, g->nhists + 1, sizeof(*g->hists));
		h = &g->hists[g->nhists++];
		memset(h, 0, sizeof(*h));
		h->lowpc = lowpc;
		h->highpc = highpc;
		h->nbins = nbins;
		h->bins16 = xcalloc(nbins, sizeof(*h->bins16));
	}
	add_bins(h, r);
	return 0;
}

static int
read_gnu_hist(struct gmon *g, const char *path, struct reader *r,
	      struct gp_err *err)
{
	uint64_t lowpc = rd_word(r), highpc = rd_word(r);
	uint32_t nbins = rd_u32(r), rate = rd_u32(r);
	char dimen[16] = { 0 };
	char abbrev;

	rd_bytes(r, dimen, 15);
	abbrev = (char)rd_u8(r);
	if (r->bad)
		return gp_fail(err, "%s: truncated histogram record", path);
	if (check_rate(g, path, rate, dimen, abbrev, err) != 0)
		return -1;
	g->last_highpc = highpc;
	g->last_nbins = nbins;
	return merge_hist(g, path, lowpc, highpc, nbins, r, err);
}

static int
read_gnu_bb(struct gmon *g, const char *path, struct reader *r,
	    struct gp_err *err)
{
	uint32_t n = rd_u32(r);

	if (r->bad)
		return gp_fail(err, "%s: truncated basic-block record", path);
	if (n > reader_left(r) / (2 * (size_t)g->word))
		return gp_fail(err, "%s: basic-block record claims %u counts but only %zu bytes remain",
			       path, n, reader_left(r));
	for (uint32_t i = 0; i < n; i++) {
		uint64_t addr = rd_word(r), count = rd_word(r);
		add_bb(g, addr, count);
	}
	return 0;
}

static int
read_gnu(struct gmon *g, struct gmon_file *f, struct reader *r,
	 struct gp_err *err)
{
	const char *path = f->path;
	char cookie[4];
	uint32_t version;

	rd_bytes(r, cookie, 4);
	version = rd_u32(r);
	rd_skip(r, 12);
	if (r->bad)
		return gp_fail(err, "%s: file too short for a gmon header", path);
	if (memcmp(cookie, "gmon", 4) != 0)
		return gp_fail(err, "%s: not a GNU gmon file (bad magic)", path);
	if (version > 1)
		return gp_fail(err, "%s: unsupported gmon version %u", path, version);
	f->version = (int)version;
	while (reader_left(r) > 0) {
		size_t at = r->off;
		uint8_t tag = rd_u8(r);
		int rc;

		switch (tag) {
		case TAG_HIST:
			rc = read_gnu_hist(g, path, r, err);
			f->nhist++;
			break;
		case TAG_ARC: {
			uint64_t from = rd_word(r), self = rd_word(r);
			uint32_t count = rd_u32(r);
			if (r->bad)
				return gp_fail(err, "%s: truncated call-graph record at offset %zu",
					       path, at);
			add_arc(g, from, self, count);
			f->narcs++;
			rc = 0;
			break;
		}
		case TAG_BB:
			rc = read_gnu_bb(g, path, r, err);
			f->nbb++;
			break;
		default:
			return gp_fail(err, "%s: bad record tag %u at offset %zu",
				       path, tag, at);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int
read_bsd(struct gmon *g, struct gmon_file *f, struct reader *r,
	 enum gmon_format fmt, struct gp_err *err)
{
	const char *path = f->path;
	uint64_t lowpc = rd_word(r), highpc = rd_word(r);
	uint32_t ncnt = rd_u32(r), rate = BSD_OLD_RATE;
	size_t hdr = 2 * (size_t)g->word + 4;
	size_t save = r->off;
	uint32_t version = rd_u32(r);

	if (r->bad)
		return gp_fail(err, "%s: file too short for a BSD gmon header", path);
	if (fmt != GMON_BSD && version != GMON_BSD44_VERSION && fmt == GMON_BSD44)
		return gp_fail(err, "%s: not a 4.4BSD gmon file (version 0x%x)",
			       path, version);
	if (version == GMON_BSD44_VERSION) {
		rate = rd_u32(r);
		rd_skip(r, 12);
		hdr += 20;
		if (r->bad)
			return gp_fail(err, "%s: truncated 4.4BSD gmon header", path);
	} else {
		r->off = save;
	}
	if (ncnt < hdr || (ncnt - hdr) / 2 > reader_left(r) / 2)
		return gp_fail(err, "%s: header claims %u histogram bytes but the file has %zu",
			       path, ncnt, reader_left(r) + hdr);
	if (g->nhists > 0 && !g->bsd)
		return gp_fail(err, "%s: cannot sum a BSD-format file with GNU-format ones",
			       path);
	if (g->nhists > 0 && (g->hists[0].lowpc != lowpc || g->hists[0].highpc != highpc ||
			      g->hists[0].nbins != (ncnt - hdr) / 2))
		return gp_fail(err, "%s: histogram differs in range or size from the first file's",
			       path);
	if (check_rate(g, path, rate, "seconds", 's', err) != 0)
		return -1;
	g->last_highpc = highpc; /* what GNU leaves in the gmon.sum spare */
	g->last_nbins = ncnt;
	if (merge_hist(g, path, lowpc, highpc, (ncnt - hdr) / 2, r, err) != 0)
		return -1;
	if ((ncnt - hdr) % 2)
		rd_skip(r, 1);
	g->bsd = true;
	f->version = 0; /* as GNU gprof's -i reports BSD files */
	f->nhist = 1;
	while (reader_left(r) > 0) {
		uint64_t from = rd_word(r), self = rd_word(r), count = rd_word(r);
		if (r->bad)
			return gp_fail(err, "%s: truncated arc record at offset %zu",
				       path, r->off);
		add_arc(g, from, self, count);
		f->narcs++;
	}
	return 0;
}

int
gmon_read_mem(struct gmon *g, const char *path, const unsigned char *p,
	      size_t n, enum gmon_format fmt, struct gp_err *err)
{
	struct reader r;
	struct gmon_file f = { 0 };
	int rc;

	reader_init(&r, p, n, g->big_endian, g->word);
	f.path = xstrdup(path);
	if (fmt == GMON_AUTO)
		fmt = n >= 4 && memcmp(p, "gmon", 4) == 0 ? GMON_GNU : GMON_BSD;
	if (n == 0)
		rc = gp_fail(err, "%s: empty file", path);
	else if (fmt == GMON_GNU)
		rc = read_gnu(g, &f, &r, err);
	else
		rc = read_bsd(g, &f, &r, fmt, err);
	if (rc != 0) {
		free(f.path);
		return -1;
	}
	g->files = xreallocarray(g->files, g->nfiles + 1, sizeof(*g->files));
	g->files[g->nfiles++] = f;
	return 0;
}

int
gmon_read(struct gmon *g, const char *path, enum gmon_format fmt,
	  struct gp_err *err)
{
	struct stat st;
	unsigned char *buf;
	size_t n = 0, cap;
	int fd = open_regular(path, &st, err);
	int rc;

	if (fd < 0)
		return -1;
	cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size : 4096;
	buf = xmalloc(cap);
	for (;;) {
		ssize_t got;

		if (n == cap)
			buf = xreallocarray(buf, cap *= 2, 1);
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = gp_fail(err, "%s: %s", path, strerror(errno));
			free(buf);
			close(fd);
			return rc;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	rc = gmon_read_mem(g, path, buf, n, fmt, err);
	free(buf);
	return rc;
}

/* The BSD header (old, or 4.4BSD when asked or when the rate is not
 * the 100 Hz an old header implies) and the 16-bit bins. */
static int
write_bsd_head(const struct gmon *g, struct wbuf *w, enum gmon_format fmt,
	       struct gp_err *err)
{
	const struct gmon_hist *h = g->nhists ? &g->hists[0] : NULL;
	bool v44 = fmt == GMON_BSD44 || (g->have_rate && g->rate != BSD_OLD_RATE);
	size_t hdr = 2 * (size_t)w->word + 4 + (v44 ? 20 : 0);
	uint32_t nbins = h ? h->nbins : 0;

	if (g->nhists > 1)
		return gp_fail(err, "gmon.sum: a BSD-format file holds one histogram, the profiles have %zu",
			       g->nhists);
	if (nbins > (UINT32_MAX - hdr) / 2)
		return gp_fail(err, "gmon.sum: histogram too large for a BSD-format file");
	wb_word(w, h ? h->lowpc : 0);
	wb_word(w, h ? h->highpc : 0);
	wb_u32(w, (uint32_t)(hdr + 2 * (size_t)nbins));
	if (v44) {
		static const unsigned char spare[12];
		wb_u32(w, GMON_BSD44_VERSION);
		wb_u32(w, g->have_rate ? g->rate : BSD_OLD_RATE);
		wb_bytes(w, spare, sizeof(spare));
	}
	for (uint32_t b = 0; b < nbins; b++)
		wb_u16(w, (uint16_t)gmon_bin(h, b));
	return 0;
}

int
gmon_write_head(const struct gmon *g, struct wbuf *w, enum gmon_format fmt,
		struct gp_err *err)
{
	if (fmt == GMON_BSD || fmt == GMON_BSD44)
		return write_bsd_head(g, w, fmt, err);
	wb_bytes(w, "gmon", 4);
	wb_u32(w, 1);
	wb_u64(w, g->last_highpc);
	wb_u32(w, g->last_nbins);
	for (size_t i = 0; i < g->nhists; i++) {
		const struct gmon_hist *h = &g->hists[i];
		char dimen[15] = { 0 };

		memcpy(dimen, g->dimen, sizeof(dimen));
		wb_u8(w, TAG_HIST);
		wb_word(w, h->lowpc);
		wb_word(w, h->highpc);
		wb_u32(w, h->nbins);
		wb_u32(w, g->rate);
		wb_bytes(w, dimen, sizeof(dimen));
		wb_u8(w, (uint8_t)g->abbrev);
		for (uint32_t b = 0; b < h->nbins; b++)
			wb_u16(w, (uint16_t)gmon_bin(h, b));
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
	wb_u8(w, TAG_ARC);
	wb_word(w, from);
	wb_word(w, self);
	wb_u32(w, (uint32_t)count);
}

void
gmon_write_bbs(const struct gmon *g, struct wbuf *w, enum gmon_format fmt)
{
	if (g->nbbs == 0 || fmt == GMON_BSD || fmt == GMON_BSD44)
		return; /* BSD formats have no basic-block records */
	wb_u8(w, TAG_BB);
	wb_u32(w, (uint32_t)g->nbbs);
	for (size_t i = 0; i < g->nbbs; i++) {
		wb_word(w, g->bbs[i].addr);
		wb_word(w, g->bbs[i].count);
	}
}
