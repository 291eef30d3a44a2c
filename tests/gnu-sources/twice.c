#include "twice.h"

static int
tw_mid(int n)
{
	volatile int x = n;
	return tw_a(x);
}

#define TWICE_PART2
#include "twice.h"

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 20000; i++)
		s += tw_mid(i) + tw_b(i);
	return s == 42;
}
