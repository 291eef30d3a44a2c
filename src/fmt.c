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

static char *
digits(char *p, uint64_t v, int width, int left, int point)
{
	char tmp[32];
	int n = 0;

	do {
		if (n == point && point > 0)
			tmp[n++] = '.';
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 || n <= point);
	if (!left)
		for (int i = n; i < width; i++)
			*p++ = ' ';
	while (n > 0)
		*p++ = tmp[--n];
	return p;
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
	double scaled, fl, frac;

	if (prec >= 0 && prec <= 3 && v >= 0 && v < 1e12 && !signbit(v)) {
		scaled = v * pow10s[prec];
		fl = floor(scaled);
		frac = scaled - fl;
		/* Far enough from a tie that the exact value rounds the same
		 * way as the computed product. */
		if (fabs(frac - 0.5) > 1e-6) {
			uint64_t r = (uint64_t)fl + (frac > 0.5);
			return digits(p, r, width, 0, prec);
		}
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
