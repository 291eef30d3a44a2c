/* The callees of cold.c, linked after it (see there). */
#include <stdio.h>

__attribute__((noinline, cold)) void
report_error(int v)
{
	fprintf(stderr, "bad %d\n", v);
}

__attribute__((noinline)) void
log_rare(int v)
{
	if (v == 12345)
		puts("rare");
}

__attribute__((noinline)) void
note(int v)
{
	if (v == 12346)
		puts("note");
}
