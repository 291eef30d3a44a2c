/* Static call graph test: every call goes forward in the file, where GNU
 * gprof 2.40 and we agree; some are never executed (count 0 with -c). */
int a(int), b(int), c(int), d(int), e(int);
int main(int argc, char **argv) { int t = 0; for (int i = 0; i < 1000; i++) t += a(i) + (argc > 5 ? b(i) : 0); return t & 1; }
int a(int x) { return x > 2000 ? c(x) + d(x) : d(x) + x; }
int b(int x) { return c(x) + e(x); }
int c(int x) { return x * 3; }
int d(int x) { return x > 5000 ? e(x) : x - 1; }
int e(int x) { return x ^ 7; }
