/*
 * test_reader.c - struct reader decoding and struct wbuf encoding.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "reader.h"

enum op { U8, U16, U32, U64, WORD4, WORD8 };

static uint64_t
read_op(struct reader *r, enum op op)
{
	switch (op) {
	case U8:
		return rd_u8(r);
	case U16:
		return rd_u16(r);
	case U32:
		return rd_u32(r);
	case U64:
		return rd_u64(r);
	case WORD4:
	case WORD8:
		return rd_word(r);
	}
	return 0;
}

static void
write_op(struct wbuf *w, enum op op, uint64_t v)
{
	switch (op) {
	case U8:
		wb_u8(w, (uint8_t)v);
		break;
	case U16:
		wb_u16(w, (uint16_t)v);
		break;
	case U32:
		wb_u32(w, (uint32_t)v);
		break;
	case U64:
		wb_u64(w, v);
		break;
	case WORD4:
	case WORD8:
		wb_word(w, v);
		break;
	}
}

static const unsigned char bytes[8] = { 0x01, 0x02, 0x03, 0x04,
					0x05, 0x06, 0x07, 0xf8 };

static const struct {
	const char *name;
	enum op op;
	bool big;
	size_t size;
	uint64_t want;
} decode_cases[] = {
	{ "u8", U8, false, 1, 0x01 },
	{ "le-u16", U16, false, 2, 0x0201 },
	{ "be-u16", U16, true, 2, 0x0102 },
	{ "le-u32", U32, false, 4, 0x04030201 },
	{ "be-u32", U32, true, 4, 0x01020304 },
	{ "le-u64", U64, false, 8, 0xf807060504030201ull },
	{ "be-u64", U64, true, 8, 0x01020304050607f8ull },
	{ "le-word4", WORD4, false, 4, 0x04030201 },
	{ "be-word4", WORD4, true, 4, 0x01020304 },
	{ "le-word8", WORD8, false, 8, 0xf807060504030201ull },
	{ "be-word8", WORD8, true, 8, 0x01020304050607f8ull },
};

static void
test_decode(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(decode_cases); i++) {
		struct reader r;
		int word = decode_cases[i].op == WORD4 ? 4 : 8;

		t_begin("reader/decode-%s", decode_cases[i].name);
		reader_init(&r, bytes, sizeof(bytes), decode_cases[i].big,
			    word);
		check_u64(read_op(&r, decode_cases[i].op), decode_cases[i].want,
			  "value");
		check_u64(r.off, decode_cases[i].size, "offset after read");
		check_true(!r.bad, "bad set on an in-bounds read");
	}
}

/* Reads from a buffer of N bytes: OPS in order, the last one too long. */
static const struct {
	const char *name;
	size_t n;
	enum op first, second;
	uint64_t want_first;
} past_end_cases[] = {
	{ "empty-u8", 0, U8, U8, 0 },
	{ "u16-then-u16", 3, U16, U16, 0x0201 },
	{ "u32-then-u32", 7, U32, U32, 0x04030201 },
	{ "u8-then-u64", 7, U8, U64, 0x01 },
	{ "u8-then-word8", 5, U8, WORD8, 0x01 },
	{ "u16-then-word4", 5, U16, WORD4, 0x0201 },
};

static void
test_past_end(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(past_end_cases); i++) {
		struct reader r;
		size_t n = past_end_cases[i].n;
		int word = past_end_cases[i].second == WORD4 ? 4 : 8;
		unsigned char buf[8];

		memcpy(buf, bytes, sizeof(buf));
		t_begin("reader/past-end-%s", past_end_cases[i].name);
		reader_init(&r, buf, n, false, word);
		if (n > 0) {
			check_u64(read_op(&r, past_end_cases[i].first),
				  past_end_cases[i].want_first, "first read");
			check_true(!r.bad, "bad set by the first read");
		}
		check_u64(read_op(&r, past_end_cases[i].second), 0,
			  "read past the end");
		check_true(r.bad, "bad not set by a read past the end");
		check_u64(r.off, n, "offset after a failed read");
		check_u64(reader_left(&r), 0, "bytes left");
		/* Once bad, every read gives 0 and bad stays set. */
		check_u64(rd_u8(&r), 0, "read after bad");
		check_true(r.bad, "bad cleared");
	}
}

static void
test_bytes_skip(void)
{
	struct reader r;
	unsigned char dst[6];

	t_begin("reader/bytes-exact");
	reader_init(&r, bytes, sizeof(bytes), false, 8);
	rd_skip(&r, 2);
	rd_bytes(&r, dst, 6);
	check_true(memcmp(dst, bytes + 2, 6) == 0, "copied bytes differ");
	check_true(!r.bad, "bad set reading to the exact end");
	check_u64(reader_left(&r), 0, "bytes left");

	t_begin("reader/bytes-short-zero-fills");
	reader_init(&r, bytes, sizeof(bytes), false, 8);
	rd_skip(&r, 4);
	memset(dst, 0xaa, sizeof(dst));
	rd_bytes(&r, dst, 6);
	check_true(r.bad, "bad not set by a short copy");
	for (size_t i = 0; i < sizeof(dst); i++)
		check_u64(dst[i], 0, "byte of a short copy");
	check_u64(r.off, sizeof(bytes), "offset after a short copy");

	t_begin("reader/skip-past-end");
	reader_init(&r, bytes, sizeof(bytes), false, 8);
	rd_skip(&r, 9);
	check_true(r.bad, "bad not set by a long skip");
	check_u64(r.off, sizeof(bytes), "offset after a long skip");

	t_begin("reader/skip-huge-no-wrap");
	reader_init(&r, bytes, sizeof(bytes), false, 8);
	rd_skip(&r, 1);
	rd_skip(&r, SIZE_MAX);
	check_true(r.bad, "bad not set by a SIZE_MAX skip");
	check_u64(r.off, sizeof(bytes), "offset after a SIZE_MAX skip");

	t_begin("reader/skip-u64-no-truncation");
	reader_init(&r, bytes, sizeof(bytes), false, 8);
	rd_skip(&r, UINT64_MAX);
	check_true(r.bad, "bad not set by a UINT64_MAX skip");
	check_u64(r.off, sizeof(bytes), "offset after a UINT64_MAX skip");
}

enum leb { ULEB, SLEB, FIT };

/* One LEB128 number read from the first N bytes of IN. */
static const struct {
	const char *name;
	enum leb op;
	bool pre_bad; /* R already bad before the read */
	size_t n;
	unsigned char in[12];
	uint64_t want;
	bool bad;
	size_t off;
} leb_cases[] = {
	{ "u-one-byte", ULEB, false, 2, { 0x02, 0x05 }, 2, false, 1 },
	{ "u-three-bytes",
	  ULEB,
	  false,
	  3,
	  { 0xe5, 0x8e, 0x26 },
	  624485,
	  false,
	  3 },
	{ "s-one-byte-neg", SLEB, false, 1, { 0x7f }, UINT64_MAX, false, 1 },
	{ "s-one-byte-pos", SLEB, false, 1, { 0x3f }, 63, false, 1 },
	{ "s-two-bytes-neg",
	  SLEB,
	  false,
	  2,
	  { 0x80, 0x7f },
	  (uint64_t)-128,
	  false,
	  2 },
	{ "s-int64-min",
	  SLEB,
	  false,
	  10,
	  { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f },
	  (uint64_t)1 << 63,
	  false,
	  10 },
	{ "u-max",
	  ULEB,
	  false,
	  10,
	  { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 },
	  UINT64_MAX,
	  false,
	  10 },
	/* Bits past the 64th are dropped, or count as damage. */
	{ "u-wide",
	  ULEB,
	  false,
	  11,
	  { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	  UINT64_MAX,
	  false,
	  11 },
	{ "fit-wide",
	  FIT,
	  false,
	  11,
	  { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	  UINT64_MAX,
	  true,
	  11 },
	{ "fit-tenth-byte-dropped",
	  FIT,
	  false,
	  10,
	  { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	  UINT64_MAX,
	  false,
	  10 },
	{ "fit-zero-padded",
	  FIT,
	  false,
	  12,
	  { 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
	    0x00 },
	  1,
	  false,
	  12 },
	/* Cut short: the bits read so far, and bad. */
	{ "u-cut", ULEB, false, 2, { 0x81, 0x82 }, 0x101, true, 2 },
	{ "s-cut-not-extended", SLEB, false, 1, { 0xff }, 0x7f, true, 1 },
	{ "u-empty", ULEB, false, 0, { 0 }, 0, true, 0 },
	{ "fit-cut", FIT, false, 1, { 0x80 }, 0, true, 1 },
	/* Already bad: the number ends after its first byte. */
	{ "u-pre-bad", ULEB, true, 2, { 0x81, 0x01 }, 1, true, 1 },
	{ "s-pre-bad", SLEB, true, 2, { 0xc0, 0x01 }, (uint64_t)-64, true, 1 },
};

static void
test_leb(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(leb_cases); i++) {
		struct reader r;
		uint64_t v;

		t_begin("reader/leb-%s", leb_cases[i].name);
		reader_init(&r, leb_cases[i].in, leb_cases[i].n, false, 8);
		r.bad = leb_cases[i].pre_bad;
		switch (leb_cases[i].op) {
		case ULEB:
			v = rd_uleb(&r);
			break;
		case SLEB:
			v = (uint64_t)rd_sleb(&r);
			break;
		default:
			v = rd_uleb_fit(&r);
			break;
		}
		check_u64(v, leb_cases[i].want, "value");
		check_true(r.bad == leb_cases[i].bad, "bad");
		check_u64(r.off, leb_cases[i].off, "offset after");
	}
}

static void
test_cstr_at(void)
{
	static const char text[] = { 'a', 'b', 0, 'c' };
	struct reader r;

	t_begin("reader/cstr");
	reader_init(&r, text, sizeof(text), false, 4);
	check_str(rd_cstr(&r), "ab", "first string");
	check_u64(r.off, 3, "offset past the NUL");
	check_true(rd_cstr(&r) == NULL, "an unterminated string");
	check_true(r.bad, "bad not set by an unterminated string");
	check_u64(r.off, sizeof(text), "offset after an unterminated string");

	t_begin("reader/init-at");
	reader_init_at(&r, bytes, sizeof(bytes), 3, true, 4);
	check_u64(r.off, 3, "offset");
	check_u64(rd_u8(&r), 0x04, "byte at the offset");
	check_true(!r.bad, "bad set");
	reader_init_at(&r, bytes, sizeof(bytes), sizeof(bytes), true, 4);
	check_true(!r.bad && reader_left(&r) == 0, "at the very end");
	reader_init_at(&r, bytes, sizeof(bytes), sizeof(bytes) + 1, true, 4);
	check_true(r.bad, "bad not set past the end");
	check_u64(r.off, sizeof(bytes), "offset past the end");
}

/* Values written then read back, one of each kind per case. */
static const struct {
	const char *name;
	bool big;
	int word;
	unsigned char want[2 + 4 + 8 + 8 + 1];
} round_trip_cases[] = {
	{ "le-word8", false, 8, { 0x34, 0x12, 0x78, 0x56, 0x34, 0x12,
				  0xef, 0xcd, 0xab, 0x89, 0x67, 0x45,
				  0x23, 0x01, 0x08, 0x07, 0x06, 0x05,
				  0x04, 0x03, 0x02, 0x01, 0x9a } },
	{ "be-word8", true, 8, { 0x12, 0x34, 0x12, 0x34, 0x56, 0x78, 0x01, 0x23,
				 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x02,
				 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x9a } },
	{ "le-word4",
	  false,
	  4,
	  { 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xef, 0xcd, 0xab, 0x89, 0x67,
	    0x45, 0x23, 0x01, 0x08, 0x07, 0x06, 0x05, 0x9a } },
	{ "be-word4",
	  true,
	  4,
	  { 0x12, 0x34, 0x12, 0x34, 0x56, 0x78, 0x01, 0x23, 0x45, 0x67, 0x89,
	    0xab, 0xcd, 0xef, 0x05, 0x06, 0x07, 0x08, 0x9a } },
};

static void
test_round_trip(void)
{
	static const struct {
		enum op op;
		uint64_t v;
	} seq[] = {
		{ U16, 0x1234 },
		{ U32, 0x12345678 },
		{ U64, 0x0123456789abcdefull },
		{ WORD8, 0x0102030405060708ull },
		{ U8, 0x9a },
	};

	for (size_t i = 0; i < ARRAY_SIZE(round_trip_cases); i++) {
		struct wbuf w;
		struct reader r;
		int word = round_trip_cases[i].word;
		size_t n = 2 + 4 + 8 + (size_t)word + 1;

		t_begin("reader/wbuf-round-trip-%s", round_trip_cases[i].name);
		wbuf_init(&w, round_trip_cases[i].big, word);
		for (size_t k = 0; k < ARRAY_SIZE(seq); k++)
			write_op(&w, seq[k].op, seq[k].v);
		if (check_u64(w.n, n, "bytes written"))
			check_true(memcmp(w.p, round_trip_cases[i].want, n) ==
				       0,
				   "encoded bytes differ");
		reader_init(&r, w.p, w.n, round_trip_cases[i].big, word);
		for (size_t k = 0; k < ARRAY_SIZE(seq); k++) {
			uint64_t want = seq[k].v;
			if (seq[k].op == WORD8 && word == 4)
				want &= 0xffffffffu; /* low half only */
			check_u64(read_op(&r, seq[k].op), want,
				  "value read back");
		}
		check_true(!r.bad && reader_left(&r) == 0,
			   "reader did not end exactly at the end");
		wbuf_free(&w);
		check_true(w.p == NULL && w.n == 0, "wbuf_free left data");
	}

	t_begin("reader/wbuf-grows");
	{
		struct wbuf w;
		struct reader r;
		bool ok = true;

		wbuf_init(&w, true, 8);
		for (uint32_t k = 0; k < 5000; k++)
			wb_u32(&w, k * 2654435761u);
		reader_init(&r, w.p, w.n, true, 8);
		for (uint32_t k = 0; k < 5000 && ok; k++)
			ok = check_u64(rd_u32(&r), k * 2654435761u,
				       "value read back");
		check_u64(w.n, 20000, "bytes written");
		check_true(w.cap >= w.n, "capacity below size");
		wbuf_free(&w);
	}
}

/* A sink that appends what it is handed, counting the calls. */
struct collect {
	unsigned char *p;
	size_t n, calls;
};

static void
collect(void *ctx, const unsigned char *p, size_t n)
{
	struct collect *c = ctx;

	c->p = xreallocarray(c->p, c->n + n, 1);
	memcpy(c->p + c->n, p, n);
	c->n += n;
	c->calls++;
}

/* With a sink: the same bytes, in order, through a buffer that never
 * grows; a write larger than the buffer passes straight through. */
static void
test_sink(void)
{
	static unsigned char big[WBUF_SINK_BUF + 100];
	struct collect c = { NULL, 0, 0 };
	struct wbuf w, ref;
	size_t cap;

	t_begin("reader/wbuf-sink");
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + 3);
	wbuf_init_sink(&w, true, 4, collect, &c);
	wbuf_init(&ref, true, 4);
	cap = w.cap;
	for (uint32_t k = 0; k < 40000; k++) {
		wb_u32(&w, k * 2654435761u);
		wb_u32(&ref, k * 2654435761u);
		if (k == 20000) {
			wb_bytes(&w, big, sizeof(big));
			wb_bytes(&ref, big, sizeof(big));
		}
	}
	wb_u8(&w, 9);
	wb_u8(&ref, 9);
	check_true(c.calls > 1, "the sink was called once or never");
	wbuf_flush(&w);
	wbuf_flush(&ref); /* no sink: keeps everything */
	check_u64(w.n, 0, "bytes left after flush");
	check_u64(w.cap, cap, "the buffer grew");
	if (check_u64(c.n, ref.n, "bytes handed to the sink"))
		check_true(memcmp(c.p, ref.p, ref.n) == 0,
			   "the sink's bytes differ");
	wbuf_flush(&w); /* nothing left: no call */
	check_u64(c.n, ref.n, "bytes after a second flush");
	wbuf_free(&w);
	wbuf_free(&ref);
	free(c.p);
}

T_MODULE(reader)
{
	t_run("reader/decode", test_decode);
	t_run("reader/past-end", test_past_end);
	t_run("reader/bytes-skip", test_bytes_skip);
	t_run("reader/leb", test_leb);
	t_run("reader/cstr-at", test_cstr_at);
	t_run("reader/round-trip", test_round_trip);
	t_run("reader/sink", test_sink);
}
