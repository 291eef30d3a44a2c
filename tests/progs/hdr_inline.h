/* A static inline function in a header, included first so that it is
 * file 1 of the unit's DWARF 5 line table (see tests/gnu-options). */
static inline int
hdr_twice(int x)
{
	return 2 * x + 1;
}
