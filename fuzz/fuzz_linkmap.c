/*
 * fuzz_linkmap.c - libFuzzer target for the -R map parser.
 *
 * The input is the map file's bytes.  When it parses, every entry's
 * function is looked up again (it must be found, under its own name),
 * and a name that sorts before and after all of them must not be.
 *
 * Invariant: everything allocated here is freed, so leaks are real.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "linkmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linkmap m;
	struct gp_err err = { { 0 } };
	char *text = xmalloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	if (linkmap_parse(&m, text, size, "fuzz.map", &err) != 0)
		return 0;
	for (size_t i = 0; i < m.n; i++) {
		const struct linkmap_entry *e = linkmap_find(&m, m.e[i].func);

		if (e == NULL || strcmp(e->func, m.e[i].func) != 0)
			abort();
		if (i > 0 && strcmp(m.e[i - 1].func, m.e[i].func) > 0)
			abort(); /* not sorted */
	}
	if (linkmap_find(&m, "") != NULL &&
	    (m.n == 0 || m.e[0].func[0] != '\0'))
		abort();
	linkmap_free(&m);
	return 0;
}
