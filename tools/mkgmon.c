/*
 * mkgmon - write a synthetic gmon profile file from a text spec.
 *
 * Tests use it to hand both gprofs (ours and GNU's) exactly the same
 * bytes: valid profiles with chosen bins and arcs, and malformed ones.
 *
 *   mkgmon [-o OUT] SPEC        SPEC is a file, or - for stdin
 *
 * The spec has one directive per line; '#' starts a comment; numbers are
 * decimal or 0x hex.  Settings apply to the whole file, wherever they
 * appear; records are written in spec order.
 *
 *   format gnu|bsd|bsd44|none   file layout (default gnu; none = no header,
 *                               GNU-style records, for malformed files)
 *   word 4|8                    pointer size (default 8)
 *   endian little|big           byte order (default little)
 *   version N                   GNU header version word (default 1)
 *   ncnt N                      BSD header ncnt field (default: computed)
 *   hist LOWPC HIGHPC NBINS [RATE [DIMEN [ABBREV]]]
 *                               GNU: a tag-0 record; BSD: the file header
 *   bin I COUNT                 bin I of the latest hist (u16 on disk)
 *   hists COUNT LOWPC WIDTH NBINS [down]
 *                               COUNT hist records (rate 100, seconds) over
 *                               consecutive ranges of WIDTH bytes from
 *                               LOWPC, in ascending order or with "down"
 *                               descending; bin I of the range at LOWPC +
 *                               K*WIDTH holds (K + I) % 7 + 1
 *   arc FROMPC SELFPC COUNT     GNU: tag-1 record (u32 count); BSD: a raw
 *                               arc (count is word-sized)
 *   bb ADDR COUNT               GNU only: consecutive bb lines form one
 *                               tag-2 record
 *   raw HEX...                  bytes appended as-is ("01 ff" or "01ff")
 *   truncate N                  cut the finished file to N bytes
 *   truncate -N                 cut N bytes off the end of the file
 *
 * Layouts: as include/gmon_format.h describes them (mkgmon writes 12
 * spare bytes after the 4.4BSD rate for word 4 too, as GNU gprof 2.40
 * reads them).
 *
 * Invariant: nothing is written until the whole spec has parsed; a bad
 * line prints "mkgmon: SPEC:LINE: what" and exits 1.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon_format.h"

enum fmt { FMT_GNU, FMT_BSD, FMT_BSD44, FMT_NONE };
enum rec_kind { REC_HIST, REC_ARC, REC_BB, REC_RAW };

#define MAX_BINS (1u << 28)

struct rec {
	enum rec_kind kind;
	uint64_t a, b, c; /* hist: lo, hi, nbins; arc: from, self, count */
	uint32_t rate;    /* hist */
	char dimen[GMON_DIMEN_LEN]; /* hist, NUL-padded */
	char abbrev;                /* hist */
	uint16_t *bins;             /* hist, owned */
	uint64_t *pairs;            /* bb: 2*n words, owned; raw: unused */
	size_t n;                   /* bb: pairs; raw: bytes */
	unsigned char *bytes;       /* raw, owned */
};

struct spec {
	enum fmt fmt;
	int word;
	int big;
	uint32_t version;
	int have_ncnt;
	uint32_t ncnt;
	int have_trunc; /* 0 none, 1 to a length, -1 from the end */
	uint64_t trunc;
	struct rec *recs; /* owned */
	size_t nrecs, cap;
	long hist; /* index of the latest hist record, or -1 */
};

struct buf {
	unsigned char *p; /* owned */
	size_t n, cap;
};

static const char *spec_name;
static unsigned long line_no;

static void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (line_no)
		fprintf(stderr, "mkgmon: %s:%lu: ", spec_name, line_no);
	else
		fprintf(stderr, "mkgmon: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static uint64_t
num(const char *s, const char *what)
{
	int base = 10;
	char *end;
	unsigned long long v;

	if (!s)
		die("missing %s", what);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		die("bad number for %s", what);
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || *end)
		die("bad number for %s: '%s'", what, s);
	return v;
}

static uint64_t
num_max(const char *s, const char *what, uint64_t max)
{
	uint64_t v = num(s, what);

	if (v > max)
		die("%s %llu is larger than %llu", what, (unsigned long long)v,
		    (unsigned long long)max);
	return v;
}

static struct rec *
new_rec(struct spec *sp, enum rec_kind kind)
{
	struct rec *r;

	if (sp->nrecs == sp->cap) {
		sp->cap = sp->cap ? 2 * sp->cap : 16;
		sp->recs = xrealloc(sp->recs, sp->cap * sizeof(*sp->recs));
	}
	r = &sp->recs[sp->nrecs++];
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	return r;
}

static void
do_hist(struct spec *sp, char **tok, int ntok)
{
	struct rec *r;
	const char *s;

	if (ntok < 4 || ntok > 7)
		die("usage: hist LOWPC HIGHPC NBINS [RATE [DIMEN [ABBREV]]]");
	r = new_rec(sp, REC_HIST);
	r->a = num(tok[1], "lowpc");
	r->b = num(tok[2], "highpc");
	r->c = num_max(tok[3], "nbins", MAX_BINS);
	r->rate =
	    ntok > 4 ? (uint32_t)num_max(tok[4], "rate", UINT32_MAX) : 100;
	s = ntok > 5 ? tok[5] : "seconds";
	if (strlen(s) > sizeof(r->dimen))
		die("dimension '%s' is longer than %d bytes", s,
		    GMON_DIMEN_LEN);
	memcpy(r->dimen, s, strlen(s)); /* NUL-padded, not terminated */
	if (ntok > 6 && strlen(tok[6]) != 1)
		die("abbreviation must be one character");
	r->abbrev = ntok > 6 ? tok[6][0] : 's';
	r->bins = calloc(r->c ? r->c : 1, sizeof(*r->bins));
	if (!r->bins)
		die("out of memory");
	sp->hist = (long)(sp->nrecs - 1);
}

static void
do_hists(struct spec *sp, char **tok, int ntok)
{
	uint64_t count, lo, width, nbins;
	int down;

	if (ntok < 5 || ntok > 6 || (ntok == 6 && strcmp(tok[5], "down")))
		die("usage: hists COUNT LOWPC WIDTH NBINS [down]");
	count = num_max(tok[1], "count", 1u << 24);
	lo = num(tok[2], "lowpc");
	width = num(tok[3], "width");
	nbins = num_max(tok[4], "nbins", 1u << 16);
	down = ntok == 6;
	if (width == 0 || count > (UINT64_MAX - lo) / width)
		die("ranges past the end of the address space");
	for (uint64_t i = 0; i < count; i++) {
		uint64_t k = down ? count - 1 - i : i;
		struct rec *r = new_rec(sp, REC_HIST);

		r->a = lo + k * width;
		r->b = r->a + width;
		r->c = nbins;
		r->rate = 100;
		memcpy(r->dimen, "seconds", 7);
		r->abbrev = 's';
		r->bins = calloc(nbins ? nbins : 1, sizeof(*r->bins));
		if (!r->bins)
			die("out of memory");
		for (uint64_t b = 0; b < nbins; b++)
			r->bins[b] = (uint16_t)((k + b) % 7 + 1);
		sp->hist = (long)(sp->nrecs - 1);
	}
}

static void
do_bin(struct spec *sp, char **tok, int ntok)
{
	struct rec *h;
	uint64_t i;

	if (ntok != 3)
		die("usage: bin I COUNT");
	if (sp->hist < 0)
		die("bin before any hist");
	h = &sp->recs[sp->hist];
	i = num(tok[1], "bin index");
	if (i >= h->c)
		die("bin %llu is past the %llu bins of the histogram",
		    (unsigned long long)i, (unsigned long long)h->c);
	h->bins[i] = (uint16_t)num_max(tok[2], "bin count", 0xffff);
}

static void
do_bb(struct spec *sp, char **tok, int ntok)
{
	struct rec *r;

	if (ntok != 3)
		die("usage: bb ADDR COUNT");
	if (sp->nrecs && sp->recs[sp->nrecs - 1].kind == REC_BB)
		r = &sp->recs[sp->nrecs - 1];
	else
		r = new_rec(sp, REC_BB);
	r->pairs = xrealloc(r->pairs, (r->n + 1) * 2 * sizeof(*r->pairs));
	r->pairs[2 * r->n] = num(tok[1], "bb address");
	r->pairs[2 * r->n + 1] = num(tok[2], "bb count");
	r->n++;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void
do_raw(struct spec *sp, char **tok, int ntok)
{
	struct rec *r = new_rec(sp, REC_RAW);

	if (ntok < 2)
		die("usage: raw HEX...");
	for (int t = 1; t < ntok; t++) {
		const char *s = tok[t];
		size_t len = strlen(s);

		if (len % 2)
			die("odd number of hex digits in '%s'", s);
		r->bytes = xrealloc(r->bytes, r->n + len / 2);
		for (size_t i = 0; i < len; i += 2) {
			int hi = hexval(s[i]), lo = hexval(s[i + 1]);

			if (hi < 0 || lo < 0)
				die("bad hex byte in '%s'", s);
			r->bytes[r->n++] = (unsigned char)(hi << 4 | lo);
		}
	}
}

static void
do_line(struct spec *sp, char *line)
{
	char *tok[16];
	int ntok = 0;
	char *s;

	s = strchr(line, '#');
	if (s)
		*s = '\0';
	for (s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
		if (ntok == (int)(sizeof(tok) / sizeof(tok[0])))
			die("too many words on one line");
		tok[ntok++] = s;
	}
	if (!ntok)
		return;
	if (!strcmp(tok[0], "raw")) {
		do_raw(sp, tok, ntok);
		return;
	}
	if (!strcmp(tok[0], "hist")) {
		do_hist(sp, tok, ntok);
		return;
	}
	if (!strcmp(tok[0], "hists")) {
		do_hists(sp, tok, ntok);
		return;
	}
	if (!strcmp(tok[0], "bin")) {
		do_bin(sp, tok, ntok);
		return;
	}
	if (!strcmp(tok[0], "bb")) {
		do_bb(sp, tok, ntok);
		return;
	}
	if (ntok != (strcmp(tok[0], "arc") ? 2 : 4))
		die("wrong number of arguments to '%s'", tok[0]);
	if (!strcmp(tok[0], "arc")) {
		struct rec *r = new_rec(sp, REC_ARC);

		r->a = num(tok[1], "frompc");
		r->b = num(tok[2], "selfpc");
		r->c = num(tok[3], "count");
	} else if (!strcmp(tok[0], "format")) {
		if (!strcmp(tok[1], "gnu"))
			sp->fmt = FMT_GNU;
		else if (!strcmp(tok[1], "bsd"))
			sp->fmt = FMT_BSD;
		else if (!strcmp(tok[1], "bsd44"))
			sp->fmt = FMT_BSD44;
		else if (!strcmp(tok[1], "none"))
			sp->fmt = FMT_NONE;
		else
			die("unknown format '%s' (gnu, bsd, bsd44, none)",
			    tok[1]);
	} else if (!strcmp(tok[0], "word")) {
		sp->word = (int)num(tok[1], "word size");
		if (sp->word != 4 && sp->word != 8)
			die("word size must be 4 or 8");
	} else if (!strcmp(tok[0], "endian")) {
		if (strcmp(tok[1], "little") && strcmp(tok[1], "big"))
			die("endian must be little or big");
		sp->big = !strcmp(tok[1], "big");
	} else if (!strcmp(tok[0], "version")) {
		sp->version = (uint32_t)num_max(tok[1], "version", UINT32_MAX);
	} else if (!strcmp(tok[0], "ncnt")) {
		sp->ncnt = (uint32_t)num_max(tok[1], "ncnt", UINT32_MAX);
		sp->have_ncnt = 1;
	} else if (!strcmp(tok[0], "truncate")) {
		sp->have_trunc = tok[1][0] == '-' ? -1 : 1;
		sp->trunc =
		    num(tok[1] + (sp->have_trunc < 0), "truncate length");
	} else {
		die("unknown directive '%s'", tok[0]);
	}
}

static void
put_bytes(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		while (b->n + n > b->cap)
			b->cap = b->cap ? 2 * b->cap : 4096;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
put_uint(struct buf *b, const struct spec *sp, uint64_t v, int size)
{
	unsigned char tmp[8];

	for (int i = 0; i < size; i++) {
		int shift = sp->big ? 8 * (size - 1 - i) : 8 * i;

		tmp[i] = (unsigned char)(v >> shift);
	}
	put_bytes(b, tmp, (size_t)size);
}

/* A word-sized field; values that do not fit a 4-byte word are errors. */
static void
put_word(struct buf *b, const struct spec *sp, uint64_t v, const char *what)
{
	if (sp->word == 4 && v > UINT32_MAX)
		die("%s 0x%llx does not fit a 4-byte word", what,
		    (unsigned long long)v);
	put_uint(b, sp, v, sp->word);
}

static void
put_bins(struct buf *b, const struct spec *sp, const struct rec *r)
{
	for (uint64_t i = 0; i < r->c; i++)
		put_uint(b, sp, r->bins[i], 2);
}

static void
put_gnu_rec(struct buf *b, const struct spec *sp, const struct rec *r)
{
	unsigned char tag;

	switch (r->kind) {
	case REC_HIST:
		tag = 0;
		put_bytes(b, &tag, 1);
		put_word(b, sp, r->a, "lowpc");
		put_word(b, sp, r->b, "highpc");
		put_uint(b, sp, r->c, 4);
		put_uint(b, sp, r->rate, 4);
		put_bytes(b, r->dimen, sizeof(r->dimen));
		put_bytes(b, &r->abbrev, 1);
		put_bins(b, sp, r);
		break;
	case REC_ARC:
		if (r->c > UINT32_MAX)
			die("arc count %llu does not fit 32 bits",
			    (unsigned long long)r->c);
		tag = 1;
		put_bytes(b, &tag, 1);
		put_word(b, sp, r->a, "frompc");
		put_word(b, sp, r->b, "selfpc");
		put_uint(b, sp, r->c, 4);
		break;
	case REC_BB:
		tag = 2;
		put_bytes(b, &tag, 1);
		put_uint(b, sp, r->n, 4);
		for (size_t i = 0; i < 2 * r->n; i++)
			put_word(b, sp, r->pairs[i], "bb value");
		break;
	case REC_RAW:
		put_bytes(b, r->bytes, r->n);
		break;
	}
}

static void
put_bsd(struct buf *b, const struct spec *sp)
{
	const struct rec *h = NULL;
	size_t hdr;
	uint64_t ncnt;

	for (size_t i = 0; i < sp->nrecs; i++) {
		if (sp->recs[i].kind == REC_BB)
			die("bb records exist only in the gnu format");
		if (sp->recs[i].kind != REC_HIST)
			continue;
		if (h)
			die("the bsd formats allow at most one hist");
		h = &sp->recs[i];
	}
	hdr = 2 * (size_t)sp->word + 4;
	if (sp->fmt == FMT_BSD44)
		hdr += 8 + 12;
	ncnt = hdr + (h ? 2 * h->c : 0);
	if (sp->have_ncnt)
		ncnt = sp->ncnt;
	if (ncnt > UINT32_MAX)
		die("histogram too large for the bsd ncnt field");
	put_word(b, sp, h ? h->a : 0, "lowpc");
	put_word(b, sp, h ? h->b : 0, "highpc");
	put_uint(b, sp, ncnt, 4);
	if (sp->fmt == FMT_BSD44) {
		static const unsigned char zero[12];

		put_uint(b, sp, GMON_BSD44_VERSION, 4);
		put_uint(b, sp, h ? h->rate : 100, 4);
		put_bytes(b, zero, sizeof(zero));
	}
	if (h)
		put_bins(b, sp, h);
	for (size_t i = 0; i < sp->nrecs; i++) {
		const struct rec *r = &sp->recs[i];

		if (r->kind == REC_ARC) {
			put_word(b, sp, r->a, "frompc");
			put_word(b, sp, r->b, "selfpc");
			put_word(b, sp, r->c, "arc count");
		} else if (r->kind == REC_RAW) {
			put_bytes(b, r->bytes, r->n);
		}
	}
}

static void
serialize(struct buf *b, const struct spec *sp)
{
	if (sp->fmt == FMT_BSD || sp->fmt == FMT_BSD44) {
		put_bsd(b, sp);
		return;
	}
	if (sp->fmt == FMT_GNU) {
		static const unsigned char zero[12];

		put_bytes(b, GMON_MAGIC, GMON_MAGIC_LEN);
		put_uint(b, sp, sp->version, 4);
		put_bytes(b, zero, sizeof(zero));
	}
	for (size_t i = 0; i < sp->nrecs; i++)
		put_gnu_rec(b, sp, &sp->recs[i]);
}

static void
read_spec(struct spec *sp, FILE *in)
{
	char line[4096];

	while (fgets(line, sizeof(line), in)) {
		line_no++;
		if (!strchr(line, '\n') && !feof(in))
			die("line too long");
		do_line(sp, line);
	}
	if (ferror(in))
		die("read error");
	line_no = 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: mkgmon [-o OUT] SPEC   (SPEC may be -)\n");
	exit(1);
}

int
main(int argc, char **argv)
{
	const char *out = "gmon.out";
	struct spec sp = {
		.fmt = FMT_GNU, .word = 8, .version = 1, .hist = -1
	};
	struct buf b = { 0 };
	FILE *in, *f;
	int i = 1;

	if (i + 1 < argc && !strcmp(argv[i], "-o")) {
		out = argv[i + 1];
		i += 2;
	}
	if (i + 1 != argc)
		usage();
	spec_name = argv[i];
	in = strcmp(spec_name, "-") ? fopen(spec_name, "r") : stdin;
	if (!in)
		die("%s: %s", spec_name, strerror(errno));
	read_spec(&sp, in);
	if (in != stdin)
		fclose(in);
	serialize(&b, &sp);
	if (sp.have_trunc) {
		if (sp.trunc > b.n)
			die("truncate %s%llu is past the %zu bytes written",
			    sp.have_trunc < 0 ? "-" : "",
			    (unsigned long long)sp.trunc, b.n);
		b.n = sp.have_trunc < 0 ? b.n - (size_t)sp.trunc
					: (size_t)sp.trunc;
	}
	f = fopen(out, "wb");
	if (!f)
		die("%s: %s", out, strerror(errno));
	if ((b.n && fwrite(b.p, 1, b.n, f) != b.n) || fclose(f))
		die("%s: write failed", out);
	for (size_t k = 0; k < sp.nrecs; k++) {
		free(sp.recs[k].bins);
		free(sp.recs[k].pairs);
		free(sp.recs[k].bytes);
	}
	free(sp.recs);
	free(b.p);
	return 0;
}
