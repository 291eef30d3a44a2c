/*
 * mcleanup.c - calls _mcleanup() by hand in the middle of the run (as
 * glibc's tst-mcleanup does), calls more functions, then exits, which
 * runs _mcleanup again: no crash, and a readable profile.
 */
#include "truth.h"

extern void _mcleanup(void);

static unsigned long n_main_work;

NOI void
mc_work(void)
{
	AFTER_CALL();
}

int
main(void)
{
	for (int i = 0; i < 100; i++) {
		n_main_work++;
		mc_work();
		AFTER_CALL();
	}
	_mcleanup();
	for (int i = 0; i < 100; i++)
		mc_work();
	return 0;
}
