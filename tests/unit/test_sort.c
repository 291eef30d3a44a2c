/*
 * test_sort.c - gp_sort() against a plain top-down merge sort with
 * glibc's split (n/2 left) and merge rule (left unless cmp > 0).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sort.h"

/* The reference, written as simply as possible: recursion and copies. */
static void
ref_sort(uint32_t *v, size_t n, gp_cmp cmp, const void *ctx)
{
	size_t n1 = n / 2, n2 = n - n1, i = 0, j = 0, k = 0;
	uint32_t *left, *right;

	if (n <= 1)
		return;
	left = malloc(n1 * sizeof(*v));
	right = malloc(n2 * sizeof(*v));
	memcpy(left, v, n1 * sizeof(*v));
	memcpy(right, v + n1, n2 * sizeof(*v));
	ref_sort(left, n1, cmp, ctx);
	ref_sort(right, n2, cmp, ctx);
	while (i < n1 && j < n2)
		v[k++] =
		    cmp(left[i], right[j], ctx) > 0 ? right[j++] : left[i++];
	while (i < n1)
		v[k++] = left[i++];
	while (j < n2)
		v[k++] = right[j++];
	free(left);
	free(right);
}

static int
by_key(uint32_t a, uint32_t b, const void *ctx)
{
	const uint32_t *key = ctx;

	return key[a] < key[b] ? -1 : key[a] > key[b];
}

/* GNU's time comparisons: NaN compares equal to everything. */
static int
by_double(uint32_t a, uint32_t b, const void *ctx)
{
	const double *key = ctx;

	return key[a] < key[b] ? -1 : key[a] > key[b];
}

/* Not a consistent order at all; only the exact algorithm reproduces it. */
static int
by_nonsense(uint32_t a, uint32_t b, const void *ctx)
{
	return (int)((a * 31u + b * 17u) % 3u) - 1;
}

static uint32_t *
ids(size_t n)
{
	uint32_t *v = malloc((n ? n : 1) * sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = (uint32_t)i;
	return v;
}

static const size_t sizes[] = { 0, 1, 2, 3, 5, 8, 17, 100, 1000, 4097 };

static void
test_stable(void)
{
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s];
		uint32_t *key = malloc((n ? n : 1) * sizeof(*key));
		uint32_t *v = ids(n);
		uint64_t seed = 42 + n;

		t_begin("sort/stable-%zu", n);
		for (size_t i = 0; i < n; i++)
			key[i] = (uint32_t)(t_rand(&seed) % 4); /* many ties */
		gp_sort(v, n, by_key, key);
		for (size_t i = 1; i < n; i++) {
			if (key[v[i - 1]] > key[v[i]]) {
				t_fail("not sorted at %zu", i);
				break;
			}
			if (key[v[i - 1]] == key[v[i]] && v[i - 1] > v[i]) {
				t_fail("ties out of input order at %zu", i);
				break;
			}
		}
		free(key);
		free(v);
	}
}

static void
test_random(void)
{
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s];
		uint32_t *key = malloc((n ? n : 1) * sizeof(*key));
		uint32_t *v = ids(n), *w = ids(n),
			 *count = calloc(n ? n : 1, 4);
		uint64_t seed = 7 * n + 1;

		t_begin("sort/random-%zu", n);
		for (size_t i = 0; i < n; i++)
			key[i] = (uint32_t)t_rand(&seed);
		gp_sort(v, n, by_key, key);
		ref_sort(w, n, by_key, key);
		for (size_t i = 0; i < n; i++)
			if (v[i] < n)
				count[v[i]]++;
		for (size_t i = 0; i < n; i++)
			if (count[i] != 1) {
				t_fail("output is not a permutation (id %zu)",
				       i);
				break;
			}
		for (size_t i = 1; i < n; i++)
			if (key[v[i - 1]] > key[v[i]]) {
				t_fail("not sorted at %zu", i);
				break;
			}
		check_true(memcmp(v, w, n * sizeof(*v)) == 0,
			   "differs from the reference merge sort");
		free(key);
		free(v);
		free(w);
		free(count);
	}
}

/* Inconsistent comparisons come out exactly as the reference's. */
static void
test_inconsistent(void)
{
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s];
		double *key = malloc((n ? n : 1) * sizeof(*key));
		uint32_t *v = ids(n), *w = ids(n);
		uint64_t seed = 99 + n;

		t_begin("sort/nan-keys-%zu", n);
		for (size_t i = 0; i < n; i++)
			key[i] = t_rand(&seed) % 3 == 0
				     ? NAN
				     : (double)(t_rand(&seed) % 10);
		gp_sort(v, n, by_double, key);
		ref_sort(w, n, by_double, key);
		check_true(memcmp(v, w, n * sizeof(*v)) == 0,
			   "differs from the reference merge sort");

		t_begin("sort/nonsense-cmp-%zu", n);
		for (size_t i = 0; i < n; i++)
			v[i] = w[i] = (uint32_t)i;
		gp_sort(v, n, by_nonsense, NULL);
		ref_sort(w, n, by_nonsense, NULL);
		check_true(memcmp(v, w, n * sizeof(*v)) == 0,
			   "differs from the reference merge sort");
		free(key);
		free(v);
		free(w);
	}
}

struct keyed {
	uint32_t key, pos; /* pos: index in the input */
};

static int
by_key_only(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

static int
by_key_then_pos(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* gp_sort_runs on inputs made of sorted runs: sorted, and stable (equal
 * keys keep their input order), so it equals qsort by (key, pos). */
static void
test_runs(void)
{
	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s];
		struct keyed *v = malloc((n ? n : 1) * sizeof(*v));
		struct keyed *w = malloc((n ? n : 1) * sizeof(*w));
		uint64_t seed = 31 * n + 5;
		uint32_t key = 0;

		t_begin("sort/runs-%zu", n);
		for (size_t i = 0; i < n; i++) {
			/* A new run now and then, keys with repeats. */
			if (t_rand(&seed) % 5 == 0)
				key = (uint32_t)(t_rand(&seed) % 50);
			else
				key += (uint32_t)(t_rand(&seed) % 2);
			v[i] = w[i] = (struct keyed){ key, (uint32_t)i };
		}
		gp_sort_runs(v, n, sizeof(*v), by_key_only);
		if (n > 0)
			qsort(w, n, sizeof(*w), by_key_then_pos);
		check_true(memcmp(v, w, n * sizeof(*v)) == 0,
			   "not the stable sort of the runs");
		free(v);
		free(w);
	}
}

/* What the keyed sorts stand for: a double descending, a count
 * descending, a name by strcmp, ties in input order (gp_sort). */
struct rec {
	double d;
	uint64_t c;
	const char *name;
};

static int
by_rec(uint32_t a, uint32_t b, const void *ctx)
{
	const struct rec *r = ctx;
	int c;

	if (r[a].d != r[b].d)
		return r[a].d > r[b].d ? -1 : 1;
	if (r[a].c != r[b].c)
		return r[a].c > r[b].c ? -1 : 1;
	c = strcmp(r[a].name, r[b].name);
	return c;
}

/* gp_sort_keys with gp_key_double and gp_key_name gives gp_sort's order
 * for a consistent comparison: -0 and 0 equal, names that share 16 or
 * more bytes, bytes above 0x7f, the empty name, equal names. */
static void
test_keys(void)
{
	static const char *const names[] = {
		"",
		"a",
		"ab",
		"abcdefgh",
		"abcdefghi",
		"abcdefghijklmnop",
		"abcdefghijklmnopq",
		"abcdefghijklmnopr",
		"abcdefghijklmnopqrstuvwxyz_long_1",
		"abcdefghijklmnopqrstuvwxyz_long_2",
		"\xc3\xa9t\xc3\xa9",
		"_under",
		"Zed",
	};
	static const double ds[] = { 0.0, -0.0, 1.5, 2.0, 1e300, -3.0, 0.25 };

	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s];
		struct rec *r = malloc((n ? n : 1) * sizeof(*r));
		struct gp_key *k = malloc((n ? n : 1) * sizeof(*k));
		uint32_t *v = ids(n);
		uint64_t seed = 11 * n + 3;
		bool same = true;

		t_begin("sort/keys-%zu", n);
		for (size_t i = 0; i < n; i++) {
			uint64_t spare;

			r[i].d = ds[t_rand(&seed) % ARRAY_SIZE(ds)];
			r[i].c = t_rand(&seed) % 3;
			r[i].name = names[t_rand(&seed) % ARRAY_SIZE(names)];
			k[i].k[0] = ~gp_key_double(r[i].d);
			k[i].k[1] = ~r[i].c;
			gp_key_name(r[i].name, &k[i].k[2], &spare);
			k[i].name = r[i].name;
			k[i].id = (uint32_t)i;
		}
		gp_sort(v, n, by_rec, r);
		gp_sort_keys(k, n);
		for (size_t i = 0; i < n; i++)
			same &= k[i].id == v[i];
		check_true(same, "differs from gp_sort's order");

		t_begin("sort/keys-names-%zu", n);
		for (size_t i = 0; i < n; i++) {
			v[i] = (uint32_t)i;
			r[i].d = 0;
			r[i].c = 0;
			gp_key_name(r[i].name, &k[i].k[0], &k[i].k[1]);
			k[i].k[2] = 0;
			k[i].name = r[i].name;
			k[i].id = (uint32_t)i;
		}
		gp_sort(v, n, by_rec, r);
		gp_sort_keys(k, n);
		same = true;
		for (size_t i = 0; i < n; i++)
			same &= k[i].id == v[i];
		check_true(same, "differs from gp_sort's order by name");

		/* Names held in the keys (gp_key_name_rest), each a copy of
		 * its own so that equal names are distinct pointers, on one
		 * thread and two, with 8 and 16 bytes held. */
		for (int held = 8; held <= 16; held += 8)
			for (unsigned nt = 1; nt <= 2; nt++) {
				char **copy =
				    malloc((n ? n : 1) * sizeof(*copy));

				t_begin("sort/keys-rest-%zu-held-%d-threads-%u",
					n, held, nt);
				for (size_t i = 0; i < n; i++) {
					copy[i] = strdup(r[i].name);
					v[i] = (uint32_t)i;
					k[i].k[0] = 0;
					k[i].k[1] = 0;
					k[i].k[2] = 0;
					k[i].name = gp_key_name_rest(
					    copy[i], &k[i].k[1],
					    held == 16 ? &k[i].k[2] : NULL);
					k[i].id = (uint32_t)i;
				}
				gp_sort(v, n, by_rec, r);
				gp_sort_keys_par(k, n, nt);
				same = true;
				for (size_t i = 0; i < n; i++)
					same &= k[i].id == v[i];
				check_true(same, "differs from gp_sort's order "
						 "by name");
				for (size_t i = 0; i < n; i++)
					free(copy[i]);
				free(copy);
			}
		free(r);
		free(k);
		free(v);
	}
}

/* gp_sort_keys_par on two threads (N above SORT_PAR_MIN) gives
 * gp_sort_keys' order: many ties on every key but the id. */
static void
test_keys_par(void)
{
	size_t n = SORT_PAR_MIN * 2 + 7;
	struct gp_key *a = malloc(n * sizeof(*a)), *b = malloc(n * sizeof(*b));
	uint64_t seed = 99;
	bool same = true;

	t_begin("sort/keys-par-%zu", n);
	for (size_t i = 0; i < n; i++) {
		a[i].k[0] = t_rand(&seed) % 4;
		a[i].k[1] = t_rand(&seed) % 3;
		a[i].k[2] = t_rand(&seed) % 2;
		a[i].name = NULL;
		a[i].id = (uint32_t)(t_rand(&seed) % n);
	}
	memcpy(b, a, n * sizeof(*a));
	gp_sort_keys(a, n);
	gp_sort_keys_par(b, n, 2);
	for (size_t i = 0; i < n; i++)
		same &= memcmp(&a[i], &b[i], sizeof(a[i])) == 0;
	check_true(same, "differs from gp_sort_keys");
	for (size_t i = 1; i < n; i++) {
		const struct gp_key *x = &b[i - 1], *y = &b[i];
		int c = 0;

		for (int j = 0; j < 3 && c == 0; j++)
			c = x->k[j] < y->k[j] ? -1 : x->k[j] > y->k[j];
		if (c > 0 || (c == 0 && x->id > y->id)) {
			t_fail("not sorted at %zu", i);
			break;
		}
	}
	t_end();
	free(a);
	free(b);
}

/* The order gp_sort_keys promises, as plainly as possible. */
static int
ref_key_cmp(const void *a, const void *b)
{
	const struct gp_key *x = a, *y = b;

	for (int i = 0; i < 3; i++)
		if (x->k[i] != y->k[i])
			return x->k[i] < y->k[i] ? -1 : 1;
	if (x->name == NULL || y->name == NULL) {
		if (x->name != y->name)
			return x->name == NULL ? -1 : 1;
	} else if (strcmp(x->name, y->name) != 0) {
		return strcmp(x->name, y->name);
	}
	return x->id < y->id ? -1 : x->id > y->id;
}

/* gp_sort_keys (a word at a time by radix from 256 keys on) and
 * gp_sort_keys_par against qsort with the whole comparison: words that
 * differ in a few bytes, in none, or in all, with long runs of ties on
 * the first words; names NULL, equal, sharing long prefixes; ids
 * shuffled. */
static void
test_keys_radix(void)
{
	static const uint64_t masks[] = { 0, 0xff, 0xf0000000000000f0ull,
					  0x0101010101010101ull, ~0ull };
	static const char *const names[] = {
		NULL,
		"a",
		"b",
		"std::vector<int>::push_back(int const&)",
		"std::vector<int>::push_back(int&&)",
		"a_long_name_past_16"
	};
	static const size_t ns[] = { 255, 256, 257, 3000, 40000 };

	for (size_t s = 0; s < ARRAY_SIZE(ns); s++)
		for (size_t mk = 0; mk < ARRAY_SIZE(masks); mk++)
			for (unsigned nt = 1; nt <= 2; nt++) {
				size_t n = ns[s];
				struct gp_key *a = malloc(n * sizeof(*a));
				struct gp_key *b = malloc(n * sizeof(*b));
				uint64_t seed = 77 * n + mk;
				bool same = true;

				t_begin(
				    "sort/keys-radix-%zu-mask-%zu-threads-%u",
				    n, mk, nt);
				for (size_t i = 0; i < n; i++) {
					for (int w = 0; w < 3; w++)
						a[i].k[w] =
						    t_rand(&seed) &
						    masks[(mk + (size_t)w) %
							  ARRAY_SIZE(masks)];
					a[i].name = names[t_rand(&seed) %
							  ARRAY_SIZE(names)];
					a[i].id = (uint32_t)i;
				}
				for (size_t i = n; i-- > 1;) { /* shuffle ids */
					size_t j = t_rand(&seed) % (i + 1);
					uint32_t t = a[i].id;

					a[i].id = a[j].id;
					a[j].id = t;
				}
				memcpy(b, a, n * sizeof(*a));
				gp_sort_keys_par(a, n, nt);
				qsort(b, n, sizeof(*b), ref_key_cmp);
				for (size_t i = 0; i < n; i++)
					same &= a[i].id == b[i].id;
				check_true(same, "differs from qsort's order");
				t_end();
				free(a);
				free(b);
			}
}

/* gp_sort_u64: gp_sort_keys' order of (key, index), whatever bytes the
 * keys share or differ in. */
static void
test_u64(void)
{
	static const uint64_t masks[] = {
		0, 0xff, 0xff00ff, 0xfff000, ~0ull, 0xff00000000000000ull
	};

	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++)
		for (size_t mk = 0; mk < ARRAY_SIZE(masks); mk++) {
			size_t n = sizes[s];
			uint64_t *key = malloc((n ? n : 1) * sizeof(*key));
			uint32_t *ids = malloc((n ? n : 1) * sizeof(*ids));
			struct gp_key *k = malloc((n ? n : 1) * sizeof(*k));
			uint64_t seed = 5 * n + mk;
			bool same = true;

			t_begin("sort/u64-%zu-mask-%zx", n, mk);
			for (size_t i = 0; i < n; i++) {
				key[i] = (t_rand(&seed) & masks[mk]) | 0x400000;
				k[i] = (struct gp_key){ { key[i], 0, 0 },
							NULL,
							(uint32_t)i };
			}
			gp_sort_u64(key, n, ids);
			gp_sort_keys(k, n);
			for (size_t i = 0; i < n; i++)
				same &= ids[i] == k[i].id;
			check_true(same, "differs from gp_sort_keys");
			t_end();
			free(key);
			free(ids);
			free(k);
		}
}

T_MODULE(sort)
{
	t_run("sort/u64", test_u64);
	t_run("sort/keys-par", test_keys_par);
	t_run("sort/keys-radix", test_keys_radix);
	t_run("sort/keys", test_keys);
	t_run("sort/stable", test_stable);
	t_run("sort/random", test_random);
	t_run("sort/inconsistent", test_inconsistent);
	t_run("sort/runs", test_runs);
}
