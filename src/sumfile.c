/*
 * sumfile.c - write gmon.sum: histograms as summed, then the arcs and
 * basic-block counts.
 *
 * Invariant: the file is written to a temporary name and renamed, so a
 * failure never leaves a partial gmon.sum.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bbsum.h"
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
sumfile_write(const struct analysis *a, enum gmon_format format,
	      struct gp_err *err)
{
	static const char path[] = "gmon.sum", tmp[] = "gmon.sum.tmpXXXXXX";
	char tmpname[sizeof(tmp)];
	struct wbuf w;
	FILE *f;
	int fd, rc = 0;

	wbuf_init(&w, a->g.big_endian, a->g.word);
	if (gmon_write_head(&a->g, &w, format, err) != 0) {
		wbuf_free(&w);
		return -1;
	}
	linemode_write_arcs(&a->lines, &w, format);
	write_bbs(a, &w, format);
	memcpy(tmpname, tmp, sizeof(tmp));
	fd = mkstemp(tmpname);
	if (fd < 0) {
		wbuf_free(&w);
		return gp_fail(err, "%s: %s", path, strerror(errno));
	}
	f = fdopen(fd, "wb");
	if (f == NULL || fwrite(w.p, 1, w.n, f) != w.n || fflush(f) != 0 ||
	    fsync(fileno(f)) != 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (f != NULL && fclose(f) != 0 && rc == 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (f == NULL)
		close(fd);
	if (rc == 0 && rename(tmpname, path) != 0)
		rc = gp_fail(err, "%s: %s", path, strerror(errno));
	if (rc != 0)
		unlink(tmpname);
	wbuf_free(&w);
	return rc;
}
