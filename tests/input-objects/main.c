/* The program of tests/input-objects: calls into four shared libraries and
 * has a helper() of its own (the libraries' helpers collide with it). */
int a_work(int n);
int b_work(int n);
void b_callback(void (*fn)(void));
int cx_work(int n);
int cy_work(int n);

static int counter;

static int
helper(int x)
{
	return x + counter;
}

static void
cb(void)
{
	counter += helper(1);
}

int
main(void)
{
	int s = 0;

	for (int i = 0; i < 3; i++)
		s += a_work(i) + b_work(i) + cx_work(i) + cy_work(i);
	b_callback(cb);
	return s == 12345;
}
