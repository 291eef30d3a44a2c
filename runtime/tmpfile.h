/*
 * tmpfile.h - the writer's temporaries (write.c): a new file beside the
 * target, named after the process that writes it, and the removal of
 * the temporaries of writers that died before renaming theirs (a
 * program killed while it wrote its profile).
 *
 * A temporary is DIR/gmon.tmp.HOST.NS.PID.START.RANDOM: HOST the node
 * name ([A-Za-z0-9_-], anything else made '_'), NS the inode of the
 * writer's pid namespace, PID its pid, START its start time
 * (/proc/PID/stat, clock ticks since boot), RANDOM 12 characters of 5
 * random bits each.  At most about 150 bytes, whatever the target's
 * length, so it fits NAME_MAX.  Created with O_EXCL and O_NOFOLLOW, it
 * is always a new file; the random part keeps its name unguessable.
 *
 * System calls only (no malloc, no stdio, no locks): the writer may run
 * in a signal handler or late in exit.
 */
#ifndef GMON_TMPFILE_H
#define GMON_TMPFILE_H

#include <stddef.h>
#include <stdint.h>

/* Who writes: the fields of a temporary's name but the random part. */
struct gmon_writer {
	char host[65]; /* NUL-terminated */
	uint64_t ns;   /* 0: unknown (no /proc) */
	uint64_t pid;
	uint64_t start; /* 0: unknown */
};

/* The calling process as a writer. */
void gmon_writer_self(struct gmon_writer *w);

/*
 * A new temporary of W beside NAME (in NAME's directory), its name in
 * TMP (SIZE bytes): a file this call created, never one that was there.
 * The fd (write-only), or -1 with errno set (ENAMETOOLONG: the name
 * does not fit SIZE).
 */
int gmon_tmp_create(char *tmp, size_t size, const char *name,
		    const struct gmon_writer *w);

/*
 * Remove the temporaries in NAME's directory whose writer is provably
 * dead: named after W's host and pid namespace, a regular file (not a
 * link) owned by our effective uid, and its pid gone (kill: ESRCH) or
 * now another process (another start time).  Nothing when W's namespace
 * or start time is unknown, or the directory cannot be read.
 */
void gmon_tmp_sweep(const char *name, const struct gmon_writer *w);

#endif
