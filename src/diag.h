/*
 * diag.h - errors, out-of-memory handling and small helpers shared by
 * every module.
 *
 * Parsers never print and never exit: they fill a struct gp_err and
 * return -1.  Only main.c turns an error into "gprof: ..." on stderr and
 * exit status 1.  Allocation failure is the one exception: x*alloc()
 * print "gprof: out of memory" and exit 1 themselves.
 */
#ifndef GPROF_DIAG_H
#define GPROF_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A + B, or UINT64_MAX when the sum would wrap: counts read from files
 * (calls, samples) are summed with this, so a sum that passes 2^64 - 1
 * stays there instead of coming out small.
 */
static inline uint64_t
gp_add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* B - A as a signed count, clamped to [INT64_MIN, INT64_MAX]. */
static inline int64_t
gp_delta_sat(uint64_t a, uint64_t b)
{
	if (b >= a)
		return b - a > (uint64_t)INT64_MAX ? INT64_MAX
						   : (int64_t)(b - a);
	return a - b > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)(a - b);
}

#if defined(__GNUC__)
#define GP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define GP_NORETURN __attribute__((noreturn))
/* A hint that P will be read soon (printers walking a table at random). */
#define GP_PREFETCH(p) __builtin_prefetch(p)
#else
#define GP_PRINTF(f, a)
#define GP_NORETURN
#define GP_PREFETCH(p) ((void)(p))
#endif

/*
 * Cannot-happen checks that survive: NEVER(x) is true when x holds,
 * which must never be (an assert in debug builds, and the caller still
 * takes the safe path in release builds); ALWAYS(x) the converse.
 *	if (NEVER(top < 0))
 *		return;
 */
#ifdef NDEBUG
#define NEVER(x) (x)
#define ALWAYS(x) (x)
#else
#include <assert.h>
#define NEVER(x) ((x) ? (assert(!(#x)), 1) : 0)
#define ALWAYS(x) ((x) ? 1 : (assert(!(#x)), 0))
#endif

/* The message of the first failure, without the "gprof: " prefix. */
struct gp_err {
	char msg[1024];
};

/* Record a failure in ERR (which may be NULL) and return -1. */
int gp_fail(struct gp_err *err, const char *fmt, ...) GP_PRINTF(2, 3);

/*
 * Print "gprof: MSG" on stderr (a warning; the program goes on), after
 * flushing every output stream (fflush(NULL): standard output's is an
 * outfile's, not stdout), so that it follows what was printed before.
 */
void gp_warn(const char *fmt, ...) GP_PRINTF(1, 2);

/* Allocation that never returns NULL: on failure, report and exit 1. */
void *xmalloc(size_t size);
/* Zeroed; a count N of 0 allocates one element, never NULL, so a
 * caller need not write N ? N : 1. */
void *xcalloc(size_t n, size_t size);
/* Resize P to N elements of SIZE bytes; checks N * SIZE for overflow. */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
/* The last component of PATH (PATH itself when it has no '/'). */
const char *xpath_base(const char *path);

/* A + "/" + B, newly allocated; xpath_join_n takes A's first NA bytes. */
char *xpath_join(const char *a, const char *b);
char *xpath_join_n(const char *a, size_t na, const char *b);
GP_NORETURN void gp_out_of_memory(void);

/*
 * A growable array of fixed-size elements: P holds N of them, with room
 * for CAP.  Zero-initialise it; free(v.p) releases it.
 */
struct gp_vec {
	void *p;
	size_t n, cap;
};

/*
 * Room for one more element of SIZE bytes at the end of V (doubling,
 * from FIRST elements): returns a pointer to it, uninitialised.
 */
void *gp_vec_push(struct gp_vec *v, size_t size, size_t first);

/*
 * Copy S into BUF (of LEN bytes) with every byte that is not printable
 * ASCII replaced by '?', truncated to fit.  Returns BUF.  Use it for
 * names read from files before they go into a message.
 */
const char *sanitize_name(const char *s, char *buf, size_t len);

#endif
