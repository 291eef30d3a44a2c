/*
 * Calls from the program's own constructor (10) and destructor (100)
 * and from main (1).  Linked without -pg, the collector starts before
 * the constructor and writes after the destructor: leaf 111.
 */
__attribute__((noinline, noclone)) void
leaf(void)
{
	__asm__ volatile("");
}

__attribute__((constructor)) static void
early(void)
{
	for (int i = 0; i < 10; i++) {
		leaf();
		__asm__ volatile("");
	}
}

__attribute__((destructor)) static void
late(void)
{
	for (int i = 0; i < 100; i++) {
		leaf();
		__asm__ volatile("");
	}
}

int
main(void)
{
	leaf();
	__asm__ volatile("");
	return 0;
}
