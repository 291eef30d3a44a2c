/*
 * stream.h - a profile's bytes, handed out in order from memory or from
 * a file read through a small window, so reading a large profile costs
 * the window, not the file.
 *
 * A file stream never reads past the size it was given (the size when
 * the file was opened); a file that shrinks while it is read comes up
 * short, like a truncated one.
 *
 * A stream asked to (stream_want_hash) hashes its bytes (gmon_hash.h),
 * so that a side file can be checked against the profile's bytes as
 * read, without reading the file again: a file's bytes are hashed as
 * each window is read, bytes skipped (bins left in the file) are read
 * into the window and hashed before the next one, and stream_hash()
 * hashes the rest.
 */
#ifndef GPROF_STREAM_H
#define GPROF_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon_hash.h"

struct stream {
	int fd;                   /* borrowed; -1 for memory */
	const unsigned char *mem; /* borrowed, for memory */
	uint64_t size;            /* bytes in the profile */
	uint64_t pos;             /* offset of the next byte */
	unsigned char *win;       /* owned: a file's window */
	uint64_t win_pos;         /* offset of win[0] */
	size_t win_len;
	int err_no;            /* a read failed with this errno */
	bool hashing;          /* stream_want_hash() was called */
	struct gmon_hash hash; /* of bytes [0, hashed) */
	uint64_t hashed;
	bool hash_bad; /* reading skipped bytes to hash them failed */
};

void stream_mem(struct stream *s, const void *p, size_t n);
void stream_file(struct stream *s, int fd, uint64_t size);
/* Free the window; the file stays open. */
void stream_free(struct stream *s);

static inline uint64_t
stream_left(const struct stream *s)
{
	return s->size - s->pos;
}

/*
 * Copy the next N bytes into DST and move past them.  Returns how many
 * were copied: fewer than N only at the end, or when reading failed
 * (then err_no is set).
 */
size_t stream_get(struct stream *s, void *dst, size_t n);

/*
 * The next N bytes (N <= 64 KiB), contiguous, and move past them; *GOT
 * says how many there are: fewer than N only at the end, or when
 * reading failed (then err_no is set).  The bytes stay valid until the
 * next call on S.
 */
const unsigned char *stream_take(struct stream *s, size_t n, size_t *got);

/* Move past N bytes without reading them (at most to the end). */
void stream_skip(struct stream *s, uint64_t n);

/* Hash S's bytes (before anything is read from it). */
void stream_want_hash(struct stream *s);

/*
 * The hash of every byte of the stream (its SIZE bytes, whatever was
 * read or skipped) into *HASH: the bytes not yet hashed are read now.
 * False when some could not be read (a file that shrank, an I/O error)
 * or S was not asked to hash.
 */
bool stream_hash(struct stream *s, uint64_t *hash);

/*
 * Read exactly N bytes at offset OFF of FD into DST.  Returns 0, or -1
 * with errno set (0 when the file ended first).
 */
int pread_full(int fd, void *dst, size_t n, uint64_t off);

#endif
