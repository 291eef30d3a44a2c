/*
 * exe.c - the executable as loaded: its load base, the range of its
 * executable segments, its build-id and its path; and the reader of
 * those program-header facts, which the load map (objects.c) shares.
 *
 * The main program is the object whose program headers are the ones
 * the kernel passed in AT_PHDR (research/runtime.md 4.4): glibc names
 * it "" but musl names the vDSO "", so the name is not used.
 */
#include "gmon_rt.h"

#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

struct find {
	const void *at_phdr;
	struct gmon_exe *e;
	bool found;
};

/* The NT_GNU_BUILD_ID descriptor among the LEN bytes of notes at P into
 * ID, its length into *IDLEN. */
static void
scan_notes(const unsigned char *p, size_t len, uint8_t *id, size_t *idlen)
{
	size_t off = 0;
	while (len - off >= sizeof(ElfW(Nhdr))) {
		const ElfW(Nhdr) *n = (const void *)(p + off);
		size_t namesz = (n->n_namesz + 3) & ~(size_t)3;
		size_t descsz = (n->n_descsz + 3) & ~(size_t)3;
		off += sizeof *n;
		if (namesz > len - off || descsz > len - off - namesz)
			return;
		if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
		    memcmp(p + off, "GNU", 4) == 0 &&
		    n->n_descsz <= GMON_BUILD_ID_MAX) {
			memcpy(id, p + off + namesz, n->n_descsz);
			*idlen = n->n_descsz;
			return;
		}
		off += namesz + descsz;
	}
}

void
gmon_phdrs_read(const struct dl_phdr_info *info, uintptr_t *text_lo,
		uintptr_t *text_hi, uint8_t id[GMON_BUILD_ID_MAX],
		size_t *idlen)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	*text_lo = *text_hi = 0;
	*idlen = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
		    ph->p_memsz) {
			if (start < lo)
				lo = start;
			if (start + ph->p_memsz > hi)
				hi = start + ph->p_memsz;
		} else if (ph->p_type == PT_NOTE && !*idlen) {
			scan_notes((const unsigned char *)start, ph->p_filesz,
				   id, idlen);
		}
	}
	if (lo < hi) {
		*text_lo = lo;
		*text_hi = hi;
	}
}

static void
describe(struct gmon_exe *e, const struct dl_phdr_info *info)
{
	e->base = info->dlpi_addr;
	gmon_phdrs_read(info, &e->text_lo, &e->text_hi, e->build_id,
			&e->build_id_len);
}

static int
find_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct find *f = data;
	if (!f->found && info->dlpi_phdr == f->at_phdr) {
		describe(f->e, info);
		f->found = true;
		return 1;
	}
	return 0;
}

/* The first object: the fallback when AT_PHDR matches nothing. */
static int
first_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	describe(data, info);
	return 1;
}

int
gmon_exe_find(struct gmon_exe *e)
{
	memset(e, 0, sizeof *e);
	struct find f = { (const void *)getauxval(AT_PHDR), e, false };
	if (f.at_phdr)
		dl_iterate_phdr(find_cb, &f);
	if (!f.found)
		dl_iterate_phdr(first_cb, e);
	ssize_t n = readlink("/proc/self/exe", e->path, sizeof e->path - 1);
	e->path[n > 0 ? n : 0] = '\0';
	const char *slash = strrchr(e->path, '/');
	e->name = slash ? slash + 1 : e->path;
	if (!*e->name) {
		const char *arg = (const char *)getauxval(AT_EXECFN);
		if (arg) {
			slash = strrchr(arg, '/');
			e->name = slash ? slash + 1 : arg;
		}
	}
	return e->text_lo < e->text_hi ? 0 : -1;
}
