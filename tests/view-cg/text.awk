# text.awk - the facts tests/view-cg compares, from our `gprof -b -p -q`:
#   S <tab> name <tab> self seconds            (flat profile)
#   T <tab> total seconds                      (flat profile's last cumulative)
#   N <tab> name <tab> %time <tab> self <tab> children <tab> calls <tab> cycle?
#   A <tab> caller <tab> callee <tab> count    (every arc, from caller and
#                                               callee lines)
#   G, and Z when no time was propagated       (there is a call graph)
# Columns are GNU's fixed layout: flat names at column 55, primary names
# at 46, caller/callee names at 50 with the count in columns 30-36.
function clean(s) {
	sub(/ \[[0-9]+\]$/, "", s)
	sub(/ <cycle [0-9]+>$/, "", s)
	return s
}
/^Flat profile:/ { part = "flat"; next }
/^[ \t]*Call graph/ { part = "graph"; next }
/^Index by function name/ || /^\f/ { part = ""; next }
part == "flat" && /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / {
	printf "S\t%s\t%s\n", substr($0, 55), $3
	last = $2
	next
}
part == "graph" && /^index/ { inblock = 1; primary = ""; next }
part == "graph" && /^-+$/ { primary = ""; whole = 0; np = 0; next }
part == "graph" && inblock && /^\[[0-9]+\]/ {
	if ($0 ~ /<cycle [0-9]+ as a whole>/) { whole = 1; next }
	primary = clean(substr($0, 46))
	calls = substr($0, 29, 16)
	gsub(/ /, "", calls)
	n = split(calls, c, "+")
	calls = n == 2 ? c[1] + c[2] : calls + 0
	printf "N\t%s\t%s\t%s\t%s\t%d\t%d\n", primary, $2, $3, $4, calls, \
	    $0 ~ /<cycle [0-9]+> \[[0-9]+\]$/
	for (i = 1; i <= np; i++) {
		split(pending[i], p, "\t")
		printf "A\t%s\t%s\t%d\n", p[1], primary, p[2]
	}
	np = 0
	next
}
part == "graph" && /^granularity:/ {
	print "G"
	if (/no time propagated/)
		print "Z"
}
# Callers (before the entry's own line) and callees (after it).
part == "graph" && inblock && !whole && /^ / && !/<spontaneous>/ {
	other = clean(substr($0, 50))
	count = substr($0, 30, 7) + 0
	if (primary == "")
		pending[++np] = other "\t" count
	else
		printf "A\t%s\t%s\t%d\n", primary, other, count
}
END { if (last != "") printf "T\t%s\n", last }
