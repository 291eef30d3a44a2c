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
	gmon_hash_init(&s->hash);
}

void
stream_file(struct stream *s, int fd, uint64_t size)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	s->size = size;
	s->win = xmalloc(WINDOW);
	gmon_hash_init(&s->hash);
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

/* Hash the window's bytes past those hashed, when it holds the next. */
static void
hash_window(struct stream *s)
{
	uint64_t end = s->win_pos + s->win_len;

	if (!s->hashing || s->hash_bad || s->hashed < s->win_pos ||
	    s->hashed >= end)
		return;
	gmon_hash_add(&s->hash, s->win + (s->hashed - s->win_pos),
		      (size_t)(end - s->hashed));
	s->hashed = end;
}

/* Read the bytes [hashed, TO) of a file stream through the window and
 * hash them (the window is then empty); a failure sets hash_bad. */
static void
catch_up(struct stream *s, uint64_t to)
{
	s->win_len = 0;
	while (!s->hash_bad && s->hashed < to) {
		size_t want =
		    to - s->hashed < WINDOW ? (size_t)(to - s->hashed) : WINDOW;

		if (pread_full(s->fd, s->win, want, s->hashed) != 0) {
			s->hash_bad = true;
			break;
		}
		gmon_hash_add(&s->hash, s->win, want);
		s->hashed += want;
	}
}

/* Fill the window from the current position; false at a failure. */
static bool
refill(struct stream *s)
{
	size_t want = stream_left(s) < WINDOW ? (size_t)stream_left(s) : WINDOW;
	ssize_t got;

	if (s->hashing && s->hashed < s->pos)
		catch_up(s, s->pos);
	do
		got = pread(s->fd, s->win, want, (off_t)s->pos);
	while (got < 0 && errno == EINTR);
	if (got <= 0) {
		s->err_no = got < 0 ? errno : 0;
		return false;
	}
	s->win_pos = s->pos;
	s->win_len = (size_t)got;
	hash_window(s);
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

void
stream_want_hash(struct stream *s)
{
	s->hashing = true;
}

bool
stream_hash(struct stream *s, uint64_t *hash)
{
	if (!s->hashing)
		return false;
	if (s->fd < 0 && s->hashed < s->size) {
		gmon_hash_add(&s->hash, s->mem + s->hashed,
			      (size_t)(s->size - s->hashed));
		s->hashed = s->size;
	} else if (s->fd >= 0) {
		catch_up(s, s->size);
	}
	*hash = gmon_hash_value(&s->hash);
	return !s->hash_bad && s->hashed == s->size;
}
