/*
 * Sixty small functions, each called from main three times: the shape
 * of glibc's tst-mcount-overflow (a program with more arcs than a tiny
 * arc table holds), run with the default table so a profile is written.
 */
#define F(n) \
	__attribute__((noinline, noclone)) void f##n(void) \
	{ \
		__asm__ volatile(""); \
	}
#define F10(n) \
	F(n##0) F(n##1) F(n##2) F(n##3) F(n##4) \
	F(n##5) F(n##6) F(n##7) F(n##8) F(n##9)
F10(1) F10(2) F10(3) F10(4) F10(5) F10(6)

#define C(n) f##n();
#define C10(n) \
	C(n##0) C(n##1) C(n##2) C(n##3) C(n##4) \
	C(n##5) C(n##6) C(n##7) C(n##8) C(n##9)

int
main(void)
{
	for (int i = 0; i < 3; i++) {
		C10(1) C10(2) C10(3) C10(4) C10(5) C10(6)
	}
	return 0;
}
