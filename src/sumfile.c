/*
 * sumfile.c - write gmon.sum: histograms as summed, then the arcs and
 * basic-block counts.
 *
 * Invariant: outfile replaces gmon.sum atomically (or warns that it
 * cannot), so a failure or a signal never leaves a partial gmon.sum.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bbsum.h"
#include "gmon_format.h"
#include "gmon_hash.h"
#include "gmon_side.h"
#include "outfile.h"
#include "reader.h"
#include "sumfile.h"

/*
 * The basic-block counts as gmon.sum holds them: merged in GNU's slots
 * of the line-mode table (bbsum.h); a record, maybe empty, whenever an
 * input file had one.
 */
static void
write_bbs(const struct analysis *a, struct wbuf *w, enum gmon_format format)
{
	struct gmon_bb *v;
	size_t n;
	bool any = false;

	for (size_t i = 0; i < a->g.nfiles; i++)
		any |= a->g.files[i].nbb > 0;
	if (!any)
		return;
	n = bbsum_merge(a->g.bbs, a->g.nbbs, &a->lines.st, &v);
	gmon_write_bb_list(w, format, v, n);
	free(v);
}

int
sumfile_encode(const struct analysis *a, enum gmon_format format,
	       struct wbuf *w, struct gp_err *err)
{
	if (gmon_write_head(&a->g, w, format, err) != 0)
		return -1;
	linemode_write_arcs(&a->lines, w, format);
	write_bbs(a, w, format);
	return 0;
}

/* Where gmon.sum's bytes go: the file, a copy of its header for
 * write_side(), and their size and hash for its TIE record. */
struct sum_sink {
	FILE *f;
	unsigned char head[GMON_HEADER_LEN];
	size_t nhead;
	struct gmon_hash hash;
};

static void
to_file(void *ctx, const unsigned char *p, size_t n)
{
	struct sum_sink *s = ctx;
	size_t k = sizeof(s->head) - s->nhead;

	if (k > n)
		k = n;
	memcpy(s->head + s->nhead, p, k);
	s->nhead += k;
	gmon_hash_add(&s->hash, p, n);
	fwrite(p, 1, n, s->f);
}

/*
 * W (objects_encode's side file: header, RUN, then the rest) with the
 * TIE record of gmon.sum's bytes (S) after RUN, into F.
 */
static void
put_tied(FILE *f, const struct wbuf *w, const struct sum_sink *s)
{
	size_t run_end = GMON_SIDE_HEADER_LEN + GMON_SIDE_RECORD_HEADER_LEN;
	struct reader r;
	struct wbuf tie;

	reader_init(&r, w->p + GMON_SIDE_HEADER_LEN, 8, false, 8);
	rd_u32(&r); /* RUN */
	run_end += ((size_t)rd_u32(&r) + 7) & ~(size_t)7;
	assert(run_end <= w->n);
	wbuf_init(&tie, false, 8);
	wb_u32(&tie, GMON_SIDE_TIE);
	wb_u32(&tie, GMON_SIDE_TIE_LEN);
	wb_u64(&tie, s->hash.total);
	wb_u64(&tie, gmon_hash_value(&s->hash));
	fwrite(w->p, 1, run_end, f);
	fwrite(tie.p, 1, tie.n, f);
	fwrite(w->p + run_end, 1, w->n - run_end, f);
	wbuf_free(&tie);
}

/*
 * gmon.sum.gmonx: the summed load map (objects.h), stacks (stacks.h) and
 * threads (threads.h), tied to gmon.sum by the hash of its bytes (TIE) and by its header's
 * spare bytes (RUN's run id, for readers from before TIE), and owned by
 * gmon.sum's owner (a reader insists: gmon.sum's owner carries over when
 * root updates another user's file).  Without either (or for a BSD
 * gmon.sum, which has no spare bytes), a gmon.sum.gmonx left from before
 * is removed: the same spare bytes could tie it to the new gmon.sum.
 */
static int
write_side(const struct analysis *a, const struct sum_sink *s,
	   struct gp_err *err)
{
	static const char name[] = "gmon.sum" GMON_SIDE_SUFFIX;
	struct gp_err warn;
	struct outfile of;
	struct stat st;
	struct wbuf w;
	int rc;
	bool any = a->objs.n > 0 || a->objs.stacks.n > 0 ||
		   threads_complete(&a->objs.threads);

	if (!any || !a->side.valid || s->nhead < GMON_HEADER_LEN ||
	    memcmp(s->head, GMON_MAGIC, GMON_MAGIC_LEN) != 0) {
		if (any)
			gp_warn("a BSD gmon.sum cannot keep the shared "
				"objects' data or the stacks");
		if (unlink(name) != 0 && errno != ENOENT)
			gp_warn("%s: %s", name, strerror(errno));
		return 0;
	}
	wbuf_init(&w, false, 8);
	objects_encode(&a->objs, &a->side, s->head + GMON_MAGIC_LEN + 4, &w);
	rc = outfile_open(&of, name, &warn, err);
	if (rc == 0) {
		if (warn.msg[0] != '\0')
			gp_warn("%s", warn.msg);
		put_tied(of.f, &w, s);
		/* Best effort: a side file another owner's gmon.sum does not
		 * ignore (only root can give it away). */
		if (stat("gmon.sum", &st) == 0 && st.st_uid != geteuid() &&
		    fchown(of.fd, st.st_uid, st.st_gid) != 0)
			gp_warn("%s: cannot give it gmon.sum's owner (%s); "
				"it will be ignored",
				name, strerror(errno));
		rc = outfile_commit(&of, err);
	}
	wbuf_free(&w);
	return rc;
}

static void
warn_if(const struct gp_err *warn)
{
	if (warn->msg[0] != '\0')
		gp_warn("%s", warn->msg);
}

/*
 * A BSD gmon.sum: encoded whole before the file is opened, so a profile
 * a BSD file cannot hold creates nothing.  (Its histograms are small:
 * one per file at most.)
 */
static int
write_whole(const struct analysis *a, enum gmon_format format,
	    struct sum_sink *s, struct gp_err *err)
{
	struct gp_err warn;
	struct outfile of;
	struct wbuf w;
	int rc = -1;

	wbuf_init(&w, a->g.big_endian, a->g.word);
	if (sumfile_encode(a, format, &w, err) == 0 &&
	    outfile_open(&of, "gmon.sum", &warn, err) == 0) {
		warn_if(&warn);
		s->f = of.f;
		to_file(s, w.p, w.n);
		rc = outfile_commit(&of, err);
	}
	wbuf_free(&w);
	return rc;
}

/*
 * gmon.sum is as big as the histograms (a 16-bit bin per 2 to 4 bytes of
 * text) plus the arcs: it goes to the file as it is encoded, through a
 * small buffer, never whole in memory.  Only when the file is rewritten
 * in place (outfile.h) is it encoded whole first, as a failure half-way
 * would leave the old file damaged.
 */
int
sumfile_write(const struct analysis *a, enum gmon_format format,
	      struct gp_err *err)
{
	struct sum_sink s = { 0 };
	struct gp_err warn;
	struct outfile of;
	struct wbuf w;
	int rc;

	gmon_hash_init(&s.hash);
	if (format == GMON_BSD || format == GMON_BSD44)
		rc = write_whole(a, format, &s, err);
	else if (outfile_open(&of, "gmon.sum", &warn, err) != 0)
		rc = -1;
	else {
		warn_if(&warn);
		s.f = of.f;
		if (of.in_place)
			wbuf_init(&w, a->g.big_endian, a->g.word);
		else
			wbuf_init_sink(&w, a->g.big_endian, a->g.word, to_file,
				       &s);
		rc = sumfile_encode(a, format, &w, err);
		if (rc == 0 && of.in_place)
			to_file(&s, w.p, w.n);
		else if (rc == 0)
			wbuf_flush(&w);
		wbuf_free(&w);
		if (rc == 0)
			rc = outfile_commit(&of, err);
		else
			outfile_abort(&of);
	}
	if (rc == 0)
		rc = write_side(a, &s, err);
	return rc;
}
