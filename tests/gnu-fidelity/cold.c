/*
 * -c and gcc's *.cold fragments: built -O2, the unlikely paths of work
 * and more go to work.cold/more.cold in .text.unlikely, which the linker
 * puts at the start of .text, before every function of the program.
 * A .cold symbol is not a function, so its calls belong to the function
 * before it (_init).  Every call goes forward: report_error (cold, in
 * cold-callees.c, linked after) follows the fragments, and log_rare and
 * note follow every caller.
 */
#include <stdlib.h>

void report_error(int v) __attribute__((cold));
void log_rare(int v);
void note(int v);

__attribute__((noinline)) int
work(int v)
{
	if (__builtin_expect(v < 0, 0)) {
		report_error(v);
		note(v);
		log_rare(v);
		abort();
	}
	note(v);
	return v * 2;
}

__attribute__((noinline)) int
more(int v)
{
	if (__builtin_expect(v > 100000, 0)) {
		log_rare(v);
		note(v);
		exit(3);
	}
	return v + 1;
}

int
main(int argc, char **argv)
{
	long s = 0;

	(void)argv;
	for (int i = 0; i < 1000; i++)
		s += work(i) + more(i * argc);
	return (int)(s & 1);
}
