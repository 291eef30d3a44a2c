/*
 * test_gmonhash.c - the hash that ties a side file to its profile
 * (include/gmon_hash.h) and the stream that computes it while a profile
 * is read (stream.h): known values (computed by tests/input-profiles/mkside.py
 * from the header's description), any cut of the bytes, every bit, and
 * a file stream's hash over bytes taken, skipped and read again.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gmon_hash.h"
#include "stream.h"

/* Byte I of the test inputs. */
static unsigned char
byte_at(size_t i)
{
	return (unsigned char)(i * 7 + 3);
}

static void
fill(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = byte_at(i);
}

static const struct {
	size_t n;
	uint64_t want;
} known[] = {
	{ 0, 0x002a26aa249358bdu },   { 1, 0xcb8f402d05bce1d2u },
	{ 7, 0x59a2d77def3d888au },   { 8, 0x3eddc74497da8477u },
	{ 31, 0x6cb9a4990053b33au },  { 32, 0x15cfbb6786dd07c1u },
	{ 33, 0x884e71d47b6af826u },  { 64, 0xafc8cd4b96b6520fu },
	{ 100, 0x20d7d6eb45941cecu }, { 1000, 0xcf7efe6a0e0dec0du },
};

static void
test_known(void)
{
	unsigned char buf[1000];

	fill(buf, sizeof(buf));
	for (size_t i = 0; i < ARRAY_SIZE(known); i++) {
		t_begin("gmonhash/known-%zu", known[i].n);
		check_u64(gmon_hash_bytes(buf, known[i].n), known[i].want,
			  "hash");
		t_end();
	}
}

/* Random cuts of 5000 bytes hash as the whole. */
static void
test_pieces(void)
{
	enum { N = 5000 };
	unsigned char *buf = xmalloc(N);
	uint64_t seed = 7;

	fill(buf, N);
	uint64_t whole = gmon_hash_bytes(buf, N);
	t_begin("gmonhash/pieces");
	for (int round = 0; round < 50; round++) {
		struct gmon_hash h;
		size_t off = 0;

		gmon_hash_init(&h);
		while (off < N) {
			size_t k = (size_t)(t_rand(&seed) % 100);

			if (k > N - off)
				k = N - off;
			gmon_hash_add(&h, buf + off, k);
			off += k;
		}
		if (!check_u64(gmon_hash_value(&h), whole, "cut hash"))
			break;
	}
	t_end();
	free(buf);
}

/* Every one-bit change of 100 bytes, and one more zero byte, change it. */
static void
test_bits(void)
{
	unsigned char buf[101];

	fill(buf, 100);
	buf[100] = 0;
	uint64_t h = gmon_hash_bytes(buf, 100);
	t_begin("gmonhash/every-bit");
	check_true(gmon_hash_bytes(buf, 101) != h, "a zero byte appended");
	for (size_t bit = 0; bit < 800; bit++) {
		buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
		bool same = gmon_hash_bytes(buf, 100) == h;
		buf[bit / 8] ^= (unsigned char)(1u << bit % 8);
		if (same && !t_fail("bit %zu changes nothing", bit))
			break;
	}
	t_end();
}

/* A file of N test bytes; its descriptor. */
static int
temp_file(size_t n)
{
	char path[] = "/tmp/test_gmonhash.XXXXXX";
	int fd = mkstemp(path);
	unsigned char *buf = xmalloc(n ? n : 1);

	fill(buf, n);
	if (fd >= 0) {
		unlink(path);
		if (write(fd, buf, n) != (ssize_t)n) {
			close(fd);
			fd = -1;
		}
	}
	free(buf);
	return fd;
}

/*
 * A file stream hashes all its bytes however they were handed out:
 * taken, got, skipped (far past a window, as a large histogram is) and
 * read again from the start.
 */
static void
test_stream_file(void)
{
	enum { N = 300000 };
	unsigned char *want = xmalloc(N), tmp[64];
	int fd = temp_file(N);
	struct stream s;
	size_t got;
	uint64_t h;

	fill(want, N);
	t_begin("stream/hash-file");
	if (!check_true(fd >= 0, "temporary file")) {
		t_end();
		free(want);
		return;
	}
	stream_file(&s, fd, N);
	stream_want_hash(&s);
	stream_get(&s, tmp, 4);
	s.pos = 0; /* read_stream's look at the magic */
	stream_take(&s, 20, &got);
	stream_skip(&s, 150000);
	stream_take(&s, 1000, &got);
	stream_skip(&s, 100);
	stream_get(&s, tmp, sizeof(tmp));
	stream_skip(&s, 100000); /* the last bytes are never read */
	check_true(stream_hash(&s, &h), "every byte hashed");
	check_u64(h, gmon_hash_bytes(want, N), "hash");
	stream_free(&s);
	t_end();

	/* A file shorter than the stream's size: not hashed whole. */
	t_begin("stream/hash-file-short");
	stream_file(&s, fd, N + 10);
	stream_want_hash(&s);
	stream_skip(&s, N + 10);
	check_true(!stream_hash(&s, &h), "a short file");
	stream_free(&s);
	t_end();
	close(fd);
	free(want);
}

static void
test_stream_mem(void)
{
	unsigned char buf[777];
	struct stream s;
	size_t got;
	uint64_t h;

	fill(buf, sizeof(buf));
	t_begin("stream/hash-mem");
	stream_mem(&s, buf, sizeof(buf));
	stream_want_hash(&s);
	stream_take(&s, 10, &got);
	stream_skip(&s, 500);
	check_true(stream_hash(&s, &h), "every byte hashed");
	check_u64(h, gmon_hash_bytes(buf, sizeof(buf)), "hash");
	t_end();

	/* Not asked to hash: no hash. */
	t_begin("stream/hash-off");
	stream_mem(&s, buf, sizeof(buf));
	stream_skip(&s, sizeof(buf));
	check_true(!stream_hash(&s, &h), "no hash");
	t_end();
}

T_MODULE(gmonhash)
{
	t_run("gmonhash/known", test_known);
	t_run("gmonhash/pieces", test_pieces);
	t_run("gmonhash/every-bit", test_bits);
	t_run("stream/hash-file", test_stream_file);
	t_run("stream/hash-mem", test_stream_mem);
}
