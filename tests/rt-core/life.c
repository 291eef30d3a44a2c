/*
 * The collector's life cycle, one scenario per argv[1]; each prints the
 * calls of leaf() that the profile must show (the ground truth).
 *   fork      parent and child call leaf(); the two files sum to it
 *   signal    an instrumented SIGALRM handler calls leaf() while main
 *             calls other() in a loop
 *   mcleanup  _mcleanup() by hand, then again at exit (glibc's
 *             tst-mcleanup): no crash, the file holds the calls before
 *   moncontrol calls between moncontrol(0) and (1) are not counted
 *   noreturn  a() ends with a call to die(), which never returns
 *   term, exit, exec   900 calls, then SIGTERM, _exit(0) or exec of
 *             true(1) (for LIBGMON_DUMP_ON)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

void _mcleanup(void);
void moncontrol(int);

__attribute__((noinline, noclone)) void
leaf(void)
{
	__asm__ volatile("");
}

__attribute__((noinline, noclone)) void
other(void)
{
	__asm__ volatile("");
}

static volatile sig_atomic_t in_handler;

static void
on_alarm(int sig)
{
	leaf();
	in_handler++;
	__asm__ volatile("");
}

__attribute__((noinline, noclone, noreturn)) void
die(void)
{
	printf("1\n");
	fflush(stdout);
	exit(0);
}

__attribute__((noinline, noclone)) void
a(int x)
{
	if (x > 5)
		other();
	die();
}

__attribute__((noinline, noclone)) void
b(void)
{
	other();
}

static long
calls(long n)
{
	for (long i = 0; i < n; i++) {
		leaf();
		__asm__ volatile("");
	}
	return n;
}

int
main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "fork") == 0) {
		long n = calls(1000);
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		n += calls(pid == 0 ? 300 : 500);
		if (pid == 0)
			return 0;
		int st;
		waitpid(pid, &st, 0);
		printf("%ld\n", n + 300);
		return 0;
	}
	if (strcmp(what, "signal") == 0) {
		signal(SIGALRM, on_alarm);
		struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
		setitimer(ITIMER_REAL, &it, NULL);
		while (in_handler < 200)
			other();
		it.it_value.tv_usec = it.it_interval.tv_usec = 0;
		setitimer(ITIMER_REAL, &it, NULL);
		printf("%ld\n", (long)in_handler);
		return 0;
	}
	if (strcmp(what, "mcleanup") == 0) {
		long n = calls(700);
		_mcleanup();
		calls(50);
		printf("%ld\n", n);
		return 0;
	}
	if (strcmp(what, "moncontrol") == 0) {
		long n = calls(400);
		moncontrol(0);
		calls(123);
		moncontrol(1);
		n += calls(600);
		printf("%ld\n", n);
		return 0;
	}
	if (strcmp(what, "term") == 0 || strcmp(what, "exit") == 0 ||
	    strcmp(what, "exec") == 0) {
		calls(900);
		if (what[1] == 'e')
			raise(SIGTERM);
		if (what[1] == 'x' && what[2] == 'i')
			_exit(0);
		execlp("true", "true", (char *)NULL);
		return 3;
	}
	if (strcmp(what, "noreturn") == 0) {
		b();
		a(argc);
	}
	return 2;
}
