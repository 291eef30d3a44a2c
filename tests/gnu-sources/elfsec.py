#!/usr/bin/env python3
"""elfsec.py - change one section header of an ELF file in place, for
tests/gnu-sources/run.sh's damaged-DWARF cases.

Usage: elfsec.py FILE SECTION FIELD=VALUE...

FIELD is type, flags, offset or size; VALUE a number (0x... allowed),
or for flags +N to set bits N on top of the ones there.  Every other
byte of the file is left alone.  ELF32 and ELF64, either byte order.
"""
import struct
import sys


def main():
    path, want = sys.argv[1], sys.argv[2]
    data = bytearray(open(path, "rb").read())
    if data[:4] != b"\x7fELF":
        raise SystemExit("%s: not an ELF file" % path)
    wide = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if wide:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data,
                                                        0x3a)
        # name, type, flags, addr, offset, size (then link, info, ...)
        fmt, at = end + "IIQQQQ", {"type": 1, "flags": 2, "offset": 4,
                                   "size": 5}
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data,
                                                        0x2e)
        fmt, at = end + "IIIIII", {"type": 1, "flags": 2, "offset": 4,
                                   "size": 5}

    def header(i):
        return list(struct.unpack_from(fmt, data, shoff + i * shentsize))

    strtab = header(shstrndx)
    for i in range(shnum):
        h = header(i)
        name_at = strtab[4] + h[0]
        name = bytes(data[name_at:data.index(b"\0", name_at)]).decode()
        if name != want:
            continue
        for change in sys.argv[3:]:
            field, value = change.split("=", 1)
            if value.startswith("+"):
                h[at[field]] |= int(value[1:], 0)
            else:
                h[at[field]] = int(value, 0)
        struct.pack_into(fmt, data, shoff + i * shentsize, *h)
        open(path, "wb").write(data)
        return
    raise SystemExit("%s: no section %s" % (path, want))


main()
