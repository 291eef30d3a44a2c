/*
 * start.c - the collector's life: start-up (glibc's __monstartup, called
 * by gcrt1.o, or our constructor when nothing calls it), moncontrol,
 * fork, the opt-in dumps on signals, snapshots (on a signal, or every
 * LIBGMON_EVERY seconds, written by the "gmon-snap" thread while the
 * program goes on), and _mcleanup at exit.
 *
 * glibc's contract is kept: __monstartup/monstartup start once (a
 * second call is ignored), moncontrol(0) stops counting arcs and
 * samples and moncontrol(1) resumes, _mcleanup writes the profile and a
 * second call does nothing.  gcrt1.o registers _mcleanup with atexit;
 * when we started from the constructor, the destructor beside the hooks
 * calls it instead.
 */
#include "gmon_rt.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void gmon_ctor(void);
void gmon_dtor(void);
GMON_EXPORT void __monstartup(unsigned long lowpc, unsigned long highpc);
GMON_EXPORT void monstartup(unsigned long lowpc, unsigned long highpc);
GMON_EXPORT void _mcleanup(void);
GMON_EXPORT void moncontrol(int mode);
GMON_EXPORT int __profile_frequency(void);

enum { IDLE, RUNNING, DONE };
static int state = IDLE; /* changed with atomics: signal handlers read it */
static struct gmon_run run;
static int dumping;      /* a dump is being written (atomic) */
static int snap_wanted;  /* the snapshot thread is to write one (futex) */
static bool snap_thread; /* it runs */

static void
make_run_id(uint8_t id[12])
{
	long n = syscall(SYS_getrandom, id, 12, 0x0001 /* GRND_NONBLOCK */);
	if (n == 12)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t a = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	uint64_t b = ((uint64_t)getpid() << 32) ^ (uint64_t)(uintptr_t)id;
	for (int i = 0; i < 12; i++) {
		a = a * 6364136223846793005u + b + (uint64_t)i;
		id[i] = (uint8_t)(a >> 56);
	}
}

static void say_summary(const struct gmon_merged *m,
			const struct sample_result *sr);

/* Write the profile.  FINAL: the last time (counting stops for good);
 * else a snapshot, and counting goes on.  SCAN: ordinary context (not
 * a signal handler, not _exit), where the load map may be rescanned
 * so that a dlclose not seen yet is marked. */
static void
dump(bool final, bool scan)
{
	if (final) {
		int running = RUNNING;
		if (!__atomic_compare_exchange_n(&state, &running, DONE, false,
						 __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE))
			return;
		gmon_active = 0;
		if (run.sampling)
			sample_stop();
	} else if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) != RUNNING) {
		return;
	}
	/* One dump at a time: the final one waits a while for a snapshot
	 * under way (on another thread: the snapshot thread blocks every
	 * signal); a snapshot asked for during another is not needed. */
	for (long i = 0;; i++) {
		int idle = 0;
		if (__atomic_compare_exchange_n(&dumping, &idle, 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			break;
		if (!final || i > 200000)
			return;
		sched_yield();
	}
	run.seq++;
	run.snapshot = !final;
	struct sample_result sr;
	memset(&sr, 0, sizeof sr);
	if (run.sampling)
		sample_result(&sr);
	if (scan) {
		gmon_objects_recheck();
		gmon_hooks_check();
	}
	/* No thread is folded while the tables are read. */
	bool locked = gmon_threads_lock();
	struct gmon_merged m;
	if (gmon_arcs_merge(&m) != 0) {
		if (locked)
			gmon_threads_unlock();
		const char *parts[] = { "libgmon: no memory to merge the arcs; "
					"no profile written\n" };
		gmon_say(parts, 1);
		__atomic_store_n(&dumping, 0, __ATOMIC_RELEASE);
		return;
	}
	/* Self-started in a program that never ran profiled code (a child
	 * that inherited LD_PRELOAD): no file, which would clobber the
	 * profile of the program that matters. */
	if (run.requested || m.calls > 0)
		gmon_write(&run, &m, run.sampling ? &sr : NULL);
	if (locked)
		gmon_threads_unlock();
	if (final && run.cfg.verbose)
		say_summary(&m, run.sampling ? &sr : NULL);
	gmon_merged_free(&m);
	__atomic_store_n(&dumping, 0, __ATOMIC_RELEASE);
}

static void
say_summary(const struct gmon_merged *m, const struct sample_result *sr)
{
	char asked[24], got[24], calls[24], dropped[24], samples[24], own[24];
	char libs[24], lost[24];
	uint64_t a = sr ? sr->asked_hz : run.cfg.sample.rate_hz;
	uint64_t d = sr ? (sr->rate_mhz + 500) / 1000 : 0; /* delivered */
	asked[gmon_fmt_u64(asked, a)] = '\0';
	got[gmon_fmt_u64(got, d)] = '\0';
	calls[gmon_fmt_u64(calls, m->calls)] = '\0';
	dropped[gmon_fmt_u64(dropped, m->dropped)] = '\0';
	samples[gmon_fmt_u64(samples, sr ? sr->samples : 0)] = '\0';
	own[gmon_fmt_u64(own, sr ? sr->collector : 0)] = '\0';
	libs[gmon_fmt_u64(libs, sr ? sr->objects : 0)] = '\0';
	uint64_t unmapped = gmon_objects_overflow();
	lost[gmon_fmt_u64(lost, unmapped)] = '\0';
	const char *parts[] = {
		"libgmon: clock ",
		sr && sr->clock ? sr->clock : "none",
		", rate ",
		asked,
		" Hz asked, ",
		got,
		" Hz delivered, ",
		samples,
		" samples (",
		libs,
		" in other objects, ",
		own,
		" in the collector), ",
		calls,
		" calls, ",
		dropped,
		" dropped",
		unmapped ? ", " : "",
		unmapped ? lost : "",
		unmapped ? " objects beyond the load map's capacity" : "",
		"\n",
	};
	gmon_say(parts, sizeof parts / sizeof *parts);
}

/* LIBGMON_DUMP_ON=TERM,INT,HUP: write the profile, then die of the
 * signal as the program would have. */
static void
dump_and_reraise(int sig)
{
	int saved = errno;
	dump(true, false);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	errno = saved;
	raise(sig); /* delivered when the handler returns */
}

/* LIBGMON_DUMP_ON=USR1,USR2: a snapshot; the program goes on.  The
 * snapshot thread writes it (none: the handler does, with system calls
 * only). */
static void
snapshot_on_signal(int sig)
{
	(void)sig;
	int saved = errno;
	if (__atomic_load_n(&snap_thread, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&snap_wanted, 1, __ATOMIC_RELEASE);
		syscall(SYS_futex, &snap_wanted, GMON_FUTEX_WAKE, 1, NULL, NULL,
			0);
	} else {
		dump(false, false);
	}
	errno = saved;
}

/*
 * The snapshot thread ("gmon-snap", every signal blocked, no hook
 * calls): waits for a signal's request or LIBGMON_EVERY's period, then
 * writes a snapshot in ordinary context while the program goes on.
 */
static void *
snapshots(void *arg)
{
	(void)arg;
	prctl(PR_SET_NAME, "gmon-snap", 0, 0, 0);
	uint64_t every = run.cfg.every_ms;
	struct timespec period = { (time_t)(every / 1000),
				   (long)(every % 1000) * 1000000 };
	while (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == RUNNING) {
		syscall(SYS_futex, &snap_wanted, GMON_FUTEX_WAIT, 0,
			every ? &period : NULL, NULL, 0);
		bool asked =
		    __atomic_exchange_n(&snap_wanted, 0, __ATOMIC_ACQ_REL);
		if (asked || every)
			dump(false, true);
	}
	return NULL;
}

/* Start the snapshot thread when the knobs ask for snapshots. */
static void
start_snapshots(void)
{
	__atomic_store_n(&snap_thread, false, __ATOMIC_RELEASE);
	if (!run.cfg.every_ms &&
	    !(run.cfg.dump_on & (GMON_DUMP_USR1 | GMON_DUMP_USR2)))
		return;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_t t;
	/* gmon_tls of a new thread is zero: it never counts (no hooks
	 * run on it), and its default stack is left alone. */
	if (pthread_create(&t, &attr, snapshots, NULL) == 0)
		__atomic_store_n(&snap_thread, true, __ATOMIC_RELEASE);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void
install_dumps(unsigned events)
{
	static const struct {
		unsigned bit;
		int sig;
		const char *name;
		void (*handler)(int);
	} sigs[] = {
		{ GMON_DUMP_TERM, SIGTERM, "SIGTERM", dump_and_reraise },
		{ GMON_DUMP_INT, SIGINT, "SIGINT", dump_and_reraise },
		{ GMON_DUMP_HUP, SIGHUP, "SIGHUP", dump_and_reraise },
		{ GMON_DUMP_USR1, SIGUSR1, "SIGUSR1", snapshot_on_signal },
		{ GMON_DUMP_USR2, SIGUSR2, "SIGUSR2", snapshot_on_signal },
	};
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old, sa;
		if (!(events & sigs[i].bit) ||
		    sigaction(sigs[i].sig, NULL, &old) != 0)
			continue;
		if (old.sa_handler != SIG_DFL) {
			/* The program's own handler (or SIG_IGN) stays. */
			const char *parts[] = {
				"libgmon: ", sigs[i].name,
				" has a handler of the program's: no profile "
				"is written on it\n"
			};
			gmon_say(parts, sizeof parts / sizeof *parts);
			continue;
		}
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = sigs[i].handler;
		sa.sa_flags =
		    sigs[i].handler == snapshot_on_signal ? SA_RESTART : 0;
		sigfillset(&sa.sa_mask);
		sigaction(sigs[i].sig, &sa, NULL);
	}
}

/* pthread_atfork's child handler: the child has one thread. */
static void
fork_child(void)
{
	if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) != RUNNING)
		return;
	gmon_objects_fork_child();
	if (run.cfg.fork == GMON_FORK_OFF) {
		gmon_active = 0;
		__atomic_store_n(&state, DONE, __ATOMIC_RELEASE);
		/* Drop the clock's copies of the parent's events. */
		if (run.sampling) {
			sample_fork_child(false);
			sample_stop();
		}
		return;
	}
	bool keep = run.cfg.fork == GMON_FORK_INHERIT;
	gmon_arcs_fork_child(keep);
	if (run.sampling)
		sample_fork_child(keep);
	run.forked = true;
	run.pid = getpid();
	make_run_id(run.run_id);
	dumping = 0; /* a dump under way is the parent's */
	run.seq = 0;
	if (!keep)
		run.start_ns = gmon_realtime_ns();
	start_snapshots(); /* the parent's thread is not in the child */
}

static void
start(uintptr_t lowpc, uintptr_t highpc, bool given)
{
	int idle = IDLE;
	if (!__atomic_compare_exchange_n(&state, &idle, RUNNING, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return;
	gmon_say_init();
	gmon_config_read(&run.cfg);
	if (run.cfg.no_output) {
		__atomic_store_n(&state, DONE, __ATOMIC_RELEASE);
		return;
	}
	gmon_exe_find(&run.exe);
	gmon_objects_refresh();
	gmon_hooks_check();
	if (!given || lowpc >= highpc) {
		lowpc = run.exe.text_lo;
		highpc = run.exe.text_hi;
	}
	run.lo = lowpc;
	run.hi = highpc;
	run.pid = getpid();
	make_run_id(run.run_id);
	gmon_arcs_init();
	pthread_atfork(NULL, NULL, fork_child);
	gmon_tls.armed = true; /* sample_start arms this thread */
	run.sampling =
	    lowpc < highpc && sample_start(lowpc, highpc, &run.cfg.sample) == 0;
	run.start_ns = gmon_realtime_ns();
	install_dumps(run.cfg.dump_on);
	gmon_active = 1;
	start_snapshots();
}

void
gmon_ctor(void)
{
	start(0, 0, false);
}

/* dump() itself, not _mcleanup(): in libgmon.so that call would bind to
 * the first _mcleanup in the loader's order, the C library's when it
 * comes first. */
void
gmon_dtor(void)
{
	dump(true, true);
}

void
__monstartup(unsigned long lowpc, unsigned long highpc)
{
	start(lowpc, highpc, true);
	run.requested = true;
}

void
monstartup(unsigned long lowpc, unsigned long highpc)
{
	__monstartup(lowpc, highpc);
}

void
_mcleanup(void)
{
	dump(true, true);
}

void
moncontrol(int mode)
{
	if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) != RUNNING)
		return;
	gmon_active = mode != 0;
	if (run.sampling)
		sample_pause(mode == 0);
}

int
__profile_frequency(void)
{
	unsigned hz = run.cfg.sample.rate_hz;
	return hz ? (int)hz : 100;
}

void
gmon_dump_event(unsigned event)
{
	/* Not in a vfork child: it shares our memory. */
	if (!(run.cfg.dump_on & event) || getpid() != run.pid)
		return;
	dump(event == GMON_DUMP_EXIT, false);
}
