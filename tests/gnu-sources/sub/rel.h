/* A header next to sub/rel.c, found through its directory. */
__attribute__((noinline)) static int
rel_twice(int a)
{
	volatile int q = a;
	return q + q;
}
