/*
 * fmt.c - printf-compatible fixed-point and integer formatting.
 *
 * Invariant: every output equals what snprintf would write; the fast
 * path is taken only where its rounding provably agrees.
 */
#include "fmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double pow10s[] = { 1, 10, 100, 1000 };

/* "00" to "99", two digits a step. */
static const char pairs[201] = "00010203040506070809"
			       "10111213141516171819"
			       "20212223242526272829"
			       "30313233343536373839"
			       "40414243444546474849"
			       "50515253545556575859"
			       "60616263646566676869"
			       "70717273747576777879"
			       "80818283848586878889"
			       "90919293949596979899";

/*
 * V in decimal right-aligned in WIDTH (unless LEFT), with a '.' before
 * its last POINT digits (at least POINT + 1 digits then).  The length
 * is counted first, then the digits are written in place from the
 * right, two at a time (no copy of a variable length: a call).
 */
static char *
digits(char *p, uint64_t v, int width, int left, int point)
{
	static const uint64_t pow10u[] = {
		1ull,
		10ull,
		100ull,
		1000ull,
		10000ull,
		100000ull,
		1000000ull,
		10000000ull,
		100000000ull,
		1000000000ull,
		10000000000ull,
		100000000000ull,
		1000000000000ull,
		10000000000000ull,
		100000000000000ull,
		1000000000000000ull,
		10000000000000000ull,
		100000000000000000ull,
		1000000000000000000ull,
		10000000000000000000ull,
	};
	int nd = 1, n;
	char *q;

	while (nd < 20 && v >= pow10u[nd])
		nd++;
	n = (nd > point ? nd : point + 1) + (point > 0);
	if (!left)
		for (int i = n; i < width; i++)
			*p++ = ' ';
	q = p + n;
	for (int i = 0; i < point; i++) {
		*--q = (char)('0' + v % 10);
		v /= 10;
	}
	if (point > 0)
		*--q = '.';
	while (v >= 100) {
		unsigned d = (unsigned)(v % 100);

		v /= 100;
		q -= 2;
		q[0] = pairs[2 * d];
		q[1] = pairs[2 * d + 1];
	}
	if (v >= 10) {
		q -= 2;
		q[0] = pairs[2 * v];
		q[1] = pairs[2 * v + 1];
	} else {
		*--q = (char)('0' + v);
	}
	return p + n;
}

char *
fmt_u(char *p, uint64_t v, int width, int left)
{
	char *start = p;

	p = digits(p, v, left ? 0 : width, 0, 0);
	while (left && p - start < width)
		*p++ = ' ';
	return p;
}

char *
fmt_f(char *p, double v, int width, int prec)
{
	double scaled, frac;
	uint64_t whole;

	if (v == 0 && !signbit(v) && prec >= 0 && prec <= 3) {
		/* Most times of a sparse profile: "0.00", right-aligned. */
		int n = prec > 0 ? prec + 2 : 1;

		for (int i = n; i < width; i++)
			*p++ = ' ';
		*p++ = '0';
		if (prec > 0) {
			*p++ = '.';
			for (int i = 0; i < prec; i++)
				*p++ = '0';
		}
		return p;
	}
	if (prec >= 0 && prec <= 3 && v >= 0 && v < 1e12 && !signbit(v)) {
		scaled = v * pow10s[prec];
		/* Below 1e15 < 2^53: the conversion is floor, exactly, and
		 * no call to libm's. */
		whole = (uint64_t)scaled;
		frac = scaled - (double)whole;
		/* Far enough from a tie that the exact value rounds the same
		 * way as the computed product. */
		if (fabs(frac - 0.5) > 1e-6)
			return digits(p, whole + (frac > 0.5), width, 0, prec);
	}
	return p + snprintf(p, 64, "%*.*f", width, prec, v);
}

char *
fmt_pad(char *p, int width)
{
	for (int i = 0; i < width; i++)
		*p++ = ' ';
	return p;
}

char *
fmt_s(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}
