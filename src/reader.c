/*
 * reader.c - bounds-checked decoding and encoding of fixed-size values.
 */
#include "reader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void
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

static uint64_t
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

uint8_t
rd_u8(struct reader *r)
{
	return (uint8_t)rd_uint(r, 1);
}

uint16_t
rd_u16(struct reader *r)
{
	return (uint16_t)rd_uint(r, 2);
}

uint32_t
rd_u32(struct reader *r)
{
	return (uint32_t)rd_uint(r, 4);
}

uint64_t
rd_u64(struct reader *r)
{
	return rd_uint(r, 8);
}

uint64_t
rd_word(struct reader *r)
{
	return rd_uint(r, r->word == 4 ? 4 : 8);
}

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
rd_skip(struct reader *r, size_t n)
{
	if (reader_left(r) < n) {
		r->off = r->n;
		r->bad = true;
		return;
	}
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

char *
slurp_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;
	int saved;

	if (f == NULL)
		return NULL;
	do {
		if (cap - n < 4096)
			buf = xreallocarray(buf, cap = cap ? 2 * cap : 8192, 1);
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		saved = errno ? errno : EIO;
		fclose(f);
		free(buf);
		errno = saved;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}
