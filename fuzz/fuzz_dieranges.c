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
 * Then the oracle: the same sections in an ELF file of that byte order
 * (written to a memfd and opened as gprof opens an executable), each
 * unit libdw finds read as linesyms_build() reads it
 * (linesyms_unit_ranges) and, when dieranges.c reads it, again by the
 * walk with libdw (GPROF_DWARF=libdw's reader): the ranges must be the
 * same (addresses, names, linkage, order) and the walk must note no
 * damage, or the two modes would print different reports or warnings.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <elf.h>
#include <elfutils/libdw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dieranges.h"
#include "exe.h"
#include "linesyms.h"
#include "srcline.h"

#include "memfd_exe.h"

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

/* The ELF file: header, the two sections' bytes, the symbol and string
 * tables, the section headers. */
enum { S_INFO = 1, S_ABBREV = 2, S_SYMTAB = 9, S_STRTAB, S_SHSTRTAB, NSEC };

static const char *const names[NSEC] = {
	"",
	".debug_info",
	".debug_abbrev",
	".debug_str",
	".debug_line_str",
	".debug_str_offsets",
	".debug_addr",
	".debug_ranges",
	".debug_rnglists",
	".symtab",
	".strtab",
	".shstrtab",
};

struct out {
	unsigned char *p;
	size_t n;
	bool be;
};

static void
put(struct out *o, uint64_t v, unsigned size)
{
	for (unsigned i = 0; i < size; i++)
		o->p[o->n++] =
		    (unsigned char)(v >> (8 * (o->be ? size - 1 - i : i)));
}

static void
put_bytes(struct out *o, const void *p, size_t n)
{
	if (n > 0)
		memcpy(o->p + o->n, p, n);
	o->n += n;
}

/* An ELF64 file holding INFO as .debug_info and as every other section
 * dieranges may read, and ABBREV as .debug_abbrev.  Owned by the
 * caller; its size in *N. */
static unsigned char *
make_elf(const unsigned char *info, size_t ninfo, const unsigned char *abbrev,
	 size_t nab, bool be, size_t *n)
{
	struct out o = { NULL, 0, be };
	size_t shstr = 0, shstr_at[NSEC], info_at, abbrev_at, sym_at, str_at,
	       shstr_off, sh_at;

	for (int i = 0; i < NSEC; i++) {
		shstr_at[i] = shstr;
		shstr += strlen(names[i]) + 1;
	}
	o.p = xcalloc(64 + ninfo + nab + 24 + 1 + shstr + 8 + NSEC * 64, 1);
	o.p[0] = 0x7f;
	memcpy(o.p + 1, "ELF", 3);
	o.p[EI_CLASS] = ELFCLASS64;
	o.p[EI_DATA] = be ? ELFDATA2MSB : ELFDATA2LSB;
	o.p[EI_VERSION] = EV_CURRENT;
	o.n = 16;
	put(&o, ET_EXEC, 2);
	put(&o, be ? EM_PPC64 : EM_X86_64, 2);
	put(&o, EV_CURRENT, 4);
	put(&o, 0, 8); /* entry */
	put(&o, 0, 8); /* phoff */
	info_at = 64;
	abbrev_at = info_at + ninfo;
	sym_at = abbrev_at + nab;
	str_at = sym_at + 24;
	shstr_off = str_at + 1;
	sh_at = (shstr_off + shstr + 7) & ~(size_t)7;
	put(&o, sh_at, 8);
	put(&o, 0, 4);    /* flags */
	put(&o, 64, 2);   /* ehsize */
	put(&o, 0, 2);    /* phentsize */
	put(&o, 0, 2);    /* phnum */
	put(&o, 64, 2);   /* shentsize */
	put(&o, NSEC, 2); /* shnum */
	put(&o, S_SHSTRTAB, 2);
	put_bytes(&o, info, ninfo);
	put_bytes(&o, abbrev, nab);
	o.n += 24 + 1; /* the null symbol, the empty string */
	for (int i = 0; i < NSEC; i++)
		put_bytes(&o, names[i], strlen(names[i]) + 1);
	o.n = sh_at;
	for (int i = 0; i < NSEC; i++) {
		uint64_t type = SHT_PROGBITS, off = info_at, size = ninfo;
		uint64_t link = 0, entsize = 0, align = 1;

		if (i == 0)
			type = off = size = 0;
		else if (i == S_ABBREV)
			off = abbrev_at, size = nab;
		else if (i == S_SYMTAB)
			type = SHT_SYMTAB, off = sym_at, size = 24,
			link = S_STRTAB, entsize = 24, align = 8;
		else if (i == S_STRTAB)
			type = SHT_STRTAB, off = str_at, size = 1;
		else if (i == S_SHSTRTAB)
			type = SHT_STRTAB, off = shstr_off, size = shstr;
		put(&o, shstr_at[i], 4);
		put(&o, type, 4);
		put(&o, 0, 8); /* flags */
		put(&o, 0, 8); /* addr */
		put(&o, off, 8);
		put(&o, size, 8);
		put(&o, link, 4);
		put(&o, i == S_SYMTAB ? 1 : 0, 4); /* info: first global */
		put(&o, i == 0 ? 0 : align, 8);
		put(&o, entsize, 8);
	}
	*n = o.n;
	return o.p;
}

/* Drop X's pending notes (they would be printed at exe_close). */
static void
drop_notes(struct exe *x)
{
	for (size_t i = 0; i < x->nnotes; i++)
		free(x->notes[i]);
	free(x->notes);
	x->notes = NULL;
	x->nnotes = 0;
}

/* A and B hold the same ranges in the same order. */
static bool
same_ranges(const struct gp_vec *a, const struct gp_vec *b)
{
	const struct die_range *x = a->p, *y = b->p;

	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++) {
		if (x[i].lo != y[i].lo || x[i].hi != y[i].hi ||
		    x[i].linkage != y[i].linkage || x[i].order != y[i].order)
			return false;
		if ((x[i].name == NULL) != (y[i].name == NULL) ||
		    (x[i].name != NULL && strcmp(x[i].name, y[i].name) != 0))
			return false;
	}
	return true;
}

/* The oracle (see the top): both readers on every unit libdw finds. */
static void
compare_with_libdw(const unsigned char *info, size_t ninfo,
		   const unsigned char *abbrev, size_t nab, bool be)
{
	size_t n;
	unsigned char *elf = make_elf(info, ninfo, abbrev, nab, be, &n);
	struct exe x;
	int fd = memfd_exe_open(&x, elf, n);
	void *dw;
	uint64_t off = 0;
	Dwarf_Die cu;

	free(elf);
	if (fd < 0)
		return;
	dw = srcline_dwarf(&x);
	for (int k = 0;
	     dw != NULL && k < 64 && srcline_next_unit(&x, dw, &off, &cu);
	     k++) {
		struct gp_vec lean = { 0 }, walk = { 0 };

		/* The walk's notes are seen only if their kinds are new. */
		x.warned &= ~(unsigned)(EXE_BAD_DIE | EXE_BAD_RANGES);
		drop_notes(&x);
		if (linesyms_unit_ranges(&x, &cu, false, &lean)) {
			linesyms_unit_ranges(&x, &cu, true, &walk);
			if (!same_ranges(&lean, &walk) || x.nnotes != 0)
				abort();
		}
		free(lean.p);
		free(walk.p);
	}
	drop_notes(&x);
	exe_close(&x);
	close(fd);
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
	compare_with_libdw(info, size - 3 - nab, abbrev, nab, s.big_endian);
	free(info);
	free(abbrev);
	return 0;
}
