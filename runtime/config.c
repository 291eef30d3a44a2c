/*
 * config.c - the collector's knobs, read once at start-up.
 *
 * Output name, first that is set:
 *   LIBGMON_OUT=PATTERN   %p the pid, %e the executable's name, %% a %
 *   GMON_OUT_PREFIX=P     glibc's: P.PID
 *   PROFDIR=DIR           BSD's: DIR/PID.NAME; set but empty: no profile
 *   (default)             gmon.out in the directory current at exit
 * LIBGMON_RATE=HZ, LIBGMON_CLOCK=auto|perf|thread|itimer|wall,
 * LIBGMON_FORK=fresh|inherit|off,
 * LIBGMON_DUMP_ON=TERM,INT,HUP,USR1,USR2,_exit,exec, LIBGMON_EVERY=SECONDS,
 * LIBGMON_STACKS=0|1 (the calling context of each sample; on by
 * default), LIBGMON_VERBOSE=1.  A set-id program (AT_SECURE) ignores
 * them all.
 * A value we do not understand is reported on stderr and ignored.
 */
#include "gmon_rt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/auxv.h>

static bool secure;

static const char *
env(const char *name)
{
	return secure ? NULL : getenv(name);
}

static void
bad_value(const char *name, const char *value)
{
	const char *parts[] = { "libgmon: ignoring ", name, "='", value,
				"'\n" };
	gmon_say(parts, sizeof parts / sizeof *parts);
}

/* Append S to the pattern; false when it does not fit. */
static bool
put(struct gmon_config *c, size_t *len, const char *s)
{
	size_t n = strlen(s);
	if (*len + n >= sizeof c->pattern)
		return false;
	memcpy(c->pattern + *len, s, n + 1);
	*len += n;
	return true;
}

static void
read_name(struct gmon_config *c)
{
	size_t len = 0;
	const char *out = env("LIBGMON_OUT");
	const char *prefix = env("GMON_OUT_PREFIX");
	const char *dir = env("PROFDIR");
	c->pattern[0] = '\0';
	if (out && *out) {
		if (put(c, &len, out))
			return;
		bad_value("LIBGMON_OUT", out);
	} else if (prefix && *prefix) {
		/* A literal % in glibc's prefix stays literal. */
		for (const char *p = prefix; *p; p++)
			if (!put(c, &len, *p == '%' ? "%%" : (char[]){ *p, 0 }))
				break;
		if (put(c, &len, ".%p"))
			return;
		bad_value("GMON_OUT_PREFIX", prefix);
	} else if (dir) {
		if (!*dir) {
			c->no_output = true;
			return;
		}
		for (const char *p = dir; *p; p++)
			if (!put(c, &len, *p == '%' ? "%%" : (char[]){ *p, 0 }))
				break;
		if (put(c, &len, "/%p.%e"))
			return;
		bad_value("PROFDIR", dir);
	}
	len = 0;
	put(c, &len, "gmon.out");
}

static void
read_clock(struct gmon_config *c)
{
	static const struct {
		const char *name;
		enum sample_clock clock;
	} clocks[] = {
		{ "auto", SAMPLE_AUTO },           { "perf", SAMPLE_PERF },
		{ "thread", SAMPLE_THREAD_TIMER }, { "itimer", SAMPLE_ITIMER },
		{ "wall", SAMPLE_WALL },
	};
	const char *v = env("LIBGMON_CLOCK");
	c->sample.clock = SAMPLE_AUTO;
	if (!v || !*v)
		return;
	for (size_t i = 0; i < sizeof clocks / sizeof *clocks; i++) {
		if (strcasecmp(v, clocks[i].name) == 0) {
			c->sample.clock = clocks[i].clock;
			return;
		}
	}
	bad_value("LIBGMON_CLOCK", v);
}

static void
read_rate(struct gmon_config *c)
{
	const char *v = env("LIBGMON_RATE");
	c->sample.rate_hz = 100;
	if (!v || !*v)
		return;
	char *end;
	unsigned long hz = strtoul(v, &end, 10);
	if (*end || hz < 1 || hz > 100000 || *v == '-' || *v == '+') {
		bad_value("LIBGMON_RATE", v);
		return;
	}
	c->sample.rate_hz = (unsigned)hz;
}

static void
read_fork(struct gmon_config *c)
{
	const char *v = env("LIBGMON_FORK");
	c->fork = GMON_FORK_FRESH;
	if (!v || !*v || strcasecmp(v, "fresh") == 0)
		return;
	if (strcasecmp(v, "inherit") == 0)
		c->fork = GMON_FORK_INHERIT;
	else if (strcasecmp(v, "off") == 0)
		c->fork = GMON_FORK_OFF;
	else
		bad_value("LIBGMON_FORK", v);
}

static void
read_dump(struct gmon_config *c)
{
	static const struct {
		const char *name;
		unsigned bit;
	} events[] = {
		{ "TERM", GMON_DUMP_TERM },    { "SIGTERM", GMON_DUMP_TERM },
		{ "INT", GMON_DUMP_INT },      { "SIGINT", GMON_DUMP_INT },
		{ "HUP", GMON_DUMP_HUP },      { "SIGHUP", GMON_DUMP_HUP },
		{ "_exit", GMON_DUMP_EXIT },   { "exit", GMON_DUMP_EXIT },
		{ "exec", GMON_DUMP_EXEC },    { "USR1", GMON_DUMP_USR1 },
		{ "SIGUSR1", GMON_DUMP_USR1 }, { "USR2", GMON_DUMP_USR2 },
		{ "SIGUSR2", GMON_DUMP_USR2 },
	};
	const char *v = env("LIBGMON_DUMP_ON");
	c->dump_on = 0;
	if (!v)
		return;
	for (const char *p = v; *p;) {
		size_t n = strcspn(p, ",");
		bool known = n == 0;
		for (size_t i = 0; i < sizeof events / sizeof *events; i++) {
			if (strlen(events[i].name) == n &&
			    strncasecmp(p, events[i].name, n) == 0) {
				c->dump_on |= events[i].bit;
				known = true;
			}
		}
		if (!known)
			bad_value("LIBGMON_DUMP_ON", v);
		p += n;
		if (*p == ',')
			p++;
	}
}

/* LIBGMON_EVERY=SECONDS: a snapshot every SECONDS of wall time (a
 * decimal, at least 0.01, at most a day). */
static void
read_every(struct gmon_config *c)
{
	const char *v = env("LIBGMON_EVERY");
	c->every_ms = 0;
	if (!v || !*v)
		return;
	uint64_t ms = 0, scale = 1000;
	const char *p = v;
	for (; *p >= '0' && *p <= '9' && ms <= 86400000; p++)
		ms = ms * 10 + (uint64_t)(*p - '0') * 1000;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			if ((scale /= 10) > 0)
				ms += (uint64_t)(*p - '0') * scale;
	if (*p || p == v || ms < 10 || ms > 86400000)
		bad_value("LIBGMON_EVERY", v);
	else
		c->every_ms = ms;
}

static void
read_stacks(struct gmon_config *c)
{
	const char *v = env("LIBGMON_STACKS");
	c->sample.stacks = true;
	if (!v || !*v || strcmp(v, "1") == 0 || strcasecmp(v, "on") == 0)
		return;
	if (strcmp(v, "0") == 0 || strcasecmp(v, "off") == 0)
		c->sample.stacks = false;
	else
		bad_value("LIBGMON_STACKS", v);
}

void
gmon_config_read(struct gmon_config *c)
{
	memset(c, 0, sizeof *c);
	secure = getauxval(AT_SECURE) != 0;
	read_name(c);
	read_clock(c);
	read_rate(c);
	read_fork(c);
	read_dump(c);
	read_every(c);
	read_stacks(c);
	const char *v = env("LIBGMON_VERBOSE");
	c->verbose = v && *v && strcmp(v, "0") != 0;
	c->sample.verbose = false;
}
