#!/usr/bin/env python3
"""decode.py - read the STACKS and STACKINFO records of a side file
(include/gmon_side.h) the way the analyser will, resolve every frame to
a function with nm, and hold the stacks against a program's truth.

usage: decode.py SIDE --exe EXE [--lib PATH]... [--nm NM] [checks]
  --truth FILE       "SHARE CALLEE CALLER FRACTION" lines: the measured
                     share of CALLEE's samples with CALLER right above it
                     must be within max(5 points, 4 sigma + 1 point)
  --slack X          add X to every share's tolerance (threads that run
                     at once on a loaded machine do not run equally fast)
  --callers F=G,H    the frame above F is G or H ("-": F is outermost,
                     "*": anything); every function seen needs a rule
                     (a truncated stack's outermost frame has no caller
                     to check)
  --complete F       stacks whose outermost frame is F are complete
  --truncated-at F   stacks holding F end at F, truncated (at least one)
  --min-complete F=X of the samples whose stack holds F, at least the
                     fraction X complete (and at least 50 such samples)
  --unwound          STACKINFO (48 bytes) counts stacks completed by
                     call-frame information: at least one, at most the
                     complete ones
  --method N         STACKINFO's method
  --min-samples N    at least N samples with stacks
  --dump             print the stacks
Prints what it checked; exits 1 with the reasons when a check fails.
"""
import math
import os
import struct
import subprocess
import sys


def records(data):
    if data[:8] != b"gmonside":
        sys.exit("not a side file")
    off = 16
    while off + 8 <= len(data):
        tag, length = struct.unpack_from("<II", data, off)
        body = data[off + 8:off + 8 + length]
        if len(body) != length:
            sys.exit("record %d cut short" % tag)
        yield tag, body
        off += 8 + (length + 7) // 8 * 8


def parse(data, bad):
    objects, stacks, info = {}, [], None
    for tag, body in records(data):
        if tag == 6:
            oid, _flags, base = struct.unpack_from("<IIQ", body, 0)
            idlen, plen = struct.unpack_from("<II", body, 32)
            objects[oid] = body[40 + idlen:40 + idlen + plen].decode()
        elif tag == 9:
            nframes, nstacks = struct.unpack_from("<QQ", body, 0)
            if 16 + 16 * nframes > len(body):
                bad.append("STACKS: %d frames do not fit" % nframes)
                continue
            frames = [struct.unpack_from("<IIQ", body, 16 + 16 * i)
                      for i in range(nframes)]
            p = 16 + 16 * nframes
            for _ in range(nstacks):
                depth, flags, count = struct.unpack_from("<IIQ", body, p)
                if not 1 <= depth <= 1024 or count < 1:
                    bad.append("STACKS: depth %d count %d" % (depth, count))
                    break
                idx = struct.unpack_from("<%dI" % depth, body, p + 16)
                if max(idx) >= nframes:
                    bad.append("STACKS: frame index out of range")
                    break
                stacks.append(([(frames[i][0], frames[i][2]) for i in idx],
                               flags, count))
                p += (16 + 4 * depth + 7) // 8 * 8
            if p != len(body):
                bad.append("STACKS: %d bytes after the stacks"
                           % (len(body) - p))
        elif tag == 10:
            info = struct.unpack_from("<QQQQII", body, 0)
            unwound = (struct.unpack_from("<Q", body, 40)[0]
                       if len(body) >= 48 else None)
            info = info + (unwound,)
    return objects, stacks, info


class Syms:
    def __init__(self, path, nm):
        out = subprocess.run([nm, "-n", "--defined-only", path],
                             capture_output=True, text=True).stdout
        self.syms = []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "TtWw":
                self.syms.append((int(f[0], 16), f[2]))

    def name(self, addr):
        lo, hi, best = 0, len(self.syms), None
        while lo < hi:
            mid = (lo + hi) // 2
            if self.syms[mid][0] <= addr:
                best, lo = self.syms[mid][1], mid + 1
            else:
                hi = mid
        return best or "?%x" % addr


def main():
    args = sys.argv[1:]
    side, exe, libs, nm = args[0], None, [], "nm"
    truth, callers, complete, truncated_at = [], {}, [], []
    min_complete, want_unwound = [], False
    method = min_samples = None
    slack = 0.0
    dump = False
    i = 1
    while i < len(args):
        a = args[i]
        v = args[i + 1] if i + 1 < len(args) else None
        i += 2
        if a == "--exe":
            exe = v
        elif a == "--lib":
            libs.append(v)
        elif a == "--nm":
            nm = v
        elif a == "--truth":
            for line in open(v):
                f = line.split()
                if f and f[0] == "SHARE":
                    truth.append((f[1], f[2], float(f[3])))
        elif a == "--callers":
            f, g = v.split("=")
            callers[f] = set(g.split(","))
        elif a == "--complete":
            complete.append(v)
        elif a == "--truncated-at":
            truncated_at.append(v)
        elif a == "--min-complete":
            f, x = v.split("=")
            min_complete.append((f, float(x)))
        elif a == "--unwound":
            want_unwound = True
            i -= 1
        elif a == "--slack":
            slack = float(v)
        elif a == "--method":
            method = int(v)
        elif a == "--min-samples":
            min_samples = int(v)
        elif a == "--dump":
            dump = True
            i -= 1
        else:
            sys.exit("unknown option " + a)
    bad = []
    objects, stacks, info = parse(open(side, "rb").read(), bad)
    syms = {0: Syms(exe, nm)}
    for oid, path in objects.items():
        base = os.path.basename(path)
        for lib in libs:
            if os.path.basename(lib) == base:
                syms[oid] = Syms(lib, nm)
    named = []
    for frames, flags, count in stacks:
        names = []
        for k, (obj, addr) in enumerate(frames):
            if obj not in syms:
                bad.append("frame in object %d, which has no symbols" % obj)
                names.append("?")
                continue
            names.append(syms[obj].name(addr if k == 0 else addr - 1))
        named.append((names, flags, count))
        if dump:
            print(count, "T" if flags & 1 else "C", " <- ".join(names))
    if info is None:
        bad.append("no STACKINFO record")
        info = (0, 0, 0, 0, 0, 0, None)
    total = sum(c for _, _, c in named)
    trunc = sum(c for _, fl, c in named if fl & 1)
    if info[1] != total or info[2] != trunc or info[0] != info[1] + info[3]:
        bad.append("STACKINFO %s disagrees with the stacks (%d, %d)"
                   % (info, total, trunc))
    print("stacks: %d distinct, %d samples, %d truncated, %d dropped, "
          "method %d, depth cap %d" % (len(named), total, trunc, info[3],
                                       info[5], info[4]))
    if method is not None and info[5] != method:
        bad.append("method %d, not %d" % (info[5], method))
    if min_samples is not None and total < min_samples:
        bad.append("%d samples with stacks, fewer than %d"
                   % (total, min_samples))

    # Shares: each sample counts once, with the caller above the
    # innermost occurrence of the callee.
    for callee in sorted({t[0] for t in truth}):
        by = {}
        n = 0
        for names, _, c in named:
            if callee in names:
                k = names.index(callee)
                if k + 1 < len(names):
                    by[names[k + 1]] = by.get(names[k + 1], 0) + c
                    n += c
        for cle, caller, p in truth:
            if cle != callee:
                continue
            got = by.get(caller, 0) / n if n else 0.0
            sigma = math.sqrt(p * (1 - p) / n) if n else 1.0
            tol = max(0.05, 4 * sigma + 0.01) + slack
            line = ("share %s <- %s: measured %.4f, truth %.4f, tolerance "
                    "%.4f over %d samples" % (callee, caller, got, p, tol, n))
            print(line)
            if abs(got - p) > tol:
                bad.append(line)

    for names, flags, c in named:
        for k, f in enumerate(names):
            if f not in callers and k == 0:
                break  # a sample in code the test does not name (a PLT)
            if f not in callers:
                bad.append("%s has no caller rule (stack %s)"
                           % (f, " <- ".join(names)))
                break
            want = callers[f]
            above = names[k + 1] if k + 1 < len(names) else "-"
            if above == "-" and flags & 1:
                break  # truncated: its caller is not known
            if "*" not in want and above not in want:
                bad.append("%s above %s (allowed: %s) in %s"
                           % (above, f, ",".join(sorted(want)),
                              " <- ".join(names)))
                break
        if names[-1] in complete and flags & 1:
            bad.append("truncated, though it ends at %s: %s"
                       % (names[-1], " <- ".join(names)))
    for f in truncated_at:
        seen = 0
        for names, flags, c in named:
            if f in names:
                if names[-1] != f or not flags & 1:
                    bad.append("a stack through %s goes on or is complete:"
                               " %s" % (f, " <- ".join(names)))
                seen += c
        print("through %s: %d samples, each truncated there" % (f, seen))
        if not seen:
            bad.append("no stack through " + f)
    for f, x in min_complete:
        n = sum(c for names, _, c in named if f in names)
        ok = sum(c for names, fl, c in named if f in names and not fl & 1)
        print("through %s: %d of %d samples complete" % (f, ok, n))
        if n < 50 or ok < x * n:
            bad.append("through %s: %d of %d samples complete, want %.0f%%"
                       " of at least 50" % (f, ok, n, 100 * x))
    if want_unwound:
        u = info[6]
        print("completed by call-frame information: %s" % u)
        if u is None or u < 1 or u > total - trunc:
            bad.append("STACKINFO's unwound is %s (complete: %d)"
                       % (u, total - trunc))
    for b in bad[:20]:
        print("BAD", b)
    sys.exit(1 if bad else 0)


main()
