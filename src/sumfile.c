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

#include "sumfile.h"

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
	gmon_write_bbs(&a->g, &w, format);
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
