/*
 * main.c - run every unit test.  Each case prints one PASS or FAIL line;
 * the suite runner counts them, so the exit status is 0 even when a
 * case fails.
 */
#include <stdio.h>

#include "check.h"

int
main(void)
{
	unsigned run, failed;

	t_init();
	test_reader();
	test_symtab();
	test_sort();
	test_gmon();
	test_hist();
	test_callgraph();
	test_fmt();
	test_symspec();
	test_model();
	test_bbsum();
	test_outfile();
	test_intern();
	test_sidefile();
	test_stats();
	test_jsonr();
	test_diff();
	test_jsonw();
	test_srcfile();
	test_stacks();
	t_end();
	t_counts(&run, &failed);
	t_fini();
	printf("unit: %u cases, %u failed\n", run, failed);
	return 0;
}
