/*
 * harness.c - drives runtime/sample.o directly (no hooks): samples this
 * program's own text while it spins in hot(), a tiny function whose
 * neighbour cold() never runs, and checks what the sampler recorded.
 *
 *   harness CLOCK RATE CASE
 *
 * CLOCK: auto, perf, thread, itimer, wall.  CASE:
 *   hot      the main thread spins; cold gets 0 samples, hot most of
 *            them, the recorded rate is the samples / measured time, the
 *            written (nominal) rate at most the asked one and within
 *            10 % of the recorded one
 *   blocked  a second thread that blocks every signal spins; it must
 *            be sampled (the main thread sleeps meanwhile); per-thread
 *            timers cannot, and must leave its time out of the rate
 *   threads  four threads spin; each is sampled, the rate holds
 *   fork     the child spins after fork: it gets samples of its own and
 *            starts from zero
 *   pause    hot, paused while cold() runs, hot again: cold gets 0, the
 *            rate counts only the unpaused time
 *   chain    a SIGPROF handler of the program's own is installed first:
 *            it still runs (ITIMER_PROF shares SIGPROF) or is left alone
 *            (the POSIX timers take a free real-time signal)
 *   own      spins in a function in section gmon_text (the collector's
 *            code): its samples count as `collector`, never in the bins
 *   short    2000 threads of about 0.5 ms of CPU each (far less than a
 *            period), two at a time: the samples, at the nominal rate
 *            written, stand for the process's CPU time within 5 %
 *   long     three threads of 0.4 s each at once: the same
 *   fallback perf_event_open is denied (seccomp) and timer_create fails
 *            (RLIMIT_SIGPENDING 0): the automatic choice must end at
 *            ITIMER_PROF, with the handler the failed timer installed
 *            taken back (not chained to itself), and work as in `hot`
 *
 * Prints "ok: ..." and exits 0, or "fail: ..." and exits 1; exits 77
 * when the clock cannot start (the caller reports SKIP).  Sample counts
 * are never compared exactly: only ratios and non-zero.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sample.h"

extern char __executable_start[], etext[];
extern char __start_hotcold[], __stop_hotcold[];

static volatile unsigned sink;
static volatile sig_atomic_t their_signals;

/* Stands for the collector's code: the linker defines __start_gmon_text
 * and __stop_gmon_text around it, which sample.o reads. */
__attribute__((noinline, section("gmon_text"))) void own(unsigned n);

void
own(unsigned n)
{
	unsigned x = sink;
	for (unsigned i = 0; i < n; i++)
		x = x * 22695477u + 1u;
	sink = x;
}

static void
their_handler(int sig)
{
	(void)sig;
	their_signals++;
}

/* hot and cold sit side by side in their own section, in this order. */
__attribute__((noinline, section("hotcold"))) void hot(unsigned n);
__attribute__((noinline, section("hotcold"))) void cold(unsigned n);

void
hot(unsigned n)
{
	unsigned x = sink;
	for (unsigned i = 0; i < n; i++)
		x = x * 1103515245u + 12345u;
	sink = x;
}

void
cold(unsigned n)
{
	unsigned x = sink;
	for (unsigned i = 0; i < n; i++)
		x = x * 69069u + 1u;
	sink = x;
}

static double
cpu_seconds(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * What spin() measures: the thread's CPU time, or for the wall clock
 * wall time, read without a system call (the vDSO).  Reading the
 * thread's CPU clock enters the kernel, which may switch to another
 * task on the way out; a wall-clock signal then finds the thread there,
 * outside hot(), on a busy machine most of the time.
 */
static clockid_t spin_clock = CLOCK_THREAD_CPUTIME_ID;

/* Spin in FN for SECONDS of spin_clock. */
static void
spin_in(void (*fn)(unsigned), double seconds)
{
	double end = cpu_seconds(spin_clock) + seconds;
	while (cpu_seconds(spin_clock) < end)
		fn(2000000); /* a few ms between clock reads */
}

static void
spin(double seconds)
{
	spin_in(hot, seconds);
}

static uint64_t
bins_between(const struct sample_result *r, uintptr_t lo, uintptr_t hi)
{
	uint64_t sum = 0;
	for (uintptr_t a = lo & ~(uintptr_t)3; a < hi; a += 4)
		if (a >= r->lowpc && (a - r->lowpc) / 4 < r->nbins)
			sum += r->bins[(a - r->lowpc) / 4];
	return sum;
}

static int failed;

/*
 * The seconds the hypervisor took from this machine's CPUs since the
 * start (steal time, /proc/stat's eighth "cpu" field; 0 when unknown).
 * The kernel's CPU-time accounting leaves steal out (paravirtual time
 * accounting), but perf's task clock counts the time a task is on its
 * CPU by the guest's clock, steal included: on a loaded host the perf
 * clock samples more than the CPU time the process is charged, by up to
 * the steal of the CPUs it ran on.  The checks allow that much, never
 * more, and print it.
 */
static double steal_at_start;

static double
steal_seconds(void)
{
	FILE *f = fopen("/proc/stat", "r");
	unsigned long long v[8] = { 0 };
	int n = f ? fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7])
		  : 0;
	if (f)
		fclose(f);
	long hz = sysconf(_SC_CLK_TCK);
	return n == 8 && hz > 0 ? (double)v[7] / (double)hz : 0;
}

static double
steal_since_start(void)
{
	double s = steal_seconds() - steal_at_start;
	return s > 0 ? s : 0;
}

/* Make perf_event_open fail with EACCES in this process.  False when
 * seccomp is not available. */
static bool
deny_perf(void)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_perf_event_open, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof code / sizeof *code, code };
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
	       prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
}

static void
check(int ok, const char *what)
{
	if (!ok) {
		printf("fail: %s\n", what);
		failed = 1;
	}
}

static void *
plain_thread(void *arg)
{
	sample_thread_start();
	spin(*(double *)arg);
	sample_thread_stop();
	return NULL;
}

/* Spin in hot() for *ARG seconds of thread CPU time, in small steps. */
static void *
short_thread(void *arg)
{
	sample_thread_start();
	double end = cpu_seconds(CLOCK_THREAD_CPUTIME_ID) + *(double *)arg;
	while (cpu_seconds(CLOCK_THREAD_CPUTIME_ID) < end)
		hot(20000);
	sample_thread_stop();
	return NULL;
}

/*
 * NTHREADS threads of SECONDS each, BATCH at a time; then the time the
 * samples stand for (every period counted, at the nominal rate written)
 * must be the process's CPU time within 5 %, give or take 3 periods
 * (the ledger's remainder and the last period of the run).
 */
static void
check_time(const struct sample_config *cfg, int nthreads, int batch,
	   double seconds)
{
	pthread_t th[8];
	double t0 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
	for (int i = 0; i < nthreads; i += batch) {
		int n = nthreads - i < batch ? nthreads - i : batch;
		for (int k = 0; k < n; k++)
			pthread_create(&th[k], NULL, short_thread, &seconds);
		for (int k = 0; k < n; k++)
			pthread_join(th[k], NULL);
	}
	sample_stop();
	double cpu = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
	struct sample_result r;
	sample_result(&r);
	uint64_t all = r.samples + r.outside + r.collector + r.objects;
	double hz = r.rate_hz, got = all / hz, slack = 3 / hz;
	double steal = steal_since_start();
	printf("clock %s: asked %u Hz, nominal %u Hz, %llu periods = %.3f s; "
	       "process CPU %.3f s, sampled %.3f s, unsampled %.3f s, "
	       "%llu threads, %llu lost, %.3f s stolen\n",
	       r.clock, cfg->rate_hz, r.rate_hz, (unsigned long long)all, got,
	       cpu, r.sampled_ns / 1e9, r.unsampled_ns / 1e9,
	       (unsigned long long)r.threads, (unsigned long long)r.lost,
	       steal);
	char why[200];
	snprintf(why, sizeof why,
		 "the samples stand for %.3f s, not the %.3f s of CPU time "
		 "(5 %% + %.3f s, + %.3f s stolen above)",
		 got, cpu, slack, steal);
	check(got >= cpu * 0.95 - slack &&
		  got <= cpu * 1.05 + slack + steal,
	      why);
	check(r.rate_hz <= cfg->rate_hz, "nominal rate above the asked one");
}

static void *
blocked_thread(void *arg)
{
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, NULL);
	return plain_thread(arg);
}

/* The checks every case shares.  MEASURED: seconds of sampled time the
 * harness measured itself; MIN: samples the case must at least get. */
static void
check_result(const struct sample_result *r, double measured, uint64_t min)
{
	uint64_t in_hot = bins_between(r, (uintptr_t)hot, (uintptr_t)cold);
	/* cold's first bin may hold hot's last bytes: start at the next. */
	uint64_t in_cold =
	    bins_between(r, ((uintptr_t)cold + 3) & ~(uintptr_t)3,
			 (uintptr_t)__stop_hotcold);
	uint64_t all = r->samples + r->outside + r->collector;
	double rate = r->rate_mhz / 1000.0;
	double truth = measured > 0 ? all / measured : 0;
	/* The perf clock's periods may include stolen time (above): the
	 * rate per second of its clock is then lower, down to
	 * all / (measured + steal). */
	double steal = steal_since_start();
	double low = measured + steal > 0 ? all / (measured + steal) : 0;
	printf("clock %s: asked %u Hz, delivered %.1f Hz (written %u), "
	       "%llu samples (%llu hot, %llu cold, %llu outside, %llu lost), "
	       "%.3f s measured, %.3f s recorded, truth %.1f Hz, "
	       "%.3f s stolen\n",
	       r->clock, r->asked_hz, rate, r->rate_hz,
	       (unsigned long long)r->samples, (unsigned long long)in_hot,
	       (unsigned long long)in_cold, (unsigned long long)r->outside,
	       (unsigned long long)r->lost, measured, r->sampled_ns / 1e9,
	       truth, steal);
	char why[200];
	check(in_cold == 0, "the never-run neighbour has samples");
	snprintf(why, sizeof why, "only %llu samples (want >= %llu)",
		 (unsigned long long)all, (unsigned long long)min);
	check(all >= min, why);
	check(in_hot * 10 >= all * 8,
	      "fewer than 80 % of the samples in hot()");
	check(rate > 0 && rate >= low * 0.9 && rate <= truth * 1.1,
	      "recorded rate not within 10 % of samples / measured time");
	/* The written rate is nominal: the asked one, or a tick-bound
	 * clock's tick rate; the samples keep to it. */
	check(r->rate_hz <= r->asked_hz, "written rate above the asked one");
	/* ITIMER_PROF (the last resort) does not keep to its rate: it
	 * fires at most once per tick the process is running at, and
	 * tells no missed periods (gprof warns of the difference). */
	check(!strcmp(r->clock, "ITIMER_PROF") ||
		  (rate >= r->rate_hz * 0.9 && rate <= r->rate_hz * 1.1),
	      "delivered rate not within 10 % of the written one");
}

/* Spin in hot() for SECONDS, stop sampling and read the result into R;
 * the seconds of MEASURE the whole took. */
static double
spin_and_stop(clockid_t measure, double seconds, struct sample_result *r)
{
	double t0 = cpu_seconds(measure);
	spin(seconds);
	sample_stop();
	double t1 = cpu_seconds(measure);
	sample_result(r);
	return t1 - t0;
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: harness CLOCK RATE CASE\n");
		return 2;
	}
	struct sample_config cfg = { .rate_hz = (unsigned)atoi(argv[2]),
				     .verbose = true };
	const char *c = argv[1], *what = argv[3];
	cfg.clock = !strcmp(c, "perf")     ? SAMPLE_PERF
		    : !strcmp(c, "thread") ? SAMPLE_THREAD_TIMER
		    : !strcmp(c, "itimer") ? SAMPLE_ITIMER
		    : !strcmp(c, "wall")   ? SAMPLE_WALL
					   : SAMPLE_AUTO;
	if (!strcmp(what, "chain"))
		signal(SIGPROF, their_handler);
	if (!strcmp(what, "fallback")) {
		struct rlimit none = { 0, 0 };
		if (!deny_perf() || setrlimit(RLIMIT_SIGPENDING, &none) != 0) {
			printf(
			    "skip: cannot deny perf_event_open or signals\n");
			return 77;
		}
	}
	if (sample_start((uintptr_t)__executable_start, (uintptr_t)etext,
			 &cfg) != 0) {
		printf("skip: clock %s cannot start here\n", c);
		return 77;
	}
	steal_at_start = steal_seconds();
	struct sample_result r;
	double seconds = 0.6;
	uint64_t min =
	    (uint64_t)(seconds * (cfg.rate_hz < 250 ? cfg.rate_hz : 250) / 3);
	clockid_t measure = cfg.clock == SAMPLE_WALL ? CLOCK_MONOTONIC
						     : CLOCK_PROCESS_CPUTIME_ID;
	if (cfg.clock == SAMPLE_WALL)
		spin_clock = CLOCK_MONOTONIC;
	if (!strcmp(what, "hot")) {
		check_result(&r, spin_and_stop(measure, seconds, &r), min);
	} else if (!strcmp(what, "blocked") || !strcmp(what, "threads")) {
		int n = !strcmp(what, "blocked") ? 1 : 4;
		pthread_t th[4];
		/* The main thread sleeps; its clock barely runs. */
		double t0 = cpu_seconds(measure);
		for (int i = 0; i < n; i++)
			pthread_create(&th[i], NULL,
				       n == 1 ? blocked_thread : plain_thread,
				       &seconds);
		for (int i = 0; i < n; i++)
			pthread_join(th[i], NULL);
		sample_stop();
		double t1 = cpu_seconds(measure);
		sample_result(&r);
		if (cfg.clock == SAMPLE_WALL)
			t1 = t0 + r.sampled_ns / 1e9; /* per-thread wall time */
		bool timer = r.clock_kind == SAMPLE_THREAD_TIMER ||
			     r.clock_kind == SAMPLE_WALL;
		if (n == 1 && timer) {
			/* A timer cannot reach a thread that blocks its
			 * signal: that thread's time must be left out. */
			printf("clock %s: %llu blocked, %.3f s recorded\n",
			       r.clock, (unsigned long long)r.blocked,
			       r.sampled_ns / 1e9);
			check(r.blocked == 1, "the blocking thread not seen");
			check(r.sampled_ns < 300000000u,
			      "the blocking thread's time counted as sampled");
		} else {
			/* ITIMER_PROF raises one signal per tick at most,
			 * however many threads burn CPU (standard signals
			 * do not queue). */
			check_result(&r, t1 - t0,
				     r.clock_kind == SAMPLE_ITIMER ? min
								   : min * n);
		}
		check(r.threads == (uint64_t)n + 1 ||
			  r.clock_kind == SAMPLE_ITIMER,
		      "not every thread was armed");
	} else if (!strcmp(what, "fork")) {
		spin(0.1);
		pid_t pid = fork();
		if (pid == 0) {
			sample_fork_child(false);
			sample_result(&r);
			check(r.samples + r.outside == 0,
			      "the child did not start from zero");
			check_result(&r, spin_and_stop(measure, seconds, &r),
				     min);
			_exit(failed);
		}
		int status;
		waitpid(pid, &status, 0);
		check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "the fork child failed");
		sample_stop();
	} else if (!strcmp(what, "pause")) {
		double t0 = cpu_seconds(measure);
		spin(seconds / 2);
		double t1 = cpu_seconds(measure);
		sample_pause(true);
		spin_in(cold, seconds / 2);
		sample_pause(false);
		double t2 = cpu_seconds(measure);
		spin(seconds / 2);
		sample_stop();
		double t3 = cpu_seconds(measure);
		sample_result(&r);
		check_result(&r, (t1 - t0) + (t3 - t2), min);
	} else if (!strcmp(what, "short")) {
		check_time(&cfg, 2000, 2, 0.0005);
	} else if (!strcmp(what, "long")) {
		check_time(&cfg, 3, 3, 0.4);
	} else if (!strcmp(what, "fallback")) {
		double took = spin_and_stop(measure, seconds, &r);
		check(r.clock_kind == SAMPLE_ITIMER,
		      "the automatic choice did not end at ITIMER_PROF");
		check_result(&r, took, min);
	} else if (!strcmp(what, "chain")) {
		check_result(&r, spin_and_stop(measure, seconds, &r), min);
		if (!strcmp(r.clock, "ITIMER_PROF"))
			check(their_signals > 0,
			      "the program's SIGPROF handler never ran");
		else
			check(their_signals == 0, "SIGPROF was used although "
						  "the program had a handler");
	} else if (!strcmp(what, "own")) {
		spin_in(own, seconds);
		sample_stop();
		sample_result(&r);
		printf(
		    "clock %s: %llu samples in the program, %llu in gmon_text, "
		    "%llu outside\n",
		    r.clock, (unsigned long long)r.samples,
		    (unsigned long long)r.collector,
		    (unsigned long long)r.outside);
		uint64_t all = r.samples + r.outside + r.collector;
		check(all >= min, "too few samples");
		check(r.collector * 10 >= all * 8,
		      "fewer than 80 % of the samples counted as the "
		      "collector's");
		check(bins_between(&r, (uintptr_t)own, (uintptr_t)own + 64) ==
			  0,
		      "the collector's code has samples in the bins");
	} else {
		fprintf(stderr, "harness: unknown case %s\n", what);
		return 2;
	}
	if (!failed)
		printf("ok: %s %s %s\n", c, argv[2], what);
	return failed;
}
