/*
 * hub.c - the "huge" page of tests/view-html/run.sh: hub() calls 29
 * functions (the call graph's count labels), rec() calls itself (the
 * calls column's "N+M"), and main() calls into libm1.so, whose calls
 * back into work() the side file counts (64-bit counts, near 2^64
 * there).  Nothing runs it: mkprof.py writes its profile.
 */
int lib_work(int n);
int lib_call(int (*f)(int), int n);

/* c0 .. c28: each defined, then declared again (so a use ends in ";"). */
#define C(k)                                                                   \
	int c##k(int n)                                                        \
	{                                                                      \
		return n + k;                                                  \
	}                                                                      \
	int c##k(int n)
C(0);
C(1);
C(2);
C(3);
C(4);
C(5);
C(6);
C(7);
C(8);
C(9);
C(10);
C(11);
C(12);
C(13);
C(14);
C(15);
C(16);
C(17);
C(18);
C(19);
C(20);
C(21);
C(22);
C(23);
C(24);
C(25);
C(26);
C(27);
C(28);

int
hub(int n)
{
	return c0(n) + c1(n) + c2(n) + c3(n) + c4(n) + c5(n) + c6(n) + c7(n) +
	       c8(n) + c9(n) + c10(n) + c11(n) + c12(n) + c13(n) + c14(n) +
	       c15(n) + c16(n) + c17(n) + c18(n) + c19(n) + c20(n) + c21(n) +
	       c22(n) + c23(n) + c24(n) + c25(n) + c26(n) + c27(n) + c28(n);
}

int
work(int n)
{
	volatile int s = 0;

	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int
rec(int n)
{
	return n > 0 ? rec(n - 1) + work(1) : 0;
}

int
main(void)
{
	return hub(1) + rec(3) + lib_work(2) + lib_call(work, 3) > 0 ? 0 : 1;
}
