/*
 * fmt.h - fast formatting of the numbers reports print, byte-identical
 * to printf's "%W.Pf" and "%Wlu" / "%-Wlu".
 *
 * Reports print millions of numbers; printf's general machinery was
 * most of our run time.  fmt_f() handles the common case itself and
 * falls back to snprintf whenever rounding could differ from printf's
 * (a value within a hair of a half, negative, huge, or not finite).
 */
#ifndef GPROF_FMT_H
#define GPROF_FMT_H

#include <stdint.h>

/* Append V as "%*.*f" (PREC 0..3) at P; returns the new end. */
char *fmt_f(char *p, double v, int width, int prec);

/* Append V as "%*llu", or "%-*llu" when LEFT; returns the new end. */
char *fmt_u(char *p, uint64_t v, int width, int left);

/* Append WIDTH spaces. */
char *fmt_pad(char *p, int width);

/* Append S (NUL-terminated). */
char *fmt_s(char *p, const char *s);

#endif
