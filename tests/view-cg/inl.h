/* inl.h - for tests/view-cg: calls made from code inlined out of a
 * header, so their call-site lines are in another file than main's. */
long work(long x);

static inline __attribute__((always_inline)) long
twice(long x)
{
	return work(x) + work(x + 1);
}
