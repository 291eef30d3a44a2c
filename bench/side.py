#!/usr/bin/env python3
# bench/side.py SIDEFILE - the sampling and stack figures of one side
# file (gmon.out.gmonx, format in include/gmon_side.h), for the benches.
#
# Prints one line of space-separated fields:
#   CLOCK SAMPLES KNOWN STACKED TRUNCATED DROPPED DISTINCT DEEPEST METHOD
# CLOCK is the sampler's name; SAMPLES every sample it took (in the
# histograms' range, outside it, in the collector's code); KNOWN,
# STACKED, TRUNCATED and DROPPED come from the STACKINFO record (samples
# in known code, of those with a stack kept, truncated, without one);
# DISTINCT counts the distinct stacks over every STACKS record (frames
# compared by object and address, flags included); DEEPEST is the
# deepest stack's frames; METHOD the walk (perf, signal, shadow).  A
# field the file does not hold is "-".  A damaged file prints what was
# read before the damage and a warning on stderr.
import struct
import sys

METHODS = {0: "none", 1: "perf", 2: "signal", 3: "shadow"}


def stacks(body, seen):
    """Add the stacks of one STACKS body to SEEN; return the deepest."""
    nframes, nstacks = struct.unpack_from("<QQ", body, 0)
    if nframes > (len(body) - 16) // 16:
        raise ValueError("STACKS: frames past the record")
    frames = [struct.unpack_from("<IIQ", body, 16 + 16 * i)
              for i in range(nframes)]
    off, deepest = 16 + 16 * nframes, 0
    for _ in range(nstacks):
        depth, flags, count = struct.unpack_from("<IIQ", body, off)
        idx = struct.unpack_from("<%dI" % depth, body, off + 16)
        key = (flags,) + tuple((frames[i][0], frames[i][2]) for i in idx)
        seen[key] = seen.get(key, 0) + count
        deepest = max(deepest, depth)
        off += (16 + 4 * depth + 7) // 8 * 8
    return deepest


def main():
    data = open(sys.argv[1], "rb").read()
    clock, samples, info, seen, deepest = "-", "-", None, {}, 0
    off = 16
    try:
        while off + 8 <= len(data):
            tag, n = struct.unpack_from("<II", data, off)
            body = data[off + 8:off + 8 + n]
            if len(body) < n:
                raise ValueError("record past the end of the file")
            if tag == 2:
                namelen = struct.unpack_from("<I", body, 12)[0]
                clock = body[88:88 + namelen].decode("ascii", "replace")
                samples = sum(struct.unpack_from("<QQQ", body, 32))
            elif tag == 9:
                deepest = max(deepest, stacks(body, seen))
            elif tag == 10:
                info = struct.unpack_from("<QQQQII", body, 0)
            off += 8 + (n + 7) // 8 * 8
    except (struct.error, ValueError, IndexError) as e:
        print("side.py: %s: %s" % (sys.argv[1], e), file=sys.stderr)
    if info is None:
        known = stacked = truncated = dropped = method = "-"
    else:
        known, stacked, truncated, dropped = info[:4]
        method = METHODS.get(info[5], str(info[5]))
    print(clock.replace(" ", "_"), samples, known, stacked, truncated,
          dropped, len(seen) if seen else "-", deepest if seen else "-",
          method)


main()
