#!/usr/bin/env python3
"""mkside.py - write the side file PROFILE.gmonx (include/gmon_side.h)
beside a profile, for the tie tests of tests/input-profiles and tests/input-sumfile.

Usage: mkside.py PROFILE [OPTION...]

  spare=HEX          first set PROFILE's 12 header spare bytes (GNU format)
  runid=HEX|zero     RUN's run id (default: PROFILE's spare bytes)
  tie=yes|no|other   a TIE record with the size and hash of PROFILE's
                     bytes (yes, the default), none (a side file from
                     before TIE), or those of other bytes
  clock=NS           a CLOCK record: itimer at 100 Hz that measured NS
                     nanoseconds (default 1000000000)
  stack=ADDR,...     a STACKS record: one stack of 3 samples, frames (in
                     the executable, innermost first) at these addresses
  exe=PATH           RUN's program path (default "prog")

The hash is written out here from its description in
include/gmon_hash.h, so a side file this makes and gprof accepts shows
that the two agree.
"""
import struct
import sys

M = (1 << 64) - 1
K1, K2, K3 = 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb


def mix(z):
    z = ((z ^ (z >> 30)) * K2) & M
    z = ((z ^ (z >> 27)) * K3) & M
    return z ^ (z >> 31)


def gmon_hash(data):
    v = [K1, K2, K3, K1 ^ K2]
    n = len(data)
    data += b"\0" * (-n % 32)
    for off in range(0, len(data), 32):
        for i in range(4):
            w = int.from_bytes(data[off + 8 * i:off + 8 * i + 8], "little")
            x = (v[i] + w * K2) & M
            x = ((x << 29) | (x >> 35)) & M
            v[i] = (x * K1) & M
    h = mix(n ^ K3)
    for i in range(4):
        h = mix(((h ^ v[i]) * K1) & M)
    return h


def record(tag, body):
    return struct.pack("<II", tag, len(body)) + body + b"\0" * (-len(body) % 8)


def main():
    prof = sys.argv[1]
    opts = dict(a.split("=", 1) for a in sys.argv[2:])
    data = open(prof, "rb").read()
    if "spare" in opts:
        data = data[:8] + bytes.fromhex(opts["spare"]) + data[20:]
        open(prof, "wb").write(data)
    runid = opts.get("runid", "profile")
    runid = data[8:20] if runid == "profile" else \
        bytes(12) if runid == "zero" else bytes.fromhex(runid)
    exe = opts.get("exe", "prog").encode()
    s = b"gmonside" + struct.pack("<II", 1, 0)
    s += record(1, runid + struct.pack("<IQQQII", 0, 0, 0, 0, 0, len(exe))
                + exe)
    tie = opts.get("tie", "yes")
    if tie != "no":
        other = data if tie == "yes" else data + b"x"
        s += record(11, struct.pack("<QQ", len(other), gmon_hash(other)))
    ns = int(opts.get("clock", "1000000000"))
    name = b"itimer"
    s += record(2, struct.pack("<IIII", 3, 100, 100, len(name)) +
                struct.pack("<QQQQQQQQQ", 100000, ns, 0, 0, 0, 0, 0, 0, 0)
                + name)
    if "stack" in opts:
        frames = [int(a, 0) for a in opts["stack"].split(",")]
        body = struct.pack("<QQ", len(frames), 1)
        for a in frames:
            body += struct.pack("<IIQ", 0, 0, a)
        e = struct.pack("<IIQ", len(frames), 0, 3)
        e += struct.pack("<%dI" % len(frames), *range(len(frames)))
        body += e + b"\0" * (-len(e) % 8)
        s += record(9, body)
    s += record(5, b"")
    open(prof + ".gmonx", "wb").write(s)


main()
