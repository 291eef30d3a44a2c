/*
 * recur.c - self recursion and cycles: fact() calls itself; is_even()
 * and is_odd() form a two-function cycle; ping -> pong -> pang -> ping
 * is a three-function cycle entered from two places; a second
 * independent cycle (a1 <-> a2) checks cycle numbering.
 */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long
fact(unsigned n)
{
	return n < 2 ? 1 : n * fact(n - 1);
}

int is_odd(unsigned n);

int
is_even(unsigned n)
{
	return n == 0 ? 1 : is_odd(n - 1);
}

int
is_odd(unsigned n)
{
	return n == 0 ? 0 : is_even(n - 1);
}

int pong(int n);
int pang(int n);

int
ping(int n)
{
	return n <= 0 ? 0 : 1 + pong(n - 1);
}

int
pong(int n)
{
	return n <= 0 ? 0 : 2 + pang(n - 1);
}

int
pang(int n)
{
	return n <= 0 ? 0 : 3 + ping(n - 1) + (n % 5 == 0 ? pong(n / 5) : 0);
}

int a2(int n);

int
a1(int n)
{
	return n <= 0 ? 1 : a2(n - 1) + a1(n - 2);
}

int
a2(int n)
{
	return n <= 0 ? 2 : a1(n - 1);
}

static int
leaf(int n)
{
	return n & 3;
}

int
driver(int n)
{
	return ping(n) + leaf(n) + pong(n / 2);
}

int
main(void)
{
	unsigned long acc = 0;

	for (unsigned i = 0; i < 12; i++)
		acc += fact(i) + (unsigned long)is_even(i * 3);
	acc += (unsigned long)driver(40) + (unsigned long)a1(12);
	acc += (unsigned long)pang(9);
	sink = acc;
	printf("%lu\n", acc);
	return 0;
}
