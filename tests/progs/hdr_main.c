#include "hdr_inline.h"

#include <stdio.h>

static int
local_sum(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += hdr_twice(i);
	return s;
}

int
main(void)
{
	printf("%d\n", local_sum(1000));
	return 0;
}
