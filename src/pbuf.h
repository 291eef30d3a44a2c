/*
 * pbuf.h - the protocol buffers wire format, written by hand: varints,
 * 64-bit signed values as two's-complement varints (int64), and
 * length-delimited fields (strings, packed repeated numbers, nested
 * messages).  Bytes go to a struct wbuf (reader.h).
 *
 * Nested messages are built in a scratch wbuf of their own and appended
 * with pb_msg(), which writes the length first; packed repeated fields
 * the same way with pb_bytes().  Field numbers and wire types are the
 * caller's (see the .proto of the format being written).
 */
#ifndef GPROF_PBUF_H
#define GPROF_PBUF_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"

enum pb_wire { PB_VARINT = 0, PB_LEN = 2 };

/* V as a base-128 varint, no field key (packed elements). */
void pb_varint(struct wbuf *w, uint64_t v);

/* Field F = V (uint64, bool, enum), omitted when V is 0. */
void pb_uint(struct wbuf *w, unsigned f, uint64_t v);

/* Field F = V (int64: negative values take ten bytes), omitted when 0. */
void pb_int(struct wbuf *w, unsigned f, int64_t v);

/* Field F = the N bytes at P (string, bytes or packed numbers). */
void pb_bytes(struct wbuf *w, unsigned f, const void *p, size_t n);

/* Field F = the message built in SUB (even when empty). */
void pb_msg(struct wbuf *w, unsigned f, const struct wbuf *sub);

#endif
