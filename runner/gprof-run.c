/*
 * gprof-run - run an unmodified -pg program under our collector.
 *
 *   gprof-run [OPTION...] [--] PROGRAM [ARG...]
 *
 * It preloads libgmon.so into PROGRAM (prepended to any LD_PRELOAD),
 * passes its options on as the collector's LIBGMON_* knobs, waits for
 * the program, then says where the profile went and how to read it.
 * The exit status is the program's (128 + N when signal N ended it;
 * 127 when it could not be started).  Nothing is written by gprof-run
 * itself: the profile is the collector's, written as the program ends;
 * the closing message names only the files this run wrote, and a
 * profile name that is a directory is refused before the program runs.
 *
 * gprof-run waits for the program whatever happens: the signals one
 * sends a process to stop it or to tell it something (HUP, INT, QUIT,
 * TERM, USR1, USR2) are passed on to it, so that a kill of gprof-run
 * does not leave the program running without it (see pass_on for the
 * ones the program has had already: a ^C at the terminal).
 *
 * The collector is found, first that exists: --libgmon=PATH, then
 * libgmon.so beside this program (the build tree), then ../lib beside
 * it (an installed prefix), then the library directory it was built
 * for (GPROF_RUN_LIBDIR).  A program without an ELF interpreter
 * (statically linked) cannot preload anything: gprof-run says so and
 * names the way that works (link libgmon.a).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef GPROF_RUN_LIBDIR
#define GPROF_RUN_LIBDIR "/usr/local/lib"
#endif
#ifndef GPROF_RUN_VERSION
#define GPROF_RUN_VERSION "1.0"
#endif

struct knob {
	const char *env;   /* the collector's variable */
	const char *value; /* NULL: leave the environment's */
};

enum {
	K_OUT,
	K_RATE,
	K_CLOCK,
	K_FORK,
	K_DUMP,
	K_EVERY,
	K_STACKS,
	K_VERBOSE,
	NKNOBS
};

static const char *const knob_env[NKNOBS] = {
	"LIBGMON_OUT",     "LIBGMON_RATE",  "LIBGMON_CLOCK",  "LIBGMON_FORK",
	"LIBGMON_DUMP_ON", "LIBGMON_EVERY", "LIBGMON_STACKS", "LIBGMON_VERBOSE",
};

static void
usage(FILE *f)
{
	fputs("Usage: gprof-run [OPTION...] [--] PROGRAM [ARG...]\n"
	      "Run a program built with -pg under libgmon, the collector of "
	      "gprof in C,\n"
	      "which counts every call exactly (threads included) and "
	      "samples the program\n"
	      "counter; then say where the profile went.\n"
	      "\n"
	      "  -o, --output=PATTERN  write the profile to PATTERN (%p the "
	      "pid, %e the\n"
	      "                        program's name, %n the profile's "
	      "number, %% a %);\n"
	      "                        default "
	      "gmon.out in the\n"
	      "                        directory current when the program "
	      "ends\n"
	      "  -r, --rate=HZ         samples a second (default 100)\n"
	      "  -c, --clock=CLOCK     auto, perf, thread, itimer or wall "
	      "(default auto)\n"
	      "      --fork=MODE       fresh, inherit or off: what a forked "
	      "child profiles\n"
	      "      --dump-on=LIST    also write the profile on these "
	      "signals or calls\n"
	      "                        (TERM,INT,HUP: then die; USR1,USR2: "
	      "a snapshot,\n"
	      "                        the program goes on; _exit,exec)\n"
	      "      --every=SECONDS   also write a snapshot every SECONDS "
	      "of wall time\n"
	      "      --no-stacks       record no call stacks with the "
	      "samples\n"
	      "  -v, --verbose         the collector reports its clock and "
	      "counts on stderr\n"
	      "      --libgmon=PATH    the collector to preload (default: "
	      "found beside\n"
	      "                        gprof-run, then in its ../lib, then "
	      "in " GPROF_RUN_LIBDIR ")\n"
	      "  -q, --quiet           say nothing after the program ends\n"
	      "  -h, --help            print this help and exit\n"
	      "  -V, --version         print the version and exit\n"
	      "\n"
	      "Signals sent to gprof-run (HUP, INT, QUIT, TERM, USR1, USR2) "
	      "are passed on\n"
	      "to the program, and gprof-run waits for it; a ^C at the "
	      "terminal reaches it\n"
	      "directly.  The exit status is the program's (128+N when "
	      "signal N ended it,\n"
	      "127 when it could not be started).  Then: gprof PROGRAM "
	      "gmon.out\n"
	      "See gprof-run(1) and libgmon(3).\n",
	      f);
}

static bool
is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The collector to preload, in a buffer of PATH_MAX; NULL if none. */
static const char *
find_libgmon(const char *given, char *buf)
{
	if (given)
		return is_file(given) ? given : NULL;
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n > 0) {
		self[n] = '\0';
		char *slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			const char *rel[] = { "/libgmon.so",
					      "/../lib/libgmon.so" };
			for (size_t i = 0; i < 2; i++) {
				if ((size_t)snprintf(buf, PATH_MAX, "%s%s",
						     self, rel[i]) < PATH_MAX &&
				    is_file(buf))
					return buf;
			}
		}
	}
	snprintf(buf, PATH_MAX, "%s/libgmon.so", GPROF_RUN_LIBDIR);
	return is_file(buf) ? buf : NULL;
}

/* PATH as run through $PATH (execvp's rule), in BUF of PATH_MAX. */
static const char *
find_program(const char *name, char *buf)
{
	if (strchr(name, '/'))
		return name;
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (const char *p = path;; p++) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int n =
		    len ? snprintf(buf, PATH_MAX, "%.*s/%s", (int)len, p, name)
			: snprintf(buf, PATH_MAX, "./%s", name);
		if (n > 0 && n < PATH_MAX && access(buf, X_OK) == 0 &&
		    is_file(buf))
			return buf;
		if (!end)
			return NULL;
		p = end;
	}
}

/*
 * Whether the ELF file at PATH has an interpreter (PT_INTERP): 1 yes,
 * 0 no (static), -1 not an ELF file we can read (a script: leave it to
 * the kernel).  Every read is checked against the file's size.
 */
static int
has_interp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -1;
	unsigned char h[64];
	int answer = -1;
	ssize_t got = pread(fd, h, sizeof h, 0);
	if (got < 52 || memcmp(h, ELFMAG, SELFMAG) != 0)
		goto out;
	bool is64 = h[EI_CLASS] == ELFCLASS64;
	if (h[EI_DATA] != ELFDATA2LSB || (is64 && got < 64))
		goto out; /* our targets are little-endian */
	uint64_t phoff;
	uint16_t phentsize, phnum;
	if (is64) {
		Elf64_Ehdr e;
		memcpy(&e, h, sizeof e);
		phoff = e.e_phoff, phentsize = e.e_phentsize, phnum = e.e_phnum;
	} else {
		Elf32_Ehdr e;
		memcpy(&e, h, sizeof e);
		phoff = e.e_phoff, phentsize = e.e_phentsize, phnum = e.e_phnum;
	}
	size_t need = is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
	if (phentsize < need)
		goto out;
	answer = 0;
	for (uint16_t i = 0; i < phnum; i++) {
		unsigned char ph[sizeof(Elf64_Phdr)];
		if (pread(fd, ph, need,
			  (off_t)(phoff + (uint64_t)i * phentsize)) !=
		    (ssize_t)need) {
			answer = -1;
			break;
		}
		uint32_t type;
		memcpy(&type, ph, sizeof type); /* p_type is first in both */
		if (type == PT_INTERP) {
			answer = 1;
			break;
		}
	}
out:
	close(fd);
	return answer;
}

/* The profile's name for the process PID of program PROG, profile
 * number SEQ: PATTERN expanded as the collector does (%p, %e, %n, %%). */
static void
expand(const char *pattern, pid_t pid, const char *prog, unsigned seq,
       char *buf, size_t cap)
{
	const char *base = strrchr(prog, '/');
	base = base ? base + 1 : prog;
	size_t len = 0;
	for (const char *p = pattern; *p && len + 1 < cap; p++) {
		int n = 0;
		if (p[0] == '%' && p[1] == 'p')
			n = snprintf(buf + len, cap - len, "%ld", (long)pid),
			p++;
		else if (p[0] == '%' && p[1] == 'e')
			n = snprintf(buf + len, cap - len, "%s", base), p++;
		else if (p[0] == '%' && p[1] == 'n')
			n = snprintf(buf + len, cap - len, "%u", seq), p++;
		else if (p[0] == '%' && p[1] == '%')
			buf[len] = '%', n = 1, p++;
		else
			buf[len] = *p, n = 1;
		if (n < 0 || (size_t)n >= cap - len)
			break;
		len += (size_t)n;
	}
	buf[len < cap ? len : cap - 1] = '\0';
}

/* A regular file's identity, to tell whether the program wrote it (the
 * collector renames a new file into place: a new inode).  Anything but
 * a regular file (a directory) does not exist for it. */
struct stamp {
	bool exists;
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
};

static struct stamp
stamp_of(const char *path)
{
	struct stamp s = { 0 };
	struct stat st;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		s.exists = true;
		s.dev = st.st_dev, s.ino = st.st_ino, s.mtime = st.st_mtim;
	}
	return s;
}

static bool
stamp_changed(struct stamp a, struct stamp b)
{
	return b.exists && (!a.exists || a.dev != b.dev || a.ino != b.ino ||
			    a.mtime.tv_sec != b.mtime.tv_sec ||
			    a.mtime.tv_nsec != b.mtime.tv_nsec);
}

/* Prepend LIB to LD_PRELOAD.  False: out of memory. */
static bool
set_preload(const char *lib)
{
	const char *old = getenv("LD_PRELOAD");
	if (!old || !*old)
		return setenv("LD_PRELOAD", lib, 1) == 0;
	size_t n = strlen(lib) + strlen(old) + 2;
	char *v = malloc(n);
	if (!v)
		return false;
	snprintf(v, n, "%s:%s", lib, old);
	bool ok = setenv("LD_PRELOAD", v, 1) == 0;
	free(v);
	return ok;
}

/*
 * Where the profile goes, by the collector's rule: LIBGMON_OUT, then
 * glibc's GMON_OUT_PREFIX (as PREFIX.%p, in BUF of PATH_MAX), then
 * gmon.out; NULL when PROFDIR names it (its names are the collector's).
 */
static const char *
profile_pattern(char *buf)
{
	const char *pattern = getenv("LIBGMON_OUT");
	if (pattern && *pattern)
		return pattern;
	const char *prefix = getenv("GMON_OUT_PREFIX");
	if (prefix && *prefix) {
		snprintf(buf, PATH_MAX, "%s.%%p", prefix);
		return buf;
	}
	return getenv("PROFDIR") ? NULL : "gmon.out";
}

static bool
is_dir(const char *path)
{
	struct stat st;
	size_t n = strlen(path);
	return (n && path[n - 1] == '/') ||
	       (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* The profile's files as they were before the run, when their names
 * do not depend on the pid: to tell afterwards which ones it wrote. */
struct before {
	bool fixed; /* the pattern has no %p */
	struct stamp prof, side;
};

/* NAME's side file, NAME.gmonx, in BUF of PATH_MAX + 8. */
static const char *
side_name(const char *name, char *buf)
{
	snprintf(buf, PATH_MAX + 8, "%s.gmonx", name);
	return buf;
}

/* The signals gprof-run passes on to the program (see pass_on). */
static const int passed_on[] = { SIGHUP,  SIGINT,  SIGQUIT,
				 SIGTERM, SIGUSR1, SIGUSR2 };

/*
 * Whether the signal SI that reached gprof-run is to be sent on to the
 * program PID (TTY: our controlling terminal open, or -1).  One that a
 * process sent (kill, timeout, a service manager) is, unless it is the
 * program's own.  One the kernel sent (^C, ^\ or a hangup at the
 * terminal) went to the terminal's whole foreground process group:
 * when the program is in it, it has the signal already and a second
 * would be a second ^C; when it is not (the program left our process
 * group) or we cannot tell (no terminal), it is sent on.  A kill to a
 * whole process group reaches the program twice: gprof-run cannot tell
 * it from a kill to itself alone.
 */
static bool
pass_on(const siginfo_t *si, pid_t pid, int tty)
{
	if (si->si_code == SI_USER || si->si_code == SI_QUEUE ||
	    si->si_code == SI_TKILL)
		return si->si_pid != pid;
	pid_t fg = tty < 0 ? -1 : tcgetpgrp(tty);
	return fg < 0 || fg != getpgid(pid);
}

static void
on_chld(int sig)
{
	(void)sig; /* never runs: SIGCHLD is taken by sigwaitinfo */
}

/* Wait for the program PID, passing on the signals of SET (with
 * SIGCHLD, all blocked) as pass_on says.  False: waitpid failed. */
static bool
wait_passing_on(pid_t pid, const sigset_t *set, int tty, int *status)
{
	for (;;) {
		siginfo_t si;
		if (sigwaitinfo(set, &si) < 0) {
			if (errno == EINTR)
				continue;
			/* Cannot happen; waiting unsignalled still works. */
			while (waitpid(pid, status, 0) < 0)
				if (errno != EINTR)
					return false;
			return true;
		}
		if (si.si_signo != SIGCHLD) {
			if (pass_on(&si, pid, tty))
				kill(pid, si.si_signo);
			continue;
		}
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid)
			return true;
		if (w < 0 && errno != EINTR)
			return false;
	}
}

/*
 * Run PROG with ARGV (execv's), wait for it and put its wait status in
 * *STATUS, its pid in *PID and whether it started (exec succeeded) in
 * *STARTED; when it did not, the child said why.  Until it ends, the
 * signals of passed_on[] that reach gprof-run are blocked, taken with
 * sigwaitinfo (SIGCHLD too, so none comes between two waits) and sent
 * on as pass_on says, even one ignored here (a blocked signal is kept
 * pending; Linux).  The program starts with gprof-run's own signal mask
 * and dispositions, so it ignores what gprof-run was started ignoring
 * (nohup's SIGHUP, a background job's SIGINT) unless it sets a handler:
 * a signal sent to gprof-run does what it would do sent to the program.
 * False when it could not be started or waited for (said on stderr).
 */
static bool
run(const char *prog, char **argv, pid_t *pid, int *status, bool *started)
{
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	for (size_t i = 0; i < sizeof passed_on / sizeof passed_on[0]; i++)
		sigaddset(&set, passed_on[i]);
	/* An ignored SIGCHLD would reap the program unseen. */
	struct sigaction chld = { .sa_handler = on_chld }, old_chld;
	sigemptyset(&chld.sa_mask);
	sigaction(SIGCHLD, &chld, &old_chld);
	sigprocmask(SIG_BLOCK, &set, &old);
	int fds[2]; /* closed by a successful exec; else the child's errno */
	if (pipe2(fds, O_CLOEXEC) != 0) {
		perror("gprof-run: pipe");
		return false;
	}
	fflush(NULL);
	*pid = fork();
	if (*pid < 0) {
		perror("gprof-run: fork");
		return false;
	}
	if (*pid == 0) {
		sigaction(SIGCHLD, &old_chld, NULL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		execv(prog, argv);
		int err = errno;
		fprintf(stderr, "gprof-run: %s: %s\n", prog, strerror(err));
		ssize_t told = write(fds[1], &err, sizeof err);
		(void)told; /* when it fails, the status still says 126/127 */
		_exit(err == ENOENT ? 127 : 126);
	}
	close(fds[1]);
	int err;
	ssize_t n;
	while ((n = read(fds[0], &err, sizeof err)) < 0 && errno == EINTR)
		continue;
	close(fds[0]);
	*started = n == 0;
	int tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC);
	bool ok = wait_passing_on(*pid, &set, tty, status);
	if (!ok)
		perror("gprof-run: waitpid");
	if (tty >= 0)
		close(tty);
	return ok;
}

/*
 * Say which of the profile's files the program PID (PROG) wrote, and
 * how to read them, or why it wrote none: it ended with STATUS; the
 * files' names come from PATTERN (profile_pattern's); B: how they were
 * before.  A file counts when it is a regular file that this run made
 * (a fixed name: changed; a name with the pid: there).
 */
static void
report(const char *prog, pid_t pid, int status, const char *pattern,
       const struct before *b)
{
	const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
	if (!pattern) {
		fprintf(stderr,
			"gprof-run: the profile is in $PROFDIR (%s), named "
			"PID.%s\n",
			getenv("PROFDIR"), base);
		return;
	}
	char name[PATH_MAX], side[PATH_MAX + 8];
	/* Numbered profiles (%n): the last one is the run's final. */
	unsigned seq = 1;
	if (strstr(pattern, "%n"))
		for (;; seq++) {
			expand(pattern, pid, prog, seq + 1, name, sizeof name);
			if (!stamp_of(name).exists)
				break;
		}
	expand(pattern, pid, prog, seq, name, sizeof name);
	side_name(name, side);
	struct stamp prof = stamp_of(name), sidest = stamp_of(side);
	bool wrote = b->fixed ? stamp_changed(b->prof, prof) : prof.exists;
	bool wrote_side =
	    b->fixed ? stamp_changed(b->side, sidest) : sidest.exists;
	if (wrote) {
		fprintf(stderr, "gprof-run: profile written to %s%s%s\n", name,
			wrote_side ? " and " : "", wrote_side ? side : "");
		if (seq > 1)
			fprintf(stderr,
				"gprof-run: (the last of %u, numbered from "
				"1)\n",
				seq);
		fprintf(stderr, "gprof-run: read it with: gprof %s %s\n", prog,
			name);
	} else if (is_dir(name)) {
		fprintf(stderr,
			"gprof-run: %s is a directory: no profile could be "
			"written there\n",
			name);
	} else if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		fprintf(stderr,
			"gprof-run: %s ended by signal %d before writing %s "
			"(--dump-on=%s writes it on that signal)\n",
			prog, sig, name,
			sig == SIGTERM  ? "TERM"
			: sig == SIGINT ? "INT"
			: sig == SIGHUP ? "HUP"
					: "TERM,INT,HUP");
	} else {
		fprintf(stderr,
			"gprof-run: %s wrote no profile at %s (did it end "
			"with _exit or exec? see --dump-on; -v tells more)\n",
			prog, name);
	}
}

/* Set the collector's variables: KNOB's values, LD_PRELOAD.  False:
 * out of memory (said on stderr). */
static bool
set_env(const char *const *knob, const char *lib)
{
	for (int k = 0; k < NKNOBS; k++)
		if (knob[k] && setenv(knob_env[k], knob[k], 1) != 0) {
			perror("gprof-run: setenv");
			return false;
		}
	if (!set_preload(lib)) {
		perror("gprof-run: setenv");
		return false;
	}
	return true;
}

/* Find the collector and the program, and refuse what cannot work: a
 * static program.  Returns 0, or the exit status (said on stderr). */
static int
find_both(const char *libgmon, const char *arg0, char *libbuf, char *progbuf,
	  const char **lib, const char **prog)
{
	*lib = find_libgmon(libgmon, libbuf);
	if (!*lib) {
		fprintf(stderr, "gprof-run: %s: no such collector library%s\n",
			libgmon ? libgmon : "libgmon.so",
			libgmon ? ""
				: " beside gprof-run or in " GPROF_RUN_LIBDIR
				  " (give --libgmon=PATH)");
		return 1;
	}
	*prog = find_program(arg0, progbuf);
	if (!*prog) {
		fprintf(stderr, "gprof-run: %s: command not found\n", arg0);
		return 127;
	}
	if (has_interp(*prog) == 0) {
		fprintf(stderr,
			"gprof-run: %s is statically linked, so nothing can be "
			"preloaded into it;\n"
			"link our collector into it instead: cc -pg ... "
			"-Wl,--whole-archive libgmon.a -Wl,--no-whole-archive\n"
			"(see libgmon(3))\n",
			*prog);
		return 1;
	}
	return 0;
}

/* The stamps of the profile's files before the run, when PATTERN
 * (for PROG) names them without the pid.  False: the name is a
 * directory, which no profile can be written to (said on stderr). */
static bool
stamp_before(const char *pattern, const char *prog, struct before *b)
{
	char name[PATH_MAX], side[PATH_MAX + 8];
	b->fixed = pattern && !strstr(pattern, "%p") && !strstr(pattern, "%n");
	if (!b->fixed)
		return true;
	expand(pattern, 0, prog, 1, name, sizeof name);
	if (is_dir(name)) {
		size_t n = strlen(name);
		fprintf(stderr,
			"gprof-run: %s: a directory, not a file for the "
			"profile (try -o %s%sgmon.out)\n",
			name, name, n && name[n - 1] == '/' ? "" : "/");
		return false;
	}
	b->prof = stamp_of(name);
	b->side = stamp_of(side_name(name, side));
	return true;
}

int
main(int argc, char **argv)
{
	static const struct option longs[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "rate", required_argument, NULL, 'r' },
		{ "clock", required_argument, NULL, 'c' },
		{ "fork", required_argument, NULL, 'F' },
		{ "dump-on", required_argument, NULL, 'D' },
		{ "every", required_argument, NULL, 'E' },
		{ "no-stacks", no_argument, NULL, 'S' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "libgmon", required_argument, NULL, 'L' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *knob[NKNOBS] = { 0 };
	const char *libgmon = NULL;
	bool quiet = false;
	int c;
	/* "+": options end at the program's name. */
	while ((c = getopt_long(argc, argv, "+o:r:c:vqhV", longs, NULL)) !=
	       -1) {
		switch (c) {
		case 'o':
			knob[K_OUT] = optarg;
			break;
		case 'r':
			knob[K_RATE] = optarg;
			break;
		case 'c':
			knob[K_CLOCK] = optarg;
			break;
		case 'F':
			knob[K_FORK] = optarg;
			break;
		case 'D':
			knob[K_DUMP] = optarg;
			break;
		case 'E':
			knob[K_EVERY] = optarg;
			break;
		case 'S':
			knob[K_STACKS] = "0";
			break;
		case 'v':
			knob[K_VERBOSE] = "1";
			break;
		case 'L':
			libgmon = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("gprof-run (gprof in C) %s\n",
			       GPROF_RUN_VERSION);
			return 0;
		default:
			fputs("Try 'gprof-run --help'.\n", stderr);
			return 1;
		}
	}
	if (optind >= argc) {
		fputs("gprof-run: no program to run\n"
		      "Try 'gprof-run --help'.\n",
		      stderr);
		return 1;
	}
	if (knob[K_OUT] && !*knob[K_OUT]) {
		fputs("gprof-run: --output needs a file name\n", stderr);
		return 1;
	}
	char libbuf[PATH_MAX], progbuf[PATH_MAX], patbuf[PATH_MAX];
	const char *lib, *prog;
	int rc = find_both(libgmon, argv[optind], libbuf, progbuf, &lib, &prog);
	if (rc != 0)
		return rc;
	if (!set_env(knob, lib))
		return 1;
	const char *pattern = profile_pattern(patbuf);
	struct before before;
	if (!stamp_before(pattern, prog, &before))
		return 1;
	pid_t pid;
	int status;
	bool started;
	if (!run(prog, argv + optind, &pid, &status, &started))
		return 1;
	rc = WIFEXITED(status)     ? WEXITSTATUS(status)
	     : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
				   : 1;
	if (!quiet && started)
		report(prog, pid, status, pattern, &before);
	return rc;
}
