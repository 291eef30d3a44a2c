/*
 * demangle.h - C++ (Itanium ABI) names made readable, with libstdc++'s
 * __cxa_demangle, the demangler the GNU tools share.
 */
#ifndef GPROF_DEMANGLE_H
#define GPROF_DEMANGLE_H

/*
 * The demangled form of NAME in a new string (caller frees), or NULL
 * when NAME is not a mangled C++ name.  Only "_Z..." names and GCC's
 * "_GLOBAL_" constructor names are tried, so a C function called "i"
 * stays "i".  A "@version" suffix is kept after the demangled part.
 */
char *demangle(const char *name);

#endif
