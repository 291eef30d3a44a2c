#!/bin/sh
# The seam between the analysis and the printers (issue 19): no report
# printer, view, diff printer or annotate*.c reaches an analysis-side,
# executable, DWARF or profile-file header, directly or through the
# headers it includes (tests/tree-seam/check.sh).  The check is tested on
# itself: a copy of src/ with one such include added to a view must
# fail, naming it.  Env: GPROF (not run), BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite tree-seam

# The tree holds to the rule: check.sh prints nothing.
expect tree-seam/printers-read-the-model-only --empty \
	sh "$here/check.sh" "$top/src" </dev/null

# The check must catch a direct include and one through a header.
for case in "view_dot.c:exe.h" "report_flat.c:gmon.h" "diff_print.c:analysis.h" \
    "annotate.c:srcline.h" "views.h:sidefile.h" "model.h:elfutils/libdw.h"; do
	file=${case%%:*} hdr=${case#*:}
	copy="$out/src-$file"
	mkdir -p "$copy"
	cp "$top"/src/*.c "$top"/src/*.h "$copy"/
	case $hdr in
	*/*) line="#include <$hdr>" ;;
	*) line="#include \"$hdr\"" ;;
	esac
	# After the file's first line (inside its comment is no matter:
	# an include line is one wherever it stands for the check).
	printf '%s\n' "$line" >"$copy/.add"
	cat "$copy/$file" >>"$copy/.add"
	mv "$copy/.add" "$copy/$file"
	if sh "$here/check.sh" "$copy" >"$out/$file.txt" 2>&1; then
		fail "tree-seam/self-test/$file+$hdr" "the check passed"
	else
		assert "tree-seam/self-test/$file+$hdr" \
			"the check did not name $hdr: $(head -n 1 "$out/$file.txt")" \
			grep -q "reaches $hdr via" "$out/$file.txt"
	fi
	rm -rf "$copy"
done
exit 0
