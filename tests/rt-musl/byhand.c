/*
 * byhand.c [atexit] - the collector's entry points called by the
 * program itself, on a C library whose start-up files call none of them
 * (musl: the collector started from its own constructor):
 *   - moncontrol(0) ... moncontrol(1): the calls between are not counted;
 *   - monstartup() while profiling runs: changes nothing;
 *   - _mcleanup() by hand: the profile is written then, later calls are
 *     not counted and the _mcleanup at exit writes nothing new.
 * With "atexit", no _mcleanup by hand: a handler registered with
 * atexit(), which musl runs before the destructors, makes calls that
 * must be in the profile written at exit.
 * Prints the truth (truth.h) and "BASE hex": where the executable's
 * first byte is mapped (from /proc/self/maps), the load base the side
 * file must record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "truth.h"

void moncontrol(int mode);
void monstartup(unsigned long lowpc, unsigned long highpc);
void _mcleanup(void);

static unsigned long n_main_leaf, n_bye_leaf;

NOI void
leaf(void)
{
	AFTER_CALL();
}

/* Inlined: the arcs are its caller's. */
static inline __attribute__((always_inline)) void
calls(unsigned long n, unsigned long *count)
{
	for (unsigned long i = 0; i < n; i++) {
		if (count)
			(*count)++;
		leaf();
		AFTER_CALL();
	}
}

NOI void
bye(void)
{
	calls(7, &n_bye_leaf);
	truth_arc("bye", "leaf", n_bye_leaf);
	fflush(stdout);
}

/* The lowest address /proc/self/maps shows for the executable's file,
 * at file offset 0; 0 when not found. */
static unsigned long
load_base(void)
{
	char exe[4096], line[4096 + 128];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return 0;
	exe[n] = '\0';
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return 0;
	unsigned long base = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, off;
		char *path = strchr(line, '/');
		if (!path || sscanf(line, "%lx-%*x %*s %lx", &lo, &off) != 2)
			continue;
		path[strcspn(path, "\n")] = '\0';
		if (off == 0 && strcmp(path, exe) == 0 && (!base || lo < base))
			base = lo;
	}
	fclose(f);
	return base;
}

int
main(int argc, char **argv)
{
	int at_exit = argc > 1 && strcmp(argv[1], "atexit") == 0;
	printf("BASE %lx\n", load_base());
	calls(100, &n_main_leaf);
	moncontrol(0);
	calls(50, NULL);
	moncontrol(1);
	monstartup(1, 2);
	calls(25, &n_main_leaf);
	truth_arc("main", "leaf", n_main_leaf);
	fflush(stdout);
	if (at_exit) {
		atexit(bye);
		return 0;
	}
	_mcleanup();
	calls(10, NULL);
	return 0;
}
