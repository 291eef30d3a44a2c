/*
 * dwarfmode.h - GPROF_DWARF: which of two readers reads the DWARF where
 * we keep a fast reader of our own beside a reference.
 *
 *  - -l's function ranges: dieranges.c reads a unit straight from its
 *    bytes, and the walk with libdw (linesyms.c) reads the units it
 *    leaves; "libdw" makes the walk read every unit.
 *  - the functions' source lines: dwline_lookup() answers a unit's
 *    queries as its rows pass, and dwline_read() keeps the whole table
 *    that dwline_find() searches; "table" makes srcline.c read every
 *    unit's table whole.
 *
 * The value is a comma-separated list of those words ("libdw,table":
 * both); other words, and an unset or empty variable, choose the fast
 * readers.  The output is the same byte for byte either way (messages
 * included): the switch exists so that tests/input-dwarf can show it.
 */
#ifndef GPROF_DWARFMODE_H
#define GPROF_DWARFMODE_H

enum {
	DWARFMODE_LIBDW = 1u << 0, /* function ranges by libdw's walk */
	DWARFMODE_TABLE = 1u << 1, /* line lookups in whole tables */
};

/* The DWARFMODE_* bits VALUE asks for (NULL: none).  Never fails. */
unsigned dwarfmode_parse(const char *value);

/* dwarfmode_parse() of $GPROF_DWARF, read each call: callers read it
 * once per pass over the units. */
unsigned dwarfmode_get(void);

#endif
