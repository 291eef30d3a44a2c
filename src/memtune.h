/*
 * memtune.h - the allocator's settings for a short-lived program that
 * builds large tables once.
 *
 * Most of gprof's time on a large program goes into tables of hundreds
 * of thousands of rows that live for a fraction of a second, and on
 * Linux much of that time is the kernel giving out fresh pages one page
 * fault at a time (a large -l run faulted in 6,500 pages).  So:
 *
 *  - memory given back with free() stays with the process for the next
 *    table (glibc otherwise returns every block over 128 KiB, and the
 *    heap's top, to the kernel at once, and the next table faults its
 *    pages in again);
 *  - the heap grows in large steps, and those steps are marked for
 *    transparent huge pages where the kernel offers them on request
 *    (madvise mode), so one fault maps 2 MiB instead of 4 KiB.
 *
 * Neither changes what any allocation returns or what is computed; on
 * a C library or kernel without these knobs, nothing happens.
 */
#ifndef GPROF_MEMTUNE_H
#define GPROF_MEMTUNE_H

/*
 * Apply the settings above; call once, when the large tables are about
 * to be built.  gprof calls it after the profiles are read: their
 * reading grows arrays by doubling on a thread of its own, which the
 * defaults serve better (freed blocks go back at once), and a run that
 * only reads many histograms would otherwise keep more memory than GNU
 * gprof needs for it.
 */
void memtune_init(void);

#endif
