/*
 * bench/cpu.c - run a command and say what it cost (bench/stacks-real.sh).
 *
 *   cpu OUT CMD [ARG...]
 *
 * Runs CMD with the standard streams inherited and writes
 * "CPU_SECONDS PEAK_KB WALL_SECONDS" to OUT: its user + system time to
 * the microsecond and its peak resident set, from wait4(2) on that one
 * child, and the wall time from fork to its end (CLOCK_MONOTONIC).
 * /usr/bin/time measures the same but prints hundredths, too coarse
 * for an analyser that finishes in 20 ms.  A small C program
 * rather than a script: the kernel counts the resident set the child
 * had before exec in its peak, and a forked interpreter is 10 MB.
 * Exits with CMD's status (128 + N for signal N, 127 when it cannot
 * run).
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	struct timespec t0, t1;
	int status;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fputs("usage: cpu OUT CMD [ARG...]\n", stderr);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		perror("cpu: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("cpu: wait4");
		return 127;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 127;
	}
	fprintf(out, "%.6f %ld %.6f\n",
		(double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6,
		ru.ru_maxrss,
		(double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 127;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
