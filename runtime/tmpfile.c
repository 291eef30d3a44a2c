/*
 * tmpfile.c - the writer's temporaries (contract: tmpfile.h).
 *
 * The invariant: a temporary is removed by another process only when
 * its writer can no longer rename it: same host and pid namespace (so
 * the pid means the same process), and that pid is gone or belongs to
 * a process started at another time.  A writer that cannot be judged
 * (no /proc, another host, a pid that exists with an unreadable start
 * time) keeps its file.
 */
#include "tmpfile.h"

#include "gmon_rt.h" /* gmon_fmt_u64 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define TMP_PREFIX "gmon.tmp."
#define TMP_RANDOM 12 /* characters of 5 random bits each */

static const char digits32[] = "0123456789abcdefghijklmnopqrstuv";

/* The start time in /proc/PID/stat (PID 0: self), 0 when unknown. */
static uint64_t
proc_start(uint64_t pid)
{
	char path[48] = "/proc/", buf[1024];
	size_t n = sizeof "/proc/" - 1;
	if (pid == 0) {
		memcpy(path + n, "self", 4);
		n += 4;
	} else {
		n += gmon_fmt_u64(path + n, pid);
	}
	memcpy(path + n, "/stat", sizeof "/stat");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t got;
	do
		got = read(fd, buf, sizeof buf);
	while (got < 0 && errno == EINTR);
	close(fd);
	if (got <= 0)
		return 0;
	/* "pid (comm) state ppid ...": comm may hold anything, so fields
	 * count from the last ')'; the start time is field 22, the 20th
	 * after it. */
	size_t i = (size_t)got;
	while (i > 0 && buf[i - 1] != ')')
		i--;
	if (i == 0)
		return 0;
	for (int field = 2; field < 22 && i < (size_t)got; i++)
		if (buf[i] == ' ')
			field++;
	uint64_t v = 0;
	size_t nd = 0;
	for (; i < (size_t)got && buf[i] >= '0' && buf[i] <= '9'; i++, nd++)
		v = v * 10 + (uint64_t)(buf[i] - '0');
	return nd > 0 && nd < 20 && i < (size_t)got && buf[i] == ' ' ? v : 0;
}

void
gmon_writer_self(struct gmon_writer *w)
{
	struct utsname u;
	struct stat st;
	size_t n = 0;
	if (uname(&u) == 0)
		for (; n < sizeof w->host - 1 && u.nodename[n]; n++) {
			char c = u.nodename[n];
			bool ok =
			    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || c == '-' || c == '_';
			w->host[n] = ok ? c : '_';
		}
	if (n == 0) {
		memcpy(w->host, "localhost", sizeof "localhost");
		n = sizeof "localhost" - 1;
	}
	w->host[n] = '\0';
	w->ns = stat("/proc/self/ns/pid", &st) == 0 ? (uint64_t)st.st_ino : 0;
	w->pid = (uint64_t)getpid();
	w->start = proc_start(0);
}

/* "gmon.tmp.HOST.NS." into OUT (at least 96 bytes); its length. */
static size_t
writer_prefix(char *out, const struct gmon_writer *w)
{
	size_t n = sizeof TMP_PREFIX - 1, h = strlen(w->host);
	memcpy(out, TMP_PREFIX, n);
	memcpy(out + n, w->host, h);
	n += h;
	out[n++] = '.';
	n += gmon_fmt_u64(out + n, w->ns);
	out[n++] = '.';
	return n;
}

/* N unpredictable bytes: getrandom (a system call, fine in a signal
 * handler), else the clock, the pid and a counter mixed (O_EXCL keeps
 * a guessed name harmless; randomness only makes planting useless). */
static void
random_bytes(uint8_t *p, size_t n)
{
	long got = syscall(SYS_getrandom, p, n, 0x0001 /* GRND_NONBLOCK */);
	if (got == (long)n)
		return;
	static uint64_t counter;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	x ^= (uint64_t)getpid() << 40;
	x += __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) *
	     0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < n; i++) {
		uint64_t z = (x += 0x9e3779b97f4a7c15u);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		p[i] = (uint8_t)(z ^ (z >> 31));
	}
}

/* A temporary name of W in NAME's directory (tmpfile.h); false when it
 * does not fit SIZE. */
static bool
tmp_name(char *out, size_t size, const char *name, const struct gmon_writer *w)
{
	char base[160];
	size_t n = writer_prefix(base, w);
	n += gmon_fmt_u64(base + n, w->pid);
	base[n++] = '.';
	n += gmon_fmt_u64(base + n, w->start);
	base[n++] = '.';
	uint8_t r[TMP_RANDOM];
	random_bytes(r, sizeof r);
	for (size_t i = 0; i < TMP_RANDOM; i++)
		base[n++] = digits32[r[i] & 31];
	const char *slash = strrchr(name, '/');
	size_t dir = slash ? (size_t)(slash - name) + 1 : 0;
	if (dir + n >= size)
		return false;
	memcpy(out, name, dir);
	memcpy(out + dir, base, n);
	out[dir + n] = '\0';
	return true;
}

int
gmon_tmp_create(char *tmp, size_t size, const char *name,
		const struct gmon_writer *w)
{
	for (int tries = 0; tries < 100; tries++) {
		if (!tmp_name(tmp, size, name, w)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(tmp,
			      O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
				  O_NONBLOCK | O_CLOEXEC,
			      0666);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST && errno != EINTR)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

/* The decimal number at *P (moved past it), up to 19 digits; false when
 * there is none or it is longer. */
static bool
number(const char **p, uint64_t *v)
{
	size_t nd = 0;
	*v = 0;
	for (; **p >= '0' && **p <= '9'; (*p)++)
		if (++nd > 19)
			return false;
		else
			*v = *v * 10 + (uint64_t)(**p - '0');
	return nd > 0;
}

/* The pid and start time in the name S of a temporary after its
 * prefix ("PID.START.RANDOM"); false when S is not of that form. */
static bool
parse_rest(const char *s, uint64_t *pid, uint64_t *start)
{
	if (!number(&s, pid) || *s++ != '.' || !number(&s, start) ||
	    *s++ != '.')
		return false;
	for (int i = 0; i < TMP_RANDOM; i++, s++)
		if (!*s || !memchr(digits32, *s, sizeof digits32 - 1))
			return false;
	return *s == '\0';
}

/* Whether the writer PID started at START is dead, judged by ME (a
 * writer in the same pid namespace, start time known). */
static bool
writer_dead(const struct gmon_writer *me, uint64_t pid, uint64_t start)
{
	if (pid == 0 || pid > 0x7fffffff)
		return false;
	if (pid == me->pid)
		return start != me->start; /* equal: this process's own */
	if (kill((pid_t)pid, 0) != 0 && errno == ESRCH)
		return true;
	/* A process has that pid (EPERM: another user's): the writer only
	 * if it started when the writer did. */
	uint64_t now = proc_start(pid);
	return now != 0 && now != start;
}

/* The directory part of NAME ("." for none) into DIR (SIZE bytes). */
static bool
dir_of(char *dir, size_t size, const char *name)
{
	const char *slash = strrchr(name, '/');
	size_t n = slash ? (size_t)(slash - name) + 1 : 0;
	if (n == 0) {
		memcpy(dir, ".", 2);
		return true;
	}
	if (n >= size)
		return false;
	memcpy(dir, name, n);
	dir[n] = '\0';
	return true;
}

/* One entry of getdents64 (the kernel's layout). */
struct dirent64_k {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

void
gmon_tmp_sweep(const char *name, const struct gmon_writer *w)
{
	char dir[4096], prefix[96];
	if (w->ns == 0 || w->start == 0 || !dir_of(dir, sizeof dir, name))
		return;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
	if (dfd < 0)
		return;
	size_t np = writer_prefix(prefix, w);
	uid_t me = geteuid();
	_Alignas(8) unsigned char buf[2048];
	long got;
	while ((got = syscall(SYS_getdents64, dfd, buf, sizeof buf)) > 0) {
		for (long off = 0; off < got;) {
			const struct dirent64_k *d = (const void *)(buf + off);
			off += d->d_reclen;
			uint64_t pid, start;
			struct stat st;
			if ((d->d_type != DT_REG && d->d_type != DT_UNKNOWN) ||
			    strncmp(d->d_name, prefix, np) != 0 ||
			    !parse_rest(d->d_name + np, &pid, &start) ||
			    fstatat(dfd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) !=
				0 ||
			    !S_ISREG(st.st_mode) || st.st_uid != me ||
			    !writer_dead(w, pid, start))
				continue;
			unlinkat(dfd, d->d_name, 0);
		}
	}
	close(dfd);
}
