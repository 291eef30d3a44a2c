/*
 * outfile.c - replace an output file atomically: write a temporary
 * beside it, then rename the temporary onto it.
 *
 *   NAME --symlinks--> TARGET          (the file replaced; links stay)
 *   DIR/.BASE.gprof-HOST-PID.tmp  --write, fsync, rename-->  TARGET
 *
 * Invariant: while a temporary exists, its path is in `pending' and the
 * signal handlers and the exit hook know to remove it; `pending' is set
 * before the file is created and cleared after it is renamed or removed.
 * That static state is why only one outfile may be open at a time.
 */
#include "outfile.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40 /* symlinks followed before giving up (ELOOP) */
#define MAX_HOST 32  /* bytes of the host name kept in the temp name */
#define MAX_BASE 200 /* bytes of the target's name kept in it */
#define STDOUT_BUF (64 * 1024) /* standard output's stdio buffer */

/* The temporary to remove on a signal or at exit, and who created it. */
static char pending[PATH_MAX];
static volatile sig_atomic_t have_pending;
static pid_t pending_pid;
/* Whether our dispositions are installed, and the ones they replaced. */
static bool catching;
static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGXFSZ };
static struct sigaction saved[ARRAY_SIZE(caught)];

static void
remove_pending(void)
{
	if (have_pending && getpid() == pending_pid)
		unlink(pending);
}

/* SA_RESETHAND has restored the default action: remove, then die of
 * the same signal.  unlink, getpid and raise are async-signal-safe. */
static void
on_signal(int sig)
{
	remove_pending();
	raise(sig);
}

/* Catch SIGINT, SIGTERM and SIGHUP, ignore SIGXFSZ (a write over the
 * size limit then fails with EFBIG), and hook exit. */
static void
catch_signals(void)
{
	static bool hooked;
	struct sigaction sa;

	assert(!catching);
	if (!hooked && atexit(remove_pending) == 0)
		hooked = true;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(caught); i++) {
		sigaction(caught[i], NULL, &saved[i]);
		sa.sa_handler = caught[i] == SIGXFSZ ? SIG_IGN : on_signal;
		sa.sa_flags =
		    caught[i] == SIGXFSZ ? 0 : SA_RESETHAND | SA_NODEFER;
		/* A signal the user ignores (nohup) stays ignored. */
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
	}
	catching = true;
}

static void
restore_signals(void)
{
	if (!catching)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(caught); i++)
		sigaction(caught[i], &saved[i], NULL);
	catching = false;
}

/* The directory part of PATH ("." when it has none), newly allocated. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n;
	char *d;

	if (slash == NULL)
		return xstrdup(".");
	n = slash == path ? 1 : (size_t)(slash - path);
	d = xmalloc(n + 1);
	memcpy(d, path, n);
	d[n] = '\0';
	return d;
}

/* Follow the symlink at PATH (of size LINK_SIZE) one step; frees PATH. */
static char *
follow(char *path, off_t link_size)
{
	size_t len =
	    link_size > 0 && link_size < PATH_MAX ? link_size + 1 : PATH_MAX;
	char *link = xmalloc(len + 1), *next, *dir;
	ssize_t n = readlink(path, link, len);

	if (n < 0 || (size_t)n >= len) {
		if (n >= 0)
			errno = ENAMETOOLONG;
		free(link);
		free(path);
		return NULL;
	}
	link[n] = '\0';
	if (link[0] == '/' || strchr(path, '/') == NULL) {
		free(path);
		return link;
	}
	dir = dir_of(path);
	next = xpath_join(dir, link);
	free(dir);
	free(link);
	free(path);
	return next;
}

/*
 * The file NAME leads to after its symlinks, newly allocated, with its
 * lstat() in ST (st_mode 0 when it does not exist); NULL with errno set
 * when a link cannot be read or they loop.
 */
static char *
resolve(const char *name, struct stat *st)
{
	char *path = xstrdup(name);

	for (int hops = 0; path != NULL; hops++) {
		if (lstat(path, st) != 0) {
			if (errno != ENOENT)
				break;
			memset(st, 0, sizeof(*st));
			return path;
		}
		if (!S_ISLNK(st->st_mode))
			return path;
		if (hops == MAX_LINKS) {
			errno = ELOOP;
			break;
		}
		path = follow(path, st->st_size);
	}
	free(path);
	return NULL;
}

static const char *
kind_of(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	return "not a regular file";
}

/* Our host name, with anything but [A-Za-z0-9._-] made '_'. */
static void
host_name(char *buf, size_t len)
{
	if (gethostname(buf, len) != 0 || buf[0] == '\0')
		snprintf(buf, len, "localhost");
	buf[len - 1] = '\0';
	for (char *p = buf; *p != '\0'; p++)
		if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') ||
		      ('0' <= *p && *p <= '9') || strchr("._-", *p) != NULL))
			*p = '_';
}

/* ".BASE.gprof-HOST-": what every temporary of BASE on HOST starts with. */
static void
tmp_prefix(char *buf, size_t len, const char *base, const char *host)
{
	snprintf(buf, len, ".%.*s.gprof-%.*s-", MAX_BASE, base, MAX_HOST, host);
}

char *
outfile_tmp_name(char *buf, size_t len, const char *target, const char *host,
		 long pid)
{
	const char *slash = strrchr(target, '/');
	const char *base = slash != NULL ? slash + 1 : target;
	char prefix[NAME_MAX + 1];

	tmp_prefix(prefix, sizeof(prefix), base, host);
	snprintf(buf, len, "%.*s%s%ld.tmp",
		 slash != NULL ? (int)(slash - target + 1) : 0, target, prefix,
		 pid);
	return buf;
}

/* The pid in NAME if it is PREFIX, a pid and ".tmp", else 0. */
static long
stale_pid(const char *name, const char *prefix)
{
	size_t np = strlen(prefix);
	long pid = 0;
	const char *p;

	if (strncmp(name, prefix, np) != 0 || name[np] < '1' || name[np] > '9')
		return 0;
	for (p = name + np; '0' <= *p && *p <= '9'; p++) {
		if (pid > (INT_MAX - 9) / 10)
			return 0;
		pid = pid * 10 + (*p - '0');
	}
	return strcmp(p, ".tmp") == 0 ? pid : 0;
}

/*
 * Remove the temporaries our host left beside TARGET in runs that died
 * (the pid is gone, or is ours: we have none yet).  Regular files only.
 */
static void
clear_stale(const char *target, const char *host)
{
	const char *slash = strrchr(target, '/');
	char prefix[NAME_MAX + 1], *dir = dir_of(target);
	DIR *d = opendir(dir);
	struct dirent *e;
	int fd;

	free(dir);
	if (d == NULL)
		return;
	fd = dirfd(d);
	tmp_prefix(prefix, sizeof(prefix), slash ? slash + 1 : target, host);
	while ((e = readdir(d)) != NULL) {
		long pid = stale_pid(e->d_name, prefix);
		struct stat st;

		if (pid == 0 ||
		    (pid != getpid() && (kill(pid, 0) == 0 || errno != ESRCH)))
			continue;
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode))
			unlinkat(fd, e->d_name, 0);
	}
	closedir(d);
}

/* The stream's write function: remember the first error for commit. */
static ssize_t
cookie_write(void *cookie, const char *buf, size_t n)
{
	struct outfile *of = cookie;
	size_t done = 0;

	while (done < n && of->werr == 0) {
		ssize_t k = write(of->fd, buf + done, n - done);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			of->werr = k < 0 ? errno : ENOSPC;
			break;
		}
		done += k;
	}
	of->nbytes += done;
	return done;
}

/* Close what OF has open, remove its temporary, free what it owns. */
static void
release(struct outfile *of)
{
	if (of->f != NULL)
		fclose(of->f);
	of->f = NULL;
	if (of->is_stdout) /* no temporary, and descriptor 1 stays open */
		return;
	if (of->fd >= 0)
		close(of->fd);
	if (of->tmp != NULL)
		unlink(of->tmp);
	have_pending = 0;
	restore_signals();
	free(of->tmp);
	free(of->target);
	of->fd = -1;
	of->tmp = of->target = NULL;
}

/*
 * Give FD the owner, group and mode of OLD, as far as we may: a file
 * system without modes or a file we cannot give away leaves it ours, and
 * at worst with the 0600 it was created with.
 */
static void
keep_owner_mode(int fd, const struct stat *old)
{
	/* Owner first: chown may clear set-id bits. */
	if (fchown(fd, old->st_uid, old->st_gid) != 0 &&
	    fchown(fd, (uid_t)-1, old->st_gid) != 0) {
		/* not ours to give */
	}
	if (fchmod(fd, old->st_mode & 07777) != 0) {
		/* the file system keeps no modes */
	}
}

/*
 * Create the temporary for OF->target, with the mode and owner of the
 * existing file OLD (NULL: the mode a new file gets).  Returns its
 * descriptor, or -1 with errno set and nothing left behind.
 */
static int
create_tmp(struct outfile *of, const struct stat *old)
{
	char host[64], path[PATH_MAX];
	int fd;

	host_name(host, sizeof(host));
	clear_stale(of->target, host);
	outfile_tmp_name(path, sizeof(path), of->target, host, (long)getpid());
	if (strlen(path) + 1 >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(pending, path);
	pending_pid = getpid();
	have_pending = 1;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
		  old != NULL ? 0600 : 0666);
	if (fd >= 0 && old != NULL)
		keep_owner_mode(fd, old);
	if (fd < 0) {
		have_pending = 0;
		return -1;
	}
	of->tmp = xstrdup(path);
	return fd;
}

/*
 * The existing target, opened for writing (without truncating) so a
 * file we may not write is refused, and kept for an update in place.
 * Returns the descriptor, -2 when there is no target, -1 on failure.
 */
static int
open_old(struct outfile *of, const struct stat *st, struct gp_err *err)
{
	struct stat now;
	int fd;

	if (st->st_mode == 0)
		return -2;
	if (!S_ISREG(st->st_mode)) {
		if (strcmp(of->target, of->name) == 0)
			gp_fail(
			    err,
			    "%s: is %s, not a regular file; not writing to it",
			    of->name, kind_of(st->st_mode));
		else
			gp_fail(err,
				"%s: its target %s is %s, not a regular file; "
				"not writing to it",
				of->name, of->target, kind_of(st->st_mode));
		return -1;
	}
	/* O_NONBLOCK: if a FIFO took its place meanwhile, do not wait. */
	fd = open(of->target,
		  O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		gp_fail(err, "%s: cannot write: %s", of->name, strerror(errno));
		return -1;
	}
	if (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode)) {
		gp_fail(err, "%s: changed to something else while being opened",
			of->name);
		close(fd);
		return -1;
	}
	return fd;
}

static int
open_stream(struct outfile *of)
{
	static const cookie_io_functions_t io = { .write = cookie_write };

	of->f = fopencookie(of, "w", io);
	if (of->f == NULL)
		gp_out_of_memory();
	return 0;
}

/* The message for a failed write of the new contents (errno E). */
static int
write_failed(const struct outfile *of, int e, struct gp_err *err)
{
	const char *what = "cannot write it", *then;

	if (e == ENOSPC)
		what = "the disk is full";
	else if (e == EDQUOT)
		what = "the disk quota is exceeded";
	else if (e == EFBIG)
		what = "the file size limit is exceeded";
	if (of->is_stdout)
		return gp_fail(err, "%s: %s (%s)", of->name, what, strerror(e));
	if (of->in_place)
		then = "it was being updated in place and is now damaged";
	else if (of->existed && e == ENOSPC)
		then = "the new contents are written beside the old ones, so "
		       "both must fit; the old file is unchanged";
	else if (of->existed)
		then = "the old file is unchanged";
	else
		then = "it was not created";
	return gp_fail(err, "%s: %s (%s); %s", of->name, what, strerror(e),
		       then);
}

int
outfile_open(struct outfile *of, const char *name, struct gp_err *warn,
	     struct gp_err *err)
{
	struct stat st;
	int old, e;
	char *dir;

	memset(of, 0, sizeof(*of));
	of->name = name;
	of->fd = -1;
	if (warn != NULL)
		warn->msg[0] = '\0';
	of->target = resolve(name, &st);
	if (of->target == NULL)
		return gp_fail(err, "%s: %s", name, strerror(errno));
	old = open_old(of, &st, err);
	if (old == -1) {
		release(of);
		return -1;
	}
	of->existed = old >= 0;
	catch_signals();
	of->fd = create_tmp(of, of->existed ? &st : NULL);
	if (of->fd >= 0) {
		if (old >= 0)
			close(old);
		return open_stream(of);
	}
	e = errno;
	if (old >= 0 && (e == EACCES || e == EPERM)) {
		dir = dir_of(of->target);
		gp_fail(warn,
			"%s: cannot create a temporary file in directory %s "
			"(%s), so the file is updated in place, which is not "
			"atomic: an interrupted run leaves it damaged",
			name, dir, strerror(e));
		free(dir);
		of->fd = old;
		of->in_place = true;
		return open_stream(of);
	}
	if (old >= 0)
		close(old);
	if (e == ENOSPC || e == EDQUOT) {
		write_failed(of, e, err);
	} else {
		dir = dir_of(of->target);
		gp_fail(err, "%s: cannot create a file in directory %s: %s",
			name, dir, strerror(e));
		free(dir);
	}
	release(of);
	return -1;
}

void
outfile_stdout(struct outfile *of)
{
	memset(of, 0, sizeof(*of));
	of->name = "standard output";
	of->fd = STDOUT_FILENO;
	of->is_stdout = true;
	open_stream(of);
	setvbuf(of->f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF,
		STDOUT_BUF);
}

static void
sync_dir(const char *target)
{
	char *dir = dir_of(target);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

/* Flush OF's stream; the errno of its first failed write, or 0. */
static int
flush_stream(struct outfile *of)
{
	if (fflush(of->f) != 0 || of->werr != 0)
		return of->werr != 0 ? of->werr : errno;
	return 0;
}

int
outfile_commit(struct outfile *of, struct gp_err *err)
{
	int rc = 0, e = flush_stream(of);

	if (of->is_stdout) {
		/* Nothing to sync (a pipe, a terminal) or to rename. */
		release(of);
		return e != 0 ? write_failed(of, e, err) : 0;
	}
	if (e == 0 && of->in_place && ftruncate(of->fd, of->nbytes) != 0)
		e = errno;
	if (e == 0 && fsync(of->fd) != 0)
		e = errno;
	fclose(of->f);
	of->f = NULL;
	if (close(of->fd) != 0 && e == 0)
		e = errno;
	of->fd = -1;
	if (e != 0)
		rc = write_failed(of, e, err);
	else if (!of->in_place && rename(of->tmp, of->target) != 0)
		rc = gp_fail(err, "%s: cannot rename %s onto it: %s; %s",
			     of->name, of->tmp, strerror(errno),
			     of->existed ? "the old file is unchanged"
					 : "it was not created");
	if (rc == 0 && !of->in_place) {
		have_pending = 0; /* renamed: nothing to remove any more */
		free(of->tmp);
		of->tmp = NULL;
		sync_dir(of->target);
	}
	release(of);
	return rc;
}

void
outfile_abort(struct outfile *of)
{
	/* Write nothing more: not the buffered rest either. */
	if (of->werr == 0)
		of->werr = ECANCELED;
	release(of);
}
