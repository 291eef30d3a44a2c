/* Inline functions from a header: out of line at -O0, inlined at -O2. */
static inline int
hdr_twice(int x)
{
	return 2 * x;
}

static inline int
hdr_sq(int x)
{
	return x * x;
}
