/*
 * exebuildid.h - the GNU build id of an executable (the NT_GNU_BUILD_ID
 * note the linker writes with --build-id), for views that name the
 * program they describe.
 */
#ifndef GPROF_EXEBUILDID_H
#define GPROF_EXEBUILDID_H

#include <stddef.h>
#include <stdint.h>

#include "exe.h"

/*
 * Write X's build id as lower-case hex (NUL-terminated) to HEX, which
 * has room for ROOM bytes, and return 0; return -1 (HEX then "") when X
 * is not open, has no such note, or the id would not fit.  Waits for
 * the background DWARF pass first (srcline.h's contract).
 */
int exe_build_id(struct exe *x, char *hex, size_t room);

/*
 * The N bytes of a build id at ID as lower-case hex (NUL-terminated)
 * into HEX, which has room for ROOM bytes.  Returns HEX, or NULL when
 * the hex would not fit (HEX is then "" if ROOM > 0).
 */
const char *build_id_hex(const uint8_t *id, size_t n, char *hex, size_t room);

/*
 * X's build id as bytes: up to CAP of them into BUF (from a note section,
 * or a PT_NOTE segment when the sections are stripped).  Returns the
 * number written, 0 when there is none.  Waits for the DWARF pass too.
 */
size_t exe_build_id_bytes(struct exe *x, uint8_t *buf, size_t cap);

#endif
