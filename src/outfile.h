/*
 * outfile.h - write an output file without ever leaving it half written.
 *
 * The new contents go to a temporary file beside the target, which a
 * commit renames onto it: readers see the old file or the new one, never
 * a mixture.  A symlink is followed (its target is replaced, the link
 * stays), an existing file keeps its mode and, where we may, its owner,
 * and a new file gets the mode creat(0666) gives under the umask.  When
 * the directory is not writable but the file is, the file is updated in
 * place instead, and the caller is told to warn that this is not atomic.
 *
 * The temporary is named ".BASE.gprof-HOST-PID.tmp".  It is removed by
 * outfile_abort(), by a failed commit, at exit() and on SIGINT, SIGTERM
 * and SIGHUP (then the signal is raised again with its default action).
 * A later outfile_open() of the same target removes such files whose
 * HOST is ours and whose PID is not a live process.  SIGXFSZ is ignored
 * while a file is open, so going over the file size limit is a write
 * error (EFBIG) that the commit reports.
 *
 * At most one outfile is open at a time (the signal handler knows one
 * temporary); the one on standard output (outfile_stdout) has none and
 * does not count.
 *
 * Every write goes through OF->f, whose write function keeps the errno
 * of the first failure (stdio's own error flag keeps no reason, and a
 * large fwrite that bypasses the buffer fails where a final fflush
 * cannot see it): the commit is the one place a failed write is found
 * and reported, so printers never check.
 *
 *	struct outfile of;
 *	if (outfile_open(&of, "gmon.sum", &warn, err) != 0)
 *		return -1;
 *	if (warn.msg[0] != '\0')
 *		gp_warn("%s", warn.msg);
 *	fwrite(buf, 1, n, of.f);
 *	return outfile_commit(&of, err);
 */
#ifndef GPROF_OUTFILE_H
#define GPROF_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "diag.h"

struct outfile {
	const char *name; /* borrowed: the name given, used in messages */
	char *target;     /* owned: the file written, symlinks followed */
	char *tmp;        /* owned: the temporary, NULL when in place */
	FILE *f;          /* the stream to write the new contents to */
	int fd;           /* the descriptor under F (1: not ours) */
	int werr;         /* errno of the first failed write, or 0 */
	off_t nbytes;     /* bytes written so far */
	bool existed;     /* TARGET was there before */
	bool in_place;    /* writing over TARGET itself */
	bool is_stdout;   /* standard output (outfile_stdout) */
};

/*
 * Open NAME for replacing: follow symlinks to the target, remove stale
 * temporaries of ours beside it, create a fresh temporary and set OF->f
 * to a stream on it.  If the temporary cannot be created because the
 * directory is not writable but the existing target is, OF->f writes
 * over the target in place and WARN gets a message for the caller to
 * print (WARN->msg is empty otherwise).  Returns 0, or -1 with ERR set
 * and nothing created: when the target is not a regular file (FIFO,
 * device, socket, directory), is not writable, a symlink loops, or the
 * file cannot be created.
 */
int outfile_open(struct outfile *of, const char *name, struct gp_err *warn,
		 struct gp_err *err);

/*
 * Write standard output through OF: OF->f is a stream on descriptor 1,
 * line buffered on a terminal and fully buffered otherwise, that keeps
 * the first failed write as a file's does.  outfile_commit() flushes it
 * and reports a failure as "standard output: REASON"; nothing is
 * created, synced or renamed, no signal is caught, and descriptor 1
 * stays open.  Never fails.
 */
void outfile_stdout(struct outfile *of);

/*
 * Finish: flush and sync the new contents, give them the mode (and
 * owner) they should have, and rename the temporary onto the target (in
 * place: cut the file to the new length).  Returns 0, or -1 with ERR set
 * after removing the temporary, the target unchanged; a full disk, a
 * quota or the file size limit is said so.  Frees what OF owns either
 * way.  ERR may be NULL (a failure is then not described, as when an
 * earlier error is the one to report).
 */
int outfile_commit(struct outfile *of, struct gp_err *err);

/*
 * Give up: close the stream and remove the temporary, leaving the
 * target as it was (in place, the target may already hold part of the
 * new contents).  Frees what OF owns.  Never fails.
 */
void outfile_abort(struct outfile *of);

/*
 * The name outfile_open() gives the temporary of TARGET for process PID
 * on host HOST, in a buffer of LEN bytes: ".BASE.gprof-HOST-PID.tmp" in
 * TARGET's directory, BASE and HOST shortened so the last component fits
 * in NAME_MAX.  Returns BUF.  Exposed for the tests.
 */
char *outfile_tmp_name(char *buf, size_t len, const char *target,
		       const char *host, long pid);

#endif
