/*
 * sample_signal.c - the sampler's signal handler, shared by the clocks
 * that deliver a signal per sample: the per-thread timers
 * (sample_timer.c) and ITIMER_PROF (sample_itimer.c).
 *
 * The signal is SIGPROF unless SIGPROF already has a handler: then the
 * per-thread timers use the highest free real-time signal, and
 * ITIMER_PROF (which can only raise SIGPROF) shares it, calling the
 * previous handler after counting.  The handler stays installed after
 * sample_stop() (it then only passes signals on), so a late timer
 * signal never meets the default action, which would end the process.
 */
#include "sample_int.h"

#include <errno.h>
#include <string.h>
#include <ucontext.h>

static int signo;                 /* 0: none installed */
static struct sigaction previous; /* signo's action before ours */
static bool chain;                /* previous is a handler to call */

/* The interrupted program counter: the one place that knows the
 * machine's signal context. */
static uintptr_t
interrupted_pc(const void *context)
{
	const ucontext_t *uc = context;
#if defined(__x86_64__)
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	return (uintptr_t)uc->uc_mcontext.pc;
#else
	(void)uc;
	return 0;
#endif
}

static void
on_signal(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	if (atomic_load_explicit(&sampler.active, memory_order_relaxed)) {
		int i = sample_my_slot;
		/* A timer that fired late (at the tick after its expiry, or
		 * while its signal waited) counts the periods it missed. */
		uint32_t missed = 0;
		if (info && info->si_code == SI_TIMER && info->si_overrun > 0)
			missed = info->si_overrun < 1000000
				     ? (uint32_t)info->si_overrun
				     : 1000000;
		struct sample_ctx c = {
			.pc = interrupted_pc(context),
			.ucontext = context,
			.slot = i >= 0 ? &sampler.slots[i] : NULL,
			.periods = 1 + missed,
			.first = true, /* the bonus is taken once */
		};
		sample_take(&c);
	}
	if (chain) {
		if (previous.sa_flags & SA_SIGINFO)
			previous.sa_sigaction(sig, info, context);
		else
			previous.sa_handler(sig);
	}
	errno = saved_errno;
}

int
sample_signal_install(bool need_sigprof)
{
	struct sigaction old;
	int sig = SIGPROF;
	if (sigaction(SIGPROF, NULL, &old) != 0)
		return -1;
	bool taken = (old.sa_flags & SA_SIGINFO) ||
		     (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN);
	if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction == on_signal)
		return -1; /* ours already: never chain to ourselves */
	if (taken && !need_sigprof) {
		sig = 0;
		for (int s = SIGRTMAX; s >= SIGRTMIN; s--) {
			struct sigaction o;
			if (sigaction(s, NULL, &o) == 0 &&
			    !(o.sa_flags & SA_SIGINFO) &&
			    o.sa_handler == SIG_DFL) {
				sig = s;
				break;
			}
		}
		if (!sig)
			return -1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(sig, &sa, &previous) != 0)
		return -1;
	chain = sig == SIGPROF && taken;
	signo = sig;
	return 0;
}

/* A clock failed to start after sample_signal_install(): put back the
 * action it replaced (else the next try would chain to our handler). */
void
sample_signal_restore(void)
{
	if (signo)
		sigaction(signo, &previous, NULL);
	signo = 0;
	chain = false;
}

int
sample_signal_number(void)
{
	return signo;
}
