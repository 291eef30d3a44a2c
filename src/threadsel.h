/*
 * threadsel.h - the analysis of a profile's threads: --threads and
 * --thread=SPEC (threads.h holds what the side files said about them).
 *
 * --thread restricts the whole analysis to some threads by replacing the
 * profile's data when it is loaded, so that every report and view works
 * unchanged: the executable's histograms (gmon.out's layout) and each
 * shared object's (its HIST layout) are rebuilt from the selected
 * threads' stacks, each stack's samples in the bin of its frame 0 (the
 * sampled PC); gmon.out's arcs and the side files' ARCS become the
 * selected threads' exact THREADARCS; the stacks become theirs.
 * Samples with no stack kept (STACKINFO's dropped) belong to no thread.
 *
 * A SPEC is a comma list of names with shell wildcards (fnmatch) or
 * numeric kernel thread ids; each must match some thread.
 */
#ifndef GPROF_THREADSEL_H
#define GPROF_THREADSEL_H

#include <stdbool.h>

#include "gmon.h"
#include "objects.h"
#include "options.h"
#include "symtab.h"
#include "threads.h"
#include "threadview.h"

/*
 * After sidefile_check() for profile I (PATH) of the options' list:
 * record in TH whether it gave per-thread data (TH had NSIDES side files
 * before the check).
 */
void threadsel_note(struct threads *th, size_t i, const char *path,
		    size_t nsides);

/*
 * When O asks for threads (--threads, --thread): -1 with "PROFILE: no
 * per-thread data (why)" in ERR unless every profile had them; then,
 * for --thread, *PICKED (owned, one per row of TH) says which rows the
 * specs pick (-1 when a spec matches none, naming the threads there
 * are), and G and OS hold their data only (as described at the top).
 * Without thread options: 0, nothing changed.
 */
int threadsel_apply(struct threads *th, const struct options *o, struct gmon *g,
		    struct objects *os, bool **picked, struct gp_err *err);

/*
 * The printers' table TV of TH's rows (PICKED from threadsel_apply(),
 * or NULL: all), with each row's stacks mapped to functions of ST
 * (through OS's load map) when FUNCTIONS (not in line mode).  Never
 * fails.
 */
void threadsel_view(struct thread_view *tv, const struct threads *th,
		    const bool *picked, const struct objects *os,
		    const struct symtab *st, bool functions);

void threadsel_free(struct thread_view *tv);

#endif
