/*
 * test_gmon.c - gmon_read_mem() on hand-built GNU, BSD and 4.4BSD files.
 *
 * Files are written with struct wbuf in the layouts of gmon.c's header
 * comment.  Malformed files must be refused with -1 and a message that
 * starts with the path; the huge-count cases run in a child process
 * whose address space is capped, so an allocation sized by the file's
 * count (instead of its length) fails the case rather than the machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "gmon.h"
#include "reader.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNIT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNIT_ASAN 1
#endif
#endif

#ifdef UNIT_ASAN
/* Cap single allocations so a count-sized one aborts the child. */
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return "max_allocation_size_mb=1024";
}
#endif

#define PATH "t.out"
#define BSD44_VERSION 0x00051879u

static void
gnu_head(struct wbuf *w, uint32_t version)
{
	static const unsigned char spare[12];

	wb_bytes(w, "gmon", 4);
	wb_u32(w, version);
	wb_bytes(w, spare, sizeof(spare));
}

/* A tag-0 record with NBINS bins of which the first NWRITE are BINS. */
static void
gnu_hist(struct wbuf *w, uint64_t lo, uint64_t hi, uint32_t nbins,
	 uint32_t rate, const uint16_t *bins, size_t nwrite)
{
	char dimen[15] = "seconds";

	wb_u8(w, 0);
	wb_word(w, lo);
	wb_word(w, hi);
	wb_u32(w, nbins);
	wb_u32(w, rate);
	wb_bytes(w, dimen, sizeof(dimen));
	wb_u8(w, 's');
	for (size_t i = 0; i < nwrite; i++)
		wb_u16(w, bins[i]);
}

static void
gnu_arc(struct wbuf *w, uint64_t from, uint64_t self, uint32_t count)
{
	wb_u8(w, 1);
	wb_word(w, from);
	wb_word(w, self);
	wb_u32(w, count);
}

/* A tag-2 record claiming N pairs, of which NWRITE are written. */
static void
gnu_bb(struct wbuf *w, uint32_t n, const uint64_t *pairs, size_t nwrite)
{
	wb_u8(w, 2);
	wb_u32(w, n);
	for (size_t i = 0; i < 2 * nwrite; i++)
		wb_word(w, pairs[i]);
}

/* The old BSD and 4.4BSD headers; the bins and arcs follow. */
static void
bsd_head(struct wbuf *w, uint64_t lo, uint64_t hi, uint32_t nbins, bool bsd44,
	 uint32_t rate)
{
	static const unsigned char spare[12];
	uint32_t hdr = 2 * (uint32_t)w->word + 4 + (bsd44 ? 20 : 0);

	wb_word(w, lo);
	wb_word(w, hi);
	wb_u32(w, hdr + 2 * nbins);
	if (bsd44) {
		wb_u32(w, BSD44_VERSION);
		wb_u32(w, rate);
		wb_bytes(w, spare, sizeof(spare));
	}
}

static int
read_buf(struct gmon *g, const struct wbuf *w, enum gmon_format fmt,
	 struct gp_err *err)
{
	err->msg[0] = '\0';
	return gmon_read_mem(g, PATH, w->p, w->n, fmt, err);
}

/* A refusal: -1, and a message "PATH: ..." mentioning WANT. */
static void
check_refused(int rc, const struct gp_err *err, const char *want)
{
	check_u64((uint64_t)(int64_t)rc, (uint64_t)-1, "return code");
	check_true(strncmp(err->msg, PATH ": ", strlen(PATH) + 2) == 0,
		   "message does not start with the path");
	if (want != NULL)
		check_has(err->msg, want, "message");
}

static const uint16_t bins4[] = { 1, 2, 3, 0xffff };
static const uint64_t bb_pairs[] = { 0x1010, 7, 0x1020, 0x100000000ull };

static void
test_gnu_basic(void)
{
	struct wbuf w;
	struct gmon g;
	struct gp_err err;

	t_begin("gmon/gnu-hist-arcs-bb");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	gnu_hist(&w, 0x1000, 0x1100, 4, 100, bins4, 4);
	gnu_arc(&w, 0x1010, 0x1050, 3);
	gnu_arc(&w, 0x1020, 0x1060, 0xffffffffu);
	gnu_bb(&w, 2, bb_pairs, 2);
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "gmon_read_mem")) {
		check_u64(g.nhists, 1, "nhists");
		check_u64(g.hists[0].lowpc, 0x1000, "lowpc");
		check_u64(g.hists[0].highpc, 0x1100, "highpc");
		check_u64(g.hists[0].nbins, 4, "nbins");
		for (size_t i = 0; i < 4; i++)
			check_u64(gmon_bin(&g.hists[0], i), bins4[i], "bin");
		check_true(g.have_rate, "have_rate");
		check_u64(g.rate, 100, "rate");
		check_str(g.dimen, "seconds", "dimen");
		check_u64((uint64_t)g.abbrev, 's', "abbrev");
		check_true(!g.bsd, "bsd set for a GNU file");
		check_u64(g.last_highpc, 0x1100, "last_highpc");
		check_u64(g.last_nbins, 4, "last_nbins");
		if (check_u64(g.narcs, 2, "narcs")) {
			check_u64(g.arcs[0].from, 0x1010, "arc 0 from");
			check_u64(g.arcs[0].self, 0x1050, "arc 0 self");
			check_u64(g.arcs[0].count, 3, "arc 0 count");
			check_u64(g.arcs[1].from, 0x1020, "arc 1 from");
			check_u64(g.arcs[1].self, 0x1060, "arc 1 self");
			check_u64(g.arcs[1].count, 0xffffffffu, "arc 1 count");
		}
		if (check_u64(g.nbbs, 2, "nbbs")) {
			check_u64(g.bbs[0].addr, 0x1010, "bb 0 addr");
			check_u64(g.bbs[0].count, 7, "bb 0 count");
			check_u64(g.bbs[1].addr, 0x1020, "bb 1 addr");
			check_u64(g.bbs[1].count, 0x100000000ull, "bb 1 count");
		}
		if (check_u64(g.nfiles, 1, "nfiles")) {
			check_str(g.files[0].path, PATH, "file path");
			check_u64((uint64_t)g.files[0].version, 1, "version");
			check_u64(g.files[0].nhist, 1, "file nhist");
			check_u64(g.files[0].narcs, 2, "file narcs");
			check_u64(g.files[0].nbb, 1, "file nbb");
		}
	}
	gmon_free(&g);

	/* The same bytes, forced GNU, plus one more arc. */
	/* A repeated (from, self) pair is summed into its first record;
	 * the file still counts three call-graph records for -i. */
	t_begin("gmon/gnu-arcs-summed-in-first-order");
	gnu_arc(&w, 0x1010, 0x1050, 4);
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_GNU, &err), 0,
		      "gmon_read_mem") &&
	    check_u64(g.narcs, 2, "narcs")) {
		check_u64(g.arcs[0].from, 0x1010, "arc 0 from");
		check_u64(g.arcs[0].count, 7, "arc 0 count");
		check_u64(g.files[0].narcs, 3, "records");
	}
	gmon_free(&g);
	wbuf_free(&w);

	t_begin("gmon/gnu-header-only");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	gmon_init(&g, 8, false);
	check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		  "gmon_read_mem");
	check_u64(g.nhists + g.narcs + g.nbbs, 0, "records");
	check_u64(g.nfiles, 1, "nfiles");
	gmon_free(&g);
	wbuf_free(&w);
}

/* Sums: two records in one file, then the same file read twice. */
static void
test_sum(void)
{
	static const uint16_t a[] = { 1, 0, 0xffff, 5 },
			      b[] = { 2, 3, 0xffff, 0 };
	struct wbuf w;
	struct gmon g;
	struct gp_err err;

	t_begin("gmon/same-range-hists-sum");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	gnu_hist(&w, 0x1000, 0x1100, 4, 100, a, 4);
	gnu_hist(&w, 0x1000, 0x1100, 4, 100, b, 4);
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "gmon_read_mem") &&
	    check_u64(g.nhists, 1, "nhists")) {
		for (size_t i = 0; i < 4; i++)
			check_u64(gmon_bin(&g.hists[0], i),
				  (uint64_t)a[i] + b[i], "summed bin");
		check_u64(g.files[0].nhist, 2, "file nhist");
	}

	t_begin("gmon/second-file-sums");
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "second gmon_read_mem") &&
	    check_u64(g.nhists, 1, "nhists")) {
		for (size_t i = 0; i < 4; i++)
			check_u64(gmon_bin(&g.hists[0], i),
				  2 * ((uint64_t)a[i] + b[i]), "summed bin");
		check_u64(g.nfiles, 2, "nfiles");
	}
	gmon_free(&g);
	wbuf_free(&w);

	/* Sums past 32 bits: counters widen to 64 bits, nothing wraps. */
	t_begin("gmon/sums-widen-to-64-bits");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	gnu_hist(&w, 0x1000, 0x1100, 4, 100, a, 4);
	gmon_init(&g, 8, false);
	for (size_t k = 0; k < 65538; k++)
		if (read_buf(&g, &w, GMON_AUTO, &err) != 0)
			break;
	if (check_u64(g.nfiles, 65538, "nfiles"))
		check_u64(gmon_bin(&g.hists[0], 2), 65538ull * 0xffff, "bin 2");
	gmon_free(&g);
	wbuf_free(&w);
}

/*
 * gmon_compact() drops the arcs' index after reading; a file read after
 * it still sums into the same arcs (the index is rebuilt big enough).
 */
static void
test_compact(void)
{
	struct wbuf w;
	struct gmon g;
	struct gp_err err;
	bool ok = true;

	t_begin("gmon/compact-then-read-more");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	for (uint64_t k = 0; k < 3000; k++)
		gnu_arc(&w, 0x1000 + 4 * k, 0x9000 + 8 * (k % 700), 1);
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "gmon_read_mem")) {
		gmon_compact(&g);
		check_true(g.arc_hash == NULL && g.arcs_cap == g.narcs,
			   "compact kept the index or spare room");
		if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
			      "second gmon_read_mem") &&
		    check_u64(g.narcs, 3000, "narcs")) {
			for (size_t i = 0; i < g.narcs && ok; i++)
				ok = check_u64(g.arcs[i].count, 2,
					       "summed count") &&
				     check_u64(g.arcs[i].from, 0x1000 + 4 * i,
					       "order of first appearance");
		}
	}
	gmon_compact(&g);
	gmon_compact(&g); /* twice, and then freed: nothing leaks */
	gmon_free(&g);
	wbuf_free(&w);
}

/* Histogram pairs: kept apart, or refused with a message. */
static const struct {
	const char *name;
	uint64_t lo2, hi2;
	uint32_t nbins2, rate2;
	int want_rc;
	const char *want_msg;
} pair_cases[] = {
	{ "disjoint-after", 0x2000, 0x2100, 4, 100, 0, NULL },
	{ "disjoint-before", 0x0800, 0x0900, 4, 100, 0, NULL },
	{ "adjacent", 0x1100, 0x1200, 4, 100, 0, NULL },
	{ "overlap-tail", 0x1080, 0x1180, 4, 100, -1, "overlap" },
	{ "overlap-head", 0x0f80, 0x1080, 4, 100, -1, "overlap" },
	{ "overlap-inside", 0x1040, 0x1080, 1, 100, -1, "overlap" },
	{ "overlap-around", 0x0f00, 0x1200, 12, 100, -1, "overlap" },
	{ "same-range-other-bins", 0x1000, 0x1100, 8, 100, -1, NULL },
	{ "disjoint-other-width", 0x2000, 0x2100, 8, 100, -1, NULL },
	{ "other-rate", 0x2000, 0x2100, 4, 1000, -1, "rate" },
};

static void
test_pairs(void)
{
	static const uint16_t second[] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1 };

	for (size_t i = 0; i < ARRAY_SIZE(pair_cases); i++) {
		struct wbuf w;
		struct gmon g;
		struct gp_err err;
		int rc;

		t_begin("gmon/hist-pair-%s", pair_cases[i].name);
		wbuf_init(&w, false, 8);
		gnu_head(&w, 1);
		gnu_hist(&w, 0x1000, 0x1100, 4, 100, bins4, 4);
		gnu_hist(&w, pair_cases[i].lo2, pair_cases[i].hi2,
			 pair_cases[i].nbins2, pair_cases[i].rate2, second,
			 pair_cases[i].nbins2);
		gmon_init(&g, 8, false);
		rc = read_buf(&g, &w, GMON_AUTO, &err);
		if (pair_cases[i].want_rc != 0) {
			check_refused(rc, &err, pair_cases[i].want_msg);
		} else if (check_u64((uint64_t)rc, 0, "gmon_read_mem") &&
			   check_u64(g.nhists, 2, "nhists")) {
			const struct gmon_hist *h = &g.hists[1];

			check_u64(g.hists[0].lowpc, 0x1000, "first lowpc");
			check_u64(gmon_bin(&g.hists[0], 3), 0xffff,
				  "first bin 3");
			check_u64(h->lowpc, pair_cases[i].lo2, "second lowpc");
			check_u64(h->highpc, pair_cases[i].hi2,
				  "second highpc");
			for (uint32_t k = 0; k < h->nbins; k++)
				check_u64(gmon_bin(h, k), second[k],
					  "second bin");
		}
		gmon_free(&g);
		wbuf_free(&w);
	}
}

/*
 * Every prefix of a valid file that does not end on a record boundary is
 * refused; those that do are read.
 */
static void
test_truncated(void)
{
	static const uint64_t pair[] = { 0x1010, 7 };
	struct wbuf w;
	size_t bounds[4], nfail = 0;

	t_begin("gmon/truncated-prefixes");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	bounds[0] = w.n;
	gnu_hist(&w, 0x1000, 0x1100, 4, 100, bins4, 4);
	bounds[1] = w.n;
	gnu_arc(&w, 0x1010, 0x1050, 3);
	bounds[2] = w.n;
	gnu_bb(&w, 1, pair, 1);
	bounds[3] = w.n;
	for (size_t n = 0; n < w.n; n++) {
		struct gmon g;
		struct gp_err err = { "" };
		bool boundary = false;
		int rc;

		for (size_t k = 0; k < ARRAY_SIZE(bounds); k++)
			boundary |= n == bounds[k];
		gmon_init(&g, 8, false);
		rc = gmon_read_mem(&g, PATH, w.p, n, GMON_AUTO, &err);
		if (boundary && rc != 0)
			t_fail("prefix of %zu bytes (a record boundary) "
			       "refused: %s",
			       n, err.msg);
		else if (!boundary && (rc != -1 || err.msg[0] == '\0'))
			t_fail("prefix of %zu bytes: rc %d, message \"%s\"", n,
			       rc, err.msg);
		nfail += rc != 0;
		gmon_free(&g);
	}
	check_u64(nfail, w.n - 3, "prefixes refused");
	wbuf_free(&w);
}

enum build {
	B_EMPTY,
	B_BAD_TAG,
	B_TAG_FF,
	B_BAD_MAGIC,
	B_VERSION2,
	B_HUGE_BINS,
	B_BINS_PLUS_ONE,
	B_ZERO_BINS,
	B_EMPTY_RANGE,
	B_REVERSED_RANGE,
	B_HUGE_BB,
	B_BB_PLUS_ONE,
	B_SHORT_HEADER,
	B_BSD_SHORT,
	B_BSD_NCNT_BIG,
	B_BSD_NCNT_SMALL,
	B_BSD44_FORCED_OLD,
};

static void
build(struct wbuf *w, enum build b)
{
	static const uint16_t bins[2] = { 1, 2 };
	static const uint64_t pairs[4] = { 1, 2, 3, 4 };

	switch (b) {
	case B_EMPTY:
		break;
	case B_BAD_TAG:
		gnu_head(w, 1);
		gnu_arc(w, 0x1010, 0x1050, 3);
		wb_u8(w, 3);
		wb_u32(w, 0);
		break;
	case B_TAG_FF:
		gnu_head(w, 1);
		wb_u8(w, 0xff);
		break;
	case B_BAD_MAGIC:
		wb_bytes(w, "gmoX", 4);
		wb_u32(w, 1);
		wb_u32(w, 0);
		wb_u64(w, 0);
		break;
	case B_VERSION2:
		gnu_head(w, 2);
		break;
	case B_HUGE_BINS:
		gnu_head(w, 1);
		gnu_hist(w, 0x1000, 0x1100, 0xffffffffu, 100, bins, 2);
		break;
	case B_BINS_PLUS_ONE: /* claims one bin more than the file holds */
		gnu_head(w, 1);
		gnu_hist(w, 0x1000, 0x1100, 3, 100, bins, 2);
		break;
	case B_ZERO_BINS:
		gnu_head(w, 1);
		gnu_hist(w, 0x1000, 0x1100, 0, 100, bins, 0);
		break;
	case B_EMPTY_RANGE:
		gnu_head(w, 1);
		gnu_hist(w, 0x1000, 0x1000, 2, 100, bins, 2);
		break;
	case B_REVERSED_RANGE:
		gnu_head(w, 1);
		gnu_hist(w, 0x1100, 0x1000, 2, 100, bins, 2);
		break;
	case B_HUGE_BB:
		gnu_head(w, 1);
		gnu_bb(w, 0xffffffffu, pairs, 2);
		break;
	case B_BB_PLUS_ONE:
		gnu_head(w, 1);
		gnu_bb(w, 3, pairs, 2);
		break;
	case B_SHORT_HEADER:
		gnu_head(w, 1);
		w->n = 19;
		break;
	case B_BSD_SHORT: /* lowpc, highpc, and half of ncnt */
		wb_word(w, 0x1000);
		wb_word(w, 0x1100);
		wb_u16(w, 0);
		break;
	case B_BSD_NCNT_BIG: /* ncnt far beyond the file */
		wb_word(w, 0x1000);
		wb_word(w, 0x1100);
		wb_u32(w, 0xfffffff0u);
		for (int k = 0; k < 8; k++)
			wb_u16(w, 1);
		break;
	case B_BSD_NCNT_SMALL: /* ncnt below the header size */
		wb_word(w, 0x1000);
		wb_word(w, 0x1100);
		wb_u32(w, 3);
		for (int k = 0; k < 8; k++)
			wb_u16(w, 1);
		break;
	case B_BSD44_FORCED_OLD:
		bsd_head(w, 0x1000, 0x1100, 2, false, 0);
		wb_u16(w, 1);
		wb_u16(w, 2);
		break;
	}
}

static const struct {
	const char *name;
	enum build b;
	enum gmon_format fmt;
	const char *want_msg;
	bool isolate; /* run in a child with capped memory */
} refuse_cases[] = {
	{ "empty", B_EMPTY, GMON_AUTO, "empty", false },
	{ "empty-gnu", B_EMPTY, GMON_GNU, NULL, false },
	{ "bad-tag", B_BAD_TAG, GMON_AUTO, "tag 3", false },
	{ "tag-255", B_TAG_FF, GMON_AUTO, "tag 255", false },
	{ "bad-magic-forced-gnu", B_BAD_MAGIC, GMON_GNU, "magic", false },
	{ "version-2", B_VERSION2, GMON_AUTO, "version 2", false },
	{ "huge-bins", B_HUGE_BINS, GMON_AUTO, "4294967295", true },
	{ "bins-plus-one", B_BINS_PLUS_ONE, GMON_AUTO, "bins", false },
	{ "zero-bins", B_ZERO_BINS, GMON_AUTO, "bins", false },
	{ "empty-range", B_EMPTY_RANGE, GMON_AUTO, "range", false },
	{ "reversed-range", B_REVERSED_RANGE, GMON_AUTO, "range", false },
	{ "huge-bb-count", B_HUGE_BB, GMON_AUTO, "4294967295", true },
	{ "bb-count-plus-one", B_BB_PLUS_ONE, GMON_AUTO, "basic-block", true },
	{ "short-header", B_SHORT_HEADER, GMON_GNU, "short", false },
	{ "bsd-short-header", B_BSD_SHORT, GMON_AUTO, "short", false },
	{ "bsd-ncnt-beyond-file", B_BSD_NCNT_BIG, GMON_BSD, "histogram bytes",
	  true },
	{ "bsd-ncnt-below-header", B_BSD_NCNT_SMALL, GMON_BSD,
	  "histogram bytes", false },
	{ "bsd44-forced-on-old", B_BSD44_FORCED_OLD, GMON_BSD44, "4.4BSD",
	  false },
};

/*
 * Read W in a child whose allocations are capped (address space with
 * plain builds, the largest single allocation under ASan), so a huge
 * allocation kills the child.  Returns the child's verdict: 0 when it
 * saw -1 and a message, else a description in WHY.
 */
static bool
refused_in_child(const struct wbuf *w, enum gmon_format fmt, const char *want,
		 char *why, size_t nwhy)
{
	int status = 0;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		snprintf(why, nwhy, "fork failed");
		return false;
	}
	if (pid == 0) {
		struct gmon g;
		struct gp_err err = { "" };
		int rc;
#ifndef UNIT_ASAN
		struct rlimit lim = { 1ul << 30, 1ul << 30 };

		setrlimit(RLIMIT_AS, &lim);
#endif
		alarm(20);
		gmon_init(&g, w->word, w->big_endian);
		rc = gmon_read_mem(&g, PATH, w->p, w->n, fmt, &err);
		gmon_free(&g);
		if (rc != -1)
			_exit(3);
		if (strncmp(err.msg, PATH ": ", strlen(PATH) + 2) != 0 ||
		    (want != NULL && strstr(err.msg, want) == NULL))
			_exit(4);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid) {
		snprintf(why, nwhy, "waitpid failed");
		return false;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
		snprintf(why, nwhy, "accepted");
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 4)
		snprintf(why, nwhy, "refused without the expected message");
	else if (WIFEXITED(status))
		snprintf(why, nwhy, "child exited %d (out of memory?)",
			 WEXITSTATUS(status));
	else
		snprintf(why, nwhy, "child killed by signal %d",
			 WTERMSIG(status));
	return false;
}

static void
refuse_one(size_t i)
{
	struct wbuf w;
	struct gmon g;
	struct gp_err err;
	char why[256];

	t_begin("gmon/refuse-%s", refuse_cases[i].name);
	wbuf_init(&w, false, 8);
	build(&w, refuse_cases[i].b);
	if (refuse_cases[i].isolate &&
	    !refused_in_child(&w, refuse_cases[i].fmt, refuse_cases[i].want_msg,
			      why, sizeof(why))) {
		t_fail("%s", why);
		wbuf_free(&w);
		return;
	}
	/* Also in this process, for the message and the sanitizers. */
	gmon_init(&g, 8, false);
	check_refused(read_buf(&g, &w, refuse_cases[i].fmt, &err), &err,
		      refuse_cases[i].want_msg);
	gmon_free(&g);
	wbuf_free(&w);
}

/* BSD files: old and 4.4BSD headers, both word sizes and byte orders. */
static const struct {
	const char *name;
	bool big;
	int word;
	bool bsd44;
	uint32_t rate;
	enum gmon_format fmt;
} bsd_cases[] = {
	{ "old-le64-auto", false, 8, false, 100, GMON_AUTO },
	{ "old-le64-bsd", false, 8, false, 100, GMON_BSD },
	{ "bsd44-le64-auto", false, 8, true, 1000, GMON_AUTO },
	{ "bsd44-le64-bsd44", false, 8, true, 1000, GMON_BSD44 },
	{ "old-be32", true, 4, false, 100, GMON_AUTO },
	{ "bsd44-be32", true, 4, true, 60, GMON_AUTO },
	{ "old-le32", false, 4, false, 100, GMON_BSD },
};

static void
bsd_one(size_t i)
{
	static const uint16_t bins[3] = { 5, 0, 0xfffe };

	struct wbuf w;
	struct gmon g;
	struct gp_err err;
	bool bsd44 = bsd_cases[i].bsd44;

	t_begin("gmon/bsd-%s", bsd_cases[i].name);
	wbuf_init(&w, bsd_cases[i].big, bsd_cases[i].word);
	bsd_head(&w, 0x8000, 0x8060, 3, bsd44, bsd_cases[i].rate);
	for (size_t k = 0; k < 3; k++)
		wb_u16(&w, bins[k]);
	wb_word(&w, 0x8010); /* arcs: from, self, word-sized count */
	wb_word(&w, 0x8040);
	wb_word(&w, 0x7fffffff);
	wb_word(&w, 0x8020);
	wb_word(&w, 0x8050);
	wb_word(&w, 1);
	gmon_init(&g, bsd_cases[i].word, bsd_cases[i].big);
	if (check_u64((uint64_t)read_buf(&g, &w, bsd_cases[i].fmt, &err), 0,
		      "gmon_read_mem") &&
	    check_u64(g.nhists, 1, "nhists")) {
		check_u64(g.hists[0].lowpc, 0x8000, "lowpc");
		check_u64(g.hists[0].highpc, 0x8060, "highpc");
		if (check_u64(g.hists[0].nbins, 3, "nbins"))
			for (size_t k = 0; k < 3; k++)
				check_u64(gmon_bin(&g.hists[0], k), bins[k],
					  "bin");
		check_true(g.bsd, "bsd not set");
		check_u64(g.rate, bsd_cases[i].rate, "rate");
		check_str(g.dimen, "seconds", "dimen");
		/* GNU's -i says version 0 for both BSD layouts. */
		check_u64((uint64_t)g.files[0].version, 0, "version");
		if (check_u64(g.narcs, 2, "narcs")) {
			check_u64(g.arcs[0].from, 0x8010, "arc 0 from");
			check_u64(g.arcs[0].self, 0x8040, "arc 0 self");
			check_u64(g.arcs[0].count, 0x7fffffff, "arc 0 count");
			check_u64(g.arcs[1].from, 0x8020, "arc 1 from");
			check_u64(g.arcs[1].count, 1, "arc 1 count");
		}
	}
	gmon_free(&g);
	wbuf_free(&w);
}

/* A GNU file of a 32-bit big-endian target. */
static void
test_gnu_be32(void)
{
	static const uint64_t pairs[] = { 0x8010, 0xdeadbeef };
	struct wbuf w;
	struct gmon g;
	struct gp_err err;

	t_begin("gmon/gnu-be32");
	wbuf_init(&w, true, 4);
	gnu_head(&w, 1);
	gnu_hist(&w, 0x8000, 0x8020, 4, 100, bins4, 4);
	gnu_arc(&w, 0x8004, 0x8018, 0x01020304);
	gnu_bb(&w, 1, pairs, 1);
	if (!check_u64(w.n,
		       20 + (1 + 4 + 4 + 4 + 4 + 16 + 8) + (1 + 4 + 4 + 4) +
			   (1 + 4 + 8),
		       "file size")) {
		wbuf_free(&w);
		return;
	}
	gmon_init(&g, 4, true);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "gmon_read_mem") &&
	    check_u64(g.nhists, 1, "nhists")) {
		check_u64(g.hists[0].lowpc, 0x8000, "lowpc");
		check_u64(g.hists[0].highpc, 0x8020, "highpc");
		for (size_t i = 0; i < 4; i++)
			check_u64(gmon_bin(&g.hists[0], i), bins4[i], "bin");
		check_u64(g.rate, 100, "rate");
		if (check_u64(g.narcs, 1, "narcs")) {
			check_u64(g.arcs[0].from, 0x8004, "arc from");
			check_u64(g.arcs[0].self, 0x8018, "arc self");
			check_u64(g.arcs[0].count, 0x01020304, "arc count");
		}
		if (check_u64(g.nbbs, 1, "nbbs")) {
			check_u64(g.bbs[0].addr, 0x8010, "bb addr");
			check_u64(g.bbs[0].count, 0xdeadbeef, "bb count");
		}
	}
	gmon_free(&g);

	/* Read with the wrong byte order, the range comes out reversed. */
	t_begin("gmon/gnu-be32-read-as-le");
	gmon_init(&g, 4, false);
	check_refused(read_buf(&g, &w, GMON_AUTO, &err), &err, NULL);
	gmon_free(&g);
	wbuf_free(&w);
}

/* A BSD file (old header: 100 per second) with bins A over
 * [0x1000, 0x1100), and a GNU file with bins B and RATE over the same. */
static void
mixed_files(struct wbuf *bsd, struct wbuf *gnu, uint32_t rate)
{
	static const uint16_t a[] = { 1, 2, 3, 4 }, b[] = { 10, 20, 30, 40 };

	wbuf_init(bsd, false, 8);
	bsd_head(bsd, 0x1000, 0x1100, 4, false, 0);
	for (size_t i = 0; i < 4; i++)
		wb_u16(bsd, a[i]);
	wbuf_init(gnu, false, 8);
	gnu_head(gnu, 1);
	gnu_hist(gnu, 0x1000, 0x1100, 4, rate, b, 4);
}

/* One rule for both orders: a BSD and a GNU profile of the same range
 * and rate are summed, of other rates refused. */
static void
test_mixed(void)
{
	struct wbuf bsd, gnu;
	struct gp_err err;
	struct gmon g;

	mixed_files(&bsd, &gnu, 100);
	for (int order = 0; order < 2; order++) {
		const struct wbuf *first = order ? &gnu : &bsd;
		const struct wbuf *second = order ? &bsd : &gnu;

		t_begin("gmon/mixed-%s-then-%s-summed", order ? "gnu" : "bsd",
			order ? "bsd" : "gnu");
		gmon_init(&g, 8, false);
		if (check_u64((uint64_t)read_buf(&g, first, GMON_AUTO, &err), 0,
			      "first file") &&
		    check_u64((uint64_t)read_buf(&g, second, GMON_AUTO, &err),
			      0, "second file") &&
		    check_u64(g.nhists, 1, "nhists")) {
			for (uint32_t i = 0; i < 4; i++)
				check_u64(gmon_bin(&g.hists[0], i),
					  11 * (i + 1), "summed bin");
			check_u64(g.rate, 100, "rate");
		}
		gmon_free(&g);
	}
	wbuf_free(&gnu);
	wbuf_free(&bsd);

	mixed_files(&bsd, &gnu, 1000);
	for (int order = 0; order < 2; order++) {
		t_begin("gmon/mixed-%s-then-%s-other-rate",
			order ? "gnu" : "bsd", order ? "bsd" : "gnu");
		gmon_init(&g, 8, false);
		if (check_u64((uint64_t)read_buf(&g, order ? &gnu : &bsd,
						 GMON_AUTO, &err),
			      0, "first file"))
			check_refused(
			    read_buf(&g, order ? &bsd : &gnu, GMON_AUTO, &err),
			    &err, "profiling rate");
		gmon_free(&g);
	}
	wbuf_free(&gnu);
	wbuf_free(&bsd);
}

/* A 4.4BSD header with a rate of 0: 100 per second, and a flag for the
 * caller's warning (GNU gprof assumes its clock rate, 100 here). */
static void
test_bsd44_rate0(void)
{
	struct wbuf w, old;
	struct gp_err err;
	struct gmon g;

	t_begin("gmon/bsd44-rate0-assumes-100");
	wbuf_init(&w, false, 8);
	bsd_head(&w, 0x1000, 0x1100, 4, true, 0);
	for (size_t i = 0; i < 4; i++)
		wb_u16(&w, bins4[i]);
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "gmon_read_mem")) {
		check_u64(g.rate, 100, "rate");
		check_true(g.files[0].rate_assumed, "rate_assumed not set");
	}
	gmon_free(&g);

	/* With an old BSD file (100 per second), in either order. */
	t_begin("gmon/bsd44-rate0-sums-with-old-bsd");
	wbuf_init(&old, false, 8);
	bsd_head(&old, 0x1000, 0x1100, 4, false, 0);
	for (size_t i = 0; i < 4; i++)
		wb_u16(&old, 1);
	for (int order = 0; order < 2; order++) {
		gmon_init(&g, 8, false);
		if (check_u64((uint64_t)read_buf(&g, order ? &old : &w,
						 GMON_AUTO, &err),
			      0, "first") &&
		    check_u64((uint64_t)read_buf(&g, order ? &w : &old,
						 GMON_AUTO, &err),
			      0, "second"))
			check_u64(gmon_bin(&g.hists[0], 0), 2, "summed bin 0");
		gmon_free(&g);
	}
	wbuf_free(&old);
	wbuf_free(&w);
}

/*
 * Many histogram records (disjoint, 1 bin each, in descending address
 * order): kept in the order they came, summed when a second file
 * repeats them, and a partial overlap with any of them refused.  With a
 * linear scan per record this is quadratic (about 10^9 comparisons).
 */
#define MANY 40000

static void
test_many_hists(void)
{
	struct wbuf w;
	struct gp_err err;
	struct gmon g;
	bool ok = true;

	t_begin("gmon/many-hists-order-and-sums");
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	for (uint32_t k = 0; k < MANY; k++) {
		uint64_t lo = 0x100000 + 4 * (uint64_t)(MANY - 1 - k);
		uint16_t bin = (uint16_t)(k % 7 + 1);

		gnu_hist(&w, lo, lo + 4, 1, 100, &bin, 1);
	}
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "first") &&
	    check_u64((uint64_t)read_buf(&g, &w, GMON_AUTO, &err), 0,
		      "second") &&
	    check_u64(g.nhists, MANY, "nhists")) {
		for (uint32_t k = 0; k < MANY && ok; k++)
			ok = check_u64(g.hists[k].lowpc,
				       0x100000 + 4 * (uint64_t)(MANY - 1 - k),
				       "lowpc in file order") &&
			     check_u64(gmon_bin(&g.hists[k], 0),
				       2 * (k % 7 + 1), "summed bin");
	}
	gmon_free(&g);

	t_begin("gmon/many-hists-overlap-refused");
	{
		uint16_t bin = 1;
		uint64_t lo = 0x100000 + 4 * (MANY / 3) + 2;

		gnu_hist(&w, lo, lo + 4, 1, 100, &bin, 1);
	}
	gmon_init(&g, 8, false);
	check_refused(read_buf(&g, &w, GMON_AUTO, &err), &err, "overlap");
	gmon_free(&g);
	wbuf_free(&w);
}

/* Write W to a temporary file; returns its path (static buffer). */
static const char *
temp_file(const struct wbuf *w, int k)
{
	static char path[2][64];
	FILE *f;

	snprintf(path[k], sizeof(path[k]), "/tmp/gprof-unit-%d-%d.out",
		 (int)getpid(), k);
	f = fopen(path[k], "wb");
	if (f == NULL || fwrite(w->p, 1, w->n, f) != w->n || fclose(f) != 0)
		t_fail("cannot write %s", path[k]);
	return path[k];
}

/*
 * gmon_read() on real files: a large histogram is left in its file and
 * read by gmon_bins(); a second file with the same range sums it into
 * memory; a file cut short afterwards is reported, not misread.
 */
#define BIG 20000

static void
test_stream_files(void)
{
	struct wbuf w;
	struct gp_err err;
	struct gmon g;
	uint64_t out[3];
	uint16_t *bins = xcalloc(BIG, sizeof(*bins));
	const char *p0, *p1;

	for (uint32_t i = 0; i < BIG; i++)
		bins[i] = (uint16_t)(i * 7 + 1);
	wbuf_init(&w, false, 8);
	gnu_head(&w, 1);
	gnu_hist(&w, 0x10000, 0x10000 + 4 * BIG, BIG, 100, bins, BIG);
	gnu_arc(&w, 0x10010, 0x10050, 3);
	p0 = temp_file(&w, 0);
	p1 = temp_file(&w, 1);

	t_begin("gmon/stream-bins-left-in-file");
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)gmon_read(&g, p0, GMON_AUTO, &err), 0,
		      "gmon_read") &&
	    check_u64(g.nhists, 1, "nhists") &&
	    check_u64(g.narcs, 1, "narcs")) {
		check_true(g.hists[0].bins16 == NULL, "bins read into memory");
		if (check_u64((uint64_t)gmon_bins(&g, &g.hists[0], BIG - 3, 3,
						  out, &err),
			      0, "gmon_bins"))
			for (uint32_t i = 0; i < 3; i++)
				check_u64(out[i], bins[BIG - 3 + i], "bin");
	}

	t_begin("gmon/stream-second-file-sums");
	if (check_u64((uint64_t)gmon_read(&g, p1, GMON_AUTO, &err), 0,
		      "gmon_read") &&
	    check_u64(g.nhists, 1, "nhists") &&
	    check_true(g.hists[0].bins16 != NULL || g.hists[0].bins32 != NULL,
		       "sum not in memory")) {
		check_u64(gmon_bin(&g.hists[0], 5), 2 * (uint64_t)bins[5],
			  "bin 5");
		check_u64(g.files[0].fd, (uint64_t)-1, "first file still open");
	}
	gmon_free(&g);

	t_begin("gmon/stream-file-cut-after-reading");
	gmon_init(&g, 8, false);
	if (check_u64((uint64_t)gmon_read(&g, p0, GMON_AUTO, &err), 0,
		      "gmon_read") &&
	    check_true(truncate(p0, 100) == 0, "truncate")) {
		check_u64((uint64_t)(int64_t)gmon_bins(&g, &g.hists[0], BIG - 3,
						       3, out, &err),
			  (uint64_t)-1, "gmon_bins");
		check_has(err.msg, p0, "message");
	}
	gmon_free(&g);
	unlink(p0);
	unlink(p1);
	free(bins);
	wbuf_free(&w);
}

T_MODULE(gmon)
{
	t_run("gmon/gnu-basic", test_gnu_basic);
	t_run("gmon/sum", test_sum);
	t_run("gmon/compact", test_compact);
	t_run("gmon/pairs", test_pairs);
	t_run("gmon/truncated", test_truncated);
	t_run_each("gmon/refused", refuse_one, ARRAY_SIZE(refuse_cases));
	t_run_each("gmon/bsd", bsd_one, ARRAY_SIZE(bsd_cases));
	t_run("gmon/gnu-be32", test_gnu_be32);
	t_run("gmon/mixed", test_mixed);
	t_run("gmon/bsd44-rate0", test_bsd44_rate0);
	t_run("gmon/many-hists", test_many_hists);
	t_run("gmon/stream-files", test_stream_files);
}
