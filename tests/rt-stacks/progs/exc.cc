// exc.cc - C++ exceptions thrown through profiled frames: thrower()
// recurses 20 deep and throws, main catches, many times; then the
// callers.c pattern (work under cheap and dear).
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#define NOI __attribute__((noinline, noclone, noipa, used))
#define AFTER_CALL() __asm__ volatile("")

volatile long stk_sink;

#define SPIN(n)                                                                \
	do {                                                                   \
		for (long i_ = 0; i_ < (n); i_++)                              \
			stk_sink += i_;                                        \
	} while (0)

extern "C" NOI void
work(long n)
{
	SPIN(n);
}

extern "C" NOI void
thrower(int d)
{
	if (d == 0) {
		work(20000);
		throw std::runtime_error("bottom");
	}
	thrower(d - 1);
	AFTER_CALL();
}

extern "C" NOI void
cheap(long scale)
{
	for (long i = 0; i < 1000 * scale; i++) {
		work(500);
		AFTER_CALL();
	}
}

extern "C" NOI void
dear(long scale)
{
	for (long i = 0; i < 10 * scale; i++) {
		work(500000);
		AFTER_CALL();
	}
}

int
main(int argc, char **argv)
{
	long scale = argc > 1 ? atol(argv[1]) : 1;
	if (scale < 1)
		scale = 1;
	long caught = 0;
	// In rounds, so that every caller meets the same machine.
	for (int r = 0; r < 10; r++) {
		for (long k = 0; k < 200 * scale; k++) {
			try {
				thrower(20);
			} catch (const std::exception &) {
				caught++;
			}
		}
		cheap(scale);
		AFTER_CALL();
		dear(scale);
		AFTER_CALL();
	}
	// Iterations of work per caller, times the scale.
	double c = 500.0 * 10000, d = 500000.0 * 100, t = 20000.0 * 2000;
	std::printf("SHARE work cheap %.6f\n", c / (c + d + t));
	std::printf("SHARE work dear %.6f\n", d / (c + d + t));
	std::printf("SHARE work thrower %.6f\n", t / (c + d + t));
	return caught == 2000 * scale ? 0 : 1;
}
