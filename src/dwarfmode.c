/*
 * dwarfmode.c - the GPROF_DWARF variable (see dwarfmode.h): the one
 * place that reads it.
 */
#include "dwarfmode.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

unsigned
dwarfmode_parse(const char *value)
{
	static const struct {
		const char *word;
		unsigned bit;
	} words[] = {
		{ "libdw", DWARFMODE_LIBDW },
		{ "table", DWARFMODE_TABLE },
	};
	unsigned bits = 0;

	while (value != NULL && *value != '\0') {
		size_t n = strcspn(value, ",");

		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if (strlen(words[i].word) == n &&
			    strncmp(value, words[i].word, n) == 0)
				bits |= words[i].bit;
		value += n;
		if (*value == ',')
			value++;
	}
	return bits;
}

unsigned
dwarfmode_get(void)
{
	return dwarfmode_parse(getenv("GPROF_DWARF"));
}
