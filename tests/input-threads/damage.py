#!/usr/bin/env python3
"""damage.py KIND IN OUT - a copy of side file IN (include/gmon_side.h)
with its per-thread records damaged or removed, for tests/input-threads:

  dup-index   the second THREAD record gets the first one's index
  arcs-index  the first THREADARCS record names thread 99
  owner-index the first STACKOWNER record names thread 77
  name-len    the first THREAD record's name claims 200 bytes
  short-arcs  the first THREADARCS record is 12 bytes long (of 16)
  old         what an older collector wrote: THREAD records of 40
              bytes, no THREADARCS, STACKOWNER or WINDOW

Every record keeps its place and padding, so the file stays framed."""
import struct
import sys

THREAD, THREADARCS, STACKOWNER, WINDOW = 3, 12, 13, 14


def records(d):
    off = 16
    while off + 8 <= len(d):
        tag, n = struct.unpack_from("<II", d, off)
        yield off, tag, n
        off += 8 + (n + 7) // 8 * 8


def main():
    kind, src, dst = sys.argv[1:4]
    d = bytearray(open(src, "rb").read())
    recs = list(records(d))
    first = {}
    for off, tag, n in recs:
        first.setdefault(tag, []).append(off)
    if kind == "dup-index":
        a, b = first[THREAD][0], first[THREAD][1]
        d[b + 8 + 40:b + 8 + 44] = d[a + 8 + 40:a + 8 + 44]
    elif kind == "arcs-index":
        struct.pack_into("<I", d, first[THREADARCS][0] + 8, 99)
    elif kind == "owner-index":
        struct.pack_into("<I", d, first[STACKOWNER][0] + 8, 77)
    elif kind == "name-len":
        struct.pack_into("<I", d, first[THREAD][0] + 8 + 84, 200)
    elif kind == "short-arcs":
        struct.pack_into("<I", d, first[THREADARCS][0] + 4, 12)
    elif kind == "old":
        out = bytearray(d[:16])
        for off, tag, n in recs:
            if tag in (THREADARCS, STACKOWNER, WINDOW):
                continue
            body = bytes(d[off + 8:off + 8 + n])
            if tag == THREAD:
                body = body[:40]
            out += struct.pack("<II", tag, len(body)) + body
            out += b"\0" * (-len(body) % 8)
        d = out
    else:
        raise SystemExit("unknown kind " + kind)
    open(dst, "wb").write(d)


main()
