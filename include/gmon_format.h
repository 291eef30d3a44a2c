/*
 * gmon_format.h - the gmon.out file format: the one home of its
 * constants, shared by the analyser (src/gmon.c), the test tool
 * (tools/mkgmon.c) and the collector (runtime/).  Constants only:
 * nothing here allocates, and nothing but <stdint.h> is included, so a
 * collector built without libc's profiling hooks can use it.
 *
 * Every field is packed, in the byte order and word size (4 or 8 bytes,
 * "word") of the profiled program.
 *
 * GNU format ("gmon" magic):
 *   header     char magic[4] = "gmon", u32 version, 12 spare bytes
 *   then tagged records until the end of the file:
 *   tag 0      histogram: word lowpc, word highpc, u32 nbins, u32 rate
 *              (samples per second), char dimen[15] ("seconds"), char
 *              abbrev ('s'), then nbins x u16 counters
 *   tag 1      arc: word frompc (call site), word selfpc (callee),
 *              u32 count
 *   tag 2      basic-block counts: u32 n, then n x (word addr, word count)
 *
 * BSD formats (no magic): word lowpc, word highpc, u32 ncnt (header plus
 * histogram bytes); 4.4BSD adds u32 version (GMON_BSD44_VERSION), u32
 * rate and 12 spare bytes; then the u16 bins, then (frompc, selfpc,
 * count) word triples until the end.  Old BSD files have no rate: 100
 * samples per second.
 */
#ifndef GMON_FORMAT_H
#define GMON_FORMAT_H

#include <stdint.h>

#define GMON_MAGIC "gmon"
#define GMON_MAGIC_LEN 4
#define GMON_VERSION 1    /* what GNU gprof 2.40 writes and reads */
#define GMON_SPARE_LEN 12 /* spare bytes after the version */
#define GMON_HEADER_LEN (GMON_MAGIC_LEN + 4 + GMON_SPARE_LEN)

#define GMON_TAG_HIST 0
#define GMON_TAG_ARC 1
#define GMON_TAG_BB 2

#define GMON_DIMEN_LEN 15 /* the histogram's dimension, NUL-padded */

#define GMON_BSD44_VERSION 0x00051879u
/* What 4.4BSD adds to the BSD header: version, rate, spare bytes. */
#define GMON_BSD44_EXTRA_LEN (4 + 4 + GMON_SPARE_LEN)
#define GMON_BSD_OLD_RATE 100 /* samples per second in files with none */

#endif
