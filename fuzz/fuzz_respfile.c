/*
 * fuzz_respfile.c - libFuzzer target for @FILE response files, through
 * the public options_parse() on real files.
 *
 * The input is split at NUL bytes into up to 8 parts; part K becomes
 * the contents of file K, an in-memory file (memfd) named by its
 * /proc/self/fd path (files without a part are empty).  The command
 * line is "gprof @FILE0", so file 0 holds the arguments.  In every
 * part, "@" followed by a digit 0-7 is rewritten to "@" and that file's
 * path, so files can name each other (and themselves); other "@..."
 * words name files that do not exist.
 *
 * Checks: a successful parse names an executable and a profile; a
 * second parse, of a fixed command line, gives what it always gives
 * (nothing of the first parse's state may leak into it).
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "options.h"

#define NFILES 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int fds[NFILES];
static char paths[NFILES][32];

/* Create the files once (kept for the whole run); false on failure. */
static bool
setup(void)
{
	static int state; /* 0 not tried, 1 ready, -1 failed */

	for (int k = 0; state == 0 && k < NFILES; k++) {
		fds[k] = memfd_create("fuzz_respfile", 0);
		if (fds[k] < 0)
			state = -1;
		snprintf(paths[k], sizeof(paths[k]), "/proc/self/fd/%d",
			 fds[k]);
	}
	if (state == 0)
		state = 1;
	return state == 1;
}

static void
put(int fd, const void *p, size_t n)
{
	if (n > 0 && write(fd, p, n) != (ssize_t)n)
		abort(); /* a memfd write cannot fail short of memory */
}

/* Make file K hold P[0..N), with "@D" (D a digit 0-7) as "@PATH". */
static void
write_part(int k, const uint8_t *p, size_t n)
{
	size_t from = 0;

	if (ftruncate(fds[k], 0) != 0 || lseek(fds[k], 0, SEEK_SET) != 0)
		abort();
	if (n == 0)
		return;
	for (size_t i = 0; i + 1 < n; i++) {
		if (p[i] == '@' && p[i + 1] >= '0' && p[i + 1] < '0' + NFILES) {
			put(fds[k], p + from, i + 1 - from);
			put(fds[k], paths[p[i + 1] - '0'],
			    strlen(paths[p[i + 1] - '0']));
			from = i + 2;
			i++;
		}
	}
	put(fds[k], p + from, n - from);
}

/*
 * "gprof -b prog g1 g2" must parse the same after any other parse
 * (glibc's getopt keeps a pointer into the last argument it scanned).
 */
static void
fixed_parse(void)
{
	char a0[] = "gprof", a1[] = "-b", a2[] = "prog", a3[] = "g1",
	     a4[] = "g2";
	char *argv[] = { a0, a1, a2, a3, a4, NULL };
	struct options o;
	struct gp_err err;

	if (options_parse(&o, 5, argv, &err) != 0 || !o.brief || o.zeros ||
	    o.style != 0 || o.nspecs != 0 || strcmp(o.exe, "prog") != 0 ||
	    o.ngmons != 2 || strcmp(o.gmons[1], "g2") != 0)
		abort();
	options_free(&o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct options o;
	struct gp_err err;
	char arg0[] = "gprof", arg1[sizeof(paths[0]) + 1];
	char *argv[] = { arg0, arg1, NULL };
	size_t start = 0;
	int k = 0;

	if (!setup())
		return 0;
	for (size_t i = 0; i <= size && k < NFILES; i++) {
		if (i == size || data[i] == '\0') {
			write_part(k++, data + start, i - start);
			start = i + 1;
		}
	}
	for (; k < NFILES; k++)
		write_part(k, NULL, 0);
	snprintf(arg1, sizeof(arg1), "@%s", paths[0]);
	if (options_parse(&o, 2, argv, &err) == 0 &&
	    (o.exe == NULL || o.ngmons == 0 || o.gmons[0] == NULL))
		abort();
	fixed_parse(); /* before O's words are freed: stale state is seen */
	options_free(&o);
	return 0;
}
