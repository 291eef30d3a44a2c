/* Included twice by twice.c, with different halves: built with -O0 its
 * code is split by a function of twice.c, so that the DWARF 5 line
 * program switches back to this file with an explicit set_file. */
#ifndef TWICE_PART2
static int
tw_a(int x)
{
	volatile int v = x;
	return v * v + 1;
}
#else
static int
tw_b(int x)
{
	volatile int v = x;
	return v * 3 + 1;
}
#endif
