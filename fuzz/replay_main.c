/*
 * replay_main.c - run a libFuzzer target without libFuzzer: feed
 * LLVMFuzzerTestOneInput every file named on the command line, and every
 * regular file inside each directory named (not recursively).
 *
 * Prints nothing on success; "replay: PATH: why" on stderr and exit 1
 * when a file cannot be read.  A crash in the target ends the process,
 * as it should: the sanitizers print the report.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;

	if (f == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			unsigned char *p;

			cap = cap ? 2 * cap : 65536;
			p = realloc(buf, cap);
			if (p == NULL) {
				fprintf(stderr, "replay: %s: out of memory\n",
					path);
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "replay: %s: read error\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	/* Shrink to the exact size so ASan sees reads past the end. */
	{
		unsigned char *exact = realloc(buf, n ? n : 1);

		if (exact != NULL)
			buf = exact;
	}
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **paths = NULL;
	size_t n = 0;
	int rc = 0;

	if (d == NULL) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		size_t len;
		char *p, **np;

		if (e->d_name[0] == '.')
			continue;
		len = strlen(dir) + strlen(e->d_name) + 2;
		p = malloc(len);
		np = realloc(paths, (n + 1) * sizeof(*paths));
		if (p == NULL || np == NULL) {
			free(p);
			rc = -1;
			break;
		}
		paths = np;
		snprintf(p, len, "%s/%s", dir, e->d_name);
		if (stat(p, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(p);
			continue;
		}
		paths[n++] = p;
	}
	closedir(d);
	if (n > 1)
		qsort(paths, n, sizeof(*paths), by_name);
	for (size_t i = 0; i < n; i++) {
		if (rc == 0 && replay_file(paths[i]) != 0)
			rc = -1;
		free(paths[i]);
	}
	free(paths);
	return rc;
}

int
main(int argc, char **argv)
{
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i],
				strerror(errno));
			rc = 1;
		} else if (S_ISDIR(st.st_mode) ? replay_dir(argv[i]) != 0
					       : replay_file(argv[i]) != 0) {
			rc = 1;
		}
	}
	return rc;
}
