/*
 * reader.h - bounds-checked reading of untrusted bytes.
 *
 * Every byte taken from a profile file goes through a struct reader.  A
 * read past the end returns 0 and sets BAD; callers check BAD once after
 * a group of reads.  Multi-byte values are decoded in the byte order
 * given at init time; "words" are 4 or 8 bytes, as the executable says.
 * The DWARF readers also take LEB128 numbers and NUL-terminated strings
 * through it, so there is one bounds-checked cursor in the program.
 */
#ifndef GPROF_READER_H
#define GPROF_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/* R over the N bytes at P (borrowed), from the first. */
static inline void
reader_init(struct reader *r, const void *p, size_t n, bool big_endian,
	    int word)
{
	r->p = p;
	r->n = n;
	r->off = 0;
	r->big_endian = big_endian;
	r->word = word;
	r->bad = false;
}

static inline size_t
reader_left(const struct reader *r)
{
	return r->n - r->off;
}

/*
 * reader_init(), then to offset OFF: R->off stays an offset in P, which
 * suits a section read from a place it names.  An OFF past N leaves R
 * bad and at its end.
 */
static inline void
reader_init_at(struct reader *r, const void *p, size_t n, uint64_t off,
	       bool big_endian, int word)
{
	reader_init(r, p, n, big_endian, word);
	if (off > n) {
		r->off = n;
		r->bad = true;
		return;
	}
	r->off = (size_t)off;
}

/* An unsigned value of SIZE bytes in R's byte order; 0 (and R->bad)
 * when fewer are left.  Inline, as are the readers below: the DWARF and
 * profile readers decode millions of values. */
static inline uint64_t
rd_uint(struct reader *r, size_t size)
{
	const unsigned char *p = r->p + r->off;
	uint64_t v = 0;

	if (reader_left(r) < size) {
		r->off = r->n;
		r->bad = true;
		return 0;
	}
	r->off += size;
#if defined(__BYTE_ORDER__)
	/* The usual sizes with one load, swapped when the byte orders
	 * differ: a size known only at run time (a word of 4 or 8 bytes)
	 * otherwise costs a loop with a test per byte. */
	const bool swap =
	    r->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);

	if (size == 8) {
		memcpy(&v, p, 8);
		return swap ? __builtin_bswap64(v) : v;
	}
	if (size == 4) {
		uint32_t x;

		memcpy(&x, p, 4);
		return swap ? __builtin_bswap32(x) : x;
	}
#endif
	for (size_t i = 0; i < size; i++) {
		size_t k = r->big_endian ? i : size - 1 - i;
		v = (v << 8) | p[k];
	}
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

/* Step over N bytes; when fewer are left, R goes bad at its end.  N is
 * 64 bits wide so that a length from the file is never truncated. */
static inline void
rd_skip(struct reader *r, uint64_t n)
{
	if ((uint64_t)reader_left(r) < n) {
		r->off = r->n;
		r->bad = true;
		return;
	}
	r->off += (size_t)n;
}

/*
 * A NUL-terminated string in place (borrowed from R's bytes), R moved
 * past its NUL; NULL, with R bad at its end, when no NUL is left.
 */
static inline const char *
rd_cstr(struct reader *r)
{
	const char *s = (const char *)r->p + r->off;
	const char *nul = memchr(s, '\0', reader_left(r));

	if (nul == NULL) {
		r->off = r->n;
		r->bad = true;
		return NULL;
	}
	r->off += (size_t)(nul - s) + 1;
	return s;
}

/*
 * LEB128 numbers (DWARF's variable-length integers), as the DWARF
 * readers take them:
 *
 * rd_uleb() gives an unsigned number's low 64 bits; the bits of later
 * bytes are dropped.  rd_sleb() gives a signed one, sign-extended from
 * bit 6 of its last byte when it is under 64 bits wide.  A number cut
 * short by the end sets R->bad and gives the bits read before the end
 * (the missing byte reads as 0, so a signed one is not extended).  A
 * number read while R->bad is already set ends after its first byte.
 *
 * rd_uleb_fit() is rd_uleb() that also sets R->bad, and stops, at a
 * byte past the tenth that carries a bit: a number that cannot fit in
 * 64 bits counts as damage.  (The tenth byte's bits above its lowest
 * are dropped, as in rd_uleb().)
 *
 * rd_leb() is their common body.  A one-byte number, the usual case,
 * costs a bounds check and a load.
 */
static inline uint64_t
rd_leb(struct reader *r, bool sign, bool fit)
{
	uint64_t v = 0;
	unsigned shift = 0;
	uint8_t b;

	if (r->off < r->n && !(r->p[r->off] & 0x80)) {
		b = r->p[r->off++];
		if (sign && (b & 0x40))
			return b | ~(uint64_t)0x7f;
		return b;
	}
	do {
		b = rd_u8(r);
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		else if (fit && (b & 0x7f) != 0)
			r->bad = true;
		shift += 7;
	} while ((b & 0x80) && !r->bad);
	if (sign && shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return v;
}

static inline uint64_t
rd_uleb(struct reader *r)
{
	return rd_leb(r, false, false);
}

static inline int64_t
rd_sleb(struct reader *r)
{
	return (int64_t)rd_leb(r, true, false);
}

static inline uint64_t
rd_uleb_fit(struct reader *r)
{
	return rd_leb(r, false, true);
}

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
