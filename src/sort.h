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

/*
 * A sort key made once per element, so that comparisons read the keys
 * side by side instead of the elements at random: K[0..2] compared as
 * unsigned numbers, then NAME by strcmp (NULL first), then ID.
 */
struct gp_key {
	uint64_t k[3];
	const char *name; /* borrowed, or NULL */
	uint32_t id;
};

/*
 * Sort the N keys of V into that order.  Distinct ids make it a total
 * order, so the answer is the one any correct sort gives: gp_sort's (a
 * stable sort of ids in ascending order) for every comparison that
 * agrees with the keys and breaks its ties by input order.
 */
void gp_sort_keys(struct gp_key *v, size_t n);

/*
 * The same order, on two threads when NTHREADS >= 2 and N is at least
 * SORT_PAR_MIN (each sorts a half, then they are merged); falls back to
 * one thread when the second cannot start.
 */
#define SORT_PAR_MIN 16384
void gp_sort_keys_par(struct gp_key *v, size_t n, unsigned nthreads);

/*
 * The order of N numbers KEY ascending, equal ones in index order (a
 * stable sort), as indexes into IDS: a radix sort, a pass per byte in
 * which the keys differ.  N must fit 32 bits.
 */
void gp_sort_u64(const uint64_t *key, size_t n, uint32_t *ids);

/* X (not a NaN) as an unsigned key in the same order; -0 equals 0. */
uint64_t gp_key_double(double x);

/* The first 16 bytes of name S (zeros past its end) as two unsigned
 * keys, big-endian: in strcmp's order, and equal only when those 16
 * bytes are (strcmp then decides). */
void gp_key_name(const char *s, uint64_t *k0, uint64_t *k1);

/*
 * gp_key_name() for a key's NAME as well: the first 8 bytes of S into
 * *K0, the next 8 into *K1 unless K1 is NULL, and what strcmp must still
 * compare: S, or NULL when those bytes hold all of S (two names with the
 * same bytes there are then equal, and the id decides).
 */
const char *gp_key_name_rest(const char *s, uint64_t *k0, uint64_t *k1);

#endif
