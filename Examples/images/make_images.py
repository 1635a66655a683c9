"""Writes the showcase's images with nothing but Python's standard library.

Run once by hand (`python3 make_images.py`); the PNGs are committed, so neither the build
nor the tests run this.
"""
import math
import struct
import zlib


def write_png(path, width, height, pixel):
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            row.extend(pixel(x, y))
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def clamp(v):
    return max(0, min(255, int(round(v))))


def photo(x, y):
    """A 192x128 sunset: sky gradient, a sun, two hill silhouettes and a lake."""
    w, h = 192, 128
    t = y / h
    r, g, b = 255 * (0.98 - 0.25 * t), 255 * (0.55 + 0.2 * t) * (1 - 0.4 * t), 255 * (0.35 + 0.4 * t)
    if math.hypot(x - 120, y - 60) < 18:
        r, g, b = 255, 236, 150
    hill1 = 78 + 14 * math.sin(x / 23.0)
    hill2 = 90 + 10 * math.sin(x / 15.0 + 2)
    if y > hill1:
        r, g, b = 90, 50, 90
    if y > hill2:
        r, g, b = 50, 30, 60
    if y > 104:
        s = 0.6 + 0.1 * math.sin(x / 3.0 + y)
        r, g, b = 70 * s + 60, 90 * s + 40, 160 * s + 40
    return (clamp(r), clamp(g), clamp(b), 255)


def button(x, y):
    """30x30 nine-slice pill: 10-px rounded caps, translucent glassy middle."""
    n = 30
    cx = min(max(x + 0.5, 10), 20)
    cy = min(max(y + 0.5, 10), 20)
    d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
    if d > 10:
        return (0, 0, 0, 0)
    a = clamp(255 * min(1, 10 - d))
    edge = d > 8
    if edge:
        return (255, 255, 255, a)
    shade = 1 - 0.3 * (y / n)
    return (clamp(60 * shade), clamp(140 * shade), clamp(250 * shade), min(a, 220))


def sprites(x, y):
    """A 128x32 strip of four 32x32 frames: a circle, a square, a triangle, a star."""
    f, lx, ly = x // 32, x % 32 + 0.5, y + 0.5
    colours = [(240, 80, 80), (80, 200, 120), (80, 140, 240), (250, 200, 60)]
    inside = False
    if f == 0:
        inside = math.hypot(lx - 16, ly - 16) < 12
    elif f == 1:
        inside = 5 < lx < 27 and 5 < ly < 27
    elif f == 2:
        inside = ly > 5 and ly < 27 and abs(lx - 16) < (ly - 5) * 0.55
    else:
        a = math.atan2(ly - 16, lx - 16)
        rr = 7 + 6 * (0.5 + 0.5 * math.cos(5 * a))
        inside = math.hypot(lx - 16, ly - 16) < rr
    return colours[f] + (255,) if inside else (0, 0, 0, 0)


INVADER = [
    "..#.....#..",
    "...#...#...",
    "..#######..",
    ".##.###.##.",
    "###########",
    "#.#######.#",
    "#.#.....#.#",
    "...##.##...",
]


def invader(x, y):
    """11x8 pixel art, for nearest vs linear magnification."""
    return (120, 255, 120, 255) if INVADER[y][x] == "#" else (0, 0, 0, 0)


def checker(x, y):
    """64x64 checkerboard of 8-px cells, for the minified floor."""
    return (235, 235, 235, 255) if ((x // 8) + (y // 8)) % 2 == 0 else (40, 44, 52, 255)


def logo(x, y):
    """64x64 logo drawn at contentsScale 2 (a 32-point ring with a dot)."""
    d = math.hypot(x + 0.5 - 32, y + 0.5 - 32)
    a = clamp(255 * max(0, min(1, 30 - d)))
    if d < 10:
        return (255, 255, 255, clamp(255 * min(1, 10 - d)))
    if d < 22:
        return (0, 0, 0, 0) if d < 21 else (255, 160, 40, clamp(255 * (d - 21)))
    return (255, 160, 40, a)


def spark(x, y):
    """32x32 soft white particle (fire, snow): alpha falls off as (1 - r/16)^2."""
    d = math.hypot(x + 0.5 - 16, y + 0.5 - 16) / 16
    return (255, 255, 255, clamp(255 * max(0, 1 - d) ** 2))


def heart(x, y):
    """32x32 white heart (tinted by the particles' colour): two circles and a triangle."""
    u, v = (x + 0.5) / 32, (y + 0.5) / 32
    inside = math.hypot(u - 0.3, v - 0.35) < 0.22 or math.hypot(u - 0.7, v - 0.35) < 0.22 \
        or (v >= 0.35 and abs(u - 0.5) < (0.92 - v) * 0.86 and v < 0.92)
    return (255, 255, 255, 255 if inside else 0)


write_png("photo.png", 192, 128, photo)
write_png("button.png", 30, 30, button)
write_png("sprites.png", 128, 32, sprites)
write_png("invader.png", 11, 8, invader)
write_png("checker.png", 64, 64, checker)
write_png("logo@2x.png", 64, 64, logo)
write_png("spark.png", 32, 32, spark)
write_png("heart.png", 32, 32, heart)
