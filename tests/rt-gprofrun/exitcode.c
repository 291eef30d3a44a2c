/* exits with the status argv[1] gives, or raises signal argv[2]. */
#include <signal.h>
#include <stdlib.h>

__attribute__((noinline)) static int
twice(int x)
{
	return 2 * x;
}

int
main(int argc, char **argv)
{
	int rc = argc > 1 ? atoi(argv[1]) : 0;
	if (argc > 2)
		raise(atoi(argv[2]));
	return twice(rc) / 2;
}
