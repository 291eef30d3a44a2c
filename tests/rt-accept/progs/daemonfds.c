/*
 * daemonfds.c - a program that treats its descriptors the way daemons
 * do, for the collector to leave them alone: with a worker thread
 * running, it closes every descriptor from 3 up (the numbers the
 * collector may hold among them), puts /dev/null over 0, 1 and 2, and
 * at once opens pipes holding 16 bytes (blocking ones: a read of an
 * empty one waits for ever), a 64 KiB file, empty pipes and eventfds,
 * which land on the numbers just freed.  Then both threads
 * work (a perf drain thread, when there is one, runs meanwhile), the
 * process sleeps (a thread of the collector spinning on a dead
 * descriptor would burn CPU time then), the worker ends (its clock is
 * retired) and every object must be as the program left it: each pipe
 * still holds its 16 bytes, the file its 64 KiB, each eventfd its
 * value, every descriptor still open, and a write to each pipe does not
 * raise SIGPIPE.  Descriptor 2 is closed again and opened on a data
 * file (../fd2.dat), which only the program writes.  At the end, with the first standard output put back,
 * it prints "FDS ok" (or "FDS bad: why") and its arcs (truth.h); a
 * collector that reads an empty pipe at exit hangs there instead.
 */
#include "truth.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define NPIPES 6
#define FILE_BYTES 65536

static unsigned long long n_main_work, n_busy_work, n_worker_work;
static atomic_int stop_worker;
static atomic_int worker_started;
static volatile unsigned long sink;

NOI void
work(void)
{
	for (int i = 0; i < 2000; i++)
		sink += (unsigned long)i * 7;
	AFTER_CALL();
}

NOI void *
worker(void *arg)
{
	(void)arg;
	atomic_store(&worker_started, 1);
	while (!atomic_load(&stop_worker)) {
		work();
		n_worker_work++;
	}
	return NULL;
}

NOI double
cpu_secs(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Work for SECS of this thread's CPU time. */
NOI void
busy(double secs)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	double end = (double)ts.tv_sec + ts.tv_nsec / 1e9 + secs;
	do {
		work();
		n_busy_work++;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	} while ((double)ts.tv_sec + ts.tv_nsec / 1e9 < end);
}

static char why[256];

static void
bad(const char *what, int n)
{
	if (!why[0])
		snprintf(why, sizeof why, "%s (%d, fd numbers reused)", what,
			 n);
}

/* Whether FD has bytes to read now. */
static bool
readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

/* Read exactly N bytes from the pipe FD into BUF (never blocking): true
 * if so and nothing more is there. */
static bool
read_exactly(int fd, void *buf, size_t n)
{
	size_t got = 0;
	while (got < n && readable(fd)) {
		ssize_t r = read(fd, (char *)buf + got, n - got);
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return got == n && !readable(fd);
}

int
main(void)
{
	static const char data[16] = "0123456789abcdef";
	static unsigned char file_bytes[FILE_BYTES], back[FILE_BYTES];
	int pipes[NPIPES][2], empty[2][2], evs[2], file;
	pthread_t t;

	for (size_t i = 0; i < sizeof file_bytes; i++)
		file_bytes[i] = (unsigned char)(i * 31 + 7);
	if (pthread_create(&t, NULL, worker, NULL) != 0)
		return 2;
	while (!atomic_load(&worker_started))
		work(), n_main_work++;
	busy(0.05);

	/* The daemon's dance: keep a copy of stdout far away, close the
	 * rest from 3 up, /dev/null over 0, 1 and 2. */
	int keep = fcntl(1, F_DUPFD_CLOEXEC, 900);
	if (keep < 0)
		return 2;
	for (int fd = 3; fd < 900; fd++)
		if (fd != keep)
			close(fd);
	int null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 ||
	    dup2(null, 2) < 0)
		return 2;
	close(null);
	/* Its own data at 2: ../fd2.dat must hold "DATA\n" only when the
	 * program has ended (the suite reads it), whatever the collector
	 * has to say at exit. */
	close(2);
	if (open("../fd2.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644) != 2 ||
	    write(2, "DATA\n", 5) != 5)
		return 2;

	/* Reuse the numbers at once. */
	for (int i = 0; i < NPIPES; i++) {
		if (pipe(pipes[i]) != 0 ||
		    write(pipes[i][1], data, sizeof data) != sizeof data)
			return 2;
		if (i == 1) {
			char name[] = "daemonfds.XXXXXX";
			file = mkstemp(name);
			if (file < 0 || unlink(name) != 0 ||
			    write(file, file_bytes, sizeof file_bytes) !=
				sizeof file_bytes)
				return 2;
		}
		if (i == 2 || i == 4) {
			int k = i / 2 - 1;
			if (pipe(empty[k]) != 0)
				return 2;
			evs[k] = eventfd(5, EFD_NONBLOCK);
			if (evs[k] < 0)
				return 2;
		}
	}

	/* Both threads work, then nobody does. */
	busy(0.3);
	double cpu0 = cpu_secs();
	atomic_store(&stop_worker, 1);
	pthread_join(t, NULL);
	struct timespec half = { 0, 400000000 };
	nanosleep(&half, NULL);
	double idle = cpu_secs() - cpu0;
	if (idle > 0.2)
		bad("the process used CPU time while it slept",
		    (int)(idle * 1000));

	/* Everything as the program left it. */
	for (int i = 0; i < NPIPES; i++) {
		char got[sizeof data];
		if (!read_exactly(pipes[i][0], got, sizeof got) ||
		    memcmp(got, data, sizeof got) != 0)
			bad("a pipe lost its bytes", pipes[i][0]);
		if (fcntl(pipes[i][1], F_GETFD) < 0)
			bad("a pipe's write end was closed", pipes[i][1]);
		/* SIGPIPE would end us here if the read end were gone. */
		if (write(pipes[i][1], data, 1) != 1)
			bad("a pipe cannot be written", pipes[i][1]);
	}
	if (lseek(file, 0, SEEK_SET) != 0 ||
	    read(file, back, sizeof back) != sizeof back ||
	    memcmp(back, file_bytes, sizeof back) != 0 ||
	    lseek(file, 0, SEEK_CUR) != FILE_BYTES)
		bad("the file does not read back", file);
	for (int k = 0; k < 2; k++) {
		if (readable(empty[k][0]) || fcntl(empty[k][0], F_GETFD) < 0)
			bad("an empty pipe is not empty", empty[k][0]);
		if (write(empty[k][1], data, 1) != 1)
			bad("an empty pipe cannot be written", empty[k][1]);
		uint64_t v = 0;
		if (read(evs[k], &v, sizeof v) != sizeof v || v != 5)
			bad("an eventfd changed", evs[k]);
	}

	if (dup2(keep, 1) < 0)
		return 2;
	printf("FDS %s%s\n", why[0] ? "bad: " : "ok", why);
	truth_arc("main", "work", n_main_work);
	truth_arc("main", "busy", 2);
	truth_arc("main", "cpu_secs", 2);
	truth_arc("busy", "work", n_busy_work);
	truth_arc("worker", "work", n_worker_work);
	fflush(stdout);
	return 0;
}
