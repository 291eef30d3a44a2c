#!/bin/sh
# tests/golden/make-inputs.sh - how the stored inputs in inputs/ were made.
#
# Not run by `make check`: the golden layer keeps the bytes it was made
# from, so its expected outputs never depend on this machine's compiler
# or on how many samples a run happened to get.  Run it by hand only to
# replace the inputs (then regenerate the expected outputs with
# `GOLDEN_UPDATE=1 sh tests/golden/run.sh`,
# see README.md and review the diff).
#
# Usage: sh tests/golden/make-inputs.sh MKGMON [MUSL_LIBGMON]
# (MUSL_LIBGMON: our collector built for musl, make runtime-musl's
# build/musl/libgmon.a; default beside MKGMON.)
set -eu
MKGMON=${1:?usage: make-inputs.sh MKGMON [MUSL_LIBGMON]}
MUSL_LIBGMON=${2:-$(dirname "$MKGMON")/musl/libgmon.a}
here=$(cd "$(dirname "$0")" && pwd)
progs=$here/../progs
diffdir=$here/../gnu-matrix
in=$here/inputs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# Small -pg programs, kept small: -g for the (file.c) of static functions.
# The sources of the C ones are stored too: the -A and -l cases read them
# (with -I .), and must see the bytes the programs were built from.
cp "$progs/hot.c" "$progs/recur.c" "$in/"
cc -pg -g -O1 -no-pie -o "$in/hot" "$progs/hot.c"
cc -pg -g -O0 -no-pie -o "$in/recur" "$progs/recur.c"
c++ -pg -g -O1 -o "$in/cxx" "$progs/cxx.cc"
cc -pg -g -O1 -o "$in/multi" "$progs/multi1.c" "$progs/multi2.c"

# Real runs (their sample counts are whatever the run got; stored as is).
for p in hot recur cxx multi; do
	"$in/$p" >/dev/null
	mv gmon.out "$in/$p.gmon"
done

# Synthetic profiles: every function gets bins and arcs (synth.awk),
# from the symbol list tests/lib.sh's symbols() makes.
. "$here/../lib.sh"
synth() { # PROG SEED OUT [FMT]
	real=$in/$1.gmon
	lo=$(od -A n -t u8 -j 21 -N 8 "$real" | tr -d ' ')
	hi=$(od -A n -t u8 -j 29 -N 8 "$real" | tr -d ' ')
	nb=$(od -A n -t u4 -j 37 -N 4 "$real" | tr -d ' ')
	symbols "$in/$1" | awk -v lo="$lo" -v hi="$hi" -v nbins="$nb" \
		-v word=8 -v seed="$2" -v fmt="${4:-}" \
		-f "$diffdir/synth.awk" >spec
	"$MKGMON" -o "$in/$3" spec
}
synth hot 11 hot.syn
synth hot 12 hot.syn2
synth recur 13 recur.syn
synth cxx 14 cxx.syn
synth multi 15 multi.syn
synth hot 16 hot.bsd44 bsd44
synth recur 17 recur.bsd bsd
# A damaged file: the synthetic profile cut inside its arcs.
head -c 1000 "$in/recur.syn" >"$in/recur.cut"

# A profile with stacks (the side file's STACKS records), written by
# tests/input-objects/mkprof.py at hot's addresses, every number exact:
# mix's samples are split evenly between its two callers, where their
# call counts (60000 and 400000) give outer_big 87 % of them in gprof's
# estimate.  hot.stk and hot.stk.gmonx.
cat >spec.stk <<EOF
exe hot
arc 0 main 0 outer_small 30
arc 0 main 0 outer_big 1
arc 0 outer_small 0 mix 60000
arc 0 outer_big 0 mix 400000
stack 45 mix outer_small main
stack 45 mix outer_big main
stack 8 outer_big main
stack 2 main
EOF
(cd "$in" && python3 "$here/../input-objects/mkprof.py" hot.stk "$tmp/spec.stk")

# A real run of three named threads (tests/input-threads/named.c) under
# our collector at 1000 samples a second: per-thread records and their
# stacks.  Linked statically with musl, so that the profile names no
# shared object whose build could change under it; debug sections
# stripped (the symbols stay).  named, named.gmon and its side file.
musl-gcc -O0 -pg -static -o named.full "$here/../input-threads/named.c" \
	"$MUSL_LIBGMON" -pthread
strip --strip-debug -o "$in/named" named.full
cp "$in/named" named
LIBGMON_RATE=1000 ./named 1 >/dev/null
mv gmon.out "$in/named.gmon"
mv gmon.out.gmonx "$in/named.gmon.gmonx"
