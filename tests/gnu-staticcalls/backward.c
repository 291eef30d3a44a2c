/* A never-executed backward call: GNU gprof 2.40 misses it under -c (it
 * does not sign-extend the displacement); we must find it. */
int fwd_target(int);
int back_target(int x) { return x + 1; }
int caller(int x) { if (x > 100) return back_target(x) + fwd_target(x); return x; }
int fwd_target(int x) { return x * 2; }
int main(int argc, char **argv) { (void)argv; return caller(argc); }
