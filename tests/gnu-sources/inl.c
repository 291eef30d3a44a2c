#include <stdio.h>
#include <stdlib.h>
static int table[4096];
static inline int
bump(int i)
{
	if (__builtin_expect(table[i & 4095] > 1000000, 0)) {
		printf("big %d\n", i);
		table[i & 4095] = rand();
	}
	return table[i & 4095]++;
}
__attribute__((noinline)) static int
leaf(int v)
{
	volatile int x = v;
	return x + 1;
}
__attribute__((noinline)) static int
work(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		s += bump(i);
		if (s & 1)
			s += leaf(s);
		s += bump(i * 7);
	}
	return s;
}
int
main(void)
{
	int s = 0;
	for (int k = 0; k < 200; k++)
		s += work(1000 + k);
	printf("%d\n", s);
	return 0;
}
