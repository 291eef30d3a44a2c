/*
 * test_fmt.c - fmt_f/fmt_u must write exactly what printf writes, for
 * the widths and precisions the reports use and for values near the
 * rounding ties where a shortcut could go wrong.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fmt.h"

static bool
same_f(double v, int width, int prec)
{
	char want[128], got[128], *end;

	snprintf(want, sizeof(want), "%*.*f", width, prec, v);
	end = fmt_f(got, v, width, prec);
	*end = '\0';
	if (strcmp(got, want) != 0)
		return t_fail("fmt_f(%.17g, %d, %d) = \"%s\", printf \"%s\"", v,
			      width, prec, got, want);
	return true;
}

static const struct {
	double v;
	int width, prec;
} fixed[] = {
	{ 0, 6, 2 },         { 100.16, 6, 2 },     { 0.005, 8, 2 },
	{ 0.015, 8, 2 },     { 0.025, 8, 2 },      { 1.005, 8, 2 },
	{ 2.675, 8, 2 },     { 0.125, 8, 2 },      { 0.375, 8, 2 },
	{ 999.995, 8, 2 },   { 1e11, 9, 2 },       { 12345678.9, 8, 2 },
	{ 0.05, 5, 1 },      { 0.25, 5, 1 },       { 99.95, 5, 1 },
	{ 100.0, 5, 1 },     { -0.0, 8, 2 },       { -1.5, 8, 2 },
	{ 1.0 / 0.0, 8, 2 }, { -1.0 / 0.0, 8, 2 }, { 0.0 / 0.0, 8, 2 },
	{ 4.5e15, 8, 2 },    { 0.7, 0, 2 },        { 3.14159, 1, 3 },
	{ 0, 0, 0 },         { 0, 1, 0 },          { 0, 3, 1 },
	{ 0, 0, 3 },         { 0, 7, 3 },          { 0, 11, 2 },
	{ -0.0, 0, 0 },      { -0.0, 7, 2 },
};

static void
t_fixed(void)
{
	t_begin("fmt/f-fixed-cases");
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		if (!same_f(fixed[i].v, fixed[i].width, fixed[i].prec))
			break;
	t_end();
}

/* Random magnitudes, and values placed right at x.xx5 ties. */
static void
t_random(void)
{
	uint64_t st = 0x1234567;

	t_begin("fmt/f-random-200000");
	for (int i = 0; i < 200000; i++) {
		uint64_t r = t_rand(&st);
		double mant = (double)(r >> 11) / 9007199254740992.0;
		double v = mant * pow(10, (double)(r % 12) - 4);
		int prec = 1 + (int)(r >> 60) % 2;

		if (!same_f(v, prec == 1 ? 5 : 8, prec))
			break;
	}
	t_end();
	t_begin("fmt/f-near-ties");
	for (int i = 0; i < 100000; i++) {
		double base = (double)(t_rand(&st) % 1000000) / 1000.0 + 0.0005;
		double v = nextafter(base, (t_rand(&st) & 1) ? 0 : 1e9);

		if (!same_f(base, 8, 2) || !same_f(v, 8, 2) ||
		    !same_f(base * 10, 5, 1))
			break;
	}
	t_end();
}

static void
t_unsigned(void)
{
	static const uint64_t vals[] = {
		0, 1, 9, 10, 1234567, 4294967295u, 18446744073709551615ull
	};
	char got[64], want[64], *end;

	t_begin("fmt/u-right-and-left");
	for (size_t i = 0; i < ARRAY_SIZE(vals); i++) {
		snprintf(want, sizeof(want), "%7llu|%-7llu|",
			 (unsigned long long)vals[i],
			 (unsigned long long)vals[i]);
		end = fmt_u(got, vals[i], 7, 0);
		*end++ = '|';
		end = fmt_u(end, vals[i], 7, 1);
		*end++ = '|';
		*end = '\0';
		if (!check_str(got, want, "fmt_u"))
			break;
	}
	t_end();
}

/* Every digit count, widths 0-12 either side, and fmt_f's four
 * precisions on whole numbers of every length (digits two at a time). */
static void
t_random_digits(void)
{
	uint64_t st = 0xd1917;
	char got[64], want[64], *end;

	t_begin("fmt/u-random-digits");
	for (int i = 0; i < 100000; i++) {
		uint64_t r = t_rand(&st);
		uint64_t v = r >> (r % 64);
		int w = (int)(t_rand(&st) % 13), left = (int)(r & 1);

		snprintf(want, sizeof(want), left ? "%-*llu|" : "%*llu|", w,
			 (unsigned long long)v);
		end = fmt_u(got, v, w, left);
		*end++ = '|';
		*end = '\0';
		if (!check_str(got, want, "fmt_u"))
			break;
	}
	t_end();
	t_begin("fmt/f-whole-numbers-prec-0-to-3");
	for (int i = 0; i < 100000; i++) {
		uint64_t r = t_rand(&st);
		double v =
		    (double)(r % 1000000000000ull) / pow(10, (double)(r % 7));
		int prec = (int)(r >> 62), w = (int)(t_rand(&st) % 14);

		if (!same_f(v, w, prec))
			break;
	}
	t_end();
}

T_MODULE(fmt)
{
	t_run("fmt-fixed", t_fixed);
	t_run("fmt-random", t_random);
	t_run("fmt-unsigned", t_unsigned);
	t_run("fmt-random-digits", t_random_digits);
}
