/*
 * stream.c - sequential reading of a profile from memory or a file.
 */
#include "stream.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"

#define WINDOW (64 * 1024)

void
stream_mem(struct stream *s, const void *p, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->fd = -1;
	s->mem = p;
	s->size = n;
}

void
stream_file(struct stream *s, int fd, uint64_t size)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	s->size = size;
	s->win = xmalloc(WINDOW);
}

void
stream_free(struct stream *s)
{
	free(s->win);
	s->win = NULL;
}

int
pread_full(int fd, void *dst, size_t n, uint64_t off)
{
	unsigned char *p = dst;

	while (n > 0) {
		ssize_t got = pread(fd, p, n, (off_t)off);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				errno = 0;
			return -1;
		}
		p += got;
		n -= (size_t)got;
		off += (uint64_t)got;
	}
	return 0;
}

/* Fill the window from the current position; false at a failure. */
static bool
refill(struct stream *s)
{
	size_t want = stream_left(s) < WINDOW ? (size_t)stream_left(s) : WINDOW;
	ssize_t got;

	do
		got = pread(s->fd, s->win, want, (off_t)s->pos);
	while (got < 0 && errno == EINTR);
	if (got <= 0) {
		s->err_no = got < 0 ? errno : 0;
		return false;
	}
	s->win_pos = s->pos;
	s->win_len = (size_t)got;
	return true;
}

size_t
stream_get(struct stream *s, void *dst, size_t n)
{
	unsigned char *p = dst;
	size_t done = 0;

	if (n > stream_left(s))
		n = (size_t)stream_left(s);
	if (n == 0)
		return 0;
	if (s->fd < 0) {
		memcpy(p, s->mem + s->pos, n);
		s->pos += n;
		return n;
	}
	while (done < n) {
		size_t off, take;

		if ((s->pos < s->win_pos ||
		     s->pos >= s->win_pos + s->win_len) &&
		    !refill(s))
			break;
		off = (size_t)(s->pos - s->win_pos);
		take =
		    s->win_len - off < n - done ? s->win_len - off : n - done;
		memcpy(p + done, s->win + off, take);
		done += take;
		s->pos += take;
	}
	return done;
}

const unsigned char *
stream_take(struct stream *s, size_t n, size_t *got)
{
	const unsigned char *p;
	size_t off;

	if (n > stream_left(s))
		n = (size_t)stream_left(s);
	if (s->fd < 0) {
		p = s->mem + s->pos;
		s->pos += n;
		*got = n;
		return p;
	}
	if (s->pos < s->win_pos || s->pos + n > s->win_pos + s->win_len) {
		if (n > WINDOW) {
			n = WINDOW;
		}
		if (!refill(s)) {
			*got = 0;
			return s->win;
		}
		if (n > s->win_len)
			n = s->win_len;
	}
	off = (size_t)(s->pos - s->win_pos);
	s->pos += n;
	*got = n;
	return s->win + off;
}

void
stream_skip(struct stream *s, uint64_t n)
{
	s->pos += n < stream_left(s) ? n : stream_left(s);
}
