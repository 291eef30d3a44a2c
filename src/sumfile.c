/*
 * sumfile.c - write gmon.sum: histograms as summed, then the arcs and
 * basic-block counts.
 *
 * Invariant: outfile replaces gmon.sum atomically (or warns that it
 * cannot), so a failure or a signal never leaves a partial gmon.sum.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bbsum.h"
#include "gmon_format.h"
#include "outfile.h"
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

/*
 * gmon.sum.gmonx: the summed load map (objects.h) and stacks (stacks.h),
 * tied to gmon.sum by its header's spare bytes.  Without either (or for
 * a BSD gmon.sum, which has no spare bytes), a gmon.sum.gmonx left from
 * before is removed: the same spare bytes could tie it to the new
 * gmon.sum.
 */
static int
write_side(const struct analysis *a, const struct wbuf *sum, struct gp_err *err)
{
	static const char name[] = "gmon.sum" GMON_SIDE_SUFFIX;
	struct gp_err warn;
	struct outfile of;
	struct wbuf w;
	int rc;
	bool any = a->objs.n > 0 || a->objs.stacks.n > 0;

	if (!any || !a->side.valid || sum->n < GMON_HEADER_LEN ||
	    memcmp(sum->p, GMON_MAGIC, GMON_MAGIC_LEN) != 0) {
		if (any)
			gp_warn("a BSD gmon.sum cannot keep the shared "
				"objects' data or the stacks");
		if (unlink(name) != 0 && errno != ENOENT)
			gp_warn("%s: %s", name, strerror(errno));
		return 0;
	}
	wbuf_init(&w, false, 8);
	objects_encode(&a->objs, &a->side, sum->p + GMON_MAGIC_LEN + 4, &w);
	rc = outfile_open(&of, name, &warn, err);
	if (rc == 0) {
		if (warn.msg[0] != '\0')
			gp_warn("%s", warn.msg);
		fwrite(w.p, 1, w.n, of.f);
		rc = outfile_commit(&of, err);
	}
	wbuf_free(&w);
	return rc;
}

int
sumfile_write(const struct analysis *a, enum gmon_format format,
	      struct gp_err *err)
{
	struct gp_err warn;
	struct outfile of;
	struct wbuf w;
	int rc = -1;

	wbuf_init(&w, a->g.big_endian, a->g.word);
	if (sumfile_encode(a, format, &w, err) == 0) {
		if (outfile_open(&of, "gmon.sum", &warn, err) == 0) {
			if (warn.msg[0] != '\0')
				gp_warn("%s", warn.msg);
			fwrite(w.p, 1, w.n, of.f);
			rc = outfile_commit(&of, err);
		}
	}
	if (rc == 0)
		rc = write_side(a, &w, err);
	wbuf_free(&w);
	return rc;
}
