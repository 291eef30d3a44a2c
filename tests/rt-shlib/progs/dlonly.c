/*
 * dlonly.c - a program whose only -pg libraries come from dlopen (no
 * -pg library on its link line): opens libb.so (which brings liba.so),
 * calls b_hello once and prints the truth (truth.h).  Its libraries
 * reach the collector only when the program exports the hook.
 * argv[1]: libb.so's path.  Exits 1 when dlopen fails (the loader's
 * message on stderr).
 */
#include <dlfcn.h>
#include <stdio.h>

#include "shlib.h"

/* liba.so calls it (never here): exported by name
 * (-Wl,--export-dynamic-symbol=exe_cb). */
NOI void
exe_cb(int n)
{
	(void)n;
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	b_hello_fn *hello = (b_hello_fn *)dlsym(h, "b_hello");
	struct shlib_truth *t = (struct shlib_truth *)dlsym(h, "shlib_truth");
	if (!hello || !t) {
		fprintf(stderr, "dlsym: %s\n", dlerror());
		return 1;
	}
	hello();
	AFTER_CALL();
	truth_arc("main", "b_hello", 1);
	truth_arc("b_hello", "a_leaf", t->b_hello_a_leaf);
	printf("UNPROFILED 1\n"); /* main's own call */
	return 0;
}
