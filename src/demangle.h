/*
 * demangle.h - C++ (Itanium ABI) names made readable, as GNU gprof 2.40
 * prints them.
 *
 * The demangler is the system's: libstdc++'s __cxa_demangle, which is
 * libiberty's, as binutils' is, but of the C++ library's own version,
 * not 2.40's.  The two agree on the names C and C++ programs have (the
 * table in tests/unit/test_demangle.c holds what 2.40 prints for each
 * kind, and fails when a toolchain's demangler prints otherwise).  What
 * we do where they part:
 *
 *   - The system demangles a construct 2.40 does not know: we print the
 *     name raw, as 2.40 does (demangle_beyond_gnu says which).  Today's
 *     such constructs are fixed-point types (libstdc++ up to GCC 12
 *     reads "DF" as _Fract and _Accum), and, in libstdc++ from GCC 14
 *     on, C++20 requires-clauses and explicit object parameters ("this"
 *     parameters).
 *   - 2.40 demangles what the system does not, or otherwise: we print
 *     what the system gives, raw or not.  Known: _FloatN and bfloat16
 *     types ("DF16_", "DF16b"), C++20 module names ("W"), and Rust
 *     symbols (2.40 drops a legacy name's hash and decodes its escapes,
 *     and reads "_R" names).  tests/diff/KNOWN.md lists them.
 */
#ifndef GPROF_DEMANGLE_H
#define GPROF_DEMANGLE_H

#include <stdbool.h>

/*
 * The demangled form of NAME in a new string (caller frees), or NULL
 * when NAME stays as it is: not a mangled C++ name, or one that 2.40
 * prints raw (see above).  Only "_Z..." names and GCC's "_GLOBAL_"
 * constructor names are tried, so a C function called "i" stays "i".
 * A "@version" suffix is kept after the demangled part.
 */
char *demangle(const char *name);

/*
 * Whether TEXT, a name as the system's demangler prints it, shows a
 * construct that GNU gprof 2.40 leaves mangled: a fixed-point type (the
 * word "_Fract" or "_Accum"), a requires-clause (") requires " or
 * "> requires ") or an explicit object parameter ("(this ").  Each is
 * spelled so that no older construct can print it (a parameter cannot
 * be named "this"; a type named "requires" follows "(" or ", ").
 */
bool demangle_beyond_gnu(const char *text);

#endif
