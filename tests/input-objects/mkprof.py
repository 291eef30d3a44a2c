#!/usr/bin/env python3
"""mkprof.py - write a GNU gmon.out and its side file (PROFILE.gmonx,
include/gmon_side.h) with a load map, for tests/input-objects/run.sh.

Usage: mkprof.py OUT SPEC     (SPEC a file, or - for stdin)

Writes OUT (gmon.out: the executable's histogram and its exe->exe arcs)
and OUT.gmonx (RUN, CLOCK, OBJECT, HIST, ARCS, END).  Functions are named
as the symbol tables have them (nm), so the addresses come from the real
files; counts are chosen by the spec.  One directive per line, '#'
starts a comment:

  exe PATH [buildid=HEX|none]  the program (object 0); its .text range
  rate HZ                      histogram rate (default 100)
  runid TEXT                   12 bytes of run id (default from OUT)
  object ID PATH [buildid=HEX|none] [file=ELF] [text=LO-HI]
                               an OBJECT record: PATH is what the
                               loader gave; symbols and the build-id are
                               read from ELF (default PATH), and so is
                               the text range unless given
  histat ID LOWPC N            object ID's HIST is one bin of N at LOWPC
  hist ID FUNC N               N samples in one bin inside FUNC of object
                               ID (0: the executable, in gmon.out)
  arc FROMID FROM TOID TO N [side=1]
                               N calls from function FROM (object FROMID)
                               to TO; exe->exe arcs go to gmon.out
                               unless side=1 puts one in ARCS (which a
                               reader refuses) (a name may be
                               NAME+OFFSET: that far past it)
  noside                       write gmon.out only
  noclock                      no CLOCK record (as gmon.sum's side file)
  stack N [trunc=1] [nohist=1] FRAME...
                               a STACKS entry: N samples with this stack,
                               innermost first; FRAME is NAME or ID:NAME
                               (object ID, default 0).  Frame 0 is the
                               PC (NAME+8, and N samples in its bin unless
                               nohist=1), the others return addresses
                               (NAME+6, so the call is at NAME+5)
  stackrecords K               spread the stacks over K STACKS records
                               (round robin; each has its own frames)
  stackinfo S K T D [DEPTH METHOD]
                               STACKINFO's numbers (default: S = K = the
                               stacks' samples, T the truncated ones,
                               D 0, depth cap 128, method 2 (signal))
  nostackinfo                  no STACKINFO record
  thread INDEX NAME [tid=N] [calls=N] [cpu=NS] [samples=N] [first=NS]
         [last=NS] [folded=N] [flags=main+live+mixed]
                               a THREAD record with its per-thread part
                               (NAME "-" for none); then a stack's
                               owner=INDEX puts it in that thread's
                               STACKS (after its STACKOWNER), and
                               threadarc INDEX FROMID FROM TOID TO N a
                               THREADARCS entry (as arc's addresses)
  window START END SEQ [snapshot=1]
                               a WINDOW record (ns since the epoch)
  badstack KIND [id=N]         append a damaged STACKS record (KIND:
                               index, depth0, deep, count0, overflow,
                               nstacks, nframes, short, object: a frame
                               of undeclared object N, default 99) or a
                               second STACKINFO (KIND info2)
"""
import struct
import subprocess
import sys


def text_range(path):
    out = subprocess.run(["readelf", "-SW", path], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 5 and f[1] == ".text":
            addr, size = int(f[3], 16), int(f[5], 16)
            return addr, addr + size
    raise SystemExit("%s: no .text" % path)


def exec_range(path):
    """The span of the executable PT_LOAD segments (OBJECT's text)."""
    out = subprocess.run(["readelf", "-lW", path], capture_output=True,
                         text=True, check=True).stdout
    lo, hi = None, None
    for line in out.splitlines():
        f = line.split()
        if len(f) > 6 and f[0] == "LOAD" and "E" in f[6:-1] and \
                int(f[5], 16) > 0:
            a, n = int(f[2], 16), int(f[5], 16)
            lo = a if lo is None else min(lo, a)
            hi = a + n if hi is None else max(hi, a + n)
    if lo is None:
        raise SystemExit("%s: no executable segment" % path)
    return lo, hi


def build_id(path):
    out = subprocess.run(["readelf", "-n", path], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        if "Build ID:" in line:
            return bytes.fromhex(line.split(":", 1)[1].strip())
    return b""


def symbols(path):
    out = subprocess.run(["nm", "--defined-only", path], capture_output=True,
                         text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TtWw":
            syms.setdefault(f[2], int(f[0], 16))
    return syms


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def record(tag, body):
    return struct.pack("<II", tag, len(body)) + pad8(body)


class Obj:
    def __init__(self, oid, path, elf, bid):
        self.id, self.path, self.elf = oid, path, elf
        self.syms = symbols(elf)
        self.lo, self.hi = text_range(elf)
        self.xlo, self.xhi = exec_range(elf)
        self.lo &= ~3
        self.hi = (self.hi + 3) & ~3
        self.bid = build_id(elf) if bid is None else bid
        self.bins = {}
        self.at = None

    def addr(self, name, off):
        if "+" in name:  # NAME+OFFSET: an address past NAME, raw
            name, more = name.split("+", 1)
            off += int(more, 0)
        if name not in self.syms:
            raise SystemExit("%s: no symbol %s" % (self.elf, name))
        return self.syms[name] + off


class Stacks:
    """The STACKS and STACKINFO records (include/gmon_side.h)."""

    def __init__(self):
        self.stacks, self.nrec, self.info, self.bad = [], 1, None, []
        self.noinfo = False

    def directive(self, f, opts, objs):
        if f[0] == "stack":
            frames = []
            for i, fr in enumerate(f[2:]):
                oid, name = fr.split(":", 1) if ":" in fr else ("0", fr)
                o = objs[int(oid)]
                a = o.addr(name, 8 if i == 0 else 6)
                frames.append((o.id, a))
            n = int(f[1])
            if opts.get("nohist") is None:
                o = objs[frames[0][0]]
                b = frames[0][1] & ~3
                o.bins[b] = o.bins.get(b, 0) + n
            self.stacks.append((frames, 1 if opts.get("trunc") else 0, n,
                                int(opts.get("owner", "0"))))
        elif f[0] == "stackrecords":
            self.nrec = int(f[1])
        elif f[0] == "stackinfo":
            v = [int(x) for x in f[1:]] + [128, 2][len(f) - 5:]
            self.info = v[:6]
        elif f[0] == "nostackinfo":
            self.noinfo = True
        else:
            self.bad.append((f[1], int(opts.get("id", "99"), 0)))

    @staticmethod
    def body(stacks):
        frames, index, out = [], {}, b""
        for fr, _, _, _ in stacks:
            for x in fr:
                if x not in index:
                    index[x] = len(frames)
                    frames.append(x)
        b = struct.pack("<QQ", len(frames), len(stacks))
        for oid, a in frames:
            b += struct.pack("<IIQ", oid, 0, a)
        for fr, flags, n, _ in stacks:
            e = struct.pack("<IIQ", len(fr), flags, n)
            e += struct.pack("<%dI" % len(fr), *[index[x] for x in fr])
            out += pad8(e)
        return b + out

    def damaged(self, kind, main, oid):
        one = struct.pack("<IIQ", 0, 0, main)  # one frame: main
        if kind == "index":
            return struct.pack("<QQ", 1, 1) + one + \
                pad8(struct.pack("<IIQI", 1, 0, 1, 5))
        if kind == "depth0":
            return struct.pack("<QQ", 1, 1) + one + struct.pack("<IIQQ",
                                                                0, 0, 1, 0)
        if kind == "deep":
            return struct.pack("<QQ", 1, 1) + one + \
                struct.pack("<IIQ", 2000, 0, 1) + b"\0" * 8000
        if kind == "count0":
            return struct.pack("<QQ", 1, 1) + one + \
                pad8(struct.pack("<IIQI", 1, 0, 0, 0))
        if kind == "overflow":
            e = pad8(struct.pack("<IIQI", 1, 0, 1 << 63, 0))
            return struct.pack("<QQ", 1, 2) + one + e + e
        if kind == "nstacks":
            return struct.pack("<QQ", 1, 1 << 60) + one + \
                pad8(struct.pack("<IIQI", 1, 0, 1, 0))
        if kind == "nframes":
            return struct.pack("<QQ", 1 << 62, 1) + one
        if kind == "short":
            return struct.pack("<Q", 1)
        if kind == "object":
            return struct.pack("<QQ", 1, 1) + struct.pack("<IIQ", oid, 0, 8) \
                + pad8(struct.pack("<IIQI", 1, 0, 1, 0))
        raise SystemExit("bad badstack kind: " + kind)

    def records(self, objs, owners):
        """OWNERS: whether to write STACKOWNER records (threads exist):
        the unowned stacks first, then each thread's."""
        out = b""
        for owner in sorted(set(x[3] for x in self.stacks) | {0}):
            group = [x for x in self.stacks if x[3] == owner]
            if owners and (group or owner == 0):
                out += record(13, struct.pack("<II", owner, 0))
            for k in range(self.nrec):
                part = group[k::self.nrec]
                if part:
                    out += record(9, self.body(part))
        main = objs[0].syms.get("main", 0)
        for kind, oid in self.bad:
            if kind != "info2":
                out += record(9, self.damaged(kind, main, oid))
        if self.stacks and not self.noinfo or self.info:
            n = sum(x[2] for x in self.stacks)
            t = sum(x[2] for x in self.stacks if x[1])
            v = self.info or [n, n, t, 0, 128, 2]
            info = record(10, struct.pack("<QQQQII", *v))
            out += info
            if "info2" in [kind for kind, _ in self.bad]:
                out += info
        return out


def main():
    out, spec = sys.argv[1], sys.argv[2]
    text = sys.stdin.read() if spec == "-" else open(spec).read()
    objs, arcs, rate, side, clock = {}, [], 100, True, True
    st = Stacks()
    threads, tarcs, window = [], [], None
    runid = (out.encode() * 12)[-12:]
    for line in text.splitlines():
        f = line.split("#", 1)[0].split()
        if not f:
            continue
        opts = dict(x.split("=", 1) for x in f if "=" in x)
        f = [x for x in f if "=" not in x]
        bid = opts.get("buildid")
        bid = None if bid is None else b"" if bid == "none" else \
            bytes.fromhex(bid)
        if f[0] == "exe":
            objs[0] = Obj(0, f[1], f[1], bid)
        elif f[0] == "rate":
            rate = int(f[1])
        elif f[0] == "noclock":
            clock = False
        elif f[0] == "runid":
            runid = (f[1].encode() + b"\0" * 12)[:12]
        elif f[0] == "object":
            o = Obj(int(f[1]), f[2], opts.get("file", f[2]), bid)
            if "text" in opts:
                o.xlo, o.xhi = (int(x, 0) for x in opts["text"].split("-"))
            objs[o.id] = o
        elif f[0] == "hist":
            o = objs[int(f[1])]
            a = o.addr(f[2], 8) & ~3
            o.bins[a] = o.bins.get(a, 0) + int(f[3])
        elif f[0] == "histat":
            objs[int(f[1])].at = (int(f[2], 0), int(f[3]))
        elif f[0] == "arc":
            fo, to = objs[int(f[1])], objs[int(f[3])]
            arcs.append((fo.id, to.id, fo.addr(f[2], 5), to.addr(f[4], 4),
                         int(f[5]), "side" in opts))
        elif f[0] == "noside":
            side = False
        elif f[0] == "thread":
            flags = 0
            for fl in opts.get("flags", "").split("+"):
                flags |= {"": 0, "live": 1, "main": 2, "mixed": 4}[fl]
            name = b"" if f[2] == "-" else f[2].encode()
            threads.append(struct.pack(
                "<QQQQQIIQQQQII", int(opts.get("tid", 1000 + int(f[1]))),
                int(opts.get("calls", 0)), 0, 0, 0, int(f[1]),
                int(opts.get("folded", 0)), int(opts.get("cpu", 0)),
                int(opts.get("samples", 0)), int(opts.get("first", 0)),
                int(opts.get("last", 0)), flags, len(name)) + name)
        elif f[0] == "threadarc":
            fo, to = objs[int(f[2])], objs[int(f[4])]
            tarcs.append((int(f[1]), struct.pack(
                "<IIQQQ", fo.id, to.id, fo.addr(f[3], 5), to.addr(f[5], 4),
                int(f[6]))))
        elif f[0] == "window":
            window = struct.pack("<QQII", int(f[1]), int(f[2]), int(f[3]),
                                 1 if opts.get("snapshot") else 0)
        elif f[0] in ("stack", "stackrecords", "stackinfo", "nostackinfo",
                      "badstack"):
            st.directive(f, opts, objs)
        else:
            raise SystemExit("bad directive: " + line)
    exe = objs[0]
    # gmon.out: header, one histogram of 4-byte bins (u16), exe arcs.
    g = b"gmon" + struct.pack("<I", 1) + runid
    nb = (exe.hi - exe.lo) // 4
    bins = [0] * nb
    for a, n in exe.bins.items():
        bins[(a - exe.lo) // 4] += n
    g += b"\0" + struct.pack("<QQII", exe.lo, exe.hi, nb, rate)
    g += b"seconds".ljust(15, b"\0") + b"s"
    g += struct.pack("<%dH" % nb, *bins)
    for fo, to, fa, ta, n, in_side in arcs:
        if fo == 0 and to == 0 and not in_side:
            g += b"\1" + struct.pack("<QQI", fa, ta, n)
    open(out, "wb").write(g)
    if not side:
        return
    s = b"gmonside" + struct.pack("<II", 1, 0)
    path = exe.path.encode()
    s += record(1, runid + struct.pack("<IQQQII", 0, 0x555555554000,
                                       exe.lo, exe.hi, len(exe.bid),
                                       len(path)) + exe.bid + path)
    name = b"itimer"
    s += b"" if not clock else record(2, struct.pack("<IIII", 3, rate, rate, len(name)) +
                struct.pack("<QQQQQQQQQ", rate * 1000, 10 ** 9, 0, 0, 0, 0,
                            0, 0, 0) + name)
    for oid in sorted(objs):
        o = objs[oid]
        if oid == 0:
            continue
        p = o.path.encode()
        s += record(6, struct.pack("<IIQQQII", oid, 0,
                                   0x7f0000000000 + oid * 0x1000000, o.xlo,
                                   o.xhi, len(o.bid), len(p)) + o.bid + p)
        if o.at:
            s += record(7, struct.pack("<IIQQI", oid, 0, o.at[0], 1,
                                       o.at[1]))
        elif o.bins:
            nb = (o.hi - o.lo) // 4
            bins = [0] * nb
            for a, n in o.bins.items():
                bins[(a - o.lo) // 4] += n
            s += record(7, struct.pack("<IIQQ", oid, 0, o.lo, nb) +
                        struct.pack("<%dI" % nb, *bins))
    side_arcs = [a for a in arcs if a[0] != 0 or a[1] != 0 or a[5]]
    if side_arcs:
        body = struct.pack("<Q", len(side_arcs))
        for fo, to, fa, ta, n, _ in side_arcs:
            body += struct.pack("<IIQQQ", fo, to, fa, ta, n)
        s += record(8, body)
    for t in threads:
        s += record(3, t)
    for index in sorted(set(i for i, _ in tarcs)):
        mine = [a for i, a in tarcs if i == index]
        s += record(12, struct.pack("<IIQ", index, 0, len(mine)) +
                    b"".join(mine))
    if window:
        s += record(14, window)
    s += st.records(objs, bool(threads))
    s += record(5, b"")
    open(out + ".gmonx", "wb").write(s)


main()
