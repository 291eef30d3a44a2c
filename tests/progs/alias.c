/*
 * alias.c - functions reached through other names: a strong alias, a
 * weak alias, a weak definition, and a weak data symbol.  GNU gprof keeps
 * one name per address, so this checks which name wins.
 */
#include <stdio.h>

static volatile int sink;

int
real_work(int n)
{
	return n * n + 1;
}

int alias_work(int n) __attribute__((alias("real_work")));
int weak_alias_work(int n) __attribute__((weak, alias("real_work")));

static int
local_impl(int n)
{
	return n + 7;
}

static int local_alias(int n) __attribute__((alias("local_impl"), used));
int global_of_local(int n) __attribute__((alias("local_impl")));

__attribute__((weak)) int
weak_fn(int n)
{
	return n - 1;
}

__attribute__((weak)) int weak_data = 5;

int
_underscore(int n)
{
	return n ^ 1;
}

int
__double_underscore(int n)
{
	return _underscore(n) + 2;
}

int
main(void)
{
	int acc = 0;

	for (int i = 0; i < 10; i++) {
		acc += real_work(i) + alias_work(i) + weak_alias_work(i);
		acc += global_of_local(i) + local_alias(i) + weak_fn(i);
		acc += __double_underscore(i) + weak_data;
	}
	sink = acc;
	printf("%d\n", acc);
	return 0;
}
