/*
 * objects.c - the load map: every loaded object with executable
 * segments (the executable, the shared libraries it needs, those it
 * dlopens, libc, the loader, the vDSO), with its load base, text range,
 * build-id and path, and the histogram of its text (contract: gmon_rt.h).
 *
 * The one invariant: an entry, once published, never moves and never
 * goes away.  Entries live in one fixed mmap'ed array; a scan
 * (dl_iterate_phdr) fills the next free entry and then publishes it by
 * a release store of the count, so the sampler's signal handler reads
 * the array without a lock.  An object the loader no longer lists is
 * only marked unloaded: its counts and its addresses stay, for the
 * arcs still naming them.  An object loaded again at the same base from
 * the same file revives its entry, so its counts sum.
 *
 * Scans run under a try-lock: whoever finds it taken skips the scan
 * (the arcs keep raw addresses; the writer maps them at the end), so no
 * thread ever waits here.  They run only in ordinary context: start-up,
 * the hook's slow path at nesting depth 0, the perf drain thread, the
 * writer at _mcleanup; never from a signal handler of ours.
 *
 * Bins are 32-bit counters, one per 4 bytes of text rounded out to 4,
 * mapped with MAP_NORESERVE: untouched pages cost no memory.
 */
#include "gmon_rt.h"

#include <elf.h>
#include <link.h>
#include <stddef.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>

static struct gmon_object *objs; /* GMON_OBJECTS_MAX entries, mmap'ed */
static size_t nobjs;             /* published entries (release store) */
static uint64_t overflow;        /* most objects a scan found no entry for */
static int scanning;             /* the scan's try-lock */
static int map_failed;           /* the array could not be mapped */
/* The loader's counts of loads and unloads at the last full scan. */
static unsigned long long seen_adds, seen_subs;
static bool have_counts;

/* The loader's load and unload counts (dlpi_adds, dlpi_subs). */
struct counts {
	unsigned long long adds, subs;
	bool known; /* the C library gives them */
};

/* One full scan's state: static (under the try-lock), as it is too big
 * for a small thread stack. */
struct scan {
	const void *at_phdr;
	bool seen[GMON_OBJECTS_MAX]; /* listed by the loader this time */
	struct counts counts;
	uint64_t left_out;          /* objects that found no free entry */
	struct gmon_object scratch; /* an object beyond the capacity */
};

static void
read_counts(struct counts *c, const struct dl_phdr_info *info, size_t size)
{
	if (size >=
	    offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs) {
		c->adds = info->dlpi_adds;
		c->subs = info->dlpi_subs;
		c->known = true;
	}
}

static size_t
published(void)
{
	return __atomic_load_n(&nobjs, __ATOMIC_ACQUIRE);
}

static struct gmon_object *
array(void)
{
	return __atomic_load_n(&objs, __ATOMIC_ACQUIRE);
}

static bool
map_array(void)
{
	if (array())
		return true;
	if (map_failed)
		return false;
	void *p =
	    mmap(NULL, GMON_OBJECTS_MAX * sizeof *objs, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		map_failed = 1;
		return false;
	}
	__atomic_store_n(&objs, (struct gmon_object *)p, __ATOMIC_RELEASE);
	return true;
}

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

/* Where INFO's .eh_frame_hdr is (PT_GNU_EH_FRAME) and the PT_LOAD
 * segment that maps it: O's eh_hdr, eh_lo, eh_hi (all 0 without one). */
static void
find_eh_frame(struct gmon_object *o, const struct dl_phdr_info *info)
{
	uintptr_t hdr = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_GNU_EH_FRAME)
			hdr = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
	if (!hdr)
		return;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_R) ||
		    hdr < lo || hdr - lo >= ph->p_filesz)
			continue;
		o->eh_hdr = hdr;
		o->eh_lo = lo;
		o->eh_hi = lo + ph->p_filesz;
		return;
	}
}

/* INFO's object as an entry in O (not published); false when it has
 * no executable segment. */
static bool
describe(struct gmon_object *o, const struct dl_phdr_info *info)
{
	memset(o, 0, offsetof(struct gmon_object, path));
	o->base = info->dlpi_addr;
	gmon_phdrs_read(info, &o->text_lo, &o->text_hi, o->build_id,
			&o->build_id_len);
	if (o->text_lo >= o->text_hi)
		return false;
	find_eh_frame(o, info);
	size_t n = 0;
	const char *name = info->dlpi_name ? info->dlpi_name : "";
	while (name[n] && n < sizeof o->path - 1) {
		o->path[n] = name[n];
		n++;
	}
	o->path[n] = '\0';
	return true;
}

/* The same object as entry E: the same base, text and file. */
static bool
same(const struct gmon_object *e, const struct gmon_object *o)
{
	return e->base == o->base && e->text_lo == o->text_lo &&
	       e->text_hi == o->text_hi && e->is_exe == o->is_exe &&
	       e->build_id_len == o->build_id_len &&
	       memcmp(e->build_id, o->build_id, o->build_id_len) == 0 &&
	       strcmp(e->path, o->path) == 0;
}

/* Bins over O's text rounded out to 4 (none for the executable, whose
 * histogram is the sampler's own). */
static void
map_bins(struct gmon_object *o)
{
	o->lowpc = o->text_lo & ~(uintptr_t)3;
	uintptr_t hi = (o->text_hi + 3) & ~(uintptr_t)3;
	if (o->is_exe)
		return;
	size_t bytes = (hi - o->lowpc) / 4 * sizeof(uint32_t);
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return;
	o->bins = p;
	o->nbins = (hi - o->lowpc) / 4;
}

static int
scan_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct scan *s = data;
	read_counts(&s->counts, info, size);
	size_t n = published();
	struct gmon_object *o = n < GMON_OBJECTS_MAX ? &objs[n] : &s->scratch;
	if (!describe(o, info))
		return 0;
	o->is_exe = info->dlpi_phdr == s->at_phdr;
	for (size_t i = 0; i < n; i++) {
		if (!same(&objs[i], o))
			continue;
		s->seen[i] = true;
		__atomic_store_n(&objs[i].live, 1, __ATOMIC_RELEASE);
		return 0;
	}
	if (o == &s->scratch) {
		s->left_out++;
		return 0;
	}
	map_bins(o);
	o->live = 1;
	s->seen[n] = true;
	__atomic_store_n(&nobjs, n + 1, __ATOMIC_RELEASE);
	return 0;
}

/* The loader's counts only: the first object is enough. */
static int
counts_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	read_counts(data, info, size);
	return 1;
}

void
gmon_objects_refresh(void)
{
	int free_ = 0;
	if (!__atomic_compare_exchange_n(&scanning, &free_, 1, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	if (map_array()) {
		static struct scan s; /* ours alone: the try-lock */
		memset(&s, 0, sizeof s);
		s.at_phdr = (const void *)getauxval(AT_PHDR);
		dl_iterate_phdr(scan_cb, &s);
		size_t n = published();
		for (size_t i = 0; i < n; i++)
			if (!s.seen[i])
				__atomic_store_n(&objs[i].live, 0,
						 __ATOMIC_RELEASE);
		if (s.left_out > overflow)
			__atomic_store_n(&overflow, s.left_out,
					 __ATOMIC_RELAXED);
		__atomic_store_n(&seen_adds, s.counts.adds, __ATOMIC_RELAXED);
		__atomic_store_n(&seen_subs, s.counts.subs, __ATOMIC_RELAXED);
		__atomic_store_n(&have_counts, s.counts.known,
				 __ATOMIC_RELEASE);
	}
	__atomic_store_n(&scanning, 0, __ATOMIC_RELEASE);
}

/* Whether the loader loaded or unloaded something since the last scan
 * (true when it cannot tell). */
static bool
loader_changed(void)
{
	struct counts c = { 0, 0, false };
	dl_iterate_phdr(counts_cb, &c);
	return !c.known || !__atomic_load_n(&have_counts, __ATOMIC_ACQUIRE) ||
	       c.adds != __atomic_load_n(&seen_adds, __ATOMIC_RELAXED) ||
	       c.subs != __atomic_load_n(&seen_subs, __ATOMIC_RELAXED);
}

void
gmon_objects_note(uintptr_t pc)
{
	if (!array())
		return; /* never scanned: not started, or no memory */
	long i = gmon_objects_find(pc, true);
	if (i < 0 || loader_changed()) {
		gmon_objects_refresh();
		i = gmon_objects_find(pc, true);
	}
	if (i >= 0 && !__atomic_load_n(&objs[i].profiled, __ATOMIC_RELAXED))
		__atomic_store_n(&objs[i].profiled, 1, __ATOMIC_RELAXED);
}

bool
gmon_objects_recheck(void)
{
	if (!array() || !loader_changed())
		return false;
	gmon_objects_refresh();
	return true;
}

size_t
gmon_objects_count(void)
{
	return array() ? published() : 0;
}

struct gmon_object *
gmon_object_at(size_t i)
{
	return &objs[i];
}

long
gmon_objects_find(uintptr_t pc, bool live_only)
{
	size_t n = gmon_objects_count();
	long unloaded = -1;
	for (size_t i = 0; i < n; i++) {
		const struct gmon_object *o = &objs[i];
		if (pc - o->text_lo >= o->text_hi - o->text_lo)
			continue;
		if (__atomic_load_n(&o->live, __ATOMIC_ACQUIRE))
			return (long)i;
		if (unloaded < 0)
			unloaded = (long)i;
	}
	return live_only ? -1 : unloaded;
}

bool
gmon_objects_charge(uintptr_t pc)
{
	size_t n = gmon_objects_count();
	for (size_t i = 0; i < n; i++) {
		struct gmon_object *o = &objs[i];
		if (!o->bins || pc - o->lowpc >= 4 * o->nbins ||
		    !__atomic_load_n(&o->live, __ATOMIC_RELAXED))
			continue;
		__atomic_fetch_add(&o->bins[(pc - o->lowpc) >> 2], 1,
				   __ATOMIC_RELAXED);
		__atomic_fetch_add(&o->samples, 1, __ATOMIC_RELAXED);
		return true;
	}
	return false;
}

uint64_t
gmon_objects_overflow(void)
{
	return __atomic_load_n(&overflow, __ATOMIC_RELAXED);
}

void
gmon_objects_zero(void)
{
	size_t n = gmon_objects_count();
	for (size_t i = 0; i < n; i++) {
		struct gmon_object *o = &objs[i];
		/* Private anonymous pages read back as zeros. */
		if (o->bins)
			madvise(o->bins, o->nbins * sizeof *o->bins,
				MADV_DONTNEED);
		__atomic_store_n(&o->samples, 0, __ATOMIC_RELAXED);
	}
}

void
gmon_objects_fork_child(void)
{
	/* A scan another thread was running is gone with that thread. */
	__atomic_store_n(&scanning, 0, __ATOMIC_RELEASE);
}
