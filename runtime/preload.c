/*
 * preload.c - LIBGMON_DUMP_ON=_exit,exec for the shared library only
 * (libgmon.so, preloaded or linked): _exit and the exec family are
 * interposed so the profile is written before the process image ends.
 * At _exit the profile is final; at exec it is a snapshot (should the
 * exec fail, counting goes on and exit writes the whole profile again).
 * Not in libgmon.a: defining _exit there would clash with libc.a's.
 *
 * The exec functions of glibc call execve internally without going
 * through the PLT, so each of them is interposed on its own; the
 * variadic execl* build their argument vector on the stack.
 */
#include "gmon_rt.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

GMON_EXPORT void _exit(int status);
GMON_EXPORT void _Exit(int status);
GMON_EXPORT int execve(const char *path, char *const argv[],
		       char *const envp[]);
GMON_EXPORT int execv(const char *path, char *const argv[]);
GMON_EXPORT int execvp(const char *file, char *const argv[]);
GMON_EXPORT int execvpe(const char *file, char *const argv[],
			char *const envp[]);
GMON_EXPORT int fexecve(int fd, char *const argv[], char *const envp[]);
GMON_EXPORT int execl(const char *path, const char *arg, ...);
GMON_EXPORT int execlp(const char *file, const char *arg, ...);
GMON_EXPORT int execle(const char *path, const char *arg, ...);

void
_exit(int status)
{
	gmon_dump_event(GMON_DUMP_EXIT);
	for (;;)
		syscall(SYS_exit_group, status);
}

void
_Exit(int status)
{
	_exit(status);
}

/* The next definition of NAME (libc's). */
static void *
next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

typedef int exec3_fn(const char *, char *const[], char *const[]);
typedef int exec2_fn(const char *, char *const[]);
typedef int fexec_fn(int, char *const[], char *const[]);

int
execve(const char *path, char *const argv[], char *const envp[])
{
	gmon_dump_event(GMON_DUMP_EXEC);
	exec3_fn *f = (exec3_fn *)next("execve");
	return f ? f(path, argv, envp) : -1;
}

int
execv(const char *path, char *const argv[])
{
	gmon_dump_event(GMON_DUMP_EXEC);
	exec2_fn *f = (exec2_fn *)next("execv");
	return f ? f(path, argv) : -1;
}

int
execvp(const char *file, char *const argv[])
{
	gmon_dump_event(GMON_DUMP_EXEC);
	exec2_fn *f = (exec2_fn *)next("execvp");
	return f ? f(file, argv) : -1;
}

int
execvpe(const char *file, char *const argv[], char *const envp[])
{
	gmon_dump_event(GMON_DUMP_EXEC);
	exec3_fn *f = (exec3_fn *)next("execvpe");
	return f ? f(file, argv, envp) : -1;
}

int
fexecve(int fd, char *const argv[], char *const envp[])
{
	gmon_dump_event(GMON_DUMP_EXEC);
	fexec_fn *f = (fexec_fn *)next("fexecve");
	return f ? f(fd, argv, envp) : -1;
}

/* Count ARG and the arguments after it up to the NULL. */
static size_t
count_args(const char *arg, va_list ap)
{
	size_t n = 1;
	if (arg)
		while (va_arg(ap, const char *))
			n++;
	return n;
}

int
execl(const char *path, const char *arg, ...)
{
	va_list ap;
	va_start(ap, arg);
	size_t n = count_args(arg, ap);
	va_end(ap);
	char *argv[n + 1];
	va_start(ap, arg);
	argv[0] = (char *)arg;
	for (size_t i = 1; i <= n; i++)
		argv[i] = i < n ? va_arg(ap, char *) : NULL;
	va_end(ap);
	return execv(path, argv);
}

int
execlp(const char *file, const char *arg, ...)
{
	va_list ap;
	va_start(ap, arg);
	size_t n = count_args(arg, ap);
	va_end(ap);
	char *argv[n + 1];
	va_start(ap, arg);
	argv[0] = (char *)arg;
	for (size_t i = 1; i <= n; i++)
		argv[i] = i < n ? va_arg(ap, char *) : NULL;
	va_end(ap);
	return execvp(file, argv);
}

int
execle(const char *path, const char *arg, ...)
{
	va_list ap;
	va_start(ap, arg);
	size_t n = count_args(arg, ap);
	va_end(ap);
	char *argv[n + 1];
	va_start(ap, arg);
	argv[0] = (char *)arg;
	for (size_t i = 1; i <= n; i++)
		argv[i] = i < n ? va_arg(ap, char *) : NULL;
	char *const *envp = va_arg(ap, char *const *);
	va_end(ap);
	return execve(path, argv, envp);
}
