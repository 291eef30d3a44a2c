/*
 * reader.h - bounds-checked reading of untrusted bytes.
 *
 * Every byte taken from a profile file goes through a struct reader.  A
 * read past the end returns 0 and sets BAD; callers check BAD once after
 * a group of reads.  Multi-byte values are decoded in the byte order
 * given at init time; "words" are 4 or 8 bytes, as the executable says.
 */
#ifndef GPROF_READER_H
#define GPROF_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct reader {
	const unsigned char *p; /* borrowed */
	size_t n;               /* bytes in P */
	size_t off;             /* next byte to read */
	bool big_endian;
	int word; /* 4 or 8 */
	bool bad; /* a read ran past the end */
};

struct gp_err;
struct stat;

/*
 * Open PATH for reading.  Anything but a regular file is refused: a
 * directory, a device such as /dev/zero (endless), a FIFO (opened without
 * blocking, so a FIFO with no writer cannot hang us), a socket.  The
 * check is made on the open descriptor, so the file cannot be swapped
 * between check and use.  Returns the descriptor, in blocking mode and
 * close-on-exec, with its status in *ST unless ST is NULL; -1 with ERR
 * filled ("PATH: not a regular file (character device)", "PATH: No such
 * file or directory", ...) on failure.
 */
int open_regular(const char *path, struct stat *st, struct gp_err *err);

/*
 * The whole regular file at PATH (see open_regular()), with a NUL after
 * its last byte (embedded NULs stay), its length in *LEN unless LEN is
 * NULL.  The caller frees the result.  NULL with ERR filled when PATH
 * cannot be opened or read, is not a regular file, or does not fit in
 * memory (this names the file, unlike the out-of-memory exit).
 */
char *slurp_regular(const char *path, size_t *len, struct gp_err *err);

/*
 * slurp_regular() for callers that need no message: NULL on any
 * failure.  (The @FILE expansion keeps an unreadable FILE as a word.)
 */
char *slurp_file(const char *path, size_t *len);

void reader_init(struct reader *r, const void *p, size_t n, bool big_endian,
		 int word);
static inline size_t
reader_left(const struct reader *r)
{
	return r->n - r->off;
}
/* An unsigned value of SIZE bytes in R's byte order; 0 (and R->bad)
 * when fewer are left.  Inline, as are the readers below: the DWARF and
 * profile readers decode millions of values. */
static inline uint64_t
rd_uint(struct reader *r, size_t size)
{
	uint64_t v = 0;

	if (reader_left(r) < size) {
		r->off = r->n;
		r->bad = true;
		return 0;
	}
	for (size_t i = 0; i < size; i++) {
		size_t k = r->big_endian ? i : size - 1 - i;
		v = (v << 8) | r->p[r->off + k];
	}
	r->off += size;
	return v;
}

static inline uint8_t
rd_u8(struct reader *r)
{
	return (uint8_t)rd_uint(r, 1);
}

static inline uint16_t
rd_u16(struct reader *r)
{
	return (uint16_t)rd_uint(r, 2);
}

static inline uint32_t
rd_u32(struct reader *r)
{
	return (uint32_t)rd_uint(r, 4);
}

static inline uint64_t
rd_u64(struct reader *r)
{
	return rd_uint(r, 8);
}

/* A 4- or 8-byte value, zero-extended. */
static inline uint64_t
rd_word(struct reader *r)
{
	return rd_uint(r, r->word == 4 ? 4 : 8);
}
/* Copy N bytes into DST (zero-filled if short). */
void rd_bytes(struct reader *r, void *dst, size_t n);
void rd_skip(struct reader *r, size_t n);

/*
 * Encoders for writers: append to a growing buffer, or, with a sink
 * (wbuf_init_sink), to a fixed one that is handed to the sink whenever
 * it fills, so a big output never sits in memory whole.
 */
typedef void wbuf_sink(void *ctx, const unsigned char *p, size_t n);
struct wbuf {
	unsigned char *p; /* owned */
	size_t n, cap;
	bool big_endian;
	int word;
	wbuf_sink *sink; /* NULL: the buffer grows */
	void *sink_ctx;
};
void wbuf_init(struct wbuf *w, bool big_endian, int word);
/* W with a buffer of WBUF_SINK_BUF bytes that SINK(CTX, ...) empties,
 * in order; wbuf_flush() hands it the rest (nothing without a sink). */
#define WBUF_SINK_BUF 65536
void wbuf_init_sink(struct wbuf *w, bool big_endian, int word, wbuf_sink *sink,
		    void *ctx);
void wbuf_flush(struct wbuf *w);
void wbuf_free(struct wbuf *w);
void wb_bytes(struct wbuf *w, const void *src, size_t n);
void wb_u8(struct wbuf *w, uint8_t v);
void wb_u16(struct wbuf *w, uint16_t v);
void wb_u32(struct wbuf *w, uint32_t v);
void wb_u64(struct wbuf *w, uint64_t v);
void wb_word(struct wbuf *w, uint64_t v);

#endif
