/*
 * waiter FIFO [MODE]: a program for gprof-run to pass signals to.  It
 * writes "PID PPID" on a line to FIFO (the test reads it, so the test
 * knows the program is ready), keeps FIFO open for notes, then reads
 * its standard input until end of file (exit 0).  After 30 seconds it
 * gives up (exit 99), so that a program nobody ends does not stay.
 *
 *   wait (the default)  the signals' default actions: a SIGTERM ends it;
 *   trap                HUP, INT, QUIT, TERM, USR1, USR2 each write the
 *                       signal's name to FIFO and end it, status
 *                       100 + the signal's number;
 *   tty                 as trap, but INT only writes "INT" to FIFO
 *                       (a ^C counted, the program goes on);
 *   self                as trap, then it sends SIGTERM to its parent
 *                       and writes "sent" to FIFO.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int note_fd = -1;
static int int_goes_on;

static void
note(const char *s)
{
	if (write(note_fd, s, strlen(s)) < 0)
		return; /* the test stopped reading: nothing to tell */
}

static void
on_signal(int sig)
{
	static const struct {
		int sig;
		const char *name;
	} names[] = {
		{ SIGHUP, "HUP\n" },   { SIGINT, "INT\n" },
		{ SIGQUIT, "QUIT\n" }, { SIGTERM, "TERM\n" },
		{ SIGUSR1, "USR1\n" }, { SIGUSR2, "USR2\n" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			note(names[i].name);
	if (sig == SIGINT && int_goes_on)
		return;
	_exit(100 + sig);
}

static void
on_alarm(int sig)
{
	(void)sig;
	_exit(99);
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 2 ? argv[2] : "wait";
	static const int trapped[] = { SIGHUP,  SIGINT,  SIGQUIT,
				       SIGTERM, SIGUSR1, SIGUSR2 };
	if (argc < 2)
		return 2;
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, on_alarm);
	alarm(30);
	int_goes_on = strcmp(mode, "tty") == 0;
	/* One handler at a time: two signals pending at once are taken in
	 * order (the lower number first), not one nested in the other. */
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESTART };
	sigfillset(&sa.sa_mask);
	if (strcmp(mode, "wait") != 0)
		for (size_t i = 0; i < sizeof trapped / sizeof trapped[0]; i++)
			sigaction(trapped[i], &sa, NULL);
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 2;
	note_fd = fileno(f); /* before the line: a signal may follow it */
	fprintf(f, "%ld %ld\n", (long)getpid(), (long)getppid());
	fflush(f);
	if (strcmp(mode, "self") == 0) {
		kill(getppid(), SIGTERM);
		note("sent\n");
	}
	char buf[64];
	while (read(0, buf, sizeof buf) > 0)
		continue;
	return 0;
}
