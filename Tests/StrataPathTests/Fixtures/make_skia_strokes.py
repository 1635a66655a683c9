#!/usr/bin/env python3
"""Writes skia-strokes.json: Skia's stroke outlines of a corpus of awkward paths, the
reference StrokerSkiaTests compares the Swift stroker with.

Each case is SVG path data in device pixels (about 64 x 64) and a stroke style. Skia builds
the outline (`Paint.getFillPath`) at resScale 16, so its own curve fitting is within
0.25/16 px, well inside the 0.25 px the comparison allows; conics (Skia's round caps and
joins) are written as 8 quadratic pieces each (within 1e-4 px of the circle at these radii), and
coordinates are rounded to 1/10000 px.

Skia's default miter limit is 4 and Core Animation's 10: every case sets it.

Run with a Python that has skia-python (tested with 144.1):
    python3 make_skia_strokes.py    # writes skia-strokes.json beside this script
"""
import json
import os
import re

import skia

RES_SCALE = 16

CASES = [
    # Curves with cusps, loops, inflections and tight bends.
    dict(name="cubic-cusp", path="M10 10 C54 54 10 54 54 10", width=8),
    dict(name="cubic-cusp-round", path="M10 10 C54 54 10 54 54 10", width=8, join="round", cap="round"),
    dict(name="cubic-near-cusp", path="M10 12 C54 54 10 52 54 12", width=6, cap="square"),
    dict(name="cubic-loop", path="M8 50 C70 0 -6 0 56 50", width=6, join="round"),
    dict(name="cubic-inflection", path="M6 32 C20 0 44 64 58 32", width=10),
    dict(name="cubic-tight-wide", path="M20 44 C20 24 44 24 44 44", width=18),
    dict(name="quad-tight", path="M8 56 Q32 -20 56 56", width=5, cap="round"),
    dict(name="cubic-collinear-reversal", path="M8 32 C56 32 4 32 44 32", width=6),
    dict(name="cubic-coincident-handles", path="M10 50 C10 50 54 50 54 10", width=7, cap="square"),
    # Joins: right angles, tight angles either side of the miter limit, and every kind.
    dict(name="square-miter", path="M12 12 L52 12 L52 52 L12 52", width=6, cap="square"),
    dict(name="square-round", path="M12 12 L52 12 L52 52 L12 52", width=6, join="round", cap="round"),
    dict(name="square-bevel-closed", path="M12 12 L52 12 L52 52 L12 52 Z", width=6, join="bevel"),
    # 14 degrees between the segments: a miter 8.2 widths long, within the limit of 10.
    dict(name="tight-miter", path="M6 20 L58 26 L6 32.5", width=3),
    # 9 degrees: 12.7 widths, beyond 10: a bevel.
    dict(name="tighter-bevel", path="M6 38 L58 42 L6 46.2", width=3),
    dict(name="zigzag-limit-4", path="M4 8 L60 16 L4 24 L60 32 L4 40 L60 48", width=3, miter=4),
    dict(name="zigzag-round", path="M4 8 L60 16 L4 24 L60 32 L4 40 L60 48", width=4, join="round"),
    # Tiny segments: a 0.02 px kink between two long lines, and a run of short ones.
    dict(name="tiny-kink", path="M8 40 L30 40 L30.01 40.02 L56 12", width=6),
    dict(name="tiny-run", path="M8 32 L20 32 L20.3 31.7 L20.5 31.8 L20.6 31.2 L32 20 L56 44", width=5, join="round"),
    dict(name="closed-curve", path="M52 32 C52 44 12 44 12 32 C12 20 52 20 52 32 Z", width=3),
    # Dashes: phase, round dots, a closed contour whose first dash crosses its start.
    dict(name="dash-curve", path="M6 32 C20 0 44 64 58 32", width=4, dash=[6, 4], phase=3),
    dict(name="dash-dots", path="M8 32 C24 8 40 56 56 32", width=5, cap="round", dash=[0, 8]),
    dict(name="dash-closed-seam", path="M12 12 L52 12 L52 52 L12 52 Z", width=4, dash=[20, 7], phase=-5),
]


def skia_path(data):
    """The corpus's path data (absolute M, L, Q, C and Z only) as a Skia path: skia-python
    has no SVG path parser."""
    tokens = re.findall(r"[MLQCZ]|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", data)
    path = skia.Path()
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        n = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[cmd]
        args = [float(t) for t in tokens[i + 1 : i + 1 + n]]
        i += 1 + n
        if cmd == "M":
            path.moveTo(*args)
        elif cmd == "L":
            path.lineTo(*args)
        elif cmd == "Q":
            path.quadTo(*args)
        elif cmd == "C":
            path.cubicTo(*args)
        else:
            path.close()
    return path


def paint_for(case):
    paint = skia.Paint()
    paint.setStyle(skia.Paint.kStroke_Style)
    paint.setStrokeWidth(case["width"])
    paint.setStrokeCap(
        {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}[
            case.get("cap", "butt")
        ]
    )
    paint.setStrokeJoin(
        {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}[
            case.get("join", "miter")
        ]
    )
    paint.setStrokeMiter(case.get("miter", 10))
    if "dash" in case:
        paint.setPathEffect(skia.DashPathEffect.Make(case["dash"], case.get("phase", 0)))
    return paint


def fmt(v):
    """A coordinate to 1/10000 px, without trailing zeros."""
    text = "%.4f" % float(v)
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg(path):
    """Path data with lines, quadratics and cubics only (conics become quadratics)."""
    out = []
    it = skia.Path.Iter(path, False)
    while True:
        verb, pts = it.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            out.append("M%s %s" % (fmt(pts[0].x()), fmt(pts[0].y())))
        elif verb == skia.Path.kLine_Verb:
            out.append("L%s %s" % (fmt(pts[1].x()), fmt(pts[1].y())))
        elif verb == skia.Path.kQuad_Verb:
            out.append("Q%s %s %s %s" % tuple(fmt(c) for p in pts[1:] for c in (p.x(), p.y())))
        elif verb == skia.Path.kConic_Verb:
            quads = skia.Path.ConvertConicToQuads(pts[0], pts[1], pts[2], it.conicWeight(), 3)
            for i in range(1, len(quads), 2):
                out.append("Q%s %s %s %s" % tuple(fmt(c) for p in quads[i : i + 2] for c in (p.x(), p.y())))
        elif verb == skia.Path.kCubic_Verb:
            out.append("C%s %s %s %s %s %s" % tuple(fmt(c) for p in pts[1:] for c in (p.x(), p.y())))
        elif verb == skia.Path.kClose_Verb:
            out.append("Z")
    return " ".join(out)


def main():
    cases = []
    for case in CASES:
        outline = skia.Path()
        assert paint_for(case).getFillPath(skia_path(case["path"]), outline, None, RES_SCALE)
        assert outline.getFillType() == skia.PathFillType.kWinding
        entry = dict(case)
        entry.setdefault("cap", "butt")
        entry.setdefault("join", "miter")
        entry.setdefault("miter", 10)
        entry["skia"] = svg(outline)
        cases.append(entry)
    out = dict(
        generator="make_skia_strokes.py",
        skia=skia.__version__,
        resScale=RES_SCALE,
        cases=cases,
    )
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "skia-strokes.json")
    with open(target, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote %s (%d cases)" % (target, len(cases)))


if __name__ == "__main__":
    main()
