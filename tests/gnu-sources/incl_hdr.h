/* Static functions in a header (see incl_main.c). */
__attribute__((noinline)) static int
hdr_square(int x)
{
	volatile int v = x;
	return v * v;
}

__attribute__((noinline)) static int
hdr_cube(int x)
{
	volatile int v = x;
	return v * v * v;
}
