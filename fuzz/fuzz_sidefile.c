/*
 * fuzz_sidefile.c - libFuzzer target for the collector's side file
 * (src/sidefile.c, format include/gmon_side.h).
 *
 * The input is decoded by sidefile_parse(); a decoded file is described
 * as -d does (into /dev/null) and checked field by field against the
 * format's limits.  Then (for decoded inputs, and one in 16 of the
 * others: those whose size is 1 modulo 16) the same bytes go through
 * sidefile_check() as PROFILE.gmonx beside a GNU profile header whose
 * run id is the input's bytes 24-35 (where RUN keeps it), so the run-id
 * and keep paths run too (and the TIE path, which ties nothing unless
 * the input holds that header's size and hash); its warnings go to
 * stderr as "gprof: " lines.
 * A decoded load map (OBJECT, HIST, ARCS) is checked too (ids declared,
 * arc ends in range, bins held) and gathered twice by objects_add(), as
 * two summed profiles would be, then described and encoded as -s's
 * gmon.sum.gmonx, which must decode again (objects_resolve() is not
 * run: it opens the files the input names).  Decoded stacks (STACKS)
 * name declared objects and frames in range, sum to twice their samples
 * in the gathered set, and decode again from the gmon.sum.gmonx with
 * the same stacks and samples.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "exe.h"
#include "gmon.h"
#include "gmon_format.h"
#include "gmon_hash.h"
#include "objects.h"
#include "reader.h"
#include "sidefile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static bool
write_file(const char *path, const void *p, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	bool ok = n == 0 || write(fd, p, n) == (ssize_t)n;
	close(fd);
	return ok;
}

static void
cleanup(void)
{
	char path[96];
	snprintf(path, sizeof(path), "%s/p", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/p.gmonx", dir);
	unlink(path);
	rmdir(dir);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct sidefile s;
	struct gp_err err;
	bool parsed;

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		abort();
	if ((parsed = sidefile_parse(&s, data, size, &err) == 0)) {
		if (!s.valid || s.build_id_len > GMON_SIDE_BUILD_ID_MAX ||
		    s.exe == NULL || strlen(s.exe) > GMON_SIDE_EXE_MAX ||
		    strlen(s.clock_name) > GMON_SIDE_NAME_MAX ||
		    (s.nthread > 0 && s.thread == NULL))
			abort();
		for (size_t i = 0; i < s.nobj; i++)
			if (s.obj[i].id == 0 || s.obj[i].path == NULL ||
			    s.obj[i].build_id_len > GMON_SIDE_BUILD_ID_MAX ||
			    (s.obj[i].nbins > 0 && s.obj[i].bins == NULL) ||
			    s.obj[i].lowpc % 4 != 0)
				abort();
		for (size_t i = 0; i < s.narcs; i++)
			if ((s.arcs[i].from_obj != SIDEFILE_EXE &&
			     s.arcs[i].from_obj >= s.nobj) ||
			    (s.arcs[i].self_obj != SIDEFILE_EXE &&
			     s.arcs[i].self_obj >= s.nobj))
				abort();
		for (size_t i = 0; i < s.stacks.nframes; i++)
			if (s.stacks.frames[i].obj != STACKS_EXE &&
			    s.stacks.frames[i].obj >= s.nobj)
				abort();
		for (size_t i = 0; i < s.stacks.nids; i++)
			if (s.stacks.ids[i] >= s.stacks.nframes)
				abort();
		sidefile_describe(null, &s);
		struct objects os;
		objects_init(&os);
		objects_add(&os, &s);
		objects_add(&os, &s);
		if (os.n > s.nobj || os.narcs != 2 * s.narcs ||
		    os.stacks.n > s.stacks.n ||
		    (s.stacks.samples <= UINT64_MAX / 2 &&
		     os.stacks.samples != 2 * s.stacks.samples))
			abort();
		objects_describe(null, &os);
		/* -s's gmon.sum.gmonx of the sum reads back. */
		struct wbuf w;
		struct sidefile back;
		wbuf_init(&w, false, 8);
		objects_encode(&os, &s, s.run_id, &w);
		if (sidefile_parse(&back, w.p, w.n, &err) != 0 ||
		    back.nobj != os.n || back.narcs != os.narcs ||
		    back.stacks.n != os.stacks.n ||
		    back.stacks.samples != os.stacks.samples)
			abort();
		sidefile_free(&back);
		wbuf_free(&w);
		objects_free(&os);
		sidefile_free(&s);
	} else if (s.valid || s.exe != NULL || s.thread != NULL) {
		abort(); /* a failed parse keeps nothing */
	}

	/* The files cost system calls: decoded inputs, and 1 in 16 of the
	 * rest (to see the warnings' paths). */
	if (!parsed && size % 16 != 1)
		return 0;
	if (dir[0] == '\0') {
		strcpy(dir, "/tmp/fuzz_sidefile.XXXXXX");
		if (mkdtemp(dir) == NULL)
			abort();
		atexit(cleanup);
	}
	char prof[96], side[96];
	unsigned char hdr[GMON_HEADER_LEN] = { 'g', 'm', 'o', 'n', 1, 0, 0, 0 };
	if (size >= 36)
		memcpy(hdr + 8, data + 24, 12);
	snprintf(prof, sizeof(prof), "%s/p", dir);
	snprintf(side, sizeof(side), "%s/p.gmonx", dir);
	if (!write_file(prof, hdr, sizeof(hdr)) ||
	    !write_file(side, data, size))
		abort();
	struct exe x;
	memset(&x, 0, sizeof(x));
	x.fd = -1;
	struct sidefile keep;
	memset(&keep, 0, sizeof(keep));
	/* The profile as gmon_read() describes it: its bytes' size and
	 * hash (a TIE record ties only when the input has them), and us
	 * as its owner, like the side file's. */
	struct gmon_file pf;
	memset(&pf, 0, sizeof(pf));
	pf.path = prof;
	pf.size = sizeof(hdr);
	pf.hash = gmon_hash_bytes(hdr, sizeof(hdr));
	pf.hashed = size % 2 == 0; /* else hashed again from the file */
	pf.has_owner = true;
	pf.owner = (uint32_t)getuid();
	sidefile_check(&pf, &x, "exe", &keep, NULL, NULL);
	sidefile_free(&keep);
	return 0;
}
