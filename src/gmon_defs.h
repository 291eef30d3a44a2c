/*
 * gmon_defs.h - the two things about profile files that modules which
 * never read one may know: the formats a file can be read as (an
 * option) and a basic-block count (what -C shows in line mode).  The
 * reader itself is gmon.h.
 */
#ifndef GPROF_GMON_DEFS_H
#define GPROF_GMON_DEFS_H

#include <stdint.h>

enum gmon_format {
	GMON_AUTO, /* GNU when the file starts with GMON_MAGIC, else BSD */
	GMON_GNU,
	GMON_BSD, /* old BSD or 4.4BSD, told apart by the version word */
	GMON_BSD44,
};

/* One basic block's execution count, at its first address. */
struct gmon_bb {
	uint64_t addr, count;
};

#endif
