/*
 * test_outfile.c - the outfile API: temporary names, commit and abort,
 * and no temporary left when the process exits or dies of a signal
 * before committing.  tests/input-sumfile covers the rest through gprof -s.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "outfile.h"

static const struct {
	const char *target, *host;
	long pid;
	const char *want;
} names[] = {
	{ "gmon.sum", "vm", 42, ".gmon.sum.gprof-vm-42.tmp" },
	{ "d/x", "h-1", 7, "d/.x.gprof-h-1-7.tmp" },
	{ "/x", "h", 2147483647, "/.x.gprof-h-2147483647.tmp" },
	{ "a/b/c.txt", "h", 1, "a/b/.c.txt.gprof-h-1.tmp" },
};

static void
t_names(void)
{
	char buf[512], want[512], base[300];

	t_begin("outfile/tmp-names");
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!check_str(outfile_tmp_name(buf, sizeof(buf),
						names[i].target, names[i].host,
						names[i].pid),
			       names[i].want, "temporary name"))
			break;
	/* A long name is cut so the temporary's name still fits. */
	memset(base, 'b', 250);
	base[250] = '\0';
	outfile_tmp_name(buf, sizeof(buf), base, "h", 1);
	snprintf(want, sizeof(want), ".%.200s.gprof-h-1.tmp", base);
	check_str(buf, want, "long name");
	check_true(strlen(buf) <= 255, "fits in NAME_MAX");
	t_end();
}

/* A fresh directory holding FILE (with CONTENT, unless NULL). */
static void
setup(char *dir, size_t len, char *file, const char *content)
{
	FILE *f;

	snprintf(dir, len, "/tmp/gprof-outfile-XXXXXX");
	if (mkdtemp(dir) == NULL) {
		t_fail("mkdtemp: %s", strerror(errno));
		exit(1);
	}
	snprintf(file, len, "%s/x", dir);
	if (content != NULL && (f = fopen(file, "w")) != NULL) {
		fputs(content, f);
		fclose(f);
	}
}

/* Whether DIR holds only "x", with CONTENT; then remove it all. */
static bool
only_x(const char *dir, const char *file, const char *content)
{
	char got[64] = "";
	unsigned n = 0;
	struct dirent *e;
	DIR *d = opendir(dir);
	FILE *f = fopen(file, "r");
	bool ok;

	while (d != NULL && (e = readdir(d)) != NULL)
		n +=
		    strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d != NULL)
		closedir(d);
	if (f != NULL) {
		if (fgets(got, sizeof(got), f) == NULL)
			got[0] = '\0';
		fclose(f);
	}
	ok = check_u64(n, 1, "files in the directory") &&
	     check_str(got, content, "contents");
	unlink(file);
	rmdir(dir);
	return ok;
}

static void
t_commit(void)
{
	char dir[64], file[64];
	struct gp_err warn, err;
	struct outfile of;
	struct stat st;

	t_begin("outfile/commit-new-file");
	setup(dir, sizeof(dir), file, NULL);
	umask(027);
	if (check_u64(outfile_open(&of, file, &warn, &err), 0, "open") &&
	    check_str(warn.msg, "", "warning")) {
		fputs("new", of.f);
		check_u64(outfile_commit(&of, &err), 0, "commit");
	}
	check_u64(stat(file, &st) == 0 ? st.st_mode & 0777 : 1, 0640, "mode");
	only_x(dir, file, "new");
	t_end();

	t_begin("outfile/abort-keeps-old");
	setup(dir, sizeof(dir), file, "old");
	if (check_u64(outfile_open(&of, file, &warn, &err), 0, "open")) {
		fputs("new", of.f);
		fflush(of.f);
		outfile_abort(&of);
	}
	only_x(dir, file, "old");
	t_end();
}

/* Open FILE, write, then leave by exit (SIG 0) or die of SIG. */
static void
leave(const char *file, int sig)
{
	struct gp_err warn, err;
	struct outfile of;

	/* As a user who does not ignore SIG: a test runner may have started
	 * us in the background, where the shell ignores SIGINT, and outfile
	 * leaves an ignored signal ignored. */
	if (sig != 0)
		signal(sig, SIG_DFL);
	if (outfile_open(&of, file, &warn, &err) != 0)
		_exit(3);
	fputs("new", of.f);
	fflush(of.f);
	if (sig != 0)
		raise(sig);
	exit(0);
}

static void
t_leave(void)
{
	static const int sigs[] = { 0, SIGINT, SIGTERM, SIGHUP };
	static const char *const how[] = { "exit", "SIGINT", "SIGTERM",
					   "SIGHUP" };
	char dir[64], file[64];
	struct sigaction sa;

	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++) {
		int status;
		pid_t pid;

		t_begin("outfile/left-by-%s", how[i]);
		setup(dir, sizeof(dir), file, "old");
		fflush(NULL);
		pid = fork();
		if (pid == 0)
			leave(file, sigs[i]);
		if (check_true(pid > 0 && waitpid(pid, &status, 0) == pid,
			       "fork"))
			check_true(sigs[i] == 0
				       ? WIFEXITED(status) &&
					     WEXITSTATUS(status) == 0
				       : WIFSIGNALED(status) &&
					     WTERMSIG(status) == sigs[i],
				   "died as it should");
		only_x(dir, file, "old");
		t_end();
	}
	/* Afterwards the handlers are the ones from before. */
	t_begin("outfile/handlers-restored");
	setup(dir, sizeof(dir), file, NULL);
	{
		struct gp_err warn, err;
		struct outfile of;

		if (outfile_open(&of, file, &warn, &err) == 0)
			outfile_commit(&of, &err);
	}
	sigaction(SIGTERM, NULL, &sa);
	check_true(sa.sa_handler == SIG_DFL, "SIGTERM default again");
	sigaction(SIGXFSZ, NULL, &sa);
	check_true(sa.sa_handler == SIG_DFL, "SIGXFSZ default again");
	only_x(dir, file, "");
	t_end();
}

T_MODULE(outfile)
{
	t_run("outfile/names", t_names);
	t_run("outfile/commit", t_commit);
	t_run("outfile/leave", t_leave);
}
