/*
 * multi1.c, multi2.c - a two-file program.  Each file has its own static
 * helper() and static twice(), so the report must tell same-named local
 * functions apart (the index prints them as "name (file.c)").
 */
#include <stdio.h>

int multi2_entry(int n);

static volatile int sink;

static int
helper(int n)
{
	return n * 3 + 1;
}

static int
twice(int n)
{
	return helper(n) + helper(n + 1);
}

int
multi1_entry(int n)
{
	int acc = 0;

	for (int i = 0; i < n; i++)
		acc += twice(i);
	return acc;
}

int
main(void)
{
	int acc = multi1_entry(20) + multi2_entry(7);

	sink = acc;
	printf("%d\n", acc);
	return 0;
}
