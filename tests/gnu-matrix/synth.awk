# synth.awk - write a random but reproducible mkgmon spec for a binary.
#
# Input: "ADDR TYPE NAME" lines (decimal address, readelf symbol type),
# sorted by address.  Variables (-v): seed, lo, hi, nbins (the histogram,
# as a real run of the binary would write it), word (4 or 8), fmt (gnu,
# bsd or bsd44; default gnu).
#
# The spec has bins in and between functions with counts from 1 to
# 65535, and arcs from inside callers to callees, including self-arcs,
# arcs into the middle of functions and onto non-function labels, arcs
# from and to addresses outside every function, repeated pairs (summed),
# and counts of 0 and 4294967295.  Everything depends only on the seed.
function count(   r) {
	r = rand()
	if (r < 0.6)
		return 1 + int(rand() * 20)
	if (r < 0.9)
		return 1 + int(rand() * 2000)
	if (r < 0.98)
		return 1 + int(rand() * 200000)
	return 1 + int(rand() * 4000000000)
}
function bincount(   r) {
	r = rand()
	if (r < 0.7)
		return 1 + int(rand() * 20)
	if (r < 0.95)
		return 1 + int(rand() * 1000)
	return 1 + int(rand() * 65535)
}
function pick(n) {
	return 1 + int(rand() * n)
}
function binof(a) {
	return int((int(a / 2) - int(lo / 2)) / scale)
}
function setbin(a) {
	if (a < lo || a >= hi)
		return
	b = binof(a)
	if (b >= 0 && b < nbins)
		printf "bin %d %d\n", b, bincount()
}
function arc(from, to, c) {
	printf "arc %.0f %.0f %.0f\n", from, to, c
}
{
	if ($1 < lo || $1 >= hi)
		next
	nsym++
	A[nsym] = $1 + 0
	if ($2 == "FUNC") {
		nf++
		F[nf] = nsym
	} else {
		nl++
		L[nl] = A[nsym]
	}
}
END {
	srand(seed)
	if (fmt != "")
		printf "format %s\n", fmt
	printf "word %d\n", word
	printf "hist %.0f %.0f %d\n", lo, hi, nbins
	scale = ((hi - lo) / 2) / nbins
	if (nbins == 0 || nf == 0)
		exit 0
	# end of each symbol = next higher address (or hi)
	for (i = 1; i <= nsym; i++) {
		E[i] = hi
		for (j = i + 1; j <= nsym; j++)
			if (A[j] > A[i]) {
				E[i] = A[j]
				break
			}
	}
	p = 300 / nf
	if (p > 0.4)
		p = 0.4
	for (k = 1; k <= nf; k++) {
		if (rand() >= p)
			continue
		i = F[k]
		n = pick(3)
		for (m = 0; m < n; m++)
			setbin(A[i] + int(rand() * (E[i] - A[i])))
	}
	for (m = 0; m < 20; m++)
		setbin(lo + int(rand() * (hi - lo)))
	narcs = 2 * nf
	if (narcs > 200)
		narcs = 200
	for (m = 0; m < narcs; m++) {
		c = F[pick(nf)]
		from = A[c] + int(rand() * (E[c] - A[c]))
		r = rand()
		if (r < 0.1)
			to = A[c]			# self-arc
		else if (r < 0.15 && nl > 0)
			to = L[pick(nl)]		# non-function label
		else {
			# mostly calls to higher addresses, so that the graph
			# is a DAG with a few cycles rather than one big cycle
			t = F[pick(nf)]
			if (rand() < 0.85 && t < c) {
				u = c
				c = t
				t = u
				from = A[c] + int(rand() * (E[c] - A[c]))
			}
			to = A[t]
			if (rand() < 0.25)		# past the entry, as mcount sees it
				to += int(rand() * (E[t] - A[t]))
		}
		r = rand()
		if (r < 0.04)
			from = hi + int(rand() * 4096)	# from outside the text
		else if (r < 0.06 && lo >= 64)
			from = lo - 1 - int(rand() * 63)
		else if (r < 0.08)
			to = hi + 16 + int(rand() * 4096)	# to outside the text
		cnt = count()
		arc(from, to, cnt)
		if (rand() < 0.05)
			arc(from, to, count())		# repeated pair: summed
	}
	c = F[pick(nf)]
	arc(A[c], A[F[pick(nf)]], 0)
	arc(A[c] + 1, A[F[pick(nf)]], 4294967295)
}
