/*
 * check.c - the harness behind check.h.
 *
 * Each group of cases runs in a child process, so a crash (or a
 * sanitizer report) fails the case it happened in and the rest still
 * run.  The current case lives in one record in memory shared with the
 * children, so the parent can name the case a child died in.
 */
#include "check.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

struct state {
	char name[128];
	char why[512];
	bool open, failed;
	unsigned run, nfailed;
};

static struct state fallback;
static struct state *cur = &fallback;

void
t_init(void)
{
	void *p = mmap(NULL, sizeof(struct state), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED) {
		cur = p;
		memset(cur, 0, sizeof(*cur));
	}
}

void
t_fini(void)
{
	if (cur != &fallback) {
		fallback = *cur;
		munmap(cur, sizeof(*cur));
		cur = &fallback;
	}
}

static void
describe(int status, char *why, size_t n)
{
	if (WIFEXITED(status))
		snprintf(why, n,
			 "the test process exited %d (sanitizer report "
			 "or leak? see stderr)",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(why, n, "the test process died of signal %d",
			 WTERMSIG(status));
	else
		snprintf(why, n, "the test process stopped (status 0x%x)",
			 status);
}

/* Run FN(I) in a child; a child that fails reports its case (or GROUP). */
static void
run_child(const char *group, void (*fn)(void), void (*fni)(size_t), size_t i)
{
	char why[200];
	int status = 0;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = cur == &fallback ? -1 : fork();
	if (pid < 0 || pid == 0) {
		if (fn != NULL)
			fn();
		else
			fni(i);
		t_end();
	}
	if (pid < 0)
		return;
	if (pid == 0) {
		fflush(stdout);
		exit(0); /* not _exit: leak checking runs at exit */
	}
	if (waitpid(pid, &status, 0) != pid)
		snprintf(why, sizeof(why), "waitpid failed");
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return;
	else
		describe(status, why, sizeof(why));
	cur->run++;
	cur->nfailed++;
	if (cur->open) {
		cur->open = false;
		printf("FAIL unit/%s: %s during this case%s%s\n", cur->name,
		       why, cur->failed ? "; first failed check: " : "",
		       cur->failed ? cur->why : "");
	} else {
		printf("FAIL unit/%s: %s after its cases\n", group, why);
	}
	fflush(stdout);
}

void
t_begin(const char *fmt, ...)
{
	va_list ap;

	if (cur->open)
		t_end();
	va_start(ap, fmt);
	vsnprintf(cur->name, sizeof(cur->name), fmt, ap);
	va_end(ap);
	cur->why[0] = '\0';
	cur->open = true;
	cur->failed = false;
}

void
t_end(void)
{
	if (!cur->open)
		return;
	cur->open = false;
	cur->run++;
	/* One line per case: keep newlines of messages out of it. */
	for (char *p = cur->why; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (cur->failed) {
		cur->nfailed++;
		printf("FAIL unit/%s: %s\n", cur->name, cur->why);
	} else {
		printf("PASS unit/%s\n", cur->name);
	}
	fflush(stdout);
}

bool
t_fail(const char *fmt, ...)
{
	va_list ap;

	if (cur->failed)
		return false;
	cur->failed = true;
	va_start(ap, fmt);
	vsnprintf(cur->why, sizeof(cur->why), fmt, ap);
	va_end(ap);
	return false;
}

void
t_counts(unsigned *run, unsigned *failed)
{
	*run = cur->run;
	*failed = cur->nfailed;
}

bool
check_true(bool ok, const char *what)
{
	return ok ? true : t_fail("%s", what);
}

bool
check_u64(uint64_t got, uint64_t want, const char *what)
{
	if (got == want)
		return true;
	return t_fail("%s: got %" PRIu64 " (0x%" PRIx64 "), want %" PRIu64
		      " (0x%" PRIx64 ")",
		      what, got, got, want, want);
}

bool
check_dbl(double got, double want, const char *what)
{
	double scale = fmax(1.0, fmax(fabs(got), fabs(want)));

	if (fabs(got - want) <= 1e-9 * scale)
		return true;
	return t_fail("%s: got %.12g, want %.12g", what, got, want);
}

bool
check_str(const char *got, const char *want, const char *what)
{
	if (got == NULL && want == NULL)
		return true;
	if (got != NULL && want != NULL && strcmp(got, want) == 0)
		return true;
	return t_fail("%s: got \"%s\", want \"%s\"", what, got ? got : "(null)",
		      want ? want : "(null)");
}

bool
check_has(const char *s, const char *sub, const char *what)
{
	if (s != NULL && strstr(s, sub) != NULL)
		return true;
	return t_fail("%s: \"%s\" does not contain \"%s\"", what,
		      s ? s : "(null)", sub);
}

uint64_t
t_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

void
t_run(const char *group, void (*fn)(void))
{
	run_child(group, fn, NULL, 0);
}

void
t_run_each(const char *group, void (*fn)(size_t i), size_t n)
{
	for (size_t i = 0; i < n; i++)
		run_child(group, NULL, fn, i);
}

double
t_uniform(uint64_t *state)
{
	return (double)(t_rand(state) >> 11) * 0x1p-53;
}

uint64_t
t_poisson(uint64_t *state, double lambda)
{
	uint64_t n = 0;

	while (lambda > 0) {
		double part = lambda > 30 ? 30 : lambda, limit = exp(-part);
		double prod = t_uniform(state);
		while (prod > limit) {
			n++;
			prod *= t_uniform(state);
		}
		lambda -= part;
	}
	return n;
}

struct module {
	const char *name;
	void (*fn)(void);
};

static struct module modules[T_MAX_MODULES];
static size_t nmodules;

/* Runs from constructors, before main(): nothing here may need t_init(). */
void
t_register(const char *name, void (*fn)(void))
{
	if (nmodules == T_MAX_MODULES) {
		fprintf(stderr,
			"unit: more than %d modules; raise "
			"T_MAX_MODULES in check.h\n",
			T_MAX_MODULES);
		exit(2);
	}
	modules[nmodules].name = name;
	modules[nmodules].fn = fn;
	nmodules++;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct module *)a)->name,
		      ((const struct module *)b)->name);
}

void
t_run_modules(void)
{
	qsort(modules, nmodules, sizeof(modules[0]), by_name);
	for (size_t i = 0; i < nmodules; i++)
		modules[i].fn();
}
