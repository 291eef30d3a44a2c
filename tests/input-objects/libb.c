/* libb.so: another static helper(), and a callback into the program. */
static int
helper(int x)
{
	return x + 7 * x;
}

int
b_work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}

void
b_callback(void (*fn)(void))
{
	fn();
}
