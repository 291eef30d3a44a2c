/* multi2.c - second half of the two-file program; see multi1.c. */
static int
helper(int n)
{
	return n - 2;
}

static int
twice(int n)
{
	return helper(helper(n));
}

int
multi2_entry(int n)
{
	int acc = 0;

	for (int i = 0; i < n; i++)
		acc += twice(i) + helper(i);
	return acc;
}
