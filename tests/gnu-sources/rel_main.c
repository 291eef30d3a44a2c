int rel_entry(int);

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 30000; i++)
		s += rel_entry(i);
	return s == 42;
}
