/*
 * hookcheck.c - make sure the hooks are linked with start-up, and say so
 * when the program's calls go to another object's hook.
 *
 * The table of hooks below refers to them, so whenever an archive link
 * pulls this member (start.c calls it, and start.c is what gcrt1.o's
 * reference to __monstartup pulls) it pulls the hooks' member too,
 * before the linker sees the C library: "cc -pg libgmon.a prog.o" then
 * works as well as "cc -pg prog.o libgmon.a".  Without the reference,
 * the archive placed first gave start-up from libgmon and the hook from
 * glibc, and nothing was counted.
 *
 * The check: an object whose dynamic relocations import a hook (mcount,
 * _mcount, __fentry__) calls whatever the loader bound that import to.
 * When its slot holds an address outside our own code (section
 * gmon_text) and outside the object itself (a lazy PLT slot not yet
 * resolved points back into it: unknown yet), its calls are not ours
 * and are not counted: one message on stderr says what to do.  Run at
 * start-up (slots already bound: -z now, -fno-plt, libraries loaded
 * with RTLD_NOW) and again at exit (lazy slots bound by the first
 * call).  Uses dl_iterate_phdr: ordinary context only, never a signal
 * handler.
 */
#include "gmon_rt.h"

#include <elf.h>
#include <link.h>
#include <string.h>

extern const char __start_gmon_text[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_gmon_text[]
    __attribute__((weak, visibility("hidden")));

#if defined(__x86_64__)
void mcount(void);
void __fentry__(void);
#define HOOK_ADDRS (void *)mcount, (void *)__fentry__
#define HOOK_NAMES "mcount", "_mcount", "__fentry__"
#define R_SLOT(t) ((t) == R_X86_64_JUMP_SLOT || (t) == R_X86_64_GLOB_DAT)
#elif defined(__aarch64__)
void _mcount(void);
#define HOOK_ADDRS (void *)_mcount
#define HOOK_NAMES "_mcount", "mcount"
#define R_SLOT(t) ((t) == R_AARCH64_JUMP_SLOT || (t) == R_AARCH64_GLOB_DAT)
#else
#error "libgmon: no hooks for this target (runtime/arch/)"
#endif

/* Kept (used) for its relocations: they pull the hooks' member. */
__attribute__((used)) static void *const hook_addrs[] = { HOOK_ADDRS };
static const char *const hook_names[] = { HOOK_NAMES };

struct found {
	const char *name; /* the hook imported, NULL: none foreign */
	uintptr_t target; /* where its slot points */
	char where[256];  /* the importing object's path */
};

static bool
is_hook(const char *s, size_t room)
{
	/* Most names fail here: every hook starts "m", "_m" or "__f". */
	if (s[0] != 'm' && (s[0] != '_' || (s[1] != 'm' && s[1] != '_')))
		return false;
	for (size_t i = 0; i < sizeof hook_names / sizeof *hook_names; i++) {
		size_t n = strlen(hook_names[i]);
		if (n < room && memcmp(s, hook_names[i], n + 1) == 0)
			return true;
	}
	return false;
}

/* glibc turns the dynamic section's addresses into run-time ones, musl
 * leaves them as link-time ones. */
static uintptr_t
dyn_addr(uintptr_t v, uintptr_t base)
{
	return base && v < base ? v + base : v;
}

struct dyn {
	const ElfW(Rela) * rela[2];
	size_t nrela[2];
	const ElfW(Sym) * syms;
	const char *strs;
	size_t strsz;
};

static bool
read_dyn(const struct dl_phdr_info *info, struct dyn *d)
{
	const ElfW(Dyn) *dyn = NULL;
	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const void *)(info->dlpi_addr +
					     info->dlpi_phdr[i].p_vaddr);
	if (!dyn)
		return false;
	uintptr_t b = info->dlpi_addr;
	bool pltrela = true;
	memset(d, 0, sizeof *d);
	for (; dyn->d_tag != DT_NULL; dyn++) {
		uintptr_t v = dyn->d_un.d_ptr;
		switch (dyn->d_tag) {
		case DT_RELA:
			d->rela[0] = (const void *)dyn_addr(v, b);
			break;
		case DT_RELASZ:
			d->nrela[0] = v / sizeof(ElfW(Rela));
			break;
		case DT_JMPREL:
			d->rela[1] = (const void *)dyn_addr(v, b);
			break;
		case DT_PLTRELSZ:
			d->nrela[1] = v / sizeof(ElfW(Rela));
			break;
		case DT_PLTREL:
			pltrela = v == DT_RELA;
			break;
		case DT_SYMTAB:
			d->syms = (const void *)dyn_addr(v, b);
			break;
		case DT_STRTAB:
			d->strs = (const void *)dyn_addr(v, b);
			break;
		case DT_STRSZ:
			d->strsz = v;
			break;
		}
	}
	if (!pltrela)
		d->rela[1] = NULL;
	return d->syms && d->strs;
}

/* The span of INFO's loaded segments, run-time addresses. */
static void
span(const struct dl_phdr_info *info, uintptr_t *lo, uintptr_t *hi)
{
	*lo = UINTPTR_MAX;
	*hi = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_LOAD)
			continue;
		uintptr_t a = info->dlpi_addr + p->p_vaddr;
		if (a < *lo)
			*lo = a;
		if (a + p->p_memsz > *hi)
			*hi = a + p->p_memsz;
	}
}

static int
scan_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct found *f = data;
	struct dyn d;
	(void)size;
	if (f->name || !read_dyn(info, &d))
		return 0;
	uintptr_t lo, hi;
	span(info, &lo, &hi);
	uintptr_t own_lo = (uintptr_t)__start_gmon_text;
	uintptr_t own_hi = (uintptr_t)__stop_gmon_text;
	for (int t = 0; t < 2; t++) {
		for (size_t i = 0; d.rela[t] && i < d.nrela[t]; i++) {
			const ElfW(Rela) *r = &d.rela[t][i];
			size_t sym = ELF64_R_SYM(r->r_info);
			if (!sym || !R_SLOT(ELF64_R_TYPE(r->r_info)))
				continue;
			size_t off = d.syms[sym].st_name;
			if (off >= d.strsz ||
			    !is_hook(d.strs + off, d.strsz - off))
				continue;
			uintptr_t v =
			    *(const uintptr_t *)(info->dlpi_addr + r->r_offset);
			if ((v - own_lo < own_hi - own_lo) ||
			    (v - lo < hi - lo) || !v)
				continue; /* ours, or not bound yet */
			f->name = d.strs + off;
			f->target = v;
			const char *p = info->dlpi_name && *info->dlpi_name
					    ? info->dlpi_name
					    : "the program";
			size_t n = strlen(p);
			if (n >= sizeof f->where)
				n = sizeof f->where - 1;
			memcpy(f->where, p, n);
			f->where[n] = '\0';
			return 1;
		}
	}
	return 0;
}

static int said; /* the message was printed (atomic) */

void
gmon_hooks_check(void)
{
	if (__atomic_load_n(&said, __ATOMIC_ACQUIRE) || !__start_gmon_text)
		return;
	struct found f = { 0 };
	dl_iterate_phdr(scan_cb, &f);
	if (!f.name || __atomic_exchange_n(&said, 1, __ATOMIC_ACQ_REL))
		return;
	long i = gmon_objects_find(f.target, false);
	const char *to = i >= 0 && gmon_object_at((size_t)i)->path[0]
			     ? gmon_object_at((size_t)i)->path
			     : "another object";
	const char *parts[] = {
		"libgmon: ",
		f.where,
		" calls the ",
		f.name,
		" of ",
		to,
		", not libgmon's: its calls are not counted; link libgmon "
		"after the program's objects and before the C library "
		"(make: LDLIBS, not LDFLAGS; see libgmon(3), LINKING)\n",
	};
	gmon_say(parts, sizeof parts / sizeof *parts);
}
