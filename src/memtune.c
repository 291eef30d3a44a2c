/*
 * memtune.c - the allocator's settings (see memtune.h).
 */
#include "memtune.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sys/mman.h>

/* How much the heap grows by at least, when it grows. */
#define HEAP_STEP ((size_t)64 << 20)
/* A transparent huge page (x86-64 and aarch64 with 4 KiB pages). */
#define HUGE_PAGE ((uintptr_t)2 << 20)

void
memtune_init(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TOP_PAD)
	char *first, *top;
	uintptr_t lo, hi;

	/* Blocks up to 32 MiB come from the heap, which is never trimmed:
	 * what one table frees, the next one reuses without a fault. */
	if (mallopt(M_MMAP_THRESHOLD, 32 << 20) != 1 ||
	    mallopt(M_TRIM_THRESHOLD, INT32_MAX) != 1 ||
	    mallopt(M_TOP_PAD, (int)HEAP_STEP) != 1)
		return;
#if defined(MADV_HUGEPAGE)
	/* Grow the heap now by one step (a block larger than what is left
	 * at its top), and ask for huge pages over it.  (Only a heap grown
	 * with brk() is below the break; a malloc() that is not glibc's is
	 * left alone.) */
	first = malloc(1 << 20);
	top = sbrk(0);
	if (first != NULL && top != (char *)-1 && first < top &&
	    (size_t)(top - first) <= 2 * HEAP_STEP) {
		lo = ((uintptr_t)first + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		hi = (uintptr_t)top & ~(HUGE_PAGE - 1);
		if (lo < hi)
			(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
	}
	free(first);
#endif
#endif
}
