/* A unit that #includes another .c file and a header with static
 * functions (as bfd's elf64.c includes elfcode.h): reports must name
 * each function after the file its code comes from. */
#include <stdio.h>

#include "incl_hdr.h"

__attribute__((noinline)) static int
first(int n)
{
	volatile int x = n;
	return hdr_square(x) + 1;
}

#include "incl_impl.c"

__attribute__((noinline)) static int
helper(int n)
{
	volatile int x = n;
	return impl_other(x) + first(x) + hdr_cube(x);
}

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 30000; i++)
		s += helper(i % 300);
	printf("%d\n", s);
	return 0;
}
