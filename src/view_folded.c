/*
 * view_folded.c - --format=folded: the measured stacks as Brendan
 * Gregg's collapsed stacks (what flamegraph.pl, speedscope and inferno
 * read): one line per distinct stack, its frames outermost first joined
 * by ';', a space and its count of samples:
 *
 *   worker-1;run;crunch;leaf 31
 *   worker-1;[truncated];qsort_cmp 2
 *
 * The root frame is the thread's name (threadview.h), unless --thread
 * picked one thread or the stacks have no thread (no per-thread data, or
 * the collector's stacks of no thread in particular).  A truncated
 * stack (the walk stopped early, or a frame outside every function cut
 * it) gets a "[truncated]" frame between the root and its outermost
 * known frame, so truncated stacks group under one node; a stack whose
 * sampled PC lies in no function is "[unknown]".  Names are shown as
 * the other views show them (demangled unless asked not to); ';' in a
 * name becomes ':' and a line break a space, so that every line parses.
 * Lines are sorted by their bytes, repeats summed: the output depends
 * on the profile only.
 */
#include <stdlib.h>
#include <string.h>

#include "views.h"

/* The lines being built: a growing text of NUL-ended stacks. */
struct lines {
	char *text; /* owned */
	size_t len, cap;
	size_t *at; /* owned: each line's offset in TEXT */
	uint64_t *count;
	size_t n, ncap;
};

static void
put(struct lines *l, const char *s, size_t n)
{
	if (n > SIZE_MAX / 2 - l->len)
		gp_out_of_memory();
	if (l->len + n > l->cap) {
		l->cap = l->cap ? l->cap : 4096;
		while (l->len + n > l->cap)
			l->cap *= 2;
		l->text = xreallocarray(l->text, l->cap, 1);
	}
	memcpy(l->text + l->len, s, n);
	l->len += n;
}

/* Frame NAME, cleaned (';' and line breaks), after a ';' unless first. */
static void
put_frame(struct lines *l, const char *name, bool first)
{
	if (!first)
		put(l, ";", 1);
	if (*name == '\0')
		name = "?";
	for (const char *p = name; *p != '\0';) {
		size_t k = strcspn(p, ";\n\r");
		put(l, p, k);
		p += k;
		if (*p != '\0') {
			put(l, *p == ';' ? ":" : " ", 1);
			p++;
		}
	}
}

/* One line: ROOT (or NULL), then stack S's functions outermost first. */
static void
add_stack(struct lines *l, const struct model *m, const char *root,
	  const struct measured_stack *s, const uint32_t *fns)
{
	bool first = true;

	if (l->n == l->ncap) {
		l->ncap = l->ncap ? 2 * l->ncap : 256;
		l->at = xreallocarray(l->at, l->ncap, sizeof(*l->at));
		l->count = xreallocarray(l->count, l->ncap, sizeof(*l->count));
	}
	l->at[l->n] = l->len;
	l->count[l->n++] = s->count;
	if (root != NULL) {
		put_frame(l, root, true);
		first = false;
	}
	if (s->truncated) {
		put_frame(l, "[truncated]", first);
		first = false;
	}
	if (s->len == 0)
		put_frame(l, "[unknown]", first);
	for (uint32_t i = s->len; i > 0; i--) {
		put_frame(l, model_name(m, fns[s->at + i - 1]), first);
		first = false;
	}
	put(l, "", 1);
}

/* A line of the text, for sorting. */
struct line_ref {
	size_t at;
	uint64_t count;
};

static int
ref_cmp(const void *p, const void *q, void *text)
{
	const struct line_ref *a = p, *b = q;

	return strcmp((const char *)text + a->at, (const char *)text + b->at);
}

static void
print_lines(FILE *out, struct lines *l)
{
	struct line_ref *v = xcalloc(l->n ? l->n : 1, sizeof(*v));

	for (size_t i = 0; i < l->n; i++)
		v[i] = (struct line_ref){ l->at[i], l->count[i] };
	qsort_r(v, l->n, sizeof(*v), ref_cmp, l->text);
	for (size_t i = 0; i < l->n;) {
		uint64_t c = v[i].count;
		size_t j = i + 1;

		while (j < l->n &&
		       strcmp(l->text + v[i].at, l->text + v[j].at) == 0)
			c = gp_add_sat(c, v[j++].count);
		fprintf(out, "%s %llu\n", l->text + v[i].at,
			(unsigned long long)c);
		i = j;
	}
	free(v);
}

/* A row's root frame: its name, or "thread TID" when it has none. */
static const char *
root_name(const struct thread_row *r, char *buf, size_t len)
{
	if (r->name[0] != '\0')
		return sanitize_name(r->name, buf, len);
	snprintf(buf, len, "thread %llu", (unsigned long long)r->tid);
	return buf;
}

int
view_folded(FILE *out, const struct view_ctx *v, struct gp_err *err)
{
	const struct model *m = v->m;
	const struct thread_view *tv = m->threads;
	const struct measured *me = m->measured;
	struct lines l = { 0 };
	size_t picked = 0;

	if (tv != NULL && tv->any && tv->have_stacks)
		for (size_t i = 0; i < tv->n; i++)
			picked += tv->rows[i].selected;
	if (tv != NULL && tv->any && tv->have_stacks &&
	    !(tv->selection && picked == 1)) {
		for (size_t i = 0; i < tv->n; i++) {
			const struct thread_row *r = &tv->rows[i];
			char name[THREAD_NAME_MAX + 32];

			if (!r->selected)
				continue;
			root_name(r, name, sizeof(name));
			for (size_t s = r->first; s < r->first + r->nstacks;
			     s++)
				add_stack(&l, m, name, &tv->stacks[s], tv->fns);
		}
		for (size_t s = tv->n_owned; !tv->selection && s < tv->nstacks;
		     s++)
			add_stack(&l, m, NULL, &tv->stacks[s], tv->fns);
	} else if (me != NULL && me->any) {
		for (size_t s = 0; s < me->nstacks; s++)
			add_stack(&l, m, NULL, &me->stacks[s], me->fns);
	} else if (tv == NULL || !tv->any) {
		char name[256];
		return gp_fail(
		    err,
		    "%s: no sampled stacks to fold (the side file "
		    "holds none: glibc's collector, an older "
		    "libgmon, or LIBGMON_STACKS=0)",
		    m->prog.nprofiles
			? sanitize_name(m->prog.profiles[0], name, sizeof(name))
			: "gmon.out");
	}
	print_lines(out, &l);
	free(l.text);
	free(l.at);
	free(l.count);
	return 0;
}
