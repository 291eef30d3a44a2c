#!/usr/bin/python3
# pprof-maps.py FILE: decode the gzipped profile.proto FILE (a small
# protobuf reader of its own: varints and length-delimited fields only,
# which is all --format=pprof writes) and print one line per location:
#   FUNCTION-NAME MAPPING-FILENAME BUILD-ID
# after checking that its mapping exists and that the mapping's
# [memory_start, memory_limit) holds the location's address.  Exits 1
# with "pprof-maps: why" on a broken invariant.
import gzip
import sys


def fields(b):
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        else:
            sys.exit("pprof-maps: wire type %d" % wt)
        yield num, v


def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return v, i


prof = gzip.open(sys.argv[1]).read()
strs, maps, funcs, locs = [], {}, {}, []
for num, v in fields(prof):
    if num == 6:
        strs.append(v.decode())
    elif num == 3:
        maps[dict(fields(v)).get(1)] = dict(fields(v))
    elif num == 5:
        funcs[dict(fields(v)).get(1)] = dict(fields(v))
    elif num == 4:
        locs.append(list(fields(v)))
for loc in locs:
    d = dict(loc)
    m = maps.get(d.get(2, 0))
    if m is None:
        sys.exit("pprof-maps: location %d: no mapping %d" % (d[1], d.get(2, 0)))
    addr = d.get(3, 0)
    if not m.get(2, 0) <= addr < m.get(3, 0):
        sys.exit("pprof-maps: location %d: address %#x outside its mapping" % (d[1], addr))
    line = dict(fields(d[4]))
    name = strs[funcs[line[1]][2]]
    print("%s|%s|%s" % (name, strs[m.get(5, 0)], strs[m.get(6, 0)]))
