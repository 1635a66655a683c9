#!/usr/bin/env python3
"""Writes the tiny PNG fixtures in this folder with a minimal encoder (standard library only).

Run once by hand (`python3 make_fixtures.py`); the tests only read the PNG files it wrote.
Each pattern here is mirrored by an expected-pixel function in PNGFixtureTests.swift.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    return b"".join(struct.pack(">H" if depth == 16 else ">B", s) for s in samples)


def write(name, width, height, color_type, depth, pixel, palette=None, trns=None, interlace=False):
    """`pixel(x, y)` returns the samples of one pixel (a tuple)."""
    raw = b""
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue
        for y in ys:
            raw += b"\x00" + pack_row([s for x in xs for s in pixel(x, y)], depth)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlace else 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if palette:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns:
        out += chunk(b"tRNS", bytes(trns))
    out += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(out)


write("rgb8.png", 4, 4, 2, 8, lambda x, y: (x * 60, y * 60, 200))
write("rgba8.png", 4, 4, 6, 8, lambda x, y: (x * 60, y * 60, 100, (0, 85, 170, 255)[x]))
write("rgba16.png", 4, 4, 6, 16,
      lambda x, y: tuple(v * 257 for v in (x * 60, y * 60, 100, (0, 85, 170, 255)[y])))
write("grey8.png", 4, 4, 0, 8, lambda x, y: (x * 16 + y * 64,))
write("greyalpha8.png", 4, 4, 4, 8, lambda x, y: (x * 16 + y * 64, (255, 128, 64, 0)[x]))
write("palette_trns.png", 4, 4, 3, 8, lambda x, y: ((x + y) % 4,),
      palette=[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)], trns=[255, 128, 0])
write("interlaced.png", 8, 8, 6, 8, lambda x, y: (x * 32, y * 32, (x * y) % 256, 255 - x * 8), interlace=True)
