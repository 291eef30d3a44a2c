/*
 * free32.c - a freestanding program for the 32-bit (i386) variant.  It
 * needs no libc, so it links with plain `ld -m elf_i386` and no multilib;
 * profiles for it are synthetic (there is no -pg runtime to write one).
 */
static volatile int sink;

static int
helper(int n)
{
	return n * 5 + 3;
}

int
work(int n)
{
	int acc = 0;

	for (int i = 0; i < n; i++)
		acc += helper(i);
	return acc;
}

int
recurse(int n)
{
	return n <= 0 ? 0 : n + recurse(n - 1);
}

__attribute__((weak)) int
weak32(int n)
{
	return n - 1;
}

void _start(void);

void
_start(void)
{
	sink = work(10) + recurse(5) + weak32(2);
	__asm__ volatile("movl $1, %%eax\n\txorl %%ebx, %%ebx\n\tint $0x80"
			 : : : "eax", "ebx", "memory");
	for (;;)
		;
}
