/*
 * exe.c - the executable as loaded: its load base, the range of its
 * executable segments, its build-id (both read as the load map reads
 * every object's, gmon_phdrs_read) and its path.
 *
 * The main program is the object whose program headers are the ones
 * the kernel passed in AT_PHDR (research/runtime.md 4.4): glibc names
 * it "" but musl names the vDSO "", so the name is not used.
 */
#include "gmon_rt.h"

#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

struct find {
	const void *at_phdr;
	struct gmon_exe *e;
	bool found;
};

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
