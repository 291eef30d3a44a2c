#!/bin/sh
# Build examples/demo.c with -pg, run it, and print its profile with
# our gprof.  Usage: examples/demo.sh BUILD_DIR
set -e
B=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/$B/demo"
mkdir -p "$out"
cc -pg -g -O1 -fno-omit-frame-pointer -fno-inline -o "$out/demo" "$top/examples/demo.c"
cd "$out"
rm -f gmon.out
./demo
"$top/$B/gprof" demo gmon.out
