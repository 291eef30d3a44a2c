/*
 * tstgmon.c - the shape of glibc's own gmon test: f3 runs a loop that
 * calls f1 and f2, f2 calls f1, so f1 runs 2000 times, f2 1000, f3 once.
 */
#include "truth.h"

static unsigned long n_main_f3, n_f3_f1, n_f3_f2, n_f2_f1;

NOI void
f1(void)
{
	AFTER_CALL();
}

NOI void
f2(void)
{
	n_f2_f1++;
	f1();
	AFTER_CALL();
}

NOI void
f3(int rounds)
{
	for (int i = 0; i < rounds; i++) {
		n_f3_f1++;
		f1();
		AFTER_CALL();
		n_f3_f2++;
		f2();
		AFTER_CALL();
	}
}

int
main(void)
{
	n_main_f3++;
	f3(1000);
	AFTER_CALL();
	truth_arc("main", "f3", n_main_f3);
	truth_arc("f3", "f1", n_f3_f1);
	truth_arc("f3", "f2", n_f3_f2);
	truth_arc("f2", "f1", n_f2_f1);
	return 0;
}
