/*
 * fuzz_dieranges.c - libFuzzer target for the lean DIE reader
 * (dieranges_unit, -l's function ranges).  Byte 0 picks the byte order
 * (bit 0) and whether names are plain (bit 1); bytes 1-2 (little
 * endian) give the length of .debug_abbrev, which follows; the rest is
 * .debug_info, and also every other section the reader may look into
 * (strings, string offsets, addresses, both range list sections), so
 * that offsets read from it land in bytes the fuzzer controls.  Every
 * unit in .debug_info is read in turn, as linesyms.c does.
 *
 * Checks: a unit read adds ranges with HI > LO, ORDER the vector's
 * count when each was added, and names that are NUL-terminated strings
 * inside one of the sections; a unit given up on leaves the vector as
 * it was.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dieranges.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool
plain_even(int lang)
{
	return (lang & 1) == 0;
}

static bool
plain_none(int lang)
{
	(void)lang;
	return false;
}

/* Whether NAME lies inside [P, P + N) with its NUL. */
static bool
inside(const char *name, const unsigned char *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)name;

	return p != NULL && s >= p && s < p + n &&
	       memchr(s, 0, n - (size_t)(s - p));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dieranges_secs s;
	struct gp_vec out = { 0 };
	size_t nab;
	uint64_t off = 0;
	unsigned char *info, *abbrev;

	if (size < 3)
		return 0;
	nab = (size_t)data[1] | (size_t)data[2] << 8;
	if (nab > size - 3)
		nab = size - 3;
	/* Copies, so that a read past either is caught. */
	abbrev = malloc(nab ? nab : 1);
	info = malloc(size - 3 - nab ? size - 3 - nab : 1);
	memcpy(abbrev, data + 3, nab);
	memcpy(info, data + 3 + nab, size - 3 - nab);
	memset(&s, 0, sizeof(s));
	s.big_endian = data[0] & 1;
	s.abbrev = abbrev;
	s.nabbrev = nab;
	s.info = s.str = s.line_str = s.str_offsets = s.addr = s.ranges =
	    s.rnglists = info;
	s.ninfo = s.nstr = s.nline_str = s.nstr_offsets = s.naddr = s.nranges =
	    s.nrnglists = size - 3 - nab;
	/* Every unit, by the length in its header (at most 64 of them). */
	for (int k = 0; k < 64 && off + 4 <= s.ninfo; k++) {
		size_t before = out.n;
		uint64_t len = 0, next;

		if (dieranges_unit(&s, off,
				   data[0] & 2 ? plain_even : plain_none,
				   &out) != 0) {
			if (out.n != before)
				abort();
		} else {
			for (size_t i = before; i < out.n; i++) {
				const struct die_range *r =
				    (const struct die_range *)out.p + i;

				if (r->hi <= r->lo || r->order != i + 1)
					abort();
				if (r->name != NULL &&
				    !inside(r->name, info, s.ninfo) &&
				    !inside(r->name, abbrev, nab))
					abort();
			}
		}
		for (int b = 0; b < 4; b++)
			len |=
			    (uint64_t)
				info[off + (uint64_t)(s.big_endian ? 3 - b : b)]
			    << (8 * b);
		if (len == 0xffffffff)
			break; /* 64-bit units: the first one is enough */
		next = off + 4 + len;
		if (next <= off)
			break;
		off = next;
	}
	free(out.p);
	free(info);
	free(abbrev);
	return 0;
}
