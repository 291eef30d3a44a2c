/*
 * srcpath.c - the source search path of -A (see srcpath.h).
 */
#include "srcpath.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exe.h"

static void
add_list(struct srcpath *sp, const char *list)
{
	while (*list != '\0') {
		size_t len = strcspn(list, ":");

		if (len > 0) {
			sp->dirs = xreallocarray(sp->dirs, sp->n + 1,
						 sizeof(*sp->dirs));
			sp->dirs[sp->n] = xmalloc(len + 1);
			memcpy(sp->dirs[sp->n], list, len);
			sp->dirs[sp->n][len] = '\0';
			sp->n++;
		}
		list += len;
		if (*list == ':')
			list++;
	}
}

void
srcpath_init(struct srcpath *sp, const char *const *dirs, size_t n,
	     const char *env)
{
	memset(sp, 0, sizeof(*sp));
	for (size_t i = 0; i < n; i++)
		add_list(sp, dirs[i]);
	if (env != NULL)
		add_list(sp, env);
}

/*
 * Try PATH: 1 when it was read into SF, 0 when it does not exist, -1
 * when it exists (or a component is not a directory) but cannot be
 * read; the first such reason goes to WHY.
 */
static int
try_path(const char *path, struct srcfile *sf, struct gp_err *why,
	 bool *have_why)
{
	struct stat st;
	struct gp_err e;

	if (stat(path, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		if (!*have_why)
			gp_fail(why, "%s: %s", path, strerror(errno));
		*have_why = true;
		return -1;
	}
	if (srcfile_load(sf, path, &e) == 0)
		return 1;
	if (!*have_why)
		gp_fail(why, "%s", e.msg);
	*have_why = true;
	return -1;
}

static int
try_in(const char *dir, const char *name, struct srcfile *sf,
       struct gp_err *why, bool *have_why)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *path = xmalloc(len);
	int rc;

	snprintf(path, len, "%s/%s", dir, name);
	rc = try_path(path, sf, why, have_why);
	free(path);
	return rc;
}

int
srcpath_load(const struct srcpath *sp, const char *name, struct srcfile *sf,
	     struct gp_err *err)
{
	struct gp_err why;
	bool have_why = false;
	const char *base = xpath_base(name);

	if (try_path(name, sf, &why, &have_why) == 1)
		return 0;
	for (size_t i = 0; i < sp->n; i++)
		if (try_in(sp->dirs[i], name, sf, &why, &have_why) == 1)
			return 0;
	for (size_t i = 0; i < sp->n; i++)
		if (try_in(sp->dirs[i], base, sf, &why, &have_why) == 1)
			return 0;
	if (have_why)
		return gp_fail(err, "cannot read source file %s (%s)", name,
			       why.msg);
	return gp_fail(err, "cannot find source file %s%s", name,
		       sp->n > 0 ? " (not in the -I or GPROF_PATH "
				   "directories either)"
				 : " (-I DIR says where to look)");
}

void
srcpath_free(struct srcpath *sp)
{
	for (size_t i = 0; i < sp->n; i++)
		free(sp->dirs[i]);
	free(sp->dirs);
	memset(sp, 0, sizeof(*sp));
}
