/*
 * stacks_cfi.c - a frame's caller by its call-frame information
 * (contract: stacks_cfi.h).
 *
 * The format (the System V ABI's .eh_frame, DWARF's CFA programs): the
 * object's .eh_frame_hdr holds a table of (first address, FDE) pairs
 * sorted by address; the FDE covering an address names its CIE, whose
 * initial program and then the FDE's own, run up to the address, say
 * how the CFA is computed and where each register was saved.  Only
 * the rules for the CFA, the frame pointer and the return address are
 * kept.  Every byte read lies in the object's segment that maps the
 * header (gmon_object.eh_lo..eh_hi), every count is checked against
 * what remains there, and no loop runs longer than the bytes it reads.
 */
#include "stacks_cfi.h"
#include "gmon_rt.h"

#include <stddef.h>

#if defined(__x86_64__)
#define REG_FP 6
#define REG_SP 7
#define REG_RA 16
#elif defined(__aarch64__)
#define REG_FP 29
#define REG_RA 30
#define REG_SP 31
#endif

#if defined(REG_FP)

/* ---- a bounded reader over the segment ---- */

struct rd {
	const unsigned char *p, *end;
	bool bad;
};

static uint64_t
rd_bytes(struct rd *r, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		return 0;
	}
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++) /* little-endian on both targets */
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	return v;
}

static uint64_t
rd_uleb(struct rd *r)
{
	uint64_t v = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint64_t b = rd_bytes(r, 1);
		v |= (b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
	r->bad = true;
	return 0;
}

static int64_t
rd_sleb(struct rd *r)
{
	uint64_t v = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint64_t b = rd_bytes(r, 1);
		v |= (b & 0x7f) << shift;
		if (!(b & 0x80)) {
			if (shift + 7 < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << (shift + 7);
			return (int64_t)v;
		}
	}
	r->bad = true;
	return 0;
}

/* DW_EH_PE_* pointer encodings. */
#define PE_OMIT 0xff
#define PE_ABS 0x00
#define PE_ULEB 0x01
#define PE_U2 0x02
#define PE_U4 0x03
#define PE_U8 0x04
#define PE_SLEB 0x09
#define PE_S2 0x0a
#define PE_S4 0x0b
#define PE_S8 0x0c
#define PE_PCREL 0x10
#define PE_DATAREL 0x30

/* A pointer encoded as ENC (its value form only, when APPLY is false);
 * pc-relative to the field's address, data-relative to DATA. */
static uintptr_t
rd_encoded(struct rd *r, unsigned enc, bool apply, uintptr_t data)
{
	uintptr_t at = (uintptr_t)r->p, v;
	switch (enc & 0x0f) {
	case PE_ABS:
	case PE_U8:
	case PE_S8:
		v = (uintptr_t)rd_bytes(r, 8);
		break;
	case PE_ULEB:
		v = (uintptr_t)rd_uleb(r);
		break;
	case PE_SLEB:
		v = (uintptr_t)rd_sleb(r);
		break;
	case PE_U2:
		v = (uintptr_t)rd_bytes(r, 2);
		break;
	case PE_S2:
		v = (uintptr_t)(int16_t)rd_bytes(r, 2);
		break;
	case PE_U4:
		v = (uintptr_t)rd_bytes(r, 4);
		break;
	case PE_S4:
		v = (uintptr_t)(int32_t)rd_bytes(r, 4);
		break;
	default:
		r->bad = true;
		return 0;
	}
	if (!apply)
		return v;
	switch (enc & 0x70) {
	case 0:
		break;
	case PE_PCREL:
		v += at;
		break;
	case PE_DATAREL:
		v += data;
		break;
	default: /* text-, function-relative, aligned: not emitted here */
		r->bad = true;
	}
	if (enc & 0x80) /* indirect */
		r->bad = true;
	return v;
}

/* ---- finding the FDE ---- */

/* The object holding PC, with call-frame information; NULL if none. */
static const struct gmon_object *
object_of(uintptr_t pc)
{
	long i = gmon_objects_find(pc, true);
	if (i < 0)
		return NULL;
	const struct gmon_object *o = gmon_object_at((size_t)i);
	return o->eh_hdr ? o : NULL;
}

/* The FDE whose table entry is the last at or below TARGET (its range
 * is checked later), from O's .eh_frame_hdr; 0 when none. */
static uintptr_t
find_fde(const struct gmon_object *o, uintptr_t target)
{
	uintptr_t hdr = o->eh_hdr;
	struct rd r = { (const unsigned char *)hdr,
			(const unsigned char *)o->eh_hi, false };
	unsigned version = (unsigned)rd_bytes(&r, 1);
	unsigned ptr_enc = (unsigned)rd_bytes(&r, 1);
	unsigned count_enc = (unsigned)rd_bytes(&r, 1);
	unsigned table_enc = (unsigned)rd_bytes(&r, 1);
	if (r.bad || version != 1 || count_enc == PE_OMIT ||
	    table_enc != (PE_DATAREL | PE_S4))
		return 0;
	if (ptr_enc != PE_OMIT)
		(void)rd_encoded(&r, ptr_enc, true, hdr);
	uintptr_t count = rd_encoded(&r, count_enc, true, hdr);
	if (r.bad || count == 0 || count > (uintptr_t)(r.end - r.p) / 8)
		return 0;
	const unsigned char *table = r.p;
	/* The last entry whose start is at or below TARGET. */
	uintptr_t lo = 0, hi = count;
	while (hi - lo > 1) {
		uintptr_t mid = lo + (hi - lo) / 2;
		struct rd e = { table + 8 * mid, r.end, false };
		uintptr_t start = hdr + (uintptr_t)(int32_t)rd_bytes(&e, 4);
		if (start <= target)
			lo = mid;
		else
			hi = mid;
	}
	struct rd e = { table + 8 * lo, r.end, false };
	uintptr_t start = hdr + (uintptr_t)(int32_t)rd_bytes(&e, 4);
	uintptr_t fde = hdr + (uintptr_t)(int32_t)rd_bytes(&e, 4);
	if (e.bad || start > target || fde < o->eh_lo || fde >= o->eh_hi)
		return 0;
	return fde;
}

/* ---- the rules ---- */

enum rule_kind { R_SAME, R_UNDEF, R_OFFSET, R_VAL_OFFSET, R_REG, R_OTHER };

struct rule {
	enum rule_kind kind;
	int64_t n; /* the offset from the CFA, or the register */
};

enum { T_FP, T_SP, T_RA, T_N }; /* the registers kept */

struct rules {
	uint64_t cfa_reg;
	int64_t cfa_off;
	bool cfa_other; /* an expression */
	struct rule reg[T_N];
};

static int
tracked(uint64_t reg)
{
	return reg == REG_FP   ? T_FP
	       : reg == REG_SP ? T_SP
	       : reg == REG_RA ? T_RA
			       : -1;
}

static void
set_rule(struct rules *s, uint64_t reg, enum rule_kind k, int64_t n)
{
	int t = tracked(reg);
	if (t >= 0) {
		s->reg[t].kind = k;
		s->reg[t].n = n;
	}
}

/* V times the CIE's data alignment, wrapping (a hostile factor gives a
 * wrong offset, which the window's bounds then refuse). */
static int64_t
scaled(uint64_t v, int64_t align)
{
	return (int64_t)(v * (uint64_t)align);
}

#define STATE_DEPTH 8 /* DW_CFA_remember_state nesting kept */

struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_reg;
	unsigned fde_enc;
	bool has_z, signal;
	struct rd program; /* its initial instructions */
};

/* Run the program P from location *LOC (the FDE's start) while it is
 * at or below TARGET: S the rules, INIT the CIE's (DW_CFA_restore).
 * False on an instruction not understood or bytes past the end. */
static bool
run(struct rd *p, const struct cie *c, uintptr_t *loc, uintptr_t target,
    struct rules *s, const struct rules *init)
{
	struct rules saved[STATE_DEPTH];
	unsigned depth = 0;
	while (p->p < p->end) {
		unsigned op = (unsigned)rd_bytes(p, 1);
		unsigned low = op & 0x3f;
		uint64_t reg, adv = 0;
		int64_t off;
		switch (op & 0xc0) {
		case 0x40: /* advance_loc */
			adv = low;
			goto advance;
		case 0x80: /* offset */
			off = scaled(rd_uleb(p), c->data_align);
			set_rule(s, low, R_OFFSET, off);
			continue;
		case 0xc0: /* restore */
			if (init && tracked(low) >= 0)
				s->reg[tracked(low)] = init->reg[tracked(low)];
			continue;
		}
		switch (op) {
		case 0x00: /* nop */
			break;
		case 0x01: { /* set_loc */
			uintptr_t to = rd_encoded(p, c->fde_enc, true, 0);
			if (p->bad || to < *loc)
				return false;
			if (to > target)
				return true;
			*loc = to;
			break;
		}
		case 0x02: /* advance_loc1 */
			adv = rd_bytes(p, 1);
			goto advance;
		case 0x03: /* advance_loc2 */
			adv = rd_bytes(p, 2);
			goto advance;
		case 0x04: /* advance_loc4 */
			adv = rd_bytes(p, 4);
			goto advance;
		case 0x05: /* offset_extended */
			reg = rd_uleb(p);
			off = scaled(rd_uleb(p), c->data_align);
			set_rule(s, reg, R_OFFSET, off);
			break;
		case 0x06: /* restore_extended */
			reg = rd_uleb(p);
			if (init && tracked(reg) >= 0)
				s->reg[tracked(reg)] = init->reg[tracked(reg)];
			break;
		case 0x07: /* undefined */
			set_rule(s, rd_uleb(p), R_UNDEF, 0);
			break;
		case 0x08: /* same_value */
			set_rule(s, rd_uleb(p), R_SAME, 0);
			break;
		case 0x09: /* register */
			reg = rd_uleb(p);
			set_rule(s, reg, R_REG, (int64_t)rd_uleb(p));
			break;
		case 0x0a: /* remember_state */
			if (depth == STATE_DEPTH)
				return false;
			saved[depth++] = *s;
			break;
		case 0x0b: /* restore_state: the CFA's rule with the rest */
			if (depth == 0)
				return false;
			*s = saved[--depth];
			break;
		case 0x0c: /* def_cfa */
			s->cfa_reg = rd_uleb(p);
			s->cfa_off = (int64_t)rd_uleb(p);
			s->cfa_other = false;
			break;
		case 0x0d: /* def_cfa_register */
			s->cfa_reg = rd_uleb(p);
			break;
		case 0x0e: /* def_cfa_offset */
			s->cfa_off = (int64_t)rd_uleb(p);
			break;
		case 0x0f: /* def_cfa_expression */
			off = (int64_t)rd_uleb(p);
			(void)rd_bytes(p, 0);
			if (p->bad || (uint64_t)off > (uint64_t)(p->end - p->p))
				return false;
			p->p += off;
			s->cfa_other = true;
			break;
		case 0x10: /* expression */
		case 0x16: /* val_expression */
			reg = rd_uleb(p);
			off = (int64_t)rd_uleb(p);
			if (p->bad || (uint64_t)off > (uint64_t)(p->end - p->p))
				return false;
			p->p += off;
			set_rule(s, reg, R_OTHER, 0);
			break;
		case 0x11: /* offset_extended_sf */
			reg = rd_uleb(p);
			set_rule(s, reg, R_OFFSET,
				 scaled((uint64_t)rd_sleb(p), c->data_align));
			break;
		case 0x12: /* def_cfa_sf */
			s->cfa_reg = rd_uleb(p);
			s->cfa_off =
			    scaled((uint64_t)rd_sleb(p), c->data_align);
			s->cfa_other = false;
			break;
		case 0x13: /* def_cfa_offset_sf */
			s->cfa_off =
			    scaled((uint64_t)rd_sleb(p), c->data_align);
			break;
		case 0x14: /* val_offset */
			reg = rd_uleb(p);
			off = scaled(rd_uleb(p), c->data_align);
			set_rule(s, reg, R_VAL_OFFSET, off);
			break;
		case 0x15: /* val_offset_sf */
			reg = rd_uleb(p);
			set_rule(s, reg, R_VAL_OFFSET,
				 scaled((uint64_t)rd_sleb(p), c->data_align));
			break;
		case 0x2d:     /* GNU_window_save; aarch64: negate_ra_state */
			break; /* the walker strips the signature anyway */
		case 0x2e:     /* GNU_args_size */
			(void)rd_uleb(p);
			break;
		case 0x2f: /* GNU_negative_offset_extended */
			reg = rd_uleb(p);
			set_rule(s, reg, R_OFFSET,
				 scaled(0 - rd_uleb(p), c->data_align));
			break;
		default:
			return false;
		}
		if (p->bad)
			return false;
		continue;
	advance:
		if (p->bad)
			return false;
		adv *= c->code_align;
		if (adv > target - *loc)
			return true; /* the rules hold at TARGET */
		*loc += adv;
	}
	return !p->bad;
}

/* The .eh_frame entry (CIE or FDE) at AT in O as *R, bounded by its
 * length (32-bit form only); false when it does not fit. */
static bool
open_entry(const struct gmon_object *o, uintptr_t at, struct rd *r)
{
	if (at < o->eh_lo || at >= o->eh_hi)
		return false;
	*r = (struct rd){ (const unsigned char *)at,
			  (const unsigned char *)o->eh_hi, false };
	uint64_t len = rd_bytes(r, 4);
	if (r->bad || len == 0 || len >= 0xfffffff0u ||
	    len > (uint64_t)(r->end - r->p))
		return false;
	r->end = r->p + len;
	return true;
}

/* Skip the augmentation data of a 'z' entry: its length, then it. */
static bool
skip_augmentation(struct rd *r)
{
	uint64_t alen = rd_uleb(r);
	if (r->bad || alen > (uint64_t)(r->end - r->p))
		return false;
	r->p += alen;
	return true;
}

/* The CIE at CIE_AT into *C (its initial program in C->program). */
static bool
read_cie(const struct gmon_object *o, uintptr_t cie_at, struct cie *c)
{
	struct rd r;
	if (!open_entry(o, cie_at, &r))
		return false;
	if (rd_bytes(&r, 4) != 0) /* a CIE's id in .eh_frame */
		return false;
	unsigned version = (unsigned)rd_bytes(&r, 1);
	if (version != 1 && version != 3)
		return false;
	char aug[8];
	size_t n = 0;
	for (;;) {
		unsigned ch = (unsigned)rd_bytes(&r, 1);
		if (r.bad || n == sizeof aug)
			return false;
		aug[n++] = (char)ch;
		if (!ch)
			break;
	}
	c->code_align = rd_uleb(&r);
	c->data_align = rd_sleb(&r);
	c->ra_reg = version == 1 ? rd_bytes(&r, 1) : rd_uleb(&r);
	c->fde_enc = PE_ABS;
	c->has_z = aug[0] == 'z';
	c->signal = false;
	if (aug[0] && !c->has_z)
		return false; /* "eh" and older forms */
	if (c->has_z) {
		uint64_t alen = rd_uleb(&r);
		if (r.bad || alen > (uint64_t)(r.end - r.p))
			return false;
		const unsigned char *next = r.p + alen;
		for (size_t i = 1; aug[i]; i++) {
			switch (aug[i]) {
			case 'R':
				c->fde_enc = (unsigned)rd_bytes(&r, 1);
				break;
			case 'P': {
				unsigned enc = (unsigned)rd_bytes(&r, 1);
				(void)rd_encoded(&r, enc & 0x0f, false, 0);
				break;
			}
			case 'L':
				(void)rd_bytes(&r, 1);
				break;
			case 'S':
				c->signal = true;
				break;
			default: /* 'B', 'G': no data; others: skipped */
				break;
			}
			if (r.bad || r.p > next)
				return false;
		}
		r.p = next;
	}
	if (r.bad || c->code_align == 0 || c->ra_reg != REG_RA)
		return false;
	c->program = r;
	return true;
}

/* The rules at TARGET in O into *S; false when there are none or they
 * are not understood. */
static bool
rules_at(const struct gmon_object *o, uintptr_t target, struct rules *s)
{
	uintptr_t fde = find_fde(o, target);
	struct rd r;
	if (!fde || !open_entry(o, fde, &r))
		return false;
	uintptr_t id_at = (uintptr_t)r.p;
	uint64_t id = rd_bytes(&r, 4);
	if (r.bad || id == 0 || id > id_at)
		return false;
	struct cie c;
	if (!read_cie(o, id_at - (uintptr_t)id, &c) || c.signal)
		return false;
	uintptr_t begin = rd_encoded(&r, c.fde_enc, true, 0);
	uintptr_t range = rd_encoded(&r, c.fde_enc & 0x0f, false, 0);
	if (r.bad || target < begin || target - begin >= range)
		return false;
	if (c.has_z && !skip_augmentation(&r))
		return false;
	*s = (struct rules){ 0 };
	uintptr_t loc = begin;
	struct rd cie_prog = c.program;
	/* The CIE's program has no location of its own: run it whole. */
	if (!run(&cie_prog, &c, &loc, UINTPTR_MAX, s, NULL))
		return false;
	loc = begin;
	struct rules init = *s;
	return run(&r, &c, &loc, target, s, &init);
}

/* ---- the contract ---- */

enum cfi_step
stacks_cfi_step(struct cfi_regs *r, const struct stack_window *w)
{
	const struct gmon_object *o = object_of(r->pc - 1);
	struct rules s;
	if (!o || !rules_at(o, r->pc - 1, &s) || s.cfa_other)
		return CFI_CANNOT;
	uintptr_t base;
	if (s.cfa_reg == REG_SP)
		base = r->sp;
	else if (s.cfa_reg == REG_FP)
		base = r->fp;
	else
		return CFI_CANNOT;
	uintptr_t cfa = base + (uintptr_t)s.cfa_off;
	const struct rule *ra = &s.reg[T_RA], *fp = &s.reg[T_FP];
	if (ra->kind == R_UNDEF)
		return CFI_OUTERMOST;
	if (cfa <= r->sp || cfa > w->hi || r->sp < w->lo ||
	    ra->kind != R_OFFSET)
		return CFI_CANNOT;
	/* What the frame saved lies in it: at or above its stack pointer
	 * (below it, the main stack may not even be mapped). */
	struct stack_window in = { r->sp, w->hi, w->at + (r->sp - w->lo) };
	w = &in;
	uintptr_t nra, nfp;
	if (!stack_window_word(w, cfa + (uintptr_t)ra->n, &nra))
		return CFI_CANNOT;
	switch (fp->kind) {
	case R_SAME:
		nfp = r->fp;
		break;
	case R_UNDEF:
		nfp = 0;
		break;
	case R_OFFSET:
		if (!stack_window_word(w, cfa + (uintptr_t)fp->n, &nfp))
			return CFI_CANNOT;
		break;
	case R_VAL_OFFSET:
		nfp = cfa + (uintptr_t)fp->n;
		break;
	default:
		return CFI_CANNOT;
	}
	r->pc = nra;
	r->sp = cfa;
	r->fp = nfp;
	return CFI_STEPPED;
}

bool
stacks_cfi_cfa_from_fp(uintptr_t pc, bool top, uintptr_t fp, uintptr_t *cfa)
{
	uintptr_t target = top ? pc : pc - 1;
	const struct gmon_object *o = object_of(target);
	struct rules s;
	if (!o || !rules_at(o, target, &s) || s.reg[T_FP].kind != R_OFFSET)
		return false;
	*cfa = fp - (uintptr_t)s.reg[T_FP].n;
	return *cfa > fp;
}

#else /* no unwinder for this architecture */

enum cfi_step
stacks_cfi_step(struct cfi_regs *r, const struct stack_window *w)
{
	(void)r;
	(void)w;
	return CFI_CANNOT;
}

bool
stacks_cfi_cfa_from_fp(uintptr_t pc, bool top, uintptr_t fp, uintptr_t *cfa)
{
	(void)pc;
	(void)top;
	(void)fp;
	(void)cfa;
	return false;
}

#endif
