/*
 * gmonhist.c - the histograms of a struct gmon: found by range, summed
 * in memory with counters as narrow as the sums allow, or left in their
 * profile file until gmon_bins() reads them.
 */
#include "gmonhist.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reader.h"

/* Histograms of fewer bins are read at once: a small record costs
 * less in memory than a second read. */
#define DEFER_MIN_BINS 4096

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

/* Add the N u16 counters in BYTES (in G's byte order) to bins FIRST.. of
 * H, which is in memory. */
static void
add_chunk(const struct gmon *g, struct gmon_hist *h, uint32_t first,
	  const unsigned char *bytes, uint32_t n)
{
	struct reader r;
	uint64_t max = 0;

	reader_init(&r, bytes, 2 * (size_t)n, g->big_endian, g->word);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t v = gmon_bin(h, first + i) + rd_u16(&r);
		if (v > max)
			max = v;
	}
	widen(h, max);
	reader_init(&r, bytes, 2 * (size_t)n, g->big_endian, g->word);
	for (uint32_t i = first; i < first + n; i++) {
		uint16_t v = rd_u16(&r);
		if (h->bins16 != NULL)
			h->bins16[i] = (uint16_t)(h->bins16[i] + v);
		else if (h->bins32 != NULL)
			h->bins32[i] += v;
		else
			h->bins[i] += v;
	}
}

int
gmon_bins(const struct gmon *g, const struct gmon_hist *h, uint32_t first,
	  uint32_t n, uint64_t *out, struct gp_err *err)
{
	unsigned char bytes[2 * GMON_CHUNK];
	const struct gmon_file *f;

	if (h->bins16 != NULL || h->bins32 != NULL || h->bins != NULL) {
		for (uint32_t i = 0; i < n; i++)
			out[i] = gmon_bin(h, first + i);
		return 0;
	}
	f = &g->files[h->file];
	if (pread_full(f->fd, bytes, 2 * (size_t)n,
		       h->off + 2 * (uint64_t)first) != 0)
		return gp_fail(err, "%s: %s", f->path,
			       errno ? strerror(errno)
				     : "file changed while being read");
	/* The bytes are all there: decoded without a reader's checks. */
	if (g->big_endian)
		for (uint32_t i = 0; i < n; i++)
			out[i] = (uint64_t)bytes[2 * i] << 8 | bytes[2 * i + 1];
	else
		for (uint32_t i = 0; i < n; i++)
			out[i] = bytes[2 * i] | (uint64_t)bytes[2 * i + 1] << 8;
	return 0;
}

/*
 * Read the bins of H, still in its file, into memory.  Closes the file
 * when nothing else waits in it, unless it is KEEP_FD (the file being
 * read).
 */
static int
materialize(struct gmon *g, struct gmon_hist *h, int keep_fd,
	    struct gp_err *err)
{
	uint64_t *chunk = xmalloc(GMON_CHUNK * sizeof(*chunk));
	struct gmon_file *f = &g->files[h->file];
	uint16_t *bins = xcalloc(h->nbins, sizeof(*bins));

	for (uint32_t i = 0; i < h->nbins; i += GMON_CHUNK) {
		uint32_t n =
		    h->nbins - i < GMON_CHUNK ? h->nbins - i : GMON_CHUNK;

		if (gmon_bins(g, h, i, n, chunk, err) != 0) {
			free(chunk);
			free(bins);
			return -1;
		}
		for (uint32_t k = 0; k < n; k++)
			bins[i + k] = (uint16_t)chunk[k];
	}
	free(chunk);
	h->bins16 = bins;
	if (--f->ndeferred == 0 && f->fd != keep_fd) {
		close(f->fd);
		f->fd = -1;
	}
	return 0;
}

int
gmon_materialize_all(struct gmon *g, struct gp_err *err)
{
	for (size_t i = 0; i < g->nhists; i++) {
		struct gmon_hist *h = &g->hists[i];

		if (h->bins16 == NULL && h->bins32 == NULL && h->bins == NULL &&
		    materialize(g, h, -1, err) != 0)
			return -1;
	}
	return 0;
}

/* Add the NBINS bins at S's position to H (in memory); S holds them. */
static int
add_bins(const struct gmon *g, struct gmon_hist *h, struct stream *s,
	 const char *path, struct gp_err *err)
{
	unsigned char bytes[2 * GMON_CHUNK];

	for (uint32_t i = 0; i < h->nbins; i += GMON_CHUNK) {
		uint32_t n =
		    h->nbins - i < GMON_CHUNK ? h->nbins - i : GMON_CHUNK;

		if (stream_get(s, bytes, 2 * (size_t)n) != 2 * (size_t)n)
			return gp_fail(err, "%s: truncated histogram", path);
		add_chunk(g, h, i, bytes, n);
	}
	return 0;
}

int
gmon_check_rate(struct gmon *g, const char *path, uint32_t rate,
		const char *dimen, char abbrev, struct gp_err *err)
{
	if (!g->have_rate) {
		g->have_rate = true;
		g->rate = rate;
		snprintf(g->dimen, sizeof(g->dimen), "%s", dimen);
		g->abbrev = abbrev;
		return 0;
	}
	if (rate != g->rate)
		return gp_fail(
		    err,
		    "%s: profiling rate %u differs from the first file's %u",
		    path, rate, g->rate);
	if (strcmp(dimen, g->dimen) != 0 || abbrev != g->abbrev)
		return gp_fail(
		    err, "%s: histogram unit differs from the first file's",
		    path);
	return 0;
}

/* A new histogram over [LOWPC, HIGHPC): its bins are read now, or left
 * in the file being read (FILE) when they are many. */
static int
new_hist(struct gmon *g, uint64_t lowpc, uint64_t highpc, uint32_t nbins,
	 struct stream *s, size_t file, const char *path, struct gp_err *err)
{
	struct gmon_hist *h;

	if (g->nhists == g->hists_cap) {
		g->hists_cap = g->hists_cap ? 2 * g->hists_cap : 4;
		g->hists =
		    xreallocarray(g->hists, g->hists_cap, sizeof(*g->hists));
	}
	ranges_add(&g->ranges, lowpc, highpc);
	h = &g->hists[g->nhists++];
	memset(h, 0, sizeof(*h));
	h->lowpc = lowpc;
	h->highpc = highpc;
	h->nbins = nbins;
	if (s->fd >= 0 && nbins >= DEFER_MIN_BINS) {
		h->file = (uint32_t)file;
		h->off = s->pos;
		g->files[file].ndeferred++;
		stream_skip(s, 2 * (uint64_t)nbins);
		return 0;
	}
	h->bins16 = xcalloc(nbins, sizeof(*h->bins16));
	return add_bins(g, h, s, path, err);
}

int
gmon_merge_hist(struct gmon *g, struct stream *s, size_t file, uint64_t lowpc,
		uint64_t highpc, uint32_t nbins, struct gp_err *err)
{
	const char *path = g->files[file].path;
	struct gmon_hist *h;
	uint32_t at;

	if (highpc <= lowpc)
		return gp_fail(
		    err,
		    "%s: histogram range 0x%llx-0x%llx is empty or reversed",
		    path, (unsigned long long)lowpc,
		    (unsigned long long)highpc);
	if (nbins == 0)
		return gp_fail(err, "%s: histogram has no bins", path);
	if (nbins > stream_left(s) / 2)
		return gp_fail(
		    err,
		    "%s: histogram claims %u bins but only %llu bytes remain",
		    path, nbins, (unsigned long long)stream_left(s));
	at = ranges_find(&g->ranges, lowpc, highpc);
	if (at == RANGES_NONE) {
		const struct gmon_hist *h0 = g->nhists > 0 ? g->hists : NULL;

		if (h0 != NULL &&
		    fabs(gmon_scale(lowpc, highpc, nbins) -
			 gmon_scale(h0->lowpc, h0->highpc, h0->nbins)) > 1e-6)
			return gp_fail(err,
				       "%s: histogram bins differ in width "
				       "from the first histogram's",
				       path);
		return new_hist(g, lowpc, highpc, nbins, s, file, path, err);
	}
	h = &g->hists[at];
	if (h->lowpc != lowpc || h->highpc != highpc)
		return gp_fail(err,
			       "%s: histogram 0x%llx-0x%llx partly overlaps an "
			       "earlier one",
			       path, (unsigned long long)lowpc,
			       (unsigned long long)highpc);
	if (h->nbins != nbins)
		return gp_fail(err,
			       "%s: histogram has %u bins, an earlier one over "
			       "the same range %u",
			       path, nbins, h->nbins);
	if (h->bins16 == NULL && h->bins32 == NULL && h->bins == NULL &&
	    materialize(g, h, s->fd, err) != 0)
		return -1;
	return add_bins(g, h, s, path, err);
}
