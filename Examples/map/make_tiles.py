#!/usr/bin/env python3
"""Writes the tile pyramid of Examples/map.json: a made-up 1024 x 1024 map in 128 x 128
tiles, levels 0 (full resolution, 8 x 8 tiles) to 3 (one tile), as
map/tiles/{level}/{col}_{row}.png beside this script.

Each level is drawn at its own resolution, as map servers render their zoom levels:
rivers and roads appear only on the finer levels, towns shrink to dots on the coarser
ones, so a zoom shows the levels of detail change. Plain Python (no packages): palette
PNGs written with zlib, a few KB each.

    python3 Examples/map/make_tiles.py
"""
import math
import os
import struct
import zlib

SIZE, TILE, LEVELS = 1024, 128, 4
HERE = os.path.dirname(os.path.abspath(__file__))

PALETTE = [
    (28, 78, 140),    # 0 deep water
    (44, 108, 172),   # 1 water
    (226, 214, 170),  # 2 beach
    (120, 176, 92),   # 3 lowland
    (92, 150, 74),    # 4 hills
    (140, 128, 96),   # 5 highland
    (236, 236, 240),  # 6 peaks
    (70, 140, 210),   # 7 river
    (250, 246, 232),  # 8 road
    (200, 60, 52),    # 9 town
    (120, 40, 36),    # 10 town edge
]

TOWNS = [(300, 330), (610, 420), (700, 700), (420, 760), (820, 260), (210, 610)]


def elevation(x, y):
    """Height at level-0 point (x, y): positive on land."""
    dx, dy = (x - 512) / 512, (y - 500) / 512
    island = 0.55 - (dx * dx * 1.1 + dy * dy)
    ridges = (0.14 * math.sin(x / 83 + 1.3) * math.cos(y / 97 - 0.4)
              + 0.07 * math.sin(x / 31 + y / 43) + 0.035 * math.cos(x / 13 - y / 17))
    return island + ridges


def river_distance(x, y):
    """Distance in level-0 pixels to the river, a wavy line from north to south-east."""
    cx = 470 + 90 * math.sin(y / 120) + 0.25 * (y - 300)
    return abs(x - cx)


def road_distance(x, y):
    """Distance to the nearest of two wavy roads."""
    a = abs(y - (380 + 60 * math.sin(x / 150)))
    b = abs(x - (640 + 50 * math.cos(y / 130)))
    return min(a, b)


def colour(x, y, level):
    """The palette index at level-0 point (x, y) on `level` (one pixel is 2^level wide)."""
    px = 1 << level
    e = elevation(x, y)
    if e < -0.08:
        return 0
    if e < 0:
        return 1
    if level <= 2:
        for tx, ty in TOWNS:
            d = math.hypot(x - tx, y - ty)
            r = max(7, 1.2 * px)
            if d < r:
                return 9 if d < r - max(2, px * 0.6) or level >= 2 else 10
    if level <= 1 and road_distance(x, y) < max(2.0, 0.6 * px) and e > 0.02:
        return 8
    if level <= 2 and river_distance(x, y) < max(3.0, 0.6 * px) and y > 120 and e < 0.42:
        return 7
    if e < 0.03:
        return 2
    if e < 0.34:
        return 3
    if e < 0.5:
        return 4
    if e < 0.62:
        return 5
    return 6


def png(width, height, rows):
    """A palette PNG (colour type 3, 8 bits) of `rows`, lists of palette indices."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", b"".join(bytes(c) for c in PALETTE))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def main():
    total = 0
    for level in range(LEVELS):
        side = (SIZE + (1 << level) - 1) >> level
        tiles = (side + TILE - 1) // TILE
        scale = 1 << level
        for row in range(tiles):
            for col in range(tiles):
                w, h = min(TILE, side - col * TILE), min(TILE, side - row * TILE)
                rows = [[colour((col * TILE + i + 0.5) * scale, (row * TILE + j + 0.5) * scale, level) for i in range(w)]
                        for j in range(h)]
                path = os.path.join(HERE, "tiles", str(level), f"{col}_{row}.png")
                os.makedirs(os.path.dirname(path), exist_ok=True)
                data = png(w, h, rows)
                with open(path, "wb") as f:
                    f.write(data)
                total += len(data)
    print(f"wrote {total} bytes of tiles")


if __name__ == "__main__":
    main()
