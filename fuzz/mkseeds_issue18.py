#!/usr/bin/env python3
"""mkseeds_issue18.py - the seeds of issue 18's shapes, written into the
current directory: side files (tests/corpus/sidefile: many-objects,
hist-outside-text, hist-edges, huge-counts) and --diff JSON bases
(tests/corpus/diffjson, without the j- prefix: huge-counts.json,
many-functions.json, many-files.json).

Usage: python3 fuzz/mkseeds_issue18.py   (in a scratch directory)
"""
import struct, json, sys
def rec(tag, body):
    return struct.pack("<II", tag, len(body)) + body + b"\0" * (-len(body) % 8)
def head(runid=b"R" * 12):
    exe = b"/bin/prog"
    bid = bytes(range(20))
    return b"gmonside" + struct.pack("<II", 1, 0) + rec(1, runid + struct.pack("<IQQQII", 0, 0x555555554000, 0x1000, 0x2000, len(bid), len(exe)) + bid + exe)
def obj(i, path, bid, lo=0x1000, hi=0x1100):
    return rec(6, struct.pack("<IIQQQII", i, 0, 0x7f0000000000 + i * 0x100000, lo, hi, len(bid), len(path)) + bid + path)
def hist(i, lowpc, bins):
    return rec(7, struct.pack("<IIQQ", i, 0, lowpc, len(bins)) + struct.pack("<%dI" % len(bins), *bins))
def arcs(lst):
    return rec(8, struct.pack("<Q", len(lst)) + b"".join(struct.pack("<IIQQQ", *a) for a in lst))
END = rec(5, b"")
# many objects, half repeated by build-id, some by path without build-id
s = head()
for i in range(1, 121):
    k = (i - 1) % 40
    bid = struct.pack("<Q", k) if k % 3 else b""
    s += obj(i, b"/lib/l%d.so" % (k % 25), bid) + hist(i, 0x1000, [i, 1, 2, 3])
s += arcs([(0, i, 0x1010, 0x1004, i) for i in range(1, 121, 7)]) + END
open("many-objects", "wb").write(s)
# a HIST outside its OBJECT's text, and one at its very end
s = head() + obj(1, b"/lib/a.so", b"\1\2") + hist(1, 0x3ffffff0, [5]) + END
open("hist-outside-text", "wb").write(s)
s = head() + obj(1, b"/lib/a.so", b"\1\2", 0x1001, 0x10ff) + hist(1, 0x1000, [1] * 0x40) + obj(2, b"/lib/b.so", b"", 0, 0) + hist(2, 0, []) + END
open("hist-edges", "wb").write(s)
# arcs whose counts sum past 2^64 - 1, into one object and between two
M = 2**64 - 1
s = head() + obj(1, b"/lib/a.so", b"\1\2") + obj(2, b"/lib/a.so", b"\1\2") + obj(3, b"/lib/b.so", b"")
s += hist(1, 0x1000, [0xffffffff] * 4) + hist(2, 0x1000, [0xffffffff] * 4)
s += arcs([(0, 1, 0x1010, 0x1004, M - 1), (0, 2, 0x1010, 0x1004, M), (1, 3, 0x1020, 0x1004, M), (3, 1, 0x1030, 0x1008, 2**63)]) + END
open("huge-counts", "wb").write(s)
# diff JSON bases
def doc(fns, **kw):
    d = {"format": "gprof-profile", "version": 1, "program": {"path": "p"}, "profile": {"files": ["a", "b"], "sampling_rate_hz": 100}, "functions": fns}
    d.update(kw)
    return json.dumps(d)
open("j-huge-counts.json", "w").write(doc([
    {"raw_name": "a", "self_samples": 1, "calls": M},
    {"raw_name": "b", "self_samples": 2, "calls": M - 5, "self_calls": 9},
    {"raw_name": "c", "self_samples": 0, "calls": 9007199254740993},
    {"raw_name": "c", "self_samples": 3, "calls": M, "file": "x.c"},
    {"raw_name": "d", "self_samples": 1e300, "calls": 0},
    {"raw_name": "e", "self_samples": 1, "calls": 2**63},
    {"raw_name": "f", "self_samples": 1, "calls": 1e19}]))
open("j-many-functions.json", "w").write(doc([
    {"raw_name": "f%d" % (i % 60), "name": "f%d" % i, "file": "s%d.c" % (i % 7), "self_samples": i % 5, "calls": i * 7919 % 1000} for i in range(200)]))
open("j-many-files.json", "w").write(doc([{"raw_name": "x", "self_samples": 1, "calls": 1}], profile={"files": ["g%d" % i for i in range(100)]}))
