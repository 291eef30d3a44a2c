/*
 * memfd_exe.h - open fuzz input as an executable: the bytes go to an
 * in-memory file (memfd) that exe_open() reads through /proc/self/fd.
 *
 * Included by one .c per target; everything here is static.
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
 * Write DATA to a new memfd and exe_open() it into X.  Returns the
 * memfd (close it after exe_close()) or -1, with nothing left open, when
 * either step fails.
 */
static int
memfd_exe_open(struct exe *x, const uint8_t *data, size_t size)
{
	static char path[64]; /* exe_open() borrows it */
	struct gp_err err;
	int fd = memfd_create("fuzz_exe", 0);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off < size) {
		ssize_t w = write(fd, data + off, size - off);

		if (w <= 0)
			break;
		off += (size_t)w;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (exe_open(x, path, &err) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

#endif
