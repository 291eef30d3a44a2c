/* #included by main.c: its function is part of main.c's unit. */
__attribute__((noinline)) int
part_fn(int x)
{
	return x + 3;
}
