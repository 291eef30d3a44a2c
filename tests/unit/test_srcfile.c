/*
 * test_srcfile.c - the line splitter of annotated source (srcfile) and
 * the search along -I and GPROF_PATH (srcpath), in a scratch directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "srcfile.h"
#include "srcpath.h"

/* Split TEXT (LEN bytes) and compare with the N lines WANT. */
static bool
split_is(const char *text, size_t len, const char *const *want, size_t n)
{
	struct srcfile sf;
	char *copy = xmalloc(len + 1);
	bool ok = true;

	memcpy(copy, text, len);
	copy[len] = '\0';
	srcfile_split(&sf, copy, len);
	ok = check_u64(sf.nlines, n, "number of lines");
	for (size_t k = 0; ok && k < n; k++) {
		size_t l;
		const char *p = srcfile_line(&sf, k + 1, &l);

		ok = check_true(p != NULL, "line exists") &&
		     check_u64(l, strlen(want[k]), "line length") &&
		     check_true(memcmp(p, want[k], l) == 0, "line bytes");
	}
	if (ok) {
		size_t l;
		ok =
		    check_true(srcfile_line(&sf, 0, &l) == NULL, "no line 0") &&
		    check_true(srcfile_line(&sf, n + 1, &l) == NULL,
			       "no line after the last");
	}
	srcfile_free(&sf);
	return ok;
}

static void
t_split(void)
{
	static const char *const two[] = { "a\n", "b\n" };
	static const char *const nonl[] = { "a\n", "b" };
	static const char *const crlf[] = { "a\r\n", "\r\n" };
	static const char *const blanks[] = { "\n", "\n" };

	t_begin("srcfile/split-empty");
	split_is("", 0, NULL, 0);
	t_end();
	t_begin("srcfile/split-lines");
	split_is("a\nb\n", 4, two, 2);
	t_end();
	t_begin("srcfile/split-no-final-newline");
	split_is("a\nb", 3, nonl, 2);
	t_end();
	t_begin("srcfile/split-crlf-kept");
	split_is("a\r\n\r\n", 5, crlf, 2);
	t_end();
	t_begin("srcfile/split-blank-lines");
	split_is("\n\n", 2, blanks, 2);
	t_end();
	t_begin("srcfile/split-nul");
	{
		struct srcfile sf;
		char *c = xmalloc(4);

		memcpy(c, "x\0y", 4);
		srcfile_split(&sf, c, 3);
		check_true(sf.has_nul && sf.nlines == 1, "one line, NUL seen");
		srcfile_free(&sf);
	}
	t_end();
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		abort();
}

/* Load NAME along SP; true when it holds WANT. */
static bool
found(const struct srcpath *sp, const char *name, const char *want)
{
	struct srcfile sf;
	struct gp_err err;
	bool ok;

	if (srcpath_load(sp, name, &sf, &err) != 0)
		return t_fail("%s not found: %s", name, err.msg);
	ok = check_str(sf.data, want, name);
	srcfile_free(&sf);
	return ok;
}

static void
t_search(void)
{
	char dir[] = "/tmp/gprof-unit-srcpath-XXXXXX", p[256];
	const char *dirs[2];
	struct srcpath sp;
	struct srcfile sf;
	struct gp_err err;

	t_begin("srcpath/order");
	if (mkdtemp(dir) == NULL) {
		t_fail("mkdtemp");
		t_end();
		return;
	}
	snprintf(p, sizeof(p), "%s/d1", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/d2", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/d2/sub", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/d1/x.c", dir);
	put(p, "base-d1\n");
	snprintf(p, sizeof(p), "%s/d2/sub/x.c", dir);
	put(p, "full-d2\n");
	/* DIR/NAME over every directory comes before DIR/BASE. */
	snprintf(p, sizeof(p), "%s/d1:%s/d2", dir, dir);
	dirs[0] = p;
	srcpath_init(&sp, dirs, 1, NULL);
	found(&sp, "sub/x.c", "full-d2\n");
	found(&sp, "/nowhere/x.c", "base-d1\n");
	srcpath_free(&sp);
	t_end();

	t_begin("srcpath/env-after-I");
	{
		char d1[256], d2[256];

		snprintf(d1, sizeof(d1), "%s/d2", dir);
		snprintf(d2, sizeof(d2), "%s/d1", dir);
		dirs[0] = d1;
		srcpath_init(&sp, dirs, 1, d2);
		found(&sp, "sub/x.c", "full-d2\n");
		found(&sp, "/nowhere/x.c", "base-d1\n");
		srcpath_free(&sp);
	}
	t_end();

	t_begin("srcpath/missing-and-not-a-directory");
	snprintf(p, sizeof(p), "%s/d1/x.c", dir);
	dirs[0] = p; /* a file named as a directory */
	srcpath_init(&sp, dirs, 1, "::");
	if (check_true(srcpath_load(&sp, "y.c", &sf, &err) != 0,
		       "y.c is nowhere"))
		check_has(err.msg, "y.c", "message names the file");
	srcpath_free(&sp);
	t_end();

	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	if (system(p) != 0)
		t_fail("cleanup");
}

T_MODULE(srcfile)
{
	t_run("srcfile", t_split);
	t_run("srcpath", t_search);
}
