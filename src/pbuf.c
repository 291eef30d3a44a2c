/*
 * pbuf.c - protocol buffers encoding (pbuf.h).
 */
#include "pbuf.h"

void
pb_varint(struct wbuf *w, uint64_t v)
{
	uint8_t b[10];
	size_t n = 0;

	do {
		b[n] = (uint8_t)(v & 0x7f);
		v >>= 7;
		if (v != 0)
			b[n] |= 0x80;
		n++;
	} while (v != 0);
	wb_bytes(w, b, n);
}

static void
pb_key(struct wbuf *w, unsigned f, enum pb_wire wire)
{
	pb_varint(w, (uint64_t)f << 3 | (uint64_t)wire);
}

void
pb_uint(struct wbuf *w, unsigned f, uint64_t v)
{
	if (v == 0)
		return;
	pb_key(w, f, PB_VARINT);
	pb_varint(w, v);
}

void
pb_int(struct wbuf *w, unsigned f, int64_t v)
{
	pb_uint(w, f, (uint64_t)v);
}

void
pb_bytes(struct wbuf *w, unsigned f, const void *p, size_t n)
{
	pb_key(w, f, PB_LEN);
	pb_varint(w, n);
	if (n > 0)
		wb_bytes(w, p, n);
}

void
pb_msg(struct wbuf *w, unsigned f, const struct wbuf *sub)
{
	pb_bytes(w, f, sub->p, sub->n);
}
