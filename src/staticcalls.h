/*
 * staticcalls.h - -c: call instructions found in the executable's code
 * become arcs with a count of 0, so that functions the run never called
 * still show where they would be called from.
 */
#ifndef GPROF_STATICCALLS_H
#define GPROF_STATICCALLS_H

#include <stdbool.h>

#include "callgraph.h"
#include "exe.h"
#include "gmon.h"

/*
 * Scan each function's code inside the histograms of G and the .text
 * section (a function's code runs up to the next function) for direct calls
 * (x86-64 and i386 CALL rel32; aarch64 BL and B) to the first byte of a
 * function inside a histogram, and add each as an arc of count 0.
 * Unlike GNU gprof 2.40, backward calls are found too (their
 * displacement is signed).  Returns false, doing nothing, for other
 * architectures.
 */
bool static_calls(struct callgraph *cg, struct exe *x, const struct gmon *g);

#endif
