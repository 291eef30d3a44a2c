/*
 * labels.c - symbol names and kinds that GNU gprof treats specially,
 * defined in top-level assembly: local names with '.' suffixes
 * (kept: .123, .constprop.N; dropped: .part.N, .cold, .isra.N), a name
 * with '$', a NOTYPE label inside .text, two names at one address, and a
 * global clone name.  Synthetic profiles put samples and arcs on them.
 */
#include <stdio.h>

__asm__(".text\n"
	".type bar.123, @function\n"
	"bar.123:\n\tmovl $1, %eax\n\tret\n"
	".size bar.123, .-bar.123\n"
	".type baz.constprop.0, @function\n"
	"baz.constprop.0:\n\tmovl $2, %eax\n\tret\n"
	".type q$x, @function\n"
	"q$x:\n\tmovl $3, %eax\n\tret\n"
	".type foo.part.0, @function\n"
	"foo.part.0:\n\tmovl $4, %eax\n\tret\n"
	".type foo.cold, @function\n"
	"foo.cold:\n\tmovl $5, %eax\n\tret\n"
	".type foo.isra.0, @function\n"
	"foo.isra.0:\n\tmovl $6, %eax\n\tnop\n"
	"notype_local:\n\tnop\n\tret\n"
	".globl g.part.0\n"
	".type g.part.0, @function\n"
	"g.part.0:\n\tmovl $7, %eax\n\tret\n"
	".globl dup_global\n"
	".type dup_global, @function\n"
	".type dup_local, @function\n"
	"dup_local:\n"
	"dup_global:\n\tmovl $8, %eax\n\tret\n"
	".type __gnu_compiled_c, @function\n"
	"__gnu_compiled_c:\n\tmovl $9, %eax\n\tret\n");

int bar123(void) __asm__("bar.123");
int baz_cp(void) __asm__("baz.constprop.0");
int qx(void) __asm__("q$x");
int foo_part(void) __asm__("foo.part.0");
int foo_cold(void) __asm__("foo.cold");
int foo_isra(void) __asm__("foo.isra.0");
int g_part(void) __asm__("g.part.0");
int dup_global(void);

static volatile int sink;

static int
after_labels(int n)
{
	return n + 1;
}

int
main(void)
{
	int acc = 0;

	for (int i = 0; i < 5; i++) {
		acc += bar123() + baz_cp() + qx() + foo_part() + foo_cold();
		acc += foo_isra() + g_part() + dup_global() + after_labels(i);
	}
	sink = acc;
	printf("%d\n", acc);
	return 0;
}
