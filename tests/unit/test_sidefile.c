/*
 * test_sidefile.c - the side file, both ends: what runtime/side.c
 * writes, src/sidefile.c reads back field for field; every cut of a
 * good file and every damaged field is refused with a reason, never read
 * past; unknown records and appended fields are skipped.
 *
 * The writer is the runtime's own source, compiled in here (it needs
 * nothing but write(2)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../runtime/side.c"
#include "check.h"
#include "sidefile.h"

static const uint8_t run_id[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
static const uint8_t build_id[20] = { 0xde, 0xad, 0xbe, 0xef, 1, 2,   3,
				      4,    5,    6,    7,    8, 9,   0,
				      1,    2,    3,    4,    5, 0xff };

/* What the runtime would write for a small run, into a new buffer. */
static uint8_t *
encode(size_t *len, bool with_clock)
{
	static const struct side_thread threads[3] = {
		{ 1001, 5000, 12, 3, 0 },
		{ 1002, 7, 2, 0, 1 },
		{ 1003, UINT64_MAX, UINT64_MAX - 1, 9, 8 },
	};
	struct sample_result r;
	memset(&r, 0, sizeof(r));
	r.asked_hz = 1000;
	r.rate_hz = 250;
	r.rate_mhz = 249876;
	r.sampled_ns = 1234567890123ull;
	r.clock = "thread CPU-time timer";
	r.clock_kind = SAMPLE_THREAD_TIMER;
	r.samples = 300;
	r.outside = 7;
	r.collector = 2;
	r.lost = 1;
	r.threads = 3;
	r.unarmed = 4;
	r.blocked = 5;
	struct side_info s;
	memset(&s, 0, sizeof(s));
	memcpy(s.run_id, run_id, sizeof(run_id));
	s.profile_size = 123456789;
	s.profile_hash = 0xfedcba9876543210u;
	s.build_id = build_id;
	s.build_id_len = sizeof(build_id);
	s.exe_path = "/tmp/some dir/prog";
	s.load_base = 0x555555554000ull;
	s.text_lo = 0x1040;
	s.text_hi = 0x2345;
	s.samples = with_clock ? &r : NULL;
	s.threads = threads;
	s.nthreads = 3;
	s.calls = 1ull << 40;
	s.dropped = 1;
	s.nested = 3;

	int fd = memfd_create("sidefile", 0);
	if (fd < 0 || side_write_fd(fd, &s) != 0) {
		t_fail("side_write_fd failed");
		return NULL;
	}
	off_t end = lseek(fd, 0, SEEK_END);
	uint8_t *p = xmalloc((size_t)end);
	if (pread(fd, p, (size_t)end, 0) != end)
		t_fail("cannot read the memfd back");
	close(fd);
	*len = (size_t)end;
	return p;
}

static void
t_round_trip(void)
{
	struct sidefile s;
	struct gp_err err;
	size_t len;

	t_begin("sidefile/round-trip");
	uint8_t *p = encode(&len, true);
	if (p == NULL)
		return t_end();
	check_u64(len % 8, 0, "file length a multiple of 8");
	if (!check_u64(sidefile_parse(&s, p, len, &err), 0, err.msg)) {
		free(p);
		return t_end();
	}
	check_true(memcmp(s.run_id, run_id, 12) == 0, "run id");
	check_u64(s.build_id_len, 20, "build-id length");
	check_true(memcmp(s.build_id, build_id, 20) == 0, "build-id");
	check_str(s.exe, "/tmp/some dir/prog", "exe");
	check_u64(s.load_base, 0x555555554000ull, "load base");
	check_u64(s.text_lo, 0x1040, "text lo");
	check_u64(s.text_hi, 0x2345, "text hi");
	check_true(s.has_tie, "tie record");
	check_u64(s.tie_size, 123456789, "tie: profile size");
	check_u64(s.tie_hash, 0xfedcba9876543210u, "tie: profile hash");
	check_true(s.has_clock, "clock record");
	check_u64(s.clock_kind, GMON_SIDE_CLOCK_THREAD_TIMER, "clock kind");
	check_str(s.clock_name, "thread CPU-time timer", "clock name");
	check_u64(s.asked_hz, 1000, "asked");
	check_u64(s.rate_hz, 250, "written rate");
	check_u64(s.rate_mhz, 249876, "delivered rate");
	check_u64(s.sampled_ns, 1234567890123ull, "sampled ns");
	check_u64(s.samples, 300, "samples");
	check_u64(s.outside, 7, "outside");
	check_u64(s.collector, 2, "collector");
	check_u64(s.lost, 1, "lost");
	check_u64(s.threads, 3, "threads armed");
	check_u64(s.unarmed, 4, "unarmed");
	check_u64(s.blocked, 5, "blocked");
	check_u64(s.nthread, 3, "thread records");
	if (s.nthread == 3) {
		check_u64(s.thread[0].tid, 1001, "tid 0");
		check_u64(s.thread[0].calls, 5000, "calls 0");
		check_u64(s.thread[1].dropped, 1, "dropped 1");
		check_u64(s.thread[2].calls, UINT64_MAX, "calls 2");
		check_u64(s.thread[2].arcs, UINT64_MAX - 1, "arcs 2");
		check_u64(s.thread[2].nested, 9, "nested 2");
	}
	check_true(s.has_totals, "totals");
	check_u64(s.calls, 1ull << 40, "total calls");
	check_u64(s.dropped, 1, "total dropped");
	check_u64(s.nested, 3, "total nested");
	check_u64(s.total_threads, 3, "total threads");
	sidefile_free(&s);

	/* Without a clock: no CLOCK record. */
	free(p);
	p = encode(&len, false);
	if (p != NULL &&
	    check_u64(sidefile_parse(&s, p, len, &err), 0, err.msg))
		check_true(!s.has_clock && s.valid, "no clock record");
	sidefile_free(&s);
	free(p);
	t_end();
}

/* Every proper prefix of a good file is refused (END is missing). */
static void
t_cuts(void)
{
	struct sidefile s;
	struct gp_err err;
	size_t len;

	t_begin("sidefile/every-cut-refused");
	uint8_t *p = encode(&len, true);
	for (size_t n = 0; p != NULL && n < len; n++) {
		/* A copy of exactly N bytes, so ASan sees any over-read. */
		uint8_t *q = xmalloc(n ? n : 1);
		memcpy(q, p, n);
		if (sidefile_parse(&s, q, n, &err) == 0)
			t_fail("a %zu-byte prefix was accepted", n);
		check_true(!s.valid && s.exe == NULL && s.thread == NULL,
			   "nothing kept after a failure");
		free(q);
	}
	free(p);
	t_end();
}

/* Append a record (TAG, BODY of N bytes, padded) to the buffer at *P. */
static void
append(uint8_t **p, size_t *len, uint32_t tag, const void *body, uint32_t n)
{
	size_t padded = (n + 7u) & ~7u;
	*p = xreallocarray(*p, *len + 8 + padded, 1);
	uint8_t *q = *p + *len;
	for (int i = 0; i < 4; i++) {
		q[i] = (uint8_t)(tag >> (8 * i));
		q[4 + i] = (uint8_t)(n >> (8 * i));
	}
	memset(q + 8, 0, padded);
	if (n)
		memcpy(q + 8, body, n);
	*len += 8 + padded;
}

static void
put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Damaged files: each is refused with the reason that names it. */
static void
t_damage(void)
{
	struct sidefile s;
	struct gp_err err;
	size_t len, end;

	t_begin("sidefile/damage");
	uint8_t *good = encode(&len, true);
	if (good == NULL)
		return t_end();
	end = len - 8; /* the END record's offset */
	struct {
		const char *what, *want;
		size_t off; /* patch at OFF ... */
		uint32_t v; /* ... the u32 V */
	} cases[] = {
		{ "magic", "not a side file", 0, 0x78787878 },
		{ "version", "version 2", 8, 2 },
		{ "first record", "not RUN", 16, GMON_SIDE_CLOCK },
		{ "RUN length", "runs", 20, 0x7fffffff },
		{ "build-id length", "build-id of 65", 24 + 40, 65 },
		{ "path length", "cannot hold", 24 + 44, 4096 },
		{ "END length", "runs", end + 4, 8 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		uint8_t *q = xmalloc(len);
		memcpy(q, good, len);
		put32(q + cases[i].off, cases[i].v);
		if (sidefile_parse(&s, q, len, &err) == 0)
			t_fail("damaged %s accepted", cases[i].what);
		else
			check_has(err.msg, cases[i].want, cases[i].what);
		free(q);
	}

	/* Bytes after END; a second RUN; a short THREAD. */
	uint8_t *q = xmalloc(len);
	size_t qlen = len;
	memcpy(q, good, len);
	append(&q, &qlen, 99, "x", 1);
	if (sidefile_parse(&s, q, qlen, &err) == 0)
		t_fail("bytes after END accepted");
	else
		check_has(err.msg, "after the END", "after END");
	free(q);

	static const struct {
		uint32_t tag, n;
		const char *want;
	} inserts[] = {
		{ GMON_SIDE_RUN, 48, "second RUN" },
		{ GMON_SIDE_THREAD, 39, "THREAD record of 39" },
		{ GMON_SIDE_TOTALS, 32, "second TOTALS" },
		{ GMON_SIDE_CLOCK, 88, "second CLOCK" },
		{ GMON_SIDE_TIE, 16, "second TIE" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(inserts); i++) {
		q = xmalloc(end);
		memcpy(q, good, end);
		qlen = end;
		uint8_t body[96] = { 0 };
		append(&q, &qlen, inserts[i].tag, body, inserts[i].n);
		append(&q, &qlen, GMON_SIDE_END, NULL, 0);
		if (sidefile_parse(&s, q, qlen, &err) == 0)
			t_fail("%s accepted", inserts[i].want);
		else
			check_has(err.msg, inserts[i].want, inserts[i].want);
		free(q);
	}
	free(good);
	t_end();
}

/* A later writer's records and fields are skipped. */
static void
t_forward(void)
{
	struct sidefile s;
	struct gp_err err;
	size_t len;

	t_begin("sidefile/unknown-records-skipped");
	uint8_t *good = encode(&len, false);
	if (good == NULL)
		return t_end();
	size_t end = len - 8;
	uint8_t *q = xmalloc(end);
	memcpy(q, good, end);
	size_t qlen = end;
	uint8_t body[200];
	memset(body, 0x55, sizeof(body));
	append(&q, &qlen, 77, body, 13);
	/* A longer THREAD record: the first 40 bytes are what we know. */
	memset(body, 0, 48);
	body[0] = 42;
	append(&q, &qlen, GMON_SIDE_THREAD, body, 48);
	append(&q, &qlen, GMON_SIDE_END, NULL, 0);
	if (check_u64(sidefile_parse(&s, q, qlen, &err), 0, err.msg)) {
		check_u64(s.nthread, 4, "threads");
		if (s.nthread == 4)
			check_u64(s.thread[3].tid, 42,
				  "the longer record's tid");
	}
	sidefile_free(&s);
	free(q);
	free(good);
	t_end();
}

/* A hand-made load map: the records of include/gmon_side.h, assembled
 * into BUF (room for 1024 bytes); returns the length. */
struct mapbuf {
	uint8_t b[1024];
	size_t n, rec; /* length; where the open record's header is */
};

static void
mb_u32(struct mapbuf *m, uint32_t v)
{
	put32(m->b + m->n, v);
	m->n += 4;
}

static void
mb_u64(struct mapbuf *m, uint64_t v)
{
	mb_u32(m, (uint32_t)v);
	mb_u32(m, (uint32_t)(v >> 32));
}

static void
mb_open(struct mapbuf *m, uint32_t tag)
{
	m->rec = m->n;
	mb_u32(m, tag);
	mb_u32(m, 0);
}

static void
mb_close(struct mapbuf *m)
{
	put32(m->b + m->rec + 4, (uint32_t)(m->n - m->rec - 8));
	while (m->n % 8 != 0)
		m->b[m->n++] = 0;
}

static void
mb_object(struct mapbuf *m, uint32_t id, const char *path)
{
	mb_open(m, GMON_SIDE_OBJECT);
	mb_u32(m, id);
	mb_u32(m, 0);
	mb_u64(m, 0x7f0000000000ull);
	mb_u64(m, 0x1000);
	mb_u64(m, 0x1100);
	mb_u32(m, 2);
	mb_u32(m, (uint32_t)strlen(path));
	m->b[m->n++] = 0xab;
	m->b[m->n++] = 0xcd;
	memcpy(m->b + m->n, path, strlen(path));
	m->n += strlen(path);
	mb_close(m);
}

/* The head: header, RUN (no build-id, path "p"). */
static void
mb_head(struct mapbuf *m)
{
	memset(m, 0, sizeof(*m));
	memcpy(m->b, GMON_SIDE_MAGIC, 8);
	m->n = 8;
	mb_u32(m, GMON_SIDE_VERSION);
	mb_u32(m, 0);
	mb_open(m, GMON_SIDE_RUN);
	memcpy(m->b + m->n, run_id, 12);
	m->n += 12;
	mb_u32(m, 0);
	mb_u64(m, 0);
	mb_u64(m, 0x1000);
	mb_u64(m, 0x2000);
	mb_u32(m, 0);
	mb_u32(m, 1);
	m->b[m->n++] = 'p';
	mb_close(m);
}

static void
mb_end(struct mapbuf *m)
{
	mb_open(m, GMON_SIDE_END);
	mb_close(m);
}

/* OBJECT, HIST and ARCS read back; ids checked; counts bounded. */
static void
t_load_map(void)
{
	struct sidefile s;
	struct gp_err err;
	struct mapbuf m;

	t_begin("sidefile/load-map");
	mb_head(&m);
	mb_object(&m, 7, "/lib/liba.so");
	mb_object(&m, 3, "/lib/libb.so");
	mb_open(&m, GMON_SIDE_HIST);
	mb_u32(&m, 3);
	mb_u32(&m, 0);
	mb_u64(&m, 0x1000);
	mb_u64(&m, 3);
	mb_u32(&m, 5);
	mb_u32(&m, 0);
	mb_u32(&m, 9);
	mb_close(&m);
	size_t arcs_at = m.n;
	mb_open(&m, GMON_SIDE_ARCS);
	mb_u64(&m, 2);
	mb_u32(&m, 0);
	mb_u32(&m, 7);
	mb_u64(&m, 0x1234);
	mb_u64(&m, 0x1010);
	mb_u64(&m, 1ull << 40);
	mb_u32(&m, 7);
	mb_u32(&m, 3);
	mb_u64(&m, 0x1020);
	mb_u64(&m, 0x1030);
	mb_u64(&m, 4);
	mb_close(&m);
	size_t end_at = m.n;
	mb_end(&m);
	if (sidefile_parse(&s, m.b, m.n, &err) != 0) {
		t_fail("good load map refused: %s", err.msg);
	} else {
		if (s.nobj != 2 || s.obj[0].id != 7 || s.obj[1].id != 3 ||
		    strcmp(s.obj[1].path, "/lib/libb.so") != 0 ||
		    s.obj[1].build_id_len != 2 || s.obj[1].build_id[1] != 0xcd)
			t_fail("objects read back wrong");
		if (s.obj[0].has_hist || !s.obj[1].has_hist ||
		    s.obj[1].nbins != 3 || s.obj[1].lowpc != 0x1000 ||
		    s.obj[1].bins[2] != 9)
			t_fail("histogram read back wrong");
		if (s.narcs != 2 || s.arcs[0].from_obj != SIDEFILE_EXE ||
		    s.arcs[0].self_obj != 0 || s.arcs[0].count != 1ull << 40 ||
		    s.arcs[1].from_obj != 0 || s.arcs[1].self_obj != 1 ||
		    s.arcs[1].self != 0x1030)
			t_fail("arcs read back wrong");
		sidefile_free(&s);
	}

	/* An arc naming an object never declared. */
	struct mapbuf bad = m;
	put32(bad.b + arcs_at + 8 + 8 + 4 + 32, 99);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "undeclared object 99") == NULL)
		t_fail("undeclared arc end: %s", err.msg);
	/* An ARCS count its record cannot hold (no allocation for it). */
	bad = m;
	put32(bad.b + arcs_at + 8, 3);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "cannot hold 3 arcs") == NULL)
		t_fail("ARCS count: %s", err.msg);
	bad = m;
	put32(bad.b + arcs_at + 8 + 4, 0x10000000);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0)
		t_fail("huge ARCS count accepted");
	/* A second HIST for one object; a HIST before its OBJECT. */
	bad = m;
	bad.n = end_at;
	mb_open(&bad, GMON_SIDE_HIST);
	mb_u32(&bad, 3);
	mb_u32(&bad, 0);
	mb_u64(&bad, 0x1000);
	mb_u64(&bad, 0);
	mb_close(&bad);
	mb_end(&bad);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "a second HIST record for object 3") == NULL)
		t_fail("second HIST: %s", err.msg);
	mb_head(&bad);
	mb_open(&bad, GMON_SIDE_HIST);
	mb_u32(&bad, 1);
	mb_u32(&bad, 0);
	mb_u64(&bad, 0);
	mb_u64(&bad, 0);
	mb_close(&bad);
	mb_object(&bad, 1, "x");
	mb_end(&bad);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "undeclared object 1") == NULL)
		t_fail("HIST before OBJECT: %s", err.msg);
	/* Two OBJECTs with one id; id 0. */
	mb_head(&bad);
	mb_object(&bad, 4, "x");
	mb_object(&bad, 4, "y");
	mb_end(&bad);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "a second OBJECT record with id 4") == NULL)
		t_fail("repeated id: %s", err.msg);
	mb_head(&bad);
	mb_object(&bad, 0, "x");
	mb_end(&bad);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0)
		t_fail("object id 0 accepted");
	/* Bins the record cannot hold. */
	mb_head(&bad);
	mb_object(&bad, 1, "x");
	mb_open(&bad, GMON_SIDE_HIST);
	mb_u32(&bad, 1);
	mb_u32(&bad, 0);
	mb_u64(&bad, 0);
	mb_u64(&bad, 2);
	mb_u32(&bad, 1);
	mb_close(&bad);
	mb_end(&bad);
	if (sidefile_parse(&s, bad.b, bad.n, &err) == 0 ||
	    strstr(err.msg, "cannot hold 2 bins") == NULL)
		t_fail("HIST bins: %s", err.msg);
	t_end();
}

/* A HIST must lie in its OBJECT's text (0x1000-0x1100 here) rounded
 * out to 4 bytes: bins outside it would charge none of its functions. */
static void
t_hist_range(void)
{
	static const struct {
		uint64_t lowpc, nbins;
		bool ok;
	} cases[] = {
		{ 0x1000, 0x40, true },   { 0x10fc, 1, true },
		{ 0x1100, 0, true },      { 0x1000, 0x41, false },
		{ 0xffc, 1, false },      { 0x1100, 1, false },
		{ 0x3ffffff0, 1, false }, { 0, 1, false },
	};
	struct sidefile s;
	struct gp_err err;
	struct mapbuf m;

	t_begin("sidefile/hist-in-text");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		mb_head(&m);
		mb_object(&m, 1, "x");
		mb_open(&m, GMON_SIDE_HIST);
		mb_u32(&m, 1);
		mb_u32(&m, 0);
		mb_u64(&m, cases[i].lowpc);
		mb_u64(&m, cases[i].nbins);
		for (uint64_t k = 0; k < cases[i].nbins; k++)
			mb_u32(&m, 1);
		mb_close(&m);
		mb_end(&m);
		int rc = sidefile_parse(&s, m.b, m.n, &err);
		if (cases[i].ok && rc != 0)
			t_fail("0x%llx + %llu bins refused: %s",
			       (unsigned long long)cases[i].lowpc,
			       (unsigned long long)cases[i].nbins, err.msg);
		if (!cases[i].ok &&
		    (rc == 0 || strstr(err.msg, "lies outside its text "
						"0x1000-0x1100") == NULL))
			t_fail("0x%llx + %llu bins: %s",
			       (unsigned long long)cases[i].lowpc,
			       (unsigned long long)cases[i].nbins,
			       rc == 0 ? "accepted" : err.msg);
		if (rc == 0)
			sidefile_free(&s);
	}
	t_end();
}

T_MODULE(sidefile)
{
	t_run("sidefile/round-trip", t_round_trip);
	t_run("sidefile/every-cut-refused", t_cuts);
	t_run("sidefile/damage", t_damage);
	t_run("sidefile/unknown-records-skipped", t_forward);
	t_run("sidefile/load-map", t_load_map);
	t_run("sidefile/hist-in-text", t_hist_range);
}
