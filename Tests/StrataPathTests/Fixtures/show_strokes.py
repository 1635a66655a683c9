#!/usr/bin/env python3
"""Draws the stroke corpus for looking at: Skia's outline (from skia-strokes.json) in
magenta, the Swift stroker's in green, both filled nonzero at 4x, overlaps white-ish.

    STRATA_PATH_DUMP=/tmp/strokes swift test --filter StrokerSkiaTests
    python3 show_strokes.py /tmp/strokes /tmp/strokes.png
"""
import json
import os
import sys

import numpy as np
import skia
from PIL import Image

from make_skia_strokes import skia_path

SCALE = 4


def mask(path_data, size):
    surface = skia.Surface(size, size)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)
    canvas.scale(SCALE, SCALE)
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE)
    canvas.drawPath(skia_path(path_data), paint)
    return surface.makeImageSnapshot().toarray()[:, :, 0].astype(np.float32) / 255


def main():
    dump, target = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    cases = json.load(open(os.path.join(here, "skia-strokes.json")))["cases"]
    size = 64 * SCALE
    tiles = []
    for case in cases:
        ours = open(os.path.join(dump, case["name"] + ".ours.txt")).read()
        a, b = mask(case["skia"], size), mask(ours, size)
        rgb = np.stack([a * 0.8 + b * 0.2, b * 0.8 + a * 0.2, a * 0.8 + b * 0.2], axis=-1)
        tile = (rgb * 255).astype(np.uint8)
        tile[0, :] = tile[:, 0] = 128
        tiles.append(tile)
    columns = 6
    rows = (len(tiles) + columns - 1) // columns
    sheet = np.zeros((rows * size, columns * size, 3), np.uint8)
    for i, t in enumerate(tiles):
        r, c = divmod(i, columns)
        sheet[r * size : (r + 1) * size, c * size : (c + 1) * size] = t
    Image.fromarray(sheet).save(target)
    print("wrote", target)


if __name__ == "__main__":
    main()
