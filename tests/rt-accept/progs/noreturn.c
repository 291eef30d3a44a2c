/*
 * noreturn.c - ends_in_die's last instruction is a call to a noreturn
 * function, and next_fn starts right after it (built with
 * -falign-functions=1 -fno-toplevel-reorder): the return address of
 * that call is next_fn's first byte, yet the arc belongs to
 * ends_in_die.
 */
#include <stdlib.h>

#include "truth.h"

static unsigned long n_main_next, n_main_ends, n_ends_die;

__attribute__((noreturn)) NOI void
die(int code)
{
	truth_arc("main", "next_fn", n_main_next);
	truth_arc("main", "ends_in_die", n_main_ends);
	truth_arc("ends_in_die", "die", n_ends_die);
	truth_arc("next_fn", "die", 0);
	fflush(stdout);
	exit(code);
}

NOI void
ends_in_die(int code)
{
	n_ends_die++;
	die(code);
}

NOI int
next_fn(int x)
{
	return x * 3 + 1;
}

int
main(void)
{
	int x = 1;
	for (int i = 0; i < 10; i++) {
		n_main_next++;
		x = next_fn(x);
		AFTER_CALL();
	}
	n_main_ends++;
	ends_in_die(x == 0 ? 7 : 0);
}
