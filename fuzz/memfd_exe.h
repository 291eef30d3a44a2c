/*
 * memfd_exe.h - fuzz input as a file: the bytes go to an in-memory file
 * (memfd) that the code under test opens by path, through
 * /proc/self/fd (memfd_input); memfd_exe_open() opens it as an
 * executable.
 *
 * Included by one .c per target; everything here is static inline.
 */
#ifndef FUZZ_MEMFD_EXE_H
#define FUZZ_MEMFD_EXE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "exe.h"

/*
 * Write DATA to a new memfd named NAME and set PATH (of LEN bytes) to a
 * path that opens it.  Returns the memfd (the caller closes it), or -1
 * when none can be made.
 */
static inline int
memfd_input(const char *name, const uint8_t *data, size_t size, char *path,
	    size_t len)
{
	int fd = memfd_create(name, 0);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off < size) {
		ssize_t w = write(fd, data + off, size - off);

		if (w <= 0)
			break;
		off += (size_t)w;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/*
 * Write DATA to a new memfd and exe_open() it into X.  Returns the
 * memfd (close it after exe_close()) or -1, with nothing left open, when
 * either step fails.
 */
static inline int
memfd_exe_open(struct exe *x, const uint8_t *data, size_t size)
{
	static char path[64]; /* exe_open() borrows it */
	struct gp_err err;
	int fd = memfd_input("fuzz_exe", data, size, path, sizeof(path));

	if (fd < 0)
		return -1;
	if (exe_open(x, path, &err) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

#endif
