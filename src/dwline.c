/*
 * dwline.c - read one DWARF line-number program (see dwline.h).
 *
 * The header gives the directory and file tables; the program is a
 * small state machine whose rows count a sequence at a time (those of
 * a sequence left unfinished are dropped), so that damage part way
 * keeps every sequence completed before it.
 * Invariant: every byte is read through struct reader, and nothing the
 * input says is trusted as a length, count or index until checked
 * against the bytes that remain.
 */
#include "dwline.h"

#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "sort.h"

/* Forms that may describe a DWARF 5 directory or file entry field. */
enum {
	FORM_block2 = 0x03,
	FORM_block4 = 0x04,
	FORM_data2 = 0x05,
	FORM_data4 = 0x06,
	FORM_data8 = 0x07,
	FORM_string = 0x08,
	FORM_block = 0x09,
	FORM_block1 = 0x0a,
	FORM_data1 = 0x0b,
	FORM_sdata = 0x0d,
	FORM_strp = 0x0e,
	FORM_udata = 0x0f,
	FORM_strx = 0x1a,
	FORM_data16 = 0x1e,
	FORM_line_strp = 0x1f,
	FORM_strx1 = 0x25,
	FORM_strx2 = 0x26,
	FORM_strx3 = 0x27,
	FORM_strx4 = 0x28,
};

enum { LNCT_path = 1, LNCT_directory_index = 2 };

#define TABLE_PAST "directory or file table runs past the header"

struct entry {
	const char *name; /* borrowed from a section, NULL when unknown */
	uint64_t dir;
};

/* The state of one read: the unit's header facts and what it lists. */
struct lp {
	struct reader r; /* the unit, from its first byte to its end */
	const struct dwline_sections *s;
	uint64_t unit; /* offset of the unit in .debug_line */
	int version;
	bool dwarf64;
	unsigned min_inst, max_ops, line_range, opcode_base;
	int line_base;
	const unsigned char *std_lens; /* opcode_base - 1 argument counts */
	/* Each special opcode's operation advance and line step, worked
	 * out once per unit (a division per row otherwise). */
	uint8_t spec_ops[256];
	int16_t spec_line[256];
	struct gp_vec dirs;  /* const char * (NULL: unknown) */
	struct gp_vec files; /* struct entry */
	unsigned kind;       /* the problem found, 0 if none */
	struct gp_err *err;
	struct gp_vec rows; /* table mode: the rows, of complete sequences
			     * up to KEPT, then of the one being read */
	struct look *look;  /* lookup mode (dwline_lookup), else NULL */
	size_t open;        /* rows of the sequence not ended yet */
	size_t kept;        /* rows of complete sequences */
};

static int
fail(struct lp *p, unsigned kind, const char *what)
{
	p->kind = kind;
	return gp_fail(p->err, "line table at offset 0x%llx: %s",
		       (unsigned long long)p->unit, what);
}

/* The string at OFF of a string section, NULL when out of bounds. */
static const char *
section_str(const unsigned char *sec, size_t n, uint64_t off)
{
	if (sec == NULL || off >= n || memchr(sec + off, '\0', n - off) == NULL)
		return NULL;
	return (const char *)sec + off;
}

/* An offset-sized field: 4 bytes, or 8 in 64-bit DWARF. */
static uint64_t
rd_offset(const struct lp *p, struct reader *r)
{
	return p->dwarf64 ? rd_u64(r) : rd_u32(r);
}

static int
read_header(struct lp *p, struct reader *hdr)
{
	struct reader *r = &p->r;
	uint64_t len, hlen;
	size_t start;

	len = rd_u32(r);
	if (len == 0xffffffff) {
		p->dwarf64 = true;
		len = rd_u64(r);
	} else if (len >= 0xfffffff0) {
		return fail(p, DWLINE_BAD_HEADER, "reserved unit length");
	}
	if (r->bad || len > reader_left(r))
		return fail(p, DWLINE_BAD_HEADER,
			    "unit length runs past the section");
	r->n = r->off + (size_t)len;
	p->version = rd_u16(r);
	if (!r->bad && (p->version < 2 || p->version > 5))
		return fail(p, DWLINE_BAD_HEADER, "unsupported version");
	if (p->version >= 5) {
		rd_u8(r); /* address size: DW_LNE_set_address gives its own */
		if (rd_u8(r) != 0)
			return fail(p, DWLINE_BAD_HEADER,
				    "segment selectors are not supported");
	}
	hlen = rd_offset(p, r);
	start = r->off;
	if (r->bad || hlen > reader_left(r))
		return fail(p, DWLINE_BAD_HEADER,
			    "header length runs past the unit");
	/* The header proper is read through HDR; the program follows it. */
	reader_init(hdr, r->p + start, (size_t)hlen, r->big_endian, 4);
	r->off = start + (size_t)hlen;
	p->min_inst = rd_u8(hdr);
	p->max_ops = p->version >= 4 ? rd_u8(hdr) : 1;
	rd_u8(hdr); /* default_is_stmt */
	p->line_base = (int8_t)rd_u8(hdr);
	p->line_range = rd_u8(hdr);
	p->opcode_base = rd_u8(hdr);
	if (hdr->bad || p->line_range == 0 || p->opcode_base == 0 ||
	    p->max_ops == 0)
		return fail(p, DWLINE_BAD_HEADER, "bad header fields");
	p->std_lens = hdr->p + hdr->off;
	rd_skip(hdr, p->opcode_base - 1);
	if (hdr->bad)
		return fail(p, DWLINE_BAD_HEADER, "header is cut short");
	for (unsigned op = p->opcode_base; op < 256; op++) {
		unsigned adj = op - p->opcode_base;

		p->spec_ops[op] = (uint8_t)(adj / p->line_range);
		p->spec_line[op] =
		    (int16_t)(p->line_base + (int)(adj % p->line_range));
	}
	return 0;
}

static int
read_tables_v4(struct lp *p, struct reader *hdr)
{
	const char *s;

	while ((s = rd_cstr(hdr)) != NULL && *s != '\0')
		*(const char **)gp_vec_push(&p->dirs, sizeof(char *), 16) = s;
	while (!hdr->bad && (s = rd_cstr(hdr)) != NULL && *s != '\0') {
		struct entry *e = gp_vec_push(&p->files, sizeof(*e), 16);
		e->name = s;
		e->dir = rd_uleb(hdr);
		rd_uleb(hdr); /* modification time */
		rd_uleb(hdr); /* length */
	}
	if (hdr->bad)
		return fail(p, DWLINE_BAD_ENTRIES, TABLE_PAST);
	return 0;
}

/*
 * One field of FORM from R: a string sets *STR, a constant *NUM.
 * Returns -1 for a form we cannot step over.
 */
static int
read_field(const struct lp *p, struct reader *r, uint64_t form,
	   const char **str, uint64_t *num)
{
	const struct dwline_sections *s = p->s;

	switch (form) {
	case FORM_string:
		*str = rd_cstr(r);
		return 0;
	case FORM_line_strp:
		*str = section_str(s->line_str, s->nline_str, rd_offset(p, r));
		return 0;
	case FORM_strp:
		*str = section_str(s->str, s->nstr, rd_offset(p, r));
		return 0;
	case FORM_strx:
		rd_uleb(r);
		return 0;
	case FORM_strx1:
		rd_skip(r, 1);
		return 0;
	case FORM_strx2:
		rd_skip(r, 2);
		return 0;
	case FORM_strx3:
		rd_skip(r, 3);
		return 0;
	case FORM_strx4:
		rd_skip(r, 4);
		return 0;
	case FORM_data1:
		*num = rd_u8(r);
		return 0;
	case FORM_data2:
		*num = rd_u16(r);
		return 0;
	case FORM_data4:
		*num = rd_u32(r);
		return 0;
	case FORM_data8:
		*num = rd_u64(r);
		return 0;
	case FORM_udata:
		*num = rd_uleb(r);
		return 0;
	case FORM_sdata:
		*num = (uint64_t)rd_sleb(r);
		return 0;
	case FORM_data16:
		rd_skip(r, 16);
		return 0;
	case FORM_block1:
		rd_skip(r, rd_u8(r));
		return 0;
	case FORM_block2:
		rd_skip(r, rd_u16(r));
		return 0;
	case FORM_block4:
		rd_skip(r, rd_u32(r));
		return 0;
	case FORM_block:
		rd_skip(r, rd_uleb(r));
		return 0;
	default:
		return -1;
	}
}

/* A DWARF 5 directory or file table: its format, then its entries. */
static int
read_entries(struct lp *p, struct reader *hdr, bool dirs)
{
	uint64_t type[256], form[256];
	unsigned nfmt = rd_u8(hdr);
	uint64_t count;

	for (unsigned i = 0; i < nfmt; i++) {
		type[i] = rd_uleb(hdr);
		form[i] = rd_uleb(hdr);
	}
	count = rd_uleb(hdr);
	/* Every field takes a byte at least, so COUNT is bounded. */
	if (hdr->bad || (count > 0 && (nfmt == 0 || count > reader_left(hdr))))
		return fail(p, DWLINE_BAD_ENTRIES, TABLE_PAST);
	for (uint64_t k = 0; k < count; k++) {
		struct entry e = { NULL, 0 };

		for (unsigned i = 0; i < nfmt; i++) {
			const char *s = NULL;
			uint64_t v = 0;

			if (read_field(p, hdr, form[i], &s, &v) != 0)
				return fail(p, DWLINE_BAD_ENTRIES,
					    "unsupported form in a file table");
			if (type[i] == LNCT_path)
				e.name = s;
			else if (type[i] == LNCT_directory_index)
				e.dir = v;
		}
		if (hdr->bad)
			return fail(p, DWLINE_BAD_ENTRIES, TABLE_PAST);
		if (dirs)
			*(const char **)gp_vec_push(&p->dirs, sizeof(e.name),
						    16) = e.name;
		else
			*(struct entry *)gp_vec_push(&p->files, sizeof(e), 16) =
			    e;
	}
	return 0;
}

/* The state machine's registers that rows need. */
struct regs {
	uint64_t addr;
	uint64_t op_index;
	uint64_t file;
	bool file_set; /* a DW_LNS_set_file since the sequence began */
	uint64_t line; /* wraps, as unsigned arithmetic may, on bad input */
};

static void
regs_reset(struct regs *m)
{
	memset(m, 0, sizeof(*m));
	m->file = 1;
	m->line = 1;
}

/* Advance the address by ADV operations (VLIW-aware). */
static void
advance(const struct lp *p, struct regs *m, uint64_t adv)
{
	uint64_t ops = m->op_index + adv;

	if (p->max_ops == 1) { /* every target but VLIW: no division */
		m->addr += p->min_inst * ops;
		m->op_index = 0;
		return;
	}
	m->addr += p->min_inst * (ops / p->max_ops);
	m->op_index = ops % p->max_ops;
}

static void look_row(struct look *k, const struct dwline_row *row);
static void look_end(struct look *k);

static void
emit(struct lp *p, const struct regs *m, bool end)
{
	struct dwline_row row;
	uint64_t idx;

	row.addr = m->addr;
	row.line = m->line <= INT32_MAX ? (int)m->line : 0;
	row.end = end;
	row.order = 0;
	if (!m->file_set && p->version >= 5)
		idx = 0; /* BFD's name for the initial file register */
	else if (p->version >= 5)
		idx = m->file;
	else
		idx = m->file == 0 ? UINT64_MAX : m->file - 1;
	if (idx >= p->files.n) {
		row.file = DWLINE_NOFILE;
		if (p->kind == 0)
			fail(p, DWLINE_BAD_FILE,
			     "a row names a file not in the table");
	} else {
		row.file = (uint32_t)idx;
	}
	p->open++;
	if (p->look != NULL)
		look_row(p->look, &row);
	else
		*(struct dwline_row *)gp_vec_push(&p->rows, sizeof(row), 1024) =
		    row;
}

/* DW_LNE_end_sequence, after its row: the sequence is complete. */
static void
end_sequence(struct lp *p)
{
	p->kept += p->open;
	p->open = 0;
	if (p->look != NULL)
		look_end(p->look);
}

/* An extended opcode (after the 0 byte). */
static int
extended(struct lp *p, struct regs *m)
{
	struct reader *r = &p->r;
	uint64_t len = rd_uleb(r);
	size_t end;
	uint8_t sub;

	if (r->bad || len == 0 || len > reader_left(r))
		return -1;
	end = r->off + (size_t)len;
	sub = rd_u8(r);
	switch (sub) {
	case 1: /* DW_LNE_end_sequence */
		emit(p, m, true);
		end_sequence(p);
		regs_reset(m);
		break;
	case 2: /* DW_LNE_set_address */
		if (len == 5)
			m->addr = rd_u32(r);
		else if (len == 9)
			m->addr = rd_u64(r);
		else
			return -1;
		m->op_index = 0;
		break;
	case 3: { /* DW_LNE_define_file (before DWARF 5) */
		struct entry e;
		struct reader sub_r;
		reader_init(&sub_r, r->p + r->off, end - r->off, false, 4);
		e.name = rd_cstr(&sub_r);
		e.dir = rd_uleb(&sub_r);
		if (sub_r.bad)
			return -1;
		*(struct entry *)gp_vec_push(&p->files, sizeof(e), 16) = e;
		break;
	}
	default:
		break;
	}
	r->off = end;
	return 0;
}

/* One standard opcode OP (below opcode_base, not 0). */
static void
standard(struct lp *p, struct regs *m, unsigned op)
{
	struct reader *r = &p->r;

	switch (op) {
	case 1:
		emit(p, m, false);
		break; /* copy */
	case 2:
		advance(p, m, rd_uleb(r));
		break; /* advance_pc */
	case 3:
		m->line += (uint64_t)rd_sleb(r);
		break; /* advance_line */
	case 4:
		m->file = rd_uleb(r);
		m->file_set = true;
		break; /* set_file */
	case 8:
		advance(p, m, (255 - p->opcode_base) / p->line_range);
		break;
	case 9: /* fixed_advance_pc */
		m->addr += rd_u16(r);
		m->op_index = 0;
		break;
	case 5:
	case 6:
	case 7:
	case 10:
	case 11:
	case 12:
		/* column, stmt, basic block, prologue, epilogue, isa */
		if (op == 5 || op == 12)
			rd_uleb(r);
		break;
	default:
		for (unsigned i = 0; i < p->std_lens[op - 1]; i++)
			rd_uleb(r);
		break;
	}
}

/* Run the program; the rows go where P says (table or lookup mode). */
static int
run_program(struct lp *p)
{
	struct reader *r = &p->r;
	struct regs m;
	int rc = 0;

	regs_reset(&m);
	while (reader_left(r) > 0) {
		unsigned op = rd_u8(r);

		if (op >= p->opcode_base) {
			advance(p, &m, p->spec_ops[op]);
			m.line += (uint64_t)(int64_t)p->spec_line[op];
			emit(p, &m, false);
		} else if (op == 0) {
			if (extended(p, &m) != 0)
				r->bad = true;
		} else {
			standard(p, &m, op);
		}
		if (r->bad) {
			rc = fail(p, DWLINE_BAD_PROGRAM,
				  "the line program is damaged");
			break;
		}
	}
	if (rc == 0 && p->open > 0)
		rc =
		    fail(p, DWLINE_BAD_PROGRAM, "the last sequence has no end");
	return rc;
}

/* Entry E's name as BFD shows it (see dwline.h). */
static char *
full_name(const struct lp *p, const struct entry *e, const char *comp_dir)
{
	const char *dir = NULL;
	uint64_t d = e->dir;
	char *s, *t;

	if (e->name == NULL)
		return NULL;
	if (e->name[0] == '/')
		return xstrdup(e->name);
	if (p->version < 5)
		d = d == 0 ? UINT64_MAX : d - 1;
	if (d < p->dirs.n)
		dir = ((const char **)p->dirs.p)[d];
	if (comp_dir != NULL && *comp_dir == '\0')
		comp_dir = NULL;
	if (dir == NULL || *dir == '\0')
		return comp_dir ? xpath_join(comp_dir, e->name)
				: xstrdup(e->name);
	s = xpath_join(dir, e->name);
	if (dir[0] == '/' || comp_dir == NULL)
		return s;
	t = xpath_join(comp_dir, s);
	free(s);
	return t;
}

static int
row_cmp(const void *a, const void *b)
{
	const struct dwline_row *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->end != y->end)
		return x->end ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * Read the unit at OFF: its header and file names into T (rows aside),
 * and its program's rows into P's destination.  Returns P's problem
 * kind (0: none).
 */
static unsigned
read_unit(struct lp *p, const struct dwline_sections *s, uint64_t off,
	  const char *comp_dir, struct dwline_table *t, struct gp_err *err)
{
	struct reader hdr;

	memset(t, 0, sizeof(*t));
	p->s = s;
	p->unit = off;
	p->err = err;
	if (off >= s->nline) {
		fail(p, DWLINE_BAD_OFFSET, "offset past the section");
		return p->kind;
	}
	reader_init(&p->r, s->line + off, s->nline - (size_t)off, s->big_endian,
		    4);
	if (read_header(p, &hdr) == 0 &&
	    (p->version >= 5 ? read_entries(p, &hdr, true) == 0 &&
				   read_entries(p, &hdr, false) == 0
			     : read_tables_v4(p, &hdr) == 0))
		run_program(p);
	t->version = p->version;
	t->nfiles = p->files.n;
	t->files = xcalloc(p->files.n ? p->files.n : 1, sizeof(char *));
	for (size_t i = 0; i < p->files.n; i++)
		t->files[i] =
		    full_name(p, (struct entry *)p->files.p + i, comp_dir);
	free(p->dirs.p);
	free(p->files.p);
	return p->kind;
}

int
dwline_read_program(const struct dwline_sections *s, uint64_t off,
		    const char *comp_dir, struct dwline_table *t,
		    unsigned *kind, struct gp_err *err)
{
	struct lp p;

	memset(&p, 0, sizeof(p));
	*kind = read_unit(&p, s, off, comp_dir, t, err);
	t->rows = p.rows.p;
	t->nrows = p.kept; /* an unfinished sequence's rows count for nothing */
	for (size_t i = 0; i < t->nrows; i++)
		t->rows[i].order = (uint32_t)i;
	return *kind != 0 ? -1 : 0;
}

int
dwline_read(const struct dwline_sections *s, uint64_t off, const char *comp_dir,
	    struct dwline_table *t, unsigned *kind, struct gp_err *err)
{
	bool sorted = true;
	int rc = dwline_read_program(s, off, comp_dir, t, kind, err);

	for (size_t i = 1; i < t->nrows; i++) {
		/* row_cmp's order, inline: most units are in it already. */
		sorted &= t->rows[i - 1].addr < t->rows[i].addr ||
			  (t->rows[i - 1].addr == t->rows[i].addr &&
			   (t->rows[i - 1].end || !t->rows[i].end));
	}
	/* row_cmp is a total order (ORDER is unique); the program's
	 * sequences come sorted each. */
	if (!sorted)
		gp_sort_runs(t->rows, t->nrows, sizeof(*t->rows), row_cmp);
	return rc;
}

/*
 * Lookup mode.  dwline_find's answer for an address Q is the greatest
 * row at or below Q in row_cmp's order (address, end rows first,
 * program order).  Within a sequence whose addresses never go down,
 * that is the last row before the first one above Q while Q is below
 * the sequence's end, and its "tail" from there on: the row at its end
 * address that is greatest (a plain row there beats the end row).
 * So each sequence gives the queries inside it a candidate as its rows
 * pass (kept aside until the sequence ends, since an unfinished one
 * counts for nothing), and one tail, which every query at or above it
 * compares with after the program.  A sequence that goes down sends the
 * unit to dwline_read (rare: no compiler we know writes one).
 */
struct cand {
	uint64_t addr;
	uint32_t order; /* program order: later wins a tie */
	uint32_t file;
	int line;
	bool end;
	bool set;
};

struct look {
	const uint64_t *q; /* the queries, ascending */
	size_t nq;
	struct cand *best;   /* owned [nq]: from complete sequences */
	struct cand *stage;  /* owned [nq]: from the sequence being read */
	struct gp_vec tails; /* struct cand: one per complete sequence */
	struct cand prev;    /* the sequence's last row (prev.set) */
	size_t qa, qi;       /* its queries staged: [qa, qi) */
	uint32_t order;      /* rows so far */
	bool down;           /* a sequence went down: use dwline_read */
};

/* Is X below Y in row_cmp's order? */
static bool
cand_below(const struct cand *x, const struct cand *y)
{
	if (x->addr != y->addr)
		return x->addr < y->addr;
	if (x->end != y->end)
		return x->end;
	return x->order < y->order;
}

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return cand_below(x, y) ? -1 : cand_below(y, x) ? 1 : 0;
}

/* The first query at or above ADDR. */
static size_t
first_query(const struct look *k, uint64_t addr)
{
	size_t lo = 0, hi = k->nq;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (k->q[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void
look_row(struct look *k, const struct dwline_row *row)
{
	struct cand c = { row->addr, k->order++, row->file,
			  row->line, row->end,   true };

	if (!k->prev.set) {
		k->qa = k->qi = first_query(k, c.addr);
	} else if (c.addr < k->prev.addr) {
		k->down = true;
	} else {
		/* The queries below this row get the one before it. */
		while (k->qi < k->nq && k->q[k->qi] < c.addr)
			k->stage[k->qi++] = k->prev;
	}
	if (!c.end || !k->prev.set || k->prev.addr != c.addr)
		k->prev = c;
}

static void
look_end(struct look *k)
{
	/* PREV is the tail: the end row, or a plain row at its address. */
	for (size_t i = k->qa; i < k->qi; i++)
		if (!k->best[i].set || cand_below(&k->best[i], &k->stage[i]))
			k->best[i] = k->stage[i];
	if (k->prev.set)
		*(struct cand *)gp_vec_push(&k->tails, sizeof(struct cand),
					    16) = k->prev;
	k->prev.set = false;
}

/* Compare every query's candidate with the tails at or below it. */
static void
look_tails(struct look *k)
{
	const struct cand *t = k->tails.p;
	size_t j = 0;

	if (k->tails.n > 1)
		qsort(k->tails.p, k->tails.n, sizeof(*t), cand_cmp);
	for (size_t i = 0; i < k->nq; i++) {
		while (j < k->tails.n && t[j].addr <= k->q[i])
			j++;
		if (j > 0 &&
		    (!k->best[i].set || cand_below(&k->best[i], &t[j - 1])))
			k->best[i] = t[j - 1];
	}
}

/* dwline_find's answers from the whole table (the fallback). */
int
dwline_lookup_table(const struct dwline_sections *s, uint64_t off,
		    const char *comp_dir, const uint64_t *addrs, size_t n,
		    struct dwline_answer *ans, struct dwline_table *t,
		    size_t *nrows, unsigned *kind, struct gp_err *err)
{
	int rc = dwline_read(s, off, comp_dir, t, kind, err);

	for (size_t i = 0; i < n; i++) {
		const struct dwline_row *row = dwline_find(t, addrs[i]);

		ans[i].file = row != NULL ? row->file : DWLINE_NOFILE;
		ans[i].line = row != NULL ? row->line : 0;
	}
	*nrows = t->nrows;
	free(t->rows);
	t->rows = NULL;
	t->nrows = 0;
	return rc;
}

int
dwline_lookup(const struct dwline_sections *s, uint64_t off,
	      const char *comp_dir, const uint64_t *addrs, size_t n,
	      struct dwline_answer *ans, struct dwline_table *t, size_t *nrows,
	      unsigned *kind, struct gp_err *err)
{
	struct look k = { 0 };
	struct lp p;

	memset(&p, 0, sizeof(p));
	k.q = addrs;
	k.nq = n;
	k.best = xcalloc(n ? n : 1, sizeof(*k.best));
	k.stage = xcalloc(n ? n : 1, sizeof(*k.stage));
	p.look = &k;
	*kind = read_unit(&p, s, off, comp_dir, t, err);
	if (!k.down)
		look_tails(&k);
	free(k.stage);
	free(k.tails.p);
	if (k.down) {
		free(k.best);
		dwline_free(t);
		return dwline_lookup_table(s, off, comp_dir, addrs, n, ans, t,
					   nrows, kind, err);
	}
	for (size_t i = 0; i < n; i++) {
		const struct cand *c = &k.best[i];
		bool none = !c->set || c->end || c->line == 0;

		ans[i].file = none ? DWLINE_NOFILE : c->file;
		ans[i].line = none ? 0 : c->line;
	}
	free(k.best);
	*nrows = p.kept;
	return *kind != 0 ? -1 : 0;
}

void
dwline_free(struct dwline_table *t)
{
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

const struct dwline_row *
dwline_find(const struct dwline_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->nrows;

	/* The first row above ADDR; the one before it is the answer. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || t->rows[lo - 1].end || t->rows[lo - 1].line == 0)
		return NULL;
	return &t->rows[lo - 1];
}

const char *
dwline_file(const struct dwline_table *t, const struct dwline_row *row)
{
	return row->file < t->nfiles ? t->files[row->file] : NULL;
}
