/*
 * fuzz_srcfile.c - libFuzzer target for the line splitter of annotated
 * source (srcfile_split), the code that indexes every source file -A
 * prints.
 *
 * The input is the file's bytes.  Checks: the lines, in order, are the
 * input again byte for byte; every line but the last ends in '\n' and
 * holds no other '\n'; no line is empty; line 0 and the line after the
 * last do not exist; NUL bytes are noticed.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "srcfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct srcfile sf;
	char *copy = malloc(size + 1);
	size_t at = 0, len;

	if (copy == NULL)
		return 0;
	if (size > 0)
		memcpy(copy, data, size);
	copy[size] = '\0';
	srcfile_split(&sf, copy, size);
	if (srcfile_line(&sf, 0, &len) != NULL ||
	    srcfile_line(&sf, sf.nlines + 1, &len) != NULL)
		abort();
	if (sf.has_nul != (size > 0 && memchr(data, '\0', size) != NULL))
		abort();
	for (size_t k = 1; k <= sf.nlines; k++) {
		const char *p = srcfile_line(&sf, k, &len);
		const char *nl;

		if (p == NULL || len == 0 || at + len > size ||
		    memcmp(p, data + at, len) != 0)
			abort();
		nl = memchr(p, '\n', len);
		if (k < sf.nlines && nl != p + len - 1)
			abort();
		if (k == sf.nlines && nl != NULL && nl != p + len - 1)
			abort();
		at += len;
	}
	if (at != size)
		abort();
	srcfile_free(&sf);
	return 0;
}
