#!/bin/sh
# Big-endian executables (64-bit s390x, 32-bit powerpc), assembled with
# Debian's cross binutils, with synthetic profiles in GNU, BSD and
# 4.4BSD format; our output must equal /usr/bin/gprof's (which reads them
# as generic big-endian ELF).  Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite gnu-cross
ORACLE=${ORACLE:-/usr/bin/gprof}

# name, tool prefix, word size, no-op, return
for target in "s390x s390x-linux-gnu 8 nop br_%r14" \
	"ppc powerpc-linux-gnu 4 nop blr"; do
	set -- $target
	name=$1 tp=$2 word=$3 nop=$4 ret=$(echo "$5" | tr "_" " ")
	if ! command -v "$tp-as" >/dev/null 2>&1; then
		fail "gnu-cross/$name" "$tp-as missing (scripts/ensure-deps.sh installs it)"
		continue
	fi
	{
		printf '\t.text\n\t.globl _start\n\t.type _start,@function\n_start:\n'
		i=0
		while [ $i -lt 12 ]; do
			case $((i % 4)) in
			0) printf '\t.globl g%d\n\t.type g%d,@function\ng%d:\n' $i $i $i ;;
			1) printf '\t.type s%d,@function\ns%d:\n' $i $i ;;
			2) printf '\t.globl g%d\n\t.type g%d,@function\ng%d:\n\t.globl alias%d\nalias%d:\n' $i $i $i $i $i ;;
			3) printf 'label%d:\n' $i ;;
			esac
			printf '\t%s\n\t%s\n\t%s\n\t%s\n' "$nop" "$nop" "$nop" "$ret"
			i=$((i + 1))
		done
	} >"$out/$name.s"
	if ! "$tp-as" -o "$out/$name.o" "$out/$name.s" 2>"$out/$name.log" ||
		! "$tp-ld" -o "$out/$name" "$out/$name.o" 2>>"$out/$name.log"; then
		fail "gnu-cross/$name" "cannot assemble (see $out/$name.log)"
		continue
	fi
	nm -n -t d "$out/$name" | awk '$2 ~ /^[Tt]$/ && $3 != "__bss_start" && $3 != "_edata" && $3 != "_end" { print $1 + 0 }' >"$out/$name.addrs"
	for fmt in gnu bsd bsd44; do
		for seed in 1 2 3; do
			awk -v seed="$seed" -v fmt="$fmt" -v word="$word" '
			BEGIN { srand(seed) }
			{ a[NR] = $1 }
			END {
				n = NR; lo = a[1]; hi = a[n] + 16; nb = int((hi - lo) / 4)
				printf "format %s\nword %d\nendian big\n", fmt, word
				printf "hist %d %d %d\n", lo, hi, nb
				for (i = 0; i < 20; i++)
					printf "bin %d %d\n", int(rand() * nb), int(rand() * 30)
				for (i = 0; i < 25; i++) {
					p = int(rand() * n) + 1; c = int(rand() * n) + 1
					printf "arc %d %d %d\n", a[p] + 4, a[c], int(rand() * 99) + 1
				}
			}' "$out/$name.addrs" >"$out/$name.$fmt.$seed.spec"
			prof="$out/$name.$fmt.$seed.gmon"
			"$BUILD/mkgmon" -o "$prof" "$out/$name.$fmt.$seed.spec" || {
				fail "gnu-cross/$name/$fmt/$seed" "mkgmon failed"
				continue
			}
			for opts in "-b" "-b -T" "-b -z -a" "-i"; do
				# shellcheck disable=SC2086
				compare_gprof "gnu-cross/$name/$fmt/$seed/$(echo "$opts" | tr -d ' ')" \
				    "$out" "$out/$name" "$prof" $opts
			done
		done
	done
done
exit 0
