#!/bin/sh
# tests/tree-seam/check.sh SRCDIR: the layering rule of docs/ARCHITECTURE.md.
# The printers (SRCDIR/report_*.c, view_*.c, diff_*.c, annotate*.c) read
# the report model and the command line only: neither they nor any
# header they reach through #include "..." (followed through SRCDIR,
# to any depth) may include the analysis, the executable, DWARF or
# profile-file headers below.  Prints one line per printer that breaks
# the rule ("FILE: reaches HEADER via A > B > HEADER") and exits 1, or
# prints nothing and exits 0.
set -u
dir=${1:?usage: check.sh SRCDIR}

# Headers of the layers below the model (quoted includes), and the
# system headers of libelf/libdw (angle includes).
forbidden='analysis.h analysed.h modelbuild.h exe.h exebuildid.h srcline.h
dwline.h dieranges.h linesyms.h linemode.h lineprof.h gmon.h gmonhist.h gmon_side.h
sidefile.h objects.h mismatch.h select.h hist.h bbsum.h staticcalls.h
nmfile.h sumfile.h libelf.h gelf.h dwarf.h elfutils/libdw.h
elfutils/libdwfl.h elfutils/libdwelf.h elfutils/libasm.h'

# includes FILE: the names FILE includes, quoted or angled, one a line.
includes() {
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^">]*\)[">].*/\1/p' "$1"
}

# walk FILE: "NAME PATH" for every header FILE reaches (breadth first,
# each once), PATH the chain of includes that reached it.
walk() {
	_queue="$(basename "$1")"
	_seen=" $(basename "$1") "
	printf '%s\n' "$_queue" >"$tmp/paths"
	while [ -n "$_queue" ]; do
		_next=
		for _f in $_queue; do
			_via=$(awk -v f="$_f" '$1 == f { print $2; exit }' "$tmp/via" 2>/dev/null)
			[ -n "$_via" ] || _via=$_f
			[ -f "$dir/$_f" ] || continue
			for _h in $(includes "$dir/$_f"); do
				case $_seen in *" $_h "*) continue ;; esac
				_seen="$_seen$_h "
				echo "$_h $_via>$_h" >>"$tmp/via"
				echo "$_h $_via>$_h"
				_next="$_next $_h"
			done
		done
		_queue=$_next
	done
}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0
for f in "$dir"/report_*.c "$dir"/view_*.c "$dir"/diff_*.c "$dir"/annotate*.c; do
	[ -f "$f" ] || continue
	: >"$tmp/via"
	walk "$f" >"$tmp/reached"
	for h in $forbidden; do
		chain=$(awk -v h="$h" '$1 == h { print $2; exit }' "$tmp/reached")
		if [ -n "$chain" ]; then
			echo "$(basename "$f"): reaches $h via $(echo "$chain" | sed 's/>/ > /g')"
			bad=1
		fi
	done
done
exit $bad
