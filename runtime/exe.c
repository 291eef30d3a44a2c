/*
 * exe.c - the executable as loaded: its load base, the range of its
 * executable segments, its build-id and its path.
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

/* The NT_GNU_BUILD_ID note in the LEN bytes of notes at P. */
static void
scan_notes(struct gmon_exe *e, const unsigned char *p, size_t len)
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
		    n->n_descsz <= sizeof e->build_id) {
			memcpy(e->build_id, p + off + namesz, n->n_descsz);
			e->build_id_len = n->n_descsz;
			return;
		}
		off += namesz + descsz;
	}
}

static void
describe(struct gmon_exe *e, const struct dl_phdr_info *info)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	e->base = info->dlpi_addr;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = e->base + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			if (start < lo)
				lo = start;
			if (start + ph->p_memsz > hi)
				hi = start + ph->p_memsz;
		} else if (ph->p_type == PT_NOTE && !e->build_id_len) {
			scan_notes(e, (const unsigned char *)start,
				   ph->p_filesz);
		}
	}
	if (lo < hi) {
		e->text_lo = lo;
		e->text_hi = hi;
	}
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
