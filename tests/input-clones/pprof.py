#!/usr/bin/env python3
"""pprof.py FILE - the samples of a --format=pprof file (tests/input-clones),
one line each, sorted: its values, ":", its frames' function names
innermost first.  A small protobuf reader of its own (varints and
length-delimited fields, all --format=pprof writes)."""
import gzip
import sys


def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return v, i


def fields(b):
    i = 0
    while i < len(b):
        k, i = varint(b, i)
        if k & 7 == 0:
            v, i = varint(b, i)
        elif k & 7 == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        else:
            sys.exit("pprof.py: wire type %d" % (k & 7))
        yield k >> 3, v


def packed(v):
    if isinstance(v, int):
        return [v]
    out, i = [], 0
    while i < len(v):
        x, i = varint(v, i)
        out.append(x)
    return out


prof = gzip.open(sys.argv[1]).read()
strs, funcs, locs, samples = [], {}, {}, []
for num, v in fields(prof):
    if num == 6:
        strs.append(v.decode())
    elif num == 5:
        d = dict(fields(v))
        funcs[d[1]] = d[2]
    elif num == 4:
        d = dict(fields(v))
        locs[d[1]] = dict(fields(d[4]))[1]
    elif num == 2:
        ids, vals = [], []
        for n, x in fields(v):
            if n == 1:
                ids += packed(x)
            elif n == 2:
                vals += packed(x)
        samples.append((vals, ids))
lines = []
for vals, ids in samples:
    lines.append("%s : %s" % (" ".join(str(x) for x in vals),
                              " ".join(strs[funcs[locs[i]]] for i in ids)))
print("\n".join(sorted(lines)))
