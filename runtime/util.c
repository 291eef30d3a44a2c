/*
 * util.c - text without stdio or malloc, for code that may run late in
 * exit or in a signal handler.
 */
#include "gmon_rt.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

uint64_t
gmon_realtime_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The standard error the program started with (gmon_say_init). */
static struct {
	bool known;
	dev_t dev;
	ino_t ino;
} err_file;

void
gmon_say_init(void)
{
	struct stat st;
	err_file.known = fstat(2, &st) == 0;
	err_file.dev = st.st_dev;
	err_file.ino = st.st_ino;
}

/* Whether descriptor 2 is still the file it was at start: a program
 * that closed it may have opened its own data there. */
static bool
stderr_ours(void)
{
	struct stat st;
	return err_file.known && fstat(2, &st) == 0 &&
	       st.st_dev == err_file.dev && st.st_ino == err_file.ino;
}

size_t
gmon_fmt_u64(char *buf, uint64_t v)
{
	char tmp[20];
	size_t n = 0;
	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	for (size_t i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	return n;
}

/* One write(2) of the parts joined (cut at 1 KiB), so that lines from
 * several processes do not interleave.  A line cut short (a long name)
 * still ends as the parts do: with "...\n" when the last part ends
 * with a newline.  Nothing is written when descriptor 2 no longer is
 * the standard error the program started with. */
void
gmon_say(const char *const *parts, size_t n)
{
	char line[1024];
	size_t len = 0;
	bool cut = false;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(parts[i]);
		if (k > sizeof line - len) {
			k = sizeof line - len;
			cut = true;
		}
		memcpy(line + len, parts[i], k);
		len += k;
	}
	const char *last = n ? parts[n - 1] : "";
	size_t nl = strlen(last);
	if (cut && nl && last[nl - 1] == '\n')
		memcpy(line + sizeof line - 4, "...\n", 4);
	int saved = errno;
	if (stderr_ours()) {
		ssize_t w = write(2, line, len);
		(void)w;
	}
	errno = saved;
}
