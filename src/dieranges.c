/*
 * dieranges.c - function ranges straight from .debug_info (see
 * dieranges.h).
 *
 * One pass over the unit's entries in file order, with a stack of the
 * open parents' DW_AT_sibling targets (each checked when the parent's
 * children end, so the entries visited are exactly the ones libdw's
 * sibling-and-child walk visits).  Every read goes through a struct
 * reader over the whole section, so that its offset is the section's,
 * and whose word is the unit's address size; any surprise returns -1.
 */
#include "dieranges.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

/* Nesting deeper than this is left to libdw (GCC nests a few dozen). */
#define MAX_DEPTH 4096
/* Abbreviation codes above this are left to libdw (they are dense). */
#define MAX_CODE 65536
/* Entries a name's chain may visit, as dwarf_attr_integrate(). */
#define CHAIN 16

/* The attributes an entry's reading keeps. */
enum {
	K_NONE,
	K_SIBLING,
	K_LOW,
	K_HIGH,
	K_RANGES,
	K_LINKAGE,
	K_MIPS_LINKAGE,
	K_NAME,
	K_ORIGIN,
	K_SPEC,
	K_LANG,
	K_STR_BASE,
	K_ADDR_BASE,
	K_RNGLISTS_BASE,
	K_ENTRY_PC,
	K_COUNT
};

struct attr_spec {
	uint16_t form;
	uint8_t kind;
	int64_t implicit; /* DW_FORM_implicit_const's value */
};

struct abbrev {
	uint64_t tag;
	bool children;
	bool wanted;       /* a subprogram or inlined subroutine */
	uint32_t first, n; /* its attributes in the unit's spec array */
	/* When every form has one size: the attributes' bytes, and where
	 * the first DW_AT_sibling is in them (FIXED_NONE: none). */
	uint32_t fixed, sib_at;
	uint16_t sib_form;
};

#define FIXED_NONE UINT32_MAX

/* One attribute's form and raw value (or place, for strings). */
struct val {
	uint16_t form;
	bool set;
	uint64_t u;
	const unsigned char *at; /* DW_FORM_string's bytes */
};

/* An entry read: VALS[k] holds kind k when bit k of MASK is set. */
struct die {
	const struct abbrev *a;
	uint32_t mask;
	struct val v[K_COUNT];
};

static inline const struct val *
has(const struct die *d, int k)
{
	return (d->mask >> k) & 1 ? &d->v[k] : NULL;
}

struct unit {
	const struct dieranges_secs *s;
	uint64_t start, end; /* offsets in .debug_info */
	uint64_t dies;       /* offset of the unit's first entry */
	int version;
	unsigned asize, osize;
	bool be;
	struct abbrev *ab; /* by code, ab[0] unused */
	size_t nab;
	struct attr_spec *spec;
	size_t nspec;
	bool have_str_base, have_addr_base, have_rnglists_base;
	uint64_t str_base, addr_base, base;
};

/*
 * LEB128 numbers as libdw reads them: it stops after ten bytes and reads
 * what follows as the next field, so a longer number (which no 64-bit
 * value needs) makes R bad, and the unit goes to libdw.
 */
#define LEB_MAX 10

static inline uint64_t
uleb(struct reader *r)
{
	size_t at = r->off;
	uint64_t v = rd_uleb_fit(r);

	if (r->off - at > LEB_MAX)
		r->bad = true;
	return v;
}

static inline int64_t
sleb(struct reader *r)
{
	size_t at = r->off;
	int64_t v = rd_sleb(r);

	if (r->off - at > LEB_MAX)
		r->bad = true;
	return v;
}

/* The size of FORM's value when it has one, else FIXED_NONE. */
static uint32_t
form_size(const struct unit *u, unsigned form)
{
	switch (form) {
	case DW_FORM_addr:
		return u->asize;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_ref_sup4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
		return 4;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
	case DW_FORM_strp_sup:
		return u->osize;
	case DW_FORM_ref_addr:
		return u->version <= 2 ? u->asize : u->osize;
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return 0;
	default:
		return FIXED_NONE;
	}
}

/* A's FIXED and SIB_AT (see struct abbrev). */
static void
fixed_layout(const struct unit *u, struct abbrev *a,
	     const struct attr_spec *spec)
{
	uint32_t at = 0;

	a->fixed = FIXED_NONE;
	a->sib_at = FIXED_NONE;
	for (uint32_t i = 0; i < a->n; i++) {
		uint32_t n = form_size(u, spec[a->first + i].form);

		if (n == FIXED_NONE || at > UINT16_MAX)
			return;
		if (spec[a->first + i].kind == K_SIBLING &&
		    a->sib_at == FIXED_NONE) {
			a->sib_at = at;
			a->sib_form = spec[a->first + i].form;
		}
		at += n;
	}
	a->fixed = at;
}

static int
read_abbrevs(struct unit *u, uint64_t off)
{
	struct reader c;
	struct gp_vec specs = { 0 };
	size_t cap = 0;

	if (off >= u->s->nabbrev)
		return -1;
	reader_init_at(&c, u->s->abbrev, u->s->nabbrev, off, u->be,
		       (int)u->asize);
	for (;;) {
		uint64_t code = uleb(&c), tag;
		struct abbrev *a;

		if (c.bad)
			goto fail;
		if (code == 0)
			break;
		if (code >= MAX_CODE)
			goto fail;
		if (code >= cap) {
			size_t ncap = cap ? cap : 64;

			while (ncap <= code)
				ncap *= 2;
			u->ab = xreallocarray(u->ab, ncap, sizeof(*u->ab));
			memset(u->ab + cap, 0, (ncap - cap) * sizeof(*u->ab));
			cap = ncap;
		}
		a = &u->ab[code];
		if (a->tag != 0) /* a code defined twice */
			goto fail;
		tag = uleb(&c);
		if (tag == 0 || c.bad)
			goto fail;
		a->tag = tag;
		a->wanted = tag == DW_TAG_subprogram ||
			    tag == DW_TAG_inlined_subroutine;
		/* libdw takes only DW_CHILDREN_yes (1) for children and
		 * anything else for none; leave it any byte but 0 and 1. */
		switch (rd_u8(&c)) {
		case DW_CHILDREN_no:
			a->children = false;
			break;
		case DW_CHILDREN_yes:
			a->children = true;
			break;
		default:
			goto fail;
		}
		a->first = (uint32_t)specs.n;
		for (;;) {
			uint64_t name = uleb(&c), form = uleb(&c);
			struct attr_spec *sp;

			if (c.bad)
				goto fail;
			if (name == 0 && form == 0)
				break;
			if (form > 0xffff || specs.n >= UINT32_MAX)
				goto fail;
			sp = gp_vec_push(&specs, sizeof(*sp), 256);
			sp->form = (uint16_t)form;
			sp->implicit =
			    form == DW_FORM_implicit_const ? sleb(&c) : 0;
			switch (name) {
			case DW_AT_sibling:
				sp->kind = K_SIBLING;
				break;
			case DW_AT_low_pc:
				sp->kind = K_LOW;
				break;
			case DW_AT_high_pc:
				sp->kind = K_HIGH;
				break;
			case DW_AT_ranges:
				sp->kind = K_RANGES;
				break;
			case DW_AT_linkage_name:
				sp->kind = K_LINKAGE;
				break;
			case DW_AT_MIPS_linkage_name:
				sp->kind = K_MIPS_LINKAGE;
				break;
			case DW_AT_name:
				sp->kind = K_NAME;
				break;
			case DW_AT_abstract_origin:
				sp->kind = K_ORIGIN;
				break;
			case DW_AT_specification:
				sp->kind = K_SPEC;
				break;
			case DW_AT_language:
				sp->kind = K_LANG;
				break;
			case DW_AT_str_offsets_base:
				sp->kind = K_STR_BASE;
				break;
			case DW_AT_addr_base:
				sp->kind = K_ADDR_BASE;
				break;
			case DW_AT_rnglists_base:
				sp->kind = K_RNGLISTS_BASE;
				break;
			case DW_AT_entry_pc:
				sp->kind = K_ENTRY_PC;
				break;
			default:
				sp->kind = K_NONE;
				break;
			}
		}
		a->n = (uint32_t)(specs.n - a->first);
	}
	u->nab = cap;
	u->spec = specs.p;
	u->nspec = specs.n;
	for (size_t i = 0; i < cap; i++)
		if (u->ab[i].tag != 0)
			fixed_layout(u, &u->ab[i], u->spec);
	return 0;
fail:
	free(specs.p);
	return -1;
}

/*
 * Read one value of FORM at C into V (or skip it).  Returns -1 for a
 * form this reader leaves to libdw.
 */
static int
read_form(const struct unit *u, struct reader *c, unsigned form, int64_t imp,
	  struct val *v)
{
	v->form = (uint16_t)form;
	v->set = true;
	v->u = 0;
	v->at = NULL;
	switch (form) {
	case DW_FORM_addr:
		v->u = rd_word(c);
		break;
	case DW_FORM_block2:
		rd_skip(c, rd_u16(c));
		break;
	case DW_FORM_block4:
		rd_skip(c, rd_u32(c));
		break;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		v->u = rd_u16(c);
		break;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_ref_sup4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
		v->u = rd_u32(c);
		break;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		v->u = rd_u64(c);
		break;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		v->u = rd_uint(c, 3);
		break;
	case DW_FORM_string:
		v->at = (const unsigned char *)rd_cstr(c);
		break;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		rd_skip(c, uleb(c));
		break;
	case DW_FORM_block1:
		rd_skip(c, rd_u8(c));
		break;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		v->u = rd_u8(c);
		break;
	case DW_FORM_sdata:
		v->u = (uint64_t)sleb(c);
		break;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
	case DW_FORM_strp_sup:
		v->u = rd_uint(c, u->osize);
		break;
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
	case DW_FORM_strx:
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
		v->u = uleb(c);
		break;
	case DW_FORM_ref_addr:
		v->u = rd_uint(c, u->version <= 2 ? u->asize : u->osize);
		break;
	case DW_FORM_flag_present:
		v->u = 1;
		break;
	case DW_FORM_data16:
		rd_skip(c, 16);
		break;
	case DW_FORM_implicit_const:
		v->u = (uint64_t)imp;
		break;
	default:
		return -1; /* indirect, GNU and unknown forms */
	}
	return c->bad ? -1 : 0;
}

/* A .debug_str-like section's NUL-terminated string at OFF, or NULL. */
static const char *
str_at(const unsigned char *sec, size_t n, uint64_t off)
{
	if (sec == NULL || off >= n || memchr(sec + off, 0, n - off) == NULL)
		return NULL;
	return (const char *)sec + off;
}

/*
 * V's string: 0 with *OUT set (NULL for a form that is not a string,
 * where dwarf_formstring() fails), or -1 for what libdw must read.
 */
static int
form_string(const struct unit *u, const struct val *v, const char **out)
{
	const struct dieranges_secs *s = u->s;
	uint64_t at;

	*out = NULL;
	switch (v->form) {
	case DW_FORM_string:
		*out = (const char *)v->at;
		return 0;
	case DW_FORM_strp:
		*out = str_at(s->str, s->nstr, v->u);
		return *out ? 0 : -1;
	case DW_FORM_line_strp:
		*out = str_at(s->line_str, s->nline_str, v->u);
		return *out ? 0 : -1;
	case DW_FORM_strx:
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx3:
	case DW_FORM_strx4: {
		struct reader c;

		if (!u->have_str_base || s->str_offsets == NULL ||
		    v->u > (UINT64_MAX - u->str_base) / u->osize)
			return -1;
		at = u->str_base + v->u * u->osize;
		if (at >= s->nstr_offsets)
			return -1;
		reader_init_at(&c, s->str_offsets, s->nstr_offsets, at, u->be,
			       (int)u->asize);
		at = rd_uint(&c, u->osize);
		if (c.bad)
			return -1;
		*out = str_at(s->str, s->nstr, at);
		return *out ? 0 : -1;
	}
	case DW_FORM_strp_sup:
	case DW_FORM_GNU_strp_alt:
	case DW_FORM_GNU_str_index:
		return -1;
	default:
		return 0; /* not a string */
	}
}

/* Address IDX of the unit's .debug_addr slice. */
static int
addr_index(const struct unit *u, uint64_t idx, uint64_t *out)
{
	struct reader c;
	uint64_t at;

	if (!u->have_addr_base || u->s->addr == NULL ||
	    idx > (UINT64_MAX - u->addr_base) / u->asize)
		return -1;
	at = u->addr_base + idx * u->asize;
	if (at >= u->s->naddr)
		return -1;
	reader_init_at(&c, u->s->addr, u->s->naddr, at, u->be, (int)u->asize);
	*out = rd_word(&c);
	return c.bad ? -1 : 0;
}

/* dwarf_formaddr(): 1 when V is no address form, -1 for libdw. */
static int
form_addr(const struct unit *u, const struct val *v, uint64_t *out)
{
	switch (v->form) {
	case DW_FORM_addr:
		*out = v->u;
		return 0;
	case DW_FORM_addrx:
	case DW_FORM_addrx1:
	case DW_FORM_addrx2:
	case DW_FORM_addrx3:
	case DW_FORM_addrx4:
		return addr_index(u, v->u, out);
	case DW_FORM_GNU_addr_index:
		return -1;
	default:
		return 1;
	}
}

/* dwarf_formudata() on a constant: 1 when V is none, -1 for libdw. */
static int
form_const(const struct val *v, uint64_t *out)
{
	switch (v->form) {
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
	case DW_FORM_implicit_const:
		*out = v->u;
		return 0;
	default:
		return -1; /* sdata, sec_offset...: libdw's rules */
	}
}

/*
 * The entry at C: its abbreviation and, for the kinds in WANT (a mask),
 * the first value of each.  Returns -1 when it cannot be read here.
 */
static int
read_die(const struct unit *u, struct reader *c, struct die *d, uint32_t want)
{
	uint64_t code = uleb(c);
	const struct abbrev *a;

	if (c->bad || code == 0 || code >= u->nab || u->ab[code].tag == 0)
		return -1;
	a = &u->ab[code];
	d->a = a;
	d->mask = 0;
	if (a->wanted)
		want = ~(uint32_t)0;
	/* Only the sibling link wanted, at a known place: skip the rest. */
	if (want == (uint32_t)1 << K_SIBLING && a->fixed != FIXED_NONE) {
		if (reader_left(c) < a->fixed)
			return -1;
		/* In bounds from here: SIB_AT is below FIXED. */
		if (a->sib_at != FIXED_NONE) {
			struct reader s = *c;

			s.off += a->sib_at;

			if (read_form(u, &s, a->sib_form, 0,
				      &d->v[K_SIBLING]) != 0)
				return -1;
			d->mask = (uint32_t)1 << K_SIBLING;
		}
		c->off += a->fixed;
		return 0;
	}
	for (uint32_t i = 0; i < a->n; i++) {
		const struct attr_spec *sp = &u->spec[a->first + i];
		uint32_t bit = (uint32_t)1 << sp->kind;
		struct val v;

		if (read_form(u, c, sp->form, sp->implicit, &v) != 0)
			return -1;
		/* dwarf_attr() finds an attribute's first occurrence. */
		if (sp->kind != K_NONE && (want & bit) && !(d->mask & bit)) {
			d->v[sp->kind] = v;
			d->mask |= bit;
		}
	}
	return 0;
}

/* A reference's target offset in .debug_info, inside the unit; -1
 * for anything else. */
static int
ref_target(const struct unit *u, const struct val *v, uint64_t *off)
{
	switch (v->form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
	case DW_FORM_ref_udata:
		if (v->u >= u->end - u->start)
			return -1;
		*off = u->start + v->u;
		break;
	case DW_FORM_ref_addr:
		*off = v->u;
		break;
	default:
		return -1;
	}
	if (*off < u->dies || *off >= u->end)
		return -1;
	return 0;
}

/*
 * func_name() of linesyms.c: the first of DW_AT_linkage_name,
 * DW_AT_MIPS_linkage_name and DW_AT_name that the entry D or its chain
 * of abstract origins and specifications has, as a string.  CHAIN[]
 * holds the chain's entries as they are read (at most CHAIN of them).
 */
static int
die_name(const struct unit *u, const struct die *d, bool plain,
	 const char **name, bool *linkage)
{
	static const int kinds[] = { K_LINKAGE, K_MIPS_LINKAGE, K_NAME };
	struct die chain[CHAIN];
	size_t n = 1;
	int rc = 0;

	chain[0] = *d;
	*name = NULL;
	*linkage = false;
	for (size_t k = 0; k < 3 && rc == 0; k++) {
		for (size_t i = 0; i < CHAIN; i++) {
			const struct val *v = has(&chain[i], kinds[k]), *ref;
			uint64_t off;
			struct reader c;

			if (v != NULL) {
				if (form_string(u, v, name) != 0) {
					rc = -1;
					break;
				}
				if (*name == NULL)
					break; /* not a string: the next kind */
				*linkage = kinds[k] != K_NAME || plain;
				return 0;
			}
			ref = has(&chain[i], K_ORIGIN);
			if (ref == NULL)
				ref = has(&chain[i], K_SPEC);
			if (ref == NULL || i + 1 == CHAIN)
				break;
			if (i + 1 < n)
				continue; /* read for an earlier kind */
			if (ref_target(u, ref, &off) != 0) {
				rc = -1;
				break;
			}
			reader_init_at(&c, u->s->info, u->end, off, u->be,
				       (int)u->asize);
			if (read_die(u, &c, &chain[i + 1], ~(uint32_t)0) != 0) {
				rc = -1;
				break;
			}
			n = i + 2;
		}
	}
	return rc;
}

void
die_range_push(struct gp_vec *out, uint64_t lo, uint64_t hi, const char *name,
	       bool linkage)
{
	struct die_range *r;

	if (hi <= lo)
		return;
	r = gp_vec_push(out, sizeof(*r), 256);
	r->lo = lo;
	r->hi = hi;
	r->name = name;
	r->linkage = linkage;
	r->order = out->n;
}

/* A DWARF 2-4 range list at OFF of .debug_ranges. */
static int
list_v4(const struct unit *u, uint64_t off, const char *name, bool linkage,
	struct gp_vec *out)
{
	uint64_t base = u->base, all = u->asize == 8 ? UINT64_MAX : UINT32_MAX;
	struct reader c;

	if (u->s->ranges == NULL || off >= u->s->nranges)
		return -1;
	reader_init_at(&c, u->s->ranges, u->s->nranges, off, u->be,
		       (int)u->asize);
	for (;;) {
		uint64_t b = rd_word(&c);
		uint64_t e = rd_word(&c);

		if (c.bad)
			return -1;
		if (b == 0 && e == 0)
			return 0;
		if (b == all) {
			base = e;
			continue;
		}
		die_range_push(out, base + b, base + e, name, linkage);
	}
}

/* A DWARF 5 range list at OFF of .debug_rnglists. */
static int
list_v5(const struct unit *u, uint64_t off, const char *name, bool linkage,
	struct gp_vec *out)
{
	uint64_t base = u->base;
	struct reader c;

	if (u->s->rnglists == NULL || off >= u->s->nrnglists)
		return -1;
	reader_init_at(&c, u->s->rnglists, u->s->nrnglists, off, u->be,
		       (int)u->asize);
	for (;;) {
		unsigned kind = rd_u8(&c);
		uint64_t a, b;

		if (c.bad)
			return -1;
		switch (kind) {
		case DW_RLE_end_of_list:
			return 0;
		case DW_RLE_base_addressx:
			if (addr_index(u, uleb(&c), &base) != 0)
				return -1;
			break;
		case DW_RLE_startx_endx:
			if (addr_index(u, uleb(&c), &a) != 0 ||
			    addr_index(u, uleb(&c), &b) != 0)
				return -1;
			die_range_push(out, a, b, name, linkage);
			break;
		case DW_RLE_startx_length:
			if (addr_index(u, uleb(&c), &a) != 0)
				return -1;
			b = uleb(&c);
			die_range_push(out, a, a + b, name, linkage);
			break;
		case DW_RLE_offset_pair:
			a = uleb(&c);
			b = uleb(&c);
			die_range_push(out, base + a, base + b, name, linkage);
			break;
		case DW_RLE_base_address:
			base = rd_word(&c);
			break;
		case DW_RLE_start_end:
			a = rd_word(&c);
			b = rd_word(&c);
			die_range_push(out, a, b, name, linkage);
			break;
		case DW_RLE_start_length:
			a = rd_word(&c);
			b = uleb(&c);
			die_range_push(out, a, a + b, name, linkage);
			break;
		default:
			return -1;
		}
		if (c.bad)
			return -1;
	}
}

/* add_ranges() of linesyms.c for the entry D. */
static int
die_ranges(const struct unit *u, const struct die *d, bool plain,
	   struct gp_vec *out)
{
	const struct val *rg = has(d, K_RANGES), *low = has(d, K_LOW),
			 *high = has(d, K_HIGH);
	const char *name = NULL;
	bool linkage = false;
	uint64_t lo, hi, off;
	size_t before = out->n;
	int rc;

	if (rg != NULL && rg->form == DW_FORM_rnglistx)
		return 0;
	/* dwarf_ranges(): one range from DW_AT_low_pc and DW_AT_high_pc
	 * when both read (DW_AT_high_pc an address or an offset). */
	if (low != NULL && high != NULL) {
		if (form_addr(u, low, &lo) != 0)
			return -1; /* libdw's rules for other forms */
		if ((rc = form_addr(u, high, &hi)) < 0)
			return -1;
		if (rc == 1) {
			if (u->version < 4 || form_const(high, &hi) != 0)
				return -1;
			hi += lo;
		}
		if (hi <= lo)
			return 0;
		if (die_name(u, d, plain, &name, &linkage) != 0)
			return -1;
		die_range_push(out, lo, hi, name, linkage);
		return 0;
	}
	if (high != NULL)
		return -1; /* libdw's rules for a lone high_pc */
	if (rg == NULL)
		return 0;
	if (u->have_rnglists_base)
		return -1;
	if (rg->form == DW_FORM_sec_offset ||
	    (u->version < 4 &&
	     (rg->form == DW_FORM_data4 || rg->form == DW_FORM_data8)))
		off = rg->u;
	else
		return -1;
	rc = u->version >= 5 ? list_v5(u, off, NULL, false, out)
			     : list_v4(u, off, NULL, false, out);
	if (rc != 0)
		return -1;
	if (out->n == before)
		return 0;
	if (die_name(u, d, plain, &name, &linkage) != 0)
		return -1;
	for (size_t i = before; i < out->n; i++) {
		struct die_range *r = (struct die_range *)out->p + i;

		r->name = name;
		r->linkage = linkage;
	}
	return 0;
}

/* The unit's header and abbreviations, and its first entry CU. */
static int
read_unit(struct unit *u, const struct dieranges_secs *s, uint64_t unit,
	  struct die *cu, struct reader *c)
{
	const struct val *v;
	uint64_t len, abbrev_off;
	int rc;

	memset(u, 0, sizeof(*u));
	u->s = s;
	u->be = s->big_endian;
	u->start = unit;
	if (s->info == NULL || unit >= s->ninfo)
		return -1;
	/* The address size comes later in the header. */
	reader_init_at(c, s->info, s->ninfo, unit, u->be, 4);
	len = rd_u32(c);
	u->osize = 4;
	if (len == 0xffffffff) {
		len = rd_u64(c);
		u->osize = 8;
	} else if (len >= 0xfffffff0) {
		return -1;
	}
	if (c->bad || len > reader_left(c))
		return -1;
	u->end = c->off + len;
	c->n = (size_t)u->end; /* the unit's end, no further than before */
	u->version = rd_u16(c);
	if (u->version < 2 || u->version > 5)
		return -1;
	if (u->version == 5) {
		unsigned type = rd_u8(c);

		if (type != DW_UT_compile && type != DW_UT_partial)
			return -1;
		u->asize = rd_u8(c);
		abbrev_off = rd_uint(c, u->osize);
	} else {
		abbrev_off = rd_uint(c, u->osize);
		u->asize = rd_u8(c);
	}
	if (c->bad || (u->asize != 4 && u->asize != 8))
		return -1;
	c->word = (int)u->asize;
	u->dies = c->off;
	if (read_abbrevs(u, abbrev_off) != 0)
		return -1;
	if (read_die(u, c, cu, ~(uint32_t)0) != 0)
		return -1;
	/* What libdw would look for through a unit entry's links. */
	if (has(cu, K_ORIGIN) || has(cu, K_SPEC))
		return -1;
	/* Only DW_FORM_rnglistx uses it, which gives no ranges; a list by
	 * offset in such a unit is left to libdw. */
	u->have_rnglists_base = has(cu, K_RNGLISTS_BASE) != NULL;
	if ((v = has(cu, K_STR_BASE)) != NULL) {
		if (v->form != DW_FORM_sec_offset)
			return -1;
		u->have_str_base = true;
		u->str_base = v->u;
	}
	if ((v = has(cu, K_ADDR_BASE)) != NULL) {
		if (v->form != DW_FORM_sec_offset)
			return -1;
		u->have_addr_base = true;
		u->addr_base = v->u;
	}
	/* The base of range lists: DW_AT_low_pc, else DW_AT_entry_pc,
	 * else 0 (as libdw takes it). */
	u->base = 0;
	if ((v = has(cu, K_LOW)) != NULL) {
		if ((rc = form_addr(u, v, &u->base)) < 0)
			return -1;
		if (rc == 0)
			return 0;
		u->base = 0;
	}
	if ((v = has(cu, K_ENTRY_PC)) != NULL) {
		if ((rc = form_addr(u, v, &u->base)) < 0)
			return -1;
		if (rc == 1)
			u->base = 0;
	}
	return 0;
}

int
dieranges_unit(const struct dieranges_secs *s, uint64_t unit,
	       bool (*plain)(int lang), struct gp_vec *out)
{
	struct unit u;
	struct die cu, d;
	const struct val *v;
	struct reader c;
	uint64_t *sib = NULL; /* per open parent: its sibling, or 0 */
	size_t depth = 0, before = out->n;
	bool is_plain = false;
	int rc = -1;

	if (read_unit(&u, s, unit, &cu, &c) != 0)
		goto done;
	if ((v = has(&cu, K_LANG)) != NULL) {
		uint64_t lang;

		if (form_const(v, &lang) != 0)
			goto done;
		is_plain = plain((int)lang);
	}
	if (!cu.a->children) {
		rc = 0;
		goto done;
	}
	sib = xmalloc(MAX_DEPTH * sizeof(*sib));
	sib[depth++] = 0; /* the unit's children end the unit */
	while (depth > 0) {
		uint64_t at = c.off, next, to;

		if (reader_left(&c) == 0)
			goto done; /* no end marker: libdw's call */
		if (c.p[c.off] == 0) {
			c.off++;
			depth--;
			/* The parent's sibling link must point here. */
			if (sib[depth] != 0 && sib[depth] != at + 1)
				goto done;
			continue;
		}
		if (read_die(&u, &c, &d, (uint32_t)1 << K_SIBLING) != 0)
			goto done;
		next = c.off;
		if (d.a->wanted && die_ranges(&u, &d, is_plain, out) != 0)
			goto done;
		to = 0;
		if ((v = has(&d, K_SIBLING)) != NULL &&
		    (ref_target(&u, v, &to) != 0 || to <= at ||
		     (!d.a->children && to != next)))
			goto done;
		if (d.a->children) {
			if (depth == MAX_DEPTH)
				goto done;
			sib[depth++] = to;
		}
	}
	rc = 0;
done:
	free(sib);
	free(u.ab);
	free(u.spec);
	if (rc != 0)
		out->n = before;
	return rc;
}
