#!/usr/bin/env python3
"""decode.py - read a side file (NAME.gmonx, include/gmon_side.h) the
way a strict reader would, check its structure, and print what the
tests compare, with addresses turned into function names by `nm` on
each object's file ($NM, default nm):

  OBJECT id flags basename        one per OBJECT record
  ARC caller callee count         ARCS entries, summed per name pair
  HIST basename function samples  non-zero HIST bins, summed per function
  HISTSUM basename samples        a HIST record's total
  TOTALS calls dropped nested threads
  CLOCK samples outside collector

A function of a library whose name another object (the executable or a
library) also defines is written NAME@BASENAME, as our gprof writes
"NAME [BASENAME]".  Any violation of the format prints "ERROR what" and
exits 1.
Usage: decode.py SIDEFILE
"""
import bisect
import os
import struct
import subprocess
import sys

NM = os.environ.get("NM", "nm")
TAGS = {1: "RUN", 2: "CLOCK", 3: "THREAD", 4: "TOTALS", 5: "END",
        6: "OBJECT", 7: "HIST", 8: "ARCS"}


def fail(why):
    print("ERROR " + why)
    sys.exit(1)


class Names:
    """Function names of one ELF file, by object address."""

    def __init__(self, path):
        self.addrs, self.ends, self.names = [], [], []
        try:
            out = subprocess.run([NM, "--defined-only", "-S", path],
                                 capture_output=True, text=True,
                                 check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            fail("nm cannot read " + path)
        syms = []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 4 and f[2] in "TtWw":
                addr, size = int(f[0], 16), int(f[1], 16)
                syms.append((addr, addr + size, f[3]))
        syms.sort()
        for a, e, n in syms:
            self.addrs.append(a)
            self.ends.append(e)
            self.names.append(n)
        self.suffix = ""
        self.clashes = set()

    def name(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        while i >= 0 and self.addrs[i] <= addr:
            if addr < self.ends[i]:
                n = self.names[i]
                return n + self.suffix if n in self.clashes else n
            i -= 1
        return "??%x" % addr


def clash_names(objects):
    """Names a library shares with another object get @BASENAME."""
    count = {}
    files = {}  # a library opened twice at two bases is one file
    for oid, o in objects.items():
        files.setdefault(o[1], o[2])
    for names in files.values():
        for n in set(names.names):
            count[n] = count.get(n, 0) + 1
    for oid, o in objects.items():
        if oid:
            o[2].suffix = "@" + os.path.basename(o[1])
            o[2].clashes = {n for n in o[2].names if count[n] > 1}


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    data = open(sys.argv[1], "rb").read()
    if len(data) < 16 or data[:8] != b"gmonside":
        fail("bad magic")
    if struct.unpack_from("<I", data, 8)[0] != 1:
        fail("bad version")
    off = 16
    objects = {}  # id -> (flags, path, names)
    hists = set()
    arcs = {}
    hist_recs, raw_arcs = [], []
    seen = []
    out = []
    while off < len(data):
        if off % 8 or len(data) - off < 8:
            fail("record at %d misaligned or cut" % off)
        tag, length = struct.unpack_from("<II", data, off)
        body = data[off + 8:off + 8 + length]
        if len(body) != length:
            fail("record %d at %d runs past the end" % (tag, off))
        off += 8 + length + (8 - length % 8) % 8
        name = TAGS.get(tag, "?")
        if not seen and name != "RUN":
            fail("first record is %s" % name)
        if "END" in seen:
            fail("record after END")
        seen.append(name)
        if name == "RUN":
            if seen.count("RUN") > 1 or length < 48:
                fail("bad RUN")
            idl, exel = struct.unpack_from("<II", body, 40)
            exe = body[48 + idl:48 + idl + exel].decode()
            objects[0] = (0, exe, Names(exe))
        elif name == "CLOCK":
            s, o, c = struct.unpack_from("<QQQ", body, 32)
            out.append("CLOCK %d %d %d" % (s, o, c))
        elif name == "TOTALS":
            out.append("TOTALS %d %d %d %d" % struct.unpack_from("<QQQQ", body))
        elif name == "OBJECT":
            if length < 40:
                fail("short OBJECT")
            oid, flags, base, lo, hi, idl, pl = struct.unpack_from(
                "<IIQQQII", body)
            if oid == 0 or oid in objects:
                fail("OBJECT id %d repeated or 0" % oid)
            if lo >= hi or idl > 64 or length != 40 + idl + pl:
                fail("OBJECT %d: bad fields" % oid)
            if base % 4096:
                fail("OBJECT %d: base %x" % (oid, base))
            path = body[40 + idl:40 + idl + pl].decode()
            objects[oid] = (flags, path, Names(path), lo, hi)
            out.append("OBJECT %d %d %s" % (oid, flags, os.path.basename(path)))
        elif name == "HIST":
            oid, _, lowpc, nbins = struct.unpack_from("<IIQQ", body)
            if oid not in objects or oid == 0 or oid in hists:
                fail("HIST of object %d" % oid)
            hists.add(oid)
            _, path, names, lo, hi = objects[oid]
            if lowpc != lo & ~3 or lowpc + 4 * nbins != (hi + 3) & ~3:
                fail("HIST %d: range %x+%d bins, text %x-%x" %
                     (oid, lowpc, nbins, lo, hi))
            if length != 24 + 4 * nbins:
                fail("HIST %d: length" % oid)
            bins = struct.unpack_from("<%dI" % nbins, body, 24)
            hist_recs.append((oid, lowpc, bins))
        elif name == "ARCS":
            n = struct.unpack_from("<Q", body)[0]
            if length != 8 + 32 * n:
                fail("ARCS length %d for %d arcs" % (length, n))
            for i in range(n):
                fo, so, fr, se, cnt = struct.unpack_from(
                    "<IIQQQ", body, 8 + 32 * i)
                if fo not in objects or so not in objects:
                    fail("arc names unknown object %d or %d" % (fo, so))
                if fo == 0 and so == 0:
                    fail("exe -> exe arc in ARCS")
                raw_arcs.append((fo, so, fr, se, cnt))
    if not seen or seen[-1] != "END":
        fail("no END")
    clash_names(objects)
    for oid, lowpc, bins in hist_recs:
        names = objects[oid][2]
        per = {}
        for i, b in enumerate(bins):
            if b:
                f = names.name(lowpc + 4 * i)
                per[f] = per.get(f, 0) + b
        base = os.path.basename(objects[oid][1])
        out.append("HISTSUM %s %d" % (base, sum(bins)))
        for f in sorted(per):
            out.append("HIST %s %s %d" % (base, f, per[f]))
    for fo, so, fr, se, cnt in raw_arcs:
        k = (objects[fo][2].name(fr), objects[so][2].name(se))
        arcs[k] = arcs.get(k, 0) + cnt
    for (a, b), n in sorted(arcs.items()):
        out.append("ARC %s %s %d" % (a, b, n))
    print("\n".join(out))


main()
