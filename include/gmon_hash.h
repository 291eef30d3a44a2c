/*
 * gmon_hash.h - the 64-bit hash that ties a side file to its profile
 * (include/gmon_side.h, the TIE record): the side file's writer hashes
 * every byte of the profile it writes, the reader hashes the profile it
 * reads, and the side file is read only when the two agree.  Shared by
 * the collector (runtime/write.c: no libc beyond memcpy, so it may run
 * in a signal handler) and the analyser (src/stream.c, src/sumfile.c).
 * Nothing here allocates.
 *
 * The hash: four 64-bit lanes, each fed every fourth little-endian word
 * of the bytes (a 32-byte stripe per step) by v = rotl(v + w * K2, 29)
 * * K1, a bijection of v for every word w, so two inputs that differ in
 * one stripe leave different lanes; a last short stripe is padded with
 * zeros; then the length and the four lanes are folded through a 64-bit
 * finalizer.  The value depends only on the bytes, not on how they were
 * cut into calls, nor on the machine's byte order.  It detects a changed
 * or replaced profile (chance of a miss about 2^-64); it is not a
 * defence against someone who forges a file on purpose: the reader's
 * owner check is that.  About 5 GB/s on one core (two multiplications
 * per word, four lanes in flight): a 100 MB profile costs some 20 ms.
 */
#ifndef GMON_HASH_H
#define GMON_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GMON_HASH_K1 0x9e3779b97f4a7c15u
#define GMON_HASH_K2 0xbf58476d1ce4e5b9u
#define GMON_HASH_K3 0x94d049bb133111ebu
#define GMON_HASH_STRIPE 32

struct gmon_hash {
	uint64_t v[4];
	uint64_t total; /* bytes added */
	unsigned char buf[GMON_HASH_STRIPE];
	size_t nbuf; /* bytes of a stripe waiting in BUF */
};

static inline void
gmon_hash_init(struct gmon_hash *h)
{
	h->v[0] = GMON_HASH_K1;
	h->v[1] = GMON_HASH_K2;
	h->v[2] = GMON_HASH_K3;
	h->v[3] = GMON_HASH_K1 ^ GMON_HASH_K2;
	h->total = 0;
	h->nbuf = 0;
}

static inline uint64_t
gmon_hash_le64(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	       (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	       (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	       (uint64_t)p[7] << 56;
}

static inline uint64_t
gmon_hash_round(uint64_t v, uint64_t w)
{
	v += w * GMON_HASH_K2;
	v = v << 29 | v >> 35;
	return v * GMON_HASH_K1;
}

/* The stripes of the N bytes at P (N a multiple of 32) into V. */
static inline void
gmon_hash_stripes(uint64_t v[4], const unsigned char *p, size_t n)
{
	/* Locals: P's bytes may alias V as far as the compiler knows. */
	uint64_t a = v[0], b = v[1], c = v[2], d = v[3];

	for (; n >= GMON_HASH_STRIPE;
	     p += GMON_HASH_STRIPE, n -= GMON_HASH_STRIPE) {
		a = gmon_hash_round(a, gmon_hash_le64(p));
		b = gmon_hash_round(b, gmon_hash_le64(p + 8));
		c = gmon_hash_round(c, gmon_hash_le64(p + 16));
		d = gmon_hash_round(d, gmon_hash_le64(p + 24));
	}
	v[0] = a;
	v[1] = b;
	v[2] = c;
	v[3] = d;
}

/* Add the N bytes at DATA. */
static inline void
gmon_hash_add(struct gmon_hash *h, const void *data, size_t n)
{
	const unsigned char *p = data;

	h->total += n;
	if (h->nbuf > 0) {
		size_t k = GMON_HASH_STRIPE - h->nbuf;

		if (k > n)
			k = n;
		memcpy(h->buf + h->nbuf, p, k);
		h->nbuf += k;
		p += k;
		n -= k;
		if (h->nbuf < GMON_HASH_STRIPE)
			return;
		gmon_hash_stripes(h->v, h->buf, GMON_HASH_STRIPE);
		h->nbuf = 0;
	}
	size_t whole = n & ~(size_t)(GMON_HASH_STRIPE - 1);
	gmon_hash_stripes(h->v, p, whole);
	memcpy(h->buf, p + whole, n - whole);
	h->nbuf = n - whole;
}

static inline uint64_t
gmon_hash_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * GMON_HASH_K2;
	z = (z ^ (z >> 27)) * GMON_HASH_K3;
	return z ^ (z >> 31);
}

/* The hash of every byte added so far (H is unchanged). */
static inline uint64_t
gmon_hash_value(const struct gmon_hash *h)
{
	uint64_t v[4] = { h->v[0], h->v[1], h->v[2], h->v[3] };
	unsigned char last[GMON_HASH_STRIPE] = { 0 };

	if (h->nbuf > 0) {
		memcpy(last, h->buf, h->nbuf);
		gmon_hash_stripes(v, last, GMON_HASH_STRIPE);
	}
	uint64_t x = gmon_hash_mix(h->total ^ GMON_HASH_K3);
	for (int i = 0; i < 4; i++)
		x = gmon_hash_mix((x ^ v[i]) * GMON_HASH_K1);
	return x;
}

/* The hash of the N bytes at P. */
static inline uint64_t
gmon_hash_bytes(const void *p, size_t n)
{
	struct gmon_hash h;

	gmon_hash_init(&h);
	gmon_hash_add(&h, p, n);
	return gmon_hash_value(&h);
}

#endif
