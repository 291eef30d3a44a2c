/*
 * main.c - run every unit test: every module that T_MODULE registered
 * (check.h), so this file names none.  Each case prints one PASS or FAIL
 * line;
 * the suite runner counts them, so the exit status is 0 even when a
 * case fails.
 */
#include <stdio.h>

#include "check.h"

int
main(void)
{
	unsigned run, failed;

	t_init();
	t_run_modules();
	t_end();
	t_counts(&run, &failed);
	t_fini();
	printf("unit: %u cases, %u failed\n", run, failed);
	return 0;
}
