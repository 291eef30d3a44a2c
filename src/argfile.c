/*
 * argfile.c - expand "@FILE" arguments (response files).
 *
 * Each file is read once and split in place: a word's characters move
 * to the front of its own span of the text (unquoting only shortens),
 * so the words need no memory of their own.
 */
#include "argfile.h"
#include "reader.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RESPONSE_FILES 256

/* A growable array of words. */
struct words {
	char **v;
	size_t n, cap;
};

static void
words_push(struct words *w, char *s)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->v = xreallocarray(w->v, w->cap, sizeof(*w->v));
	}
	w->v[w->n++] = s;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

/*
 * Unquote the word at *P in place; leave *P after it (and after the
 * blank that ends it, which the word's NUL may overwrite).
 */
static char *
one_word(char **pp)
{
	char *p = *pp, *w = p, *q = p, quote = 0;

	for (; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0')
			*q++ = *++p;
		else if (quote != 0 && *p == quote)
			quote = 0;
		else if (quote != 0)
			*q++ = *p;
		else if (*p == '\'' || *p == '"')
			quote = *p;
		else if (blank(*p))
			break;
		else
			*q++ = *p;
	}
	if (*p != '\0')
		p++;
	*q = '\0'; /* q < p here, or both sit on the final NUL */
	*pp = p;
	return w;
}

/* Split TEXT (NUL-terminated, modified) into W. */
static void
split_words(char *text, struct words *w)
{
	char *p = text;

	for (;;) {
		while (blank(*p))
			p++;
		if (*p == '\0')
			return;
		words_push(w, one_word(&p));
	}
}

/* Replace A->argv[I] by the NW words of WORDS. */
static void
splice(struct argfile *af, size_t *cap, int i, char **words, size_t nw)
{
	size_t n = (size_t)af->argc, need = n - 1 + nw + 1;

	if (need > *cap) {
		*cap = need > 2 * *cap ? need : 2 * *cap;
		af->argv = xreallocarray(af->argv, *cap, sizeof(*af->argv));
	}
	/* The tail after I, and its NULL, moves to make room. */
	memmove(af->argv + i + nw, af->argv + i + 1,
		(n - (size_t)i - 1 + 1) * sizeof(*af->argv));
	if (nw > 0)
		memcpy(af->argv + i, words, nw * sizeof(*af->argv));
	af->argc = (int)(n - 1 + nw);
}

int
argfile_expand(struct argfile *af, int argc, char **argv, struct gp_err *err)
{
	size_t cap = (size_t)argc + 1;

	memset(af, 0, sizeof(*af));
	af->argv = xreallocarray(NULL, cap, sizeof(*af->argv));
	memcpy(af->argv, argv, (size_t)argc * sizeof(*argv));
	af->argv[argc] = NULL;
	af->argc = argc;
	for (int i = 1; i < af->argc; i++) {
		struct words w = { NULL, 0, 0 };
		char *text;

		if (af->argv[i][0] != '@' ||
		    (text = slurp_file(af->argv[i] + 1, NULL)) == NULL)
			continue;
		if (af->ntexts == MAX_RESPONSE_FILES) {
			free(text);
			return gp_fail(
			    err, "%s: more than %d response files (a loop?)",
			    af->argv[i] + 1, MAX_RESPONSE_FILES);
		}
		af->texts = xreallocarray(af->texts, af->ntexts + 1,
					  sizeof(*af->texts));
		af->texts[af->ntexts++] = text;
		split_words(text, &w);
		splice(af, &cap, i, w.v, w.n);
		free(w.v);
		i--; /* look at what replaced it */
	}
	return 0;
}

void
argfile_free(struct argfile *af)
{
	for (size_t i = 0; i < af->ntexts; i++)
		free(af->texts[i]);
	free(af->texts);
	free(af->argv);
	memset(af, 0, sizeof(*af));
}
