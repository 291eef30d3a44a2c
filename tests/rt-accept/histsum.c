/*
 * histsum.c - samples a GNU gmon.out records in an address range.
 *
 * Usage: histsum GMON LO HI   (addresses in hex, as nm prints them)
 * Prints the sum of the histogram bins that overlap [LO, HI), over every
 * histogram record of the file (bins are 16-bit, as GNU format 1 has
 * them; a bin's width is the record's range divided by its bin count).
 * Usage: histsum GMON
 * Prints "SAMPLES RATE": every bin's samples, and the sampling rate (Hz)
 * the first histogram record states.
 * Exit 1 with a message when the file is not a well-formed GNU profile.
 * A test helper: the file comes from the runtime under test, so every
 * read is checked.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *in;

static int
get(void *buf, size_t n)
{
	return fread(buf, 1, n, in) == n ? 0 : -1;
}

static uint64_t
le(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int
fail(const char *why)
{
	fprintf(stderr, "histsum: %s\n", why);
	return 1;
}

int
main(int argc, char **argv)
{
	if (argc != 4 && argc != 2)
		return fail("usage: histsum GMON [LO HI]");
	uint64_t lo = argc == 4 ? strtoull(argv[2], NULL, 16) : 0;
	uint64_t hi = argc == 4 ? strtoull(argv[3], NULL, 16) : UINT64_MAX;
	uint64_t rate = 0;
	int seen_hist = 0;
	in = fopen(argv[1], "rb");
	if (!in)
		return fail("cannot open the profile");
	unsigned char head[20];
	if (get(head, sizeof head) || memcmp(head, "gmon", 4) != 0)
		return fail("not a GNU profile");
	uint64_t total = 0;
	int tag;
	while ((tag = getc(in)) != EOF) {
		unsigned char rec[40];
		if (tag == 0) {
			if (get(rec, 40))
				return fail("truncated histogram header");
			uint64_t low = le(rec, 8), high = le(rec + 8, 8);
			uint64_t n = le(rec + 16, 4);
			if (!seen_hist++)
				rate = le(rec + 20, 4);
			if (high <= low || n == 0)
				return fail("bad histogram range");
			double w = (double)(high - low) / (double)n;
			for (uint64_t i = 0; i < n; i++) {
				unsigned char c[2];
				if (get(c, 2))
					return fail("truncated bins");
				double b0 = (double)low + w * (double)i;
				double b1 = b0 + w;
				if (b1 > (double)lo && b0 < (double)hi)
					total += le(c, 2);
			}
		} else if (tag == 1) {
			if (get(rec, 20))
				return fail("truncated arc");
		} else if (tag == 2) {
			if (get(rec, 4))
				return fail("truncated bb record");
			uint64_t n = le(rec, 4);
			for (uint64_t i = 0; i < n; i++)
				if (get(rec, 16))
					return fail("truncated bb record");
		} else {
			return fail("unknown record tag");
		}
	}
	if (argc == 2)
		printf("%" PRIu64 " %" PRIu64 "\n", total, rate);
	else
		printf("%" PRIu64 "\n", total);
	return 0;
}
