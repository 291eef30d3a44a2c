/*
 * ptyrun CMD [ARG...]: run CMD on a new pseudo-terminal, as the leader
 * of a new session whose controlling terminal it is, in the terminal's
 * foreground process group (as a shell starts a job).  What CMD writes
 * to the terminal is read and thrown away.  ptyrun reads commands on
 * its standard input, one a line, and does each before the next:
 *
 *   stop   send CMD SIGSTOP and wait until it has stopped;
 *   intr   type the terminal's interrupt character (^C): the terminal
 *          sends SIGINT to its foreground process group;
 *   cont   send CMD SIGCONT.
 *
 * It exits with CMD's status (128 + N when signal N ended it), once
 * CMD has ended and the terminal has no more readers.
 */
#define _GNU_SOURCE /* ppoll, posix_openpt */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static pid_t child;
static int status = -1; /* CMD's wait status once it has ended */

/* Start CMD (ARGV) on the terminal MASTER, with the signal mask MASK. */
static void
start(char **argv, int master, const sigset_t *mask)
{
	const char *slave_name = ptsname(master);
	if (!slave_name || (child = fork()) < 0) {
		perror("ptyrun");
		exit(1);
	}
	if (child > 0)
		return;
	close(master);
	sigprocmask(SIG_SETMASK, mask, NULL);
	setsid();
	int slave = open(slave_name, O_RDWR);
	if (slave < 0 || ioctl(slave, TIOCSCTTY, 0) != 0) {
		perror("ptyrun: the terminal");
		_exit(126);
	}
	dup2(slave, 0), dup2(slave, 1), dup2(slave, 2);
	if (slave > 2)
		close(slave);
	execvp(argv[0], argv);
	perror(argv[0]);
	_exit(127);
}

/* Do the command LINE; the terminal is MASTER. */
static void
command(const char *line, int master)
{
	if (strcmp(line, "stop") == 0 && status < 0) {
		kill(child, SIGSTOP);
		int st;
		while (waitpid(child, &st, WUNTRACED) == child) {
			if (!WIFSTOPPED(st)) {
				status = st; /* it ended first */
				break;
			}
			if (WSTOPSIG(st) == SIGSTOP)
				break;
		}
	} else if (strcmp(line, "intr") == 0) {
		struct termios t;
		char c = tcgetattr(master, &t) == 0 ? (char)t.c_cc[VINTR] : 3;
		if (write(master, &c, 1) != 1)
			perror("ptyrun: intr");
	} else if (strcmp(line, "cont") == 0 && status < 0) {
		kill(child, SIGCONT);
	} else if (strcmp(line, "stop") != 0 && strcmp(line, "cont") != 0) {
		fprintf(stderr, "ptyrun: %s: no such command\n", line);
	}
}

static void
on_chld(int sig)
{
	(void)sig; /* only to end ppoll */
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: ptyrun CMD [ARG...]\n", stderr);
		return 2;
	}
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
		perror("ptyrun: posix_openpt");
		return 1;
	}
	/* SIGCHLD only during ppoll, so that CMD's end is never missed. */
	sigset_t chld, old, during;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	during = old;
	sigdelset(&during, SIGCHLD);
	signal(SIGCHLD, on_chld);
	start(argv + 1, master, &old);
	char line[64];
	size_t len = 0;
	struct pollfd p[2] = { { 0, POLLIN, 0 }, { master, POLLIN, 0 } };
	while (status < 0) {
		int st;
		if (waitpid(child, &st, WNOHANG) == child) {
			status = st;
			break;
		}
		if (ppoll(p, 2, NULL, &during) < 0)
			continue; /* EINTR: SIGCHLD */
		char buf[256];
		if (p[1].revents && read(master, buf, sizeof buf) <= 0)
			p[1].fd = -1; /* no terminal left to read */
		if (!p[0].revents)
			continue;
		ssize_t n = read(0, buf, sizeof buf);
		if (n <= 0)
			p[0].fd = -1; /* no more commands */
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n' && len + 1 < sizeof line) {
				line[len++] = buf[i];
				continue;
			}
			line[len] = '\0', len = 0;
			command(line, master);
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
