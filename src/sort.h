/*
 * sort.h - the merge sort GNU gprof's results depend on, and a merge of
 * presorted runs.
 *
 * GNU gprof sorts with glibc's qsort(), which is a top-down merge sort:
 * it splits N into N/2 and N - N/2, sorts both halves, and merges taking
 * the left element unless CMP(left, right) > 0.  gp_sort() does exactly
 * that, so ties and even inconsistent comparisons (NaN times) come out
 * in the same order as GNU's.
 */
#ifndef GPROF_SORT_H
#define GPROF_SORT_H

#include <stddef.h>
#include <stdint.h>

typedef int (*gp_cmp)(uint32_t a, uint32_t b, const void *ctx);

/* Sort the N ids in V with CMP.  O(n log n), stable for consistent CMP. */
void gp_sort(uint32_t *v, size_t n, gp_cmp cmp, const void *ctx);

/*
 * Sort the N elements of SIZE bytes at V by CMP (qsort's contract),
 * stably, by merging the ascending runs V already holds: O(n log runs),
 * and no copying at all when V is sorted.  For tables made of sorted
 * pieces (DWARF line tables come sorted per sequence).
 */
void gp_sort_runs(void *v, size_t n, size_t size,
		  int (*cmp)(const void *, const void *));

#endif
