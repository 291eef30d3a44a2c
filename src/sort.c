/*
 * sort.c - a top-down merge sort with glibc qsort()'s split and merge
 * rules (see sort.h).  Recursion depth is log2(n), never input-chosen.
 */
#include "sort.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "task.h"

static void
msort(uint32_t *v, uint32_t *tmp, size_t n, gp_cmp cmp, const void *ctx)
{
	size_t n1 = n / 2, n2 = n - n1, i = 0, j = 0, k = 0;
	uint32_t *b1 = v, *b2 = v + n1;

	if (n <= 1)
		return;
	msort(b1, tmp, n1, cmp, ctx);
	msort(b2, tmp, n2, cmp, ctx);
	while (i < n1 && j < n2) {
		if (cmp(b1[i], b2[j], ctx) <= 0)
			tmp[k++] = b1[i++];
		else
			tmp[k++] = b2[j++];
	}
	/* What is left of the right half is already in place. */
	if (i < n1)
		memcpy(tmp + k, b1 + i, (n1 - i) * sizeof(*v));
	memcpy(v, tmp, (n - (n2 - j)) * sizeof(*v));
}

void
gp_sort(uint32_t *v, size_t n, gp_cmp cmp, const void *ctx)
{
	uint32_t small[64], *tmp = small;

	if (n <= 1)
		return;
	if (n > sizeof(small) / sizeof(small[0]))
		tmp = xmalloc(n * sizeof(*tmp));
	msort(v, tmp, n, cmp, ctx);
	if (tmp != small)
		free(tmp);
}

/*
 * Merge the sorted runs E[a, m) and E[m, b) in place, stably, through
 * TMP (room for m - a elements).  Only the middle moves: the left run's
 * elements that precede the right run's first stay where they are, and
 * so do the right run's elements that follow the left run's last (runs
 * from DWARF units mostly just touch).
 */
static void
merge_two(char *e, char *tmp, size_t a, size_t m, size_t b, size_t size,
	  int (*cmp)(const void *, const void *))
{
	size_t lo = a, hi = m, i, j, k;

	/* The first left element the right run's first goes before. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp(e + m * size, e + mid * size) < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	a = lo;
	if (a == m)
		return; /* already in order */
	/* The first right element that goes after the left run's last. */
	lo = m;
	hi = b;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp(e + mid * size, e + (m - 1) * size) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	b = lo;
	memcpy(tmp, e + a * size, (m - a) * size);
	i = 0;
	j = m;
	k = a;
	while (i < m - a && j < b) {
		if (cmp(e + j * size, tmp + i * size) < 0)
			memcpy(e + k++ * size, e + j++ * size, size);
		else
			memcpy(e + k++ * size, tmp + i++ * size, size);
	}
	/* The right run's rest is in place; the left one's goes last. */
	memcpy(e + k * size, tmp + i * size, (m - a - i) * size);
}

void
gp_sort_runs(void *v, size_t n, size_t size,
	     int (*cmp)(const void *, const void *))
{
	char *e = v, *tmp;
	size_t *runs, nruns = 0;

	if (n < 2)
		return;
	/* Count the runs first: most tables have few (no zeroed array of
	 * N, and no buffer at all when sorted). */
	for (size_t i = 0; i < n; i++)
		if (i == 0 || cmp(e + (i - 1) * size, e + i * size) > 0)
			nruns++;
	if (nruns < 2)
		return;
	runs = xreallocarray(NULL, nruns + 1, sizeof(*runs));
	nruns = 0;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || cmp(e + (i - 1) * size, e + i * size) > 0)
			runs[nruns++] = i;
	runs[nruns] = n;
	/* Only the left runs' overlapping parts are ever copied in. */
	tmp = xreallocarray(NULL, n, size);
	while (nruns > 1) {
		size_t out = 0;

		/* Merge runs r and r + 1 (a last odd run stays as it is). */
		for (size_t r = 0; r < nruns; r += 2) {
			if (r + 1 < nruns)
				merge_two(e, tmp, runs[r], runs[r + 1],
					  runs[r + 2], size, cmp);
			runs[out++] = runs[r];
		}
		runs[out] = n;
		nruns = out;
	}
	free(tmp);
	free(runs);
}

static int
key_cmp(const void *a, const void *b)
{
	const struct gp_key *x = a, *y = b;
	int c;

	for (int i = 0; i < 3; i++)
		if (x->k[i] != y->k[i])
			return x->k[i] < y->k[i] ? -1 : 1;
	if (x->name != y->name) {
		if (x->name == NULL || y->name == NULL)
			return x->name == NULL ? -1 : 1;
		c = strcmp(x->name, y->name);
		if (c != 0)
			return c;
	}
	return x->id < y->id ? -1 : x->id > y->id;
}

/* key_cmp(X, Y) <= 0, with the numbers compared inline. */
static inline bool
key_le(const struct gp_key *x, const struct gp_key *y)
{
	if (x->k[0] != y->k[0])
		return x->k[0] < y->k[0];
	if (x->k[1] != y->k[1])
		return x->k[1] < y->k[1];
	if (x->k[2] != y->k[2])
		return x->k[2] < y->k[2];
	return key_cmp(x, y) <= 0;
}

/* Merge the sorted runs A[0..NA) and B[0..NB) into OUT (two runs
 * already in order are copied whole). */
static void
merge_into(const struct gp_key *a, size_t na, const struct gp_key *b, size_t nb,
	   struct gp_key *out)
{
	size_t i = 0, j = 0, k = 0;

	if (na > 0 && nb > 0 && key_le(&a[na - 1], &b[0])) {
		memcpy(out, a, na * sizeof(*a)); /* already in order */
		memcpy(out + na, b, nb * sizeof(*b));
		return;
	}
	while (i < na && j < nb) {
		bool left = key_le(&a[i], &b[j]);
		const struct gp_key *src = left ? &a[i] : &b[j];

		out[k++] = *src;
		i += left;
		j += !left;
	}
	memcpy(out + k, a + i, (na - i) * sizeof(*a));
	k += na - i;
	memcpy(out + k, b + j, (nb - j) * sizeof(*b));
}

/* Up to this many keys are sorted by insertion. */
#define INSERTION_MAX 12

static void
insertion_keys(struct gp_key *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct gp_key x = v[i];
		size_t j = i;

		for (; j > 0 && !key_le(&v[j - 1], &x); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/*
 * A merge sort of the keys themselves (qsort sorts pointers to them,
 * and each comparison then reads two keys at random), merging back and
 * forth between V and TMP instead of copying each merge back:
 * sort_in() leaves V[0..N) sorted in V, sort_to() sorts it into OUT
 * (V's contents are then scratch).  Recursion is log2(N) deep.
 */
static void sort_to(struct gp_key *v, struct gp_key *out, size_t n);

static void
sort_in(struct gp_key *v, struct gp_key *tmp, size_t n)
{
	size_t h = n / 2;

	if (n <= INSERTION_MAX) {
		insertion_keys(v, n);
		return;
	}
	sort_to(v, tmp, h);
	sort_to(v + h, tmp + h, n - h);
	merge_into(tmp, h, tmp + h, n - h, v);
}

static void
sort_to(struct gp_key *v, struct gp_key *out, size_t n)
{
	size_t h = n / 2;

	if (n <= INSERTION_MAX) {
		memcpy(out, v, n * sizeof(*v));
		insertion_keys(out, n);
		return;
	}
	sort_in(v, out, h);
	sort_in(v + h, out + h, n - h);
	merge_into(v, h, v + h, n - h, out);
}

/* From this many keys on, a word is ordered by radix (gp_sort_u64). */
#define RADIX_MIN 256

/*
 * V[0..N), whose K[0..W) are all equal, in key order, through TMP: by
 * K[W] with a radix sort of the words alone (16-byte pairs moved, a
 * pass per byte in which they differ), then each run of equal K[W] by
 * the next word, and so on; runs shorter than RADIX_MIN, and ties on
 * every word, by the merge sort.  Ties keep their order at each step,
 * but the merge sort decides them all anyway (ids are distinct).
 */
static void
sort_from_word(struct gp_key *v, struct gp_key *tmp, size_t n, int w)
{
	uint64_t *key;
	uint32_t *ids;

	if (w == 3 || n < RADIX_MIN) {
		sort_in(v, tmp, n);
		return;
	}
	key = xreallocarray(NULL, n, sizeof(*key));
	ids = xreallocarray(NULL, n, sizeof(*ids));
	for (size_t i = 0; i < n; i++)
		key[i] = v[i].k[w];
	gp_sort_u64(key, n, ids);
	for (size_t i = 0; i < n; i++)
		tmp[i] = v[ids[i]];
	memcpy(v, tmp, n * sizeof(*v));
	free(key);
	free(ids);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		while (j < n && v[j].k[w] == v[i].k[w])
			j++;
		if (j - i > 1)
			sort_from_word(v + i, tmp, j - i, w + 1);
		i = j;
	}
}

void
gp_sort_keys(struct gp_key *v, size_t n)
{
	struct gp_key *tmp;

	if (n <= 1)
		return;
	tmp = xcalloc(n, sizeof(*tmp));
	sort_from_word(v, tmp, n, 0);
	free(tmp);
}

struct half {
	struct gp_key *v, *tmp;
	size_t n;
};

static void
sort_half(void *arg)
{
	struct half *h = arg;

	sort_from_word(h->v, h->tmp, h->n, 0);
}

void
gp_sort_keys_par(struct gp_key *v, size_t n, unsigned nthreads)
{
	struct gp_key *tmp;
	struct half h;
	struct task second;

	if (nthreads < 2 || n < SORT_PAR_MIN) {
		gp_sort_keys(v, n);
		return;
	}
	tmp = xcalloc(n, sizeof(*tmp));
	h = (struct half){ v + n / 2, tmp + n / 2, n - n / 2 };
	task_start(&second, sort_half, &h, true);
	sort_from_word(v, tmp, n / 2, 0);
	task_join(&second);
	merge_into(v, n / 2, v + n / 2, n - n / 2, tmp);
	memcpy(v, tmp, n * sizeof(*v));
	free(tmp);
}

uint64_t
gp_key_double(double x)
{
	uint64_t u;

	x += 0.0; /* -0 becomes +0 */
	memcpy(&u, &x, sizeof(u));
	/* Positive: above every negative; negative: reversed. */
	return u >> 63 ? ~u : u | 1ull << 63;
}

void
gp_key_name(const char *s, uint64_t *k0, uint64_t *k1)
{
	uint64_t k[2] = { 0, 0 };
	size_t i = 0;

	/* Bytes past the NUL stay 0, below every byte of a longer name. */
	for (; i < 16 && s[i] != '\0'; i++)
		k[i / 8] |= (uint64_t)(unsigned char)s[i] << (8 * (7 - i % 8));
	*k0 = k[0];
	*k1 = k[1];
}

const char *
gp_key_name_rest(const char *s, uint64_t *k0, uint64_t *k1)
{
	uint64_t next;

	gp_key_name(s, k0, k1 != NULL ? k1 : &next);
	/* The NUL is among the bytes held when their last one is 0. */
	return ((k1 != NULL ? *k1 : *k0) & 0xff) == 0 ? NULL : s;
}

struct kv {
	uint64_t k;
	uint32_t id;
};

void
gp_sort_u64(const uint64_t *key, size_t n, uint32_t *ids)
{
	struct kv *a = xreallocarray(NULL, n ? n : 1, sizeof(*a));
	struct kv *b = xreallocarray(NULL, n ? n : 1, sizeof(*b));
	size_t(*count)[256] = xcalloc(8, sizeof(*count));

	/* Every byte's histogram in one pass over the keys. */
	for (size_t i = 0; i < n; i++) {
		uint64_t k = key[i];

		a[i] = (struct kv){ k, (uint32_t)i };
		for (int d = 0; d < 8; d++)
			count[d][k >> (8 * d) & 0xff]++;
	}
	for (int d = 0; d < 8; d++) {
		size_t *c = count[d], at = 0;
		struct kv *t;

		if (n == 0 || c[key[0] >> (8 * d) & 0xff] == n)
			continue; /* every key has this byte */
		for (int x = 0; x < 256; x++) {
			size_t m = c[x];

			c[x] = at;
			at += m;
		}
		for (size_t i = 0; i < n; i++)
			b[c[a[i].k >> (8 * d) & 0xff]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		ids[i] = a[i].id;
	free(count);
	free(a);
	free(b);
}
