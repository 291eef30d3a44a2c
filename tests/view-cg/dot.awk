# dot.awk - our --format=dot output as
#   N <tab> name <tab> total% <tab> self% <tab> calls
#   A <tab> caller <tab> callee <tab> count
# Labels are unescaped (\" \\ and \n, the only escapes we write).
function label(s,    i, c, out, r) {
	i = index(s, "label=\"")
	if (i == 0)
		return ""
	s = substr(s, i + 7)
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\"")
			break
		if (c == "\\") {
			i++
			c = substr(s, i, 1)
			out = out (c == "n" ? "\n" : c)
		} else {
			out = out c
		}
	}
	return out
}
/^\t"[0-9]+" \[/ {
	id = $1
	gsub(/[\t"]/, "", id)
	n = split(label($0), f, "\n")
	name[id] = f[1]
	calls = n >= 4 ? f[4] : 0
	sub(/\xc3\x97$/, "", calls)
	t = f[2]; sub(/%/, "", t)
	s = f[3]; gsub(/[()%]/, "", s)
	printf "N\t%s\t%s\t%s\t%d\n", f[1], t, s, calls
	next
}
/^\t"[0-9]+" -> "[0-9]+" \[/ {
	a = $1; b = $3
	gsub(/[\t"]/, "", a)
	gsub(/"/, "", b)
	n = split(label($0), f, "\n")
	cnt = f[n]
	sub(/\xc3\x97$/, "", cnt)
	printf "A\t%s\t%s\t%d\n", name[a], name[b], cnt
}
