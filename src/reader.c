/*
 * reader.c - bounds-checked decoding and encoding of fixed-size values.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"

void
rd_bytes(struct reader *r, void *dst, size_t n)
{
	if (reader_left(r) < n) {
		memset(dst, 0, n);
		r->off = r->n;
		r->bad = true;
		return;
	}
	memcpy(dst, r->p + r->off, n);
	r->off += n;
}

void
wbuf_init(struct wbuf *w, bool big_endian, int word)
{
	w->p = NULL;
	w->n = 0;
	w->cap = 0;
	w->big_endian = big_endian;
	w->word = word;
	w->sink = NULL;
	w->sink_ctx = NULL;
}

void
wbuf_init_sink(struct wbuf *w, bool big_endian, int word, wbuf_sink *sink,
	       void *ctx)
{
	wbuf_init(w, big_endian, word);
	w->p = xmalloc(WBUF_SINK_BUF);
	w->cap = WBUF_SINK_BUF;
	w->sink = sink;
	w->sink_ctx = ctx;
}

void
wbuf_flush(struct wbuf *w)
{
	if (w->sink == NULL || w->n == 0)
		return;
	w->sink(w->sink_ctx, w->p, w->n);
	w->n = 0;
}

void
wbuf_free(struct wbuf *w)
{
	free(w->p);
	w->p = NULL;
	w->n = w->cap = 0;
}

void
wb_bytes(struct wbuf *w, const void *src, size_t n)
{
	if (n == 0) /* memcpy must not see an empty buffer's NULL */
		return;
	if (w->sink != NULL && w->cap - w->n < n) {
		wbuf_flush(w);
		if (n > w->cap) { /* too big to buffer: straight through */
			w->sink(w->sink_ctx, src, n);
			return;
		}
	}
	if (w->cap - w->n < n) {
		size_t cap = w->cap ? w->cap : 4096;
		while (cap - w->n < n) {
			if (cap > SIZE_MAX / 2)
				gp_out_of_memory();
			cap *= 2;
		}
		w->p = xreallocarray(w->p, cap, 1);
		w->cap = cap;
	}
	memcpy(w->p + w->n, src, n);
	w->n += n;
}

static void
wb_uint(struct wbuf *w, uint64_t v, size_t size)
{
	unsigned char b[8];

	for (size_t i = 0; i < size; i++) {
		size_t k = w->big_endian ? size - 1 - i : i;
		b[k] = (unsigned char)(v >> (8 * i));
	}
	wb_bytes(w, b, size);
}

void
wb_u8(struct wbuf *w, uint8_t v)
{
	wb_uint(w, v, 1);
}

void
wb_u16(struct wbuf *w, uint16_t v)
{
	wb_uint(w, v, 2);
}

void
wb_u32(struct wbuf *w, uint32_t v)
{
	wb_uint(w, v, 4);
}

void
wb_u64(struct wbuf *w, uint64_t v)
{
	wb_uint(w, v, 8);
}

void
wb_word(struct wbuf *w, uint64_t v)
{
	wb_uint(w, v, w->word == 4 ? 4 : 8);
}

static const char *
file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	return "of an unknown type";
}

int
open_regular(const char *path, struct stat *st, struct gp_err *err)
{
	struct stat own;
	int fd, flags;

	if (st == NULL)
		st = &own;
	/* O_NONBLOCK: opening a FIFO would otherwise wait for a writer. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return gp_fail(err, "%s: %s", path, strerror(errno));
	if (fstat(fd, st) != 0) {
		gp_fail(err, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return gp_fail(err, "%s: not a regular file (%s)", path,
			       file_kind(st->st_mode));
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
		gp_fail(err, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Grow *BUF to CAP bytes; false (BUF kept) when memory runs out. */
static bool
grow(char **buf, size_t cap)
{
	char *p = realloc(*buf, cap);

	if (p == NULL)
		return false;
	*buf = p;
	return true;
}

/* No text input (map, response file) is anywhere near this big. */
#define SLURP_MAX ((size_t)1 << 30)

char *
slurp_regular(const char *path, size_t *len, struct gp_err *err)
{
	struct stat st;
	char *buf = NULL;
	size_t n = 0, cap, limit = SLURP_MAX + 2; /* a byte too many, NUL */
	int fd = open_regular(path, &st, err);

	if (fd < 0)
		return NULL;
	/* The size is a hint: a file may grow while we read it, and some
	 * (those in /proc) claim 0 bytes but have more. */
	if ((uintmax_t)st.st_size > SLURP_MAX)
		goto too_big;
	cap = (size_t)st.st_size + 1 > 8192 ? (size_t)st.st_size + 1 : 8192;
	if (!grow(&buf, cap))
		goto no_memory;
	for (;;) {
		ssize_t got;

		if (n == cap - 1) {
			if (cap == limit)
				goto too_big;
			cap = cap > limit / 2 ? limit : 2 * cap;
			if (!grow(&buf, cap))
				goto no_memory;
		}
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			gp_fail(err, "%s: %s", path, strerror(errno));
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n > SLURP_MAX)
		goto too_big;
	close(fd);
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
too_big:
	gp_fail(err, "%s: too large (more than %zu MiB)", path,
		SLURP_MAX >> 20);
	goto fail;
no_memory:
	gp_fail(err, "%s: not enough memory to read it", path);
fail:
	free(buf);
	close(fd);
	return NULL;
}

char *
slurp_file(const char *path, size_t *len)
{
	return slurp_regular(path, len, NULL);
}
