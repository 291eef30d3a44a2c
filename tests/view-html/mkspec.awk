# mkspec.awk - the 100,000-sample profile of tests/view-html/run.sh, as
# tests/input-objects/mkprof.py directives (-v prog=PATH).  Deterministic: a
# Park-Miller generator (exact in awk's doubles), seeded here, picks the
# noise stacks.
#
#   cheap() calls work(50) 200000 times, dear() calls work(500000) 200
#   times (tests/input-measured/prog.c); the stacks put 90,000 samples under
#   dear (500 of them truncated: "work dear", main unknown), 5,000
#   under cheap, and 5,000 in 2,500 distinct stacks of 2 samples each,
#   3 to 40 frames of rec/ping/pong/ca/cb/cc below main (most of them
#   under the flame graph's 10-sample floor: merged into [other]).
#   gprof's estimate gives dear 200/200200 of work's time: 0.1 %.
#   A histogram bin holds at most 65535 samples, so dear's 89,500 full
#   stacks are split over two PCs in work (one path in the tree).
# With -v wide=1, instead: 101,500 samples in 7,000 distinct stacks of
# 10 to 19 samples, 9 to 13 frames each, so that some 40,000 nodes pass
# the 0.01 % floor and the 20,000-node bound decides.
# With -v huge=1 (prog hub.c, -v lib=libm1.so), instead: counts a double
# cannot hold, and wide ones.  hub calls c0 .. c28 (up to 9 digits each),
# rec is called 1,860,590 times and calls itself 1,860,589 times, the
# side file counts 2^64 - 1 calls main -> lib_call -> work, and the
# stacks hold 2^64 - 1 samples through lib_call and 2^64 - 6 through
# rec (their sum, and the flame graph's root and main, saturate at
# 2^64 - 1, below their children's sum).
# With -v threads=1, instead: our collector's per-thread records (issue
# 29) over prog.c, 2,053 stack samples: "main" (3 in main itself),
# "parser" (300 in work below cheap, 100 in work below rec), "worker-1"
# (600 in work below dear, 50 more truncated) and "worker-2" (900 below
# dear, 100 below cheap at another PC), 20 of no thread's, and a
# WINDOW (the second profile of a run, a snapshot, 1.5 s).  With
# -v wide=1 too: wide's stacks dealt round robin to 4 threads, whose
# trees then share the 20,000-node bound, 5,000 each.
# With -v deep=D, instead: a recursion D deep (defect 3): for every d
# from 1 to D, 10 samples in work below d recs and 2 in the innermost
# of d recs, under main.  The tree: main, a chain of D recs (the k-th
# with 12 (D - k + 1) samples), a work of 10 below each.
function rnd(n) {
	seed = (seed * 16807) % 2147483647
	return int(seed / 2147483647 * n)
}
function noise(nstacks, lo, span, count0, count_span,	s, d, depth, line, own) {
	for (s = 0; s < nstacks; s++) {
		depth = lo + rnd(span)
		line = ""
		for (d = 0; d < depth; d++)
			line = line " " fns[1 + rnd(6)]
		own = threads ? " owner=" 1 + s % 4 : ""
		# A serial PC offset keeps every stack distinct.
		print "stack " count0 + s % count_span own " " fns[1 + s % 6] "+" \
			4 * (s % 3) line " main"
	}
}
BEGIN {
	seed = 20
	split("rec ping pong ca cb cc", fns, " ")
	print "exe " prog
	if (huge) {
		# Saturated stack counts beyond every histogram: only a
		# gmon.sum's side file (no CLOCK record) may hold them.
		print "noclock"
		print "object 1 " lib
		print "rate 1000"
		print "arc 0 main 0 hub 1"
		for (k = 0; k < 29; k++)
			print "arc 0 hub 0 c" k " " 1000003 * (k + 1) * (k % 5 + 1)
		print "arc 0 main 0 rec 1860590"
		print "arc 0 rec 0 rec 1860589"
		print "arc 0 rec 0 work 1860590"
		print "arc 0 main 1 lib_call 18446744073709551615"
		print "arc 1 lib_call 0 work 18446744073709551615"
		print "stack 18446744073709551615 nohist=1 work 1:lib_call main"
		print "stack 18446744073709551610 nohist=1 work rec main"
		print "stack 30 c3 hub main"
		print "stackinfo 18446744073709551615 18446744073709551615 0 0"
		exit
	}
	if (deep) {
		print "rate 1000"
		print "arc 0 main 0 rec 1"
		print "arc 0 rec 0 rec " deep - 1
		print "arc 0 rec 0 work " deep
		line = ""
		for (d = 1; d <= deep; d++) {
			line = line " rec"
			print "stack 10 work" line " main"
			print "stack 2" line " main"
		}
		exit
	}
	if (wide) {
		print "rate 1000"
		if (threads)
			for (k = 1; k <= 4; k++)
				print "thread " k " w" k " samples=25000 calls=1"
		noise(7000, 7, 5, 10, 10)
		exit
	}
	if (threads) {
		print "rate 1000"
		print "arc 0 main 0 cheap 300"
		print "arc 0 main 0 dear 2"
		print "arc 0 main 0 rec 1"
		print "arc 0 cheap 0 work 300"
		print "arc 0 dear 0 work 2"
		print "arc 0 rec 0 work 1"
		print "thread 1 main tid=4000 flags=main+live calls=1 cpu=3000000 samples=3 first=1796000000100000000 last=1796000001500000000"
		print "thread 2 parser tid=4001 calls=602 cpu=400000000 samples=400 first=1796000000200000000 last=1796000001200000000"
		print "thread 3 worker-1 tid=4002 calls=2 cpu=650000000 samples=650 first=1796000000300000000 last=1796000001300000000"
		print "thread 4 worker-2 tid=4003 calls=201 cpu=1000000000 samples=1000 first=1796000000400000000 last=1796000001400000000"
		print "threadarc 2 0 main 0 cheap 200"
		print "threadarc 2 0 cheap 0 work 200"
		print "threadarc 2 0 main 0 rec 1"
		print "threadarc 2 0 rec 0 work 1"
		print "threadarc 3 0 main 0 dear 1"
		print "threadarc 3 0 dear 0 work 1"
		print "threadarc 4 0 main 0 cheap 100"
		print "threadarc 4 0 cheap 0 work 100"
		print "threadarc 4 0 main 0 dear 1"
		print "threadarc 4 0 dear 0 work 1"
		print "stack 3 owner=1 main"
		print "stack 300 owner=2 work cheap main"
		print "stack 100 owner=2 work rec main"
		print "stack 600 owner=3 work dear main"
		print "stack 50 owner=3 trunc=1 work dear"
		print "stack 900 owner=4 work dear main"
		print "stack 100 owner=4 work+4 cheap main"
		print "stack 20 work cheap main"
		print "window 1796000000000000000 1796000001500000000 2 snapshot=1"
		exit
	}
	print "rate 1000"
	print "arc 0 main 0 cheap 1"
	print "arc 0 main 0 dear 1"
	print "arc 0 cheap 0 work 200000"
	print "arc 0 dear 0 work 200"
	print "stack 44750 work dear main"
	print "stack 44750 work+4 dear main"
	print "stack 500 trunc=1 work dear"
	print "stack 5000 work cheap main"
	noise(2500, 2, 39, 2, 1)
}
