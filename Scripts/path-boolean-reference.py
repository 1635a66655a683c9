#!/usr/bin/env python3
"""Writes Tests/StrataPathTests/Fixtures/skia-booleans.json: Skia's path booleans
(`skia.Op`, PathOps) on a corpus of awkward operand pairs, the independent reference
`PathBooleanSkiaTests` compares Strata's booleans with.

Each case is two paths as SVG path data (absolute M, L, Q, C and Z; circles as four cubics)
about 100 units across, each with its fill rule. For every operation (union,
intersection, difference, exclusive or) the fixture holds Skia's result as path data
(coordinates to 1e-6, conics written as quadratics), its area (from Skia's anti-aliased
coverage at about 40 pixels per unit), and Skia's own answer (`Path.contains`) at the
48 x 48 points of a grid over both operands' bounds, as hex bits. Where Skia is wrong (a
case says why), the test checks Strata against the operands only. The Swift test computes Strata's result and compares
its area and its membership at those points (leaving out points within a hair of either
boundary, where the two may differ by the flattening tolerance).

Run with a Python that has skia-python (tested with 144.1) and numpy:
    python3 -m venv /tmp/skia && /tmp/skia/bin/pip install skia-python numpy
    /tmp/skia/bin/python Scripts/path-boolean-reference.py
    STRATA_BOOLEAN_REPORT=1 swift test --filter PathBooleanSkiaTests   # prints the figures
"""
import json
import math
import os
import re

import numpy
import skia

GRID = 48

OPS = {
    "union": skia.PathOp.kUnion_PathOp,
    "intersection": skia.PathOp.kIntersect_PathOp,
    "difference": skia.PathOp.kDifference_PathOp,
    "exclusiveOr": skia.PathOp.kXOR_PathOp,
}


def circle(cx, cy, r, reverse=False):
    """A circle as four cubics, clockwise on screen from its right-most point (as
    Path(ellipseIn:)), or the other way round."""
    k = 0.5522847498 * r
    pts = [(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)]
    if reverse:
        pts = [pts[0], pts[3], pts[2], pts[1]]
    out = ["M%g %g" % pts[0]]
    for i in range(4):
        a, b = pts[i], pts[(i + 1) % 4]
        # Tangents: perpendicular to the radius, towards the next point.
        ta = (-(a[1] - cy), a[0] - cx) if not reverse else ((a[1] - cy), -(a[0] - cx))
        tb = (-(b[1] - cy), b[0] - cx) if not reverse else ((b[1] - cy), -(b[0] - cx))
        c1 = (a[0] + ta[0] / r * k, a[1] + ta[1] / r * k)
        c2 = (b[0] - tb[0] / r * k, b[1] - tb[1] / r * k)
        out.append("C%g %g %g %g %g %g" % (c1 + c2 + b))
    return " ".join(out) + " Z"


def polygon(points):
    return "M" + " L".join("%g %g" % p for p in points) + " Z"


def star(cx, cy, r, n=5, step=2):
    pts = []
    for i in range(n):
        a = -math.pi / 2 + i * step * 2 * math.pi / n
        pts.append((round(cx + r * math.cos(a), 6), round(cy + r * math.sin(a), 6)))
    return polygon(pts)


def comb(teeth, vertical):
    pts = []
    for i in range(teeth):
        if vertical:
            pts += [(10 + i * 80 / teeth, 10), (10 + (i + 0.5) * 80 / teeth, 90)]
        else:
            pts += [(10, 10 + i * 80 / teeth), (90, 10 + (i + 0.5) * 80 / teeth)]
    return polygon(pts)


CASES = [
    dict(name="squares-overlapping", a=polygon([(0, 0), (60, 0), (60, 60), (0, 60)]),
         b=polygon([(30, 20), (90, 20), (90, 80), (30, 80)])),
    dict(name="circles-overlapping", a=circle(40, 45, 30), b=circle(70, 55, 25)),
    dict(name="circles-opposite-directions", a=circle(40, 45, 30), b=circle(62, 45, 30, reverse=True)),
    dict(name="squares-sharing-an-edge", a=polygon([(0, 0), (40, 0), (40, 40), (0, 40)]),
         b=polygon([(40, 10), (80, 10), (80, 50), (40, 50)])),
    dict(name="squares-touching-at-a-corner", a=polygon([(0, 0), (40, 0), (40, 40), (0, 40)]),
         b=polygon([(40, 40), (80, 40), (80, 80), (40, 80)])),
    dict(name="square-inside-square", a=polygon([(0, 0), (80, 0), (80, 80), (0, 80)]),
         b=polygon([(20, 20), (60, 20), (60, 60), (20, 60)])),
    dict(name="identical-circles", a=circle(50, 50, 40), b=circle(50, 50, 40)),
    dict(name="nearly-coincident-squares", a=polygon([(10, 10), (70, 10), (70, 70), (10, 70)]),
         b=polygon([(10.001, 10.001), (70.001, 10.001), (70.001, 70.001), (10.001, 70.001)])),
    # 1e-4 apart, Skia's union is a triangle (M70 10 L10 10 L10 70 Z) and its exclusive or
    # covers 5400 of the 3600: Strata is checked against the operands there instead.
    dict(name="nearly-coincident-squares-1e-4", a=polygon([(10, 10), (70, 10), (70, 70), (10, 70)]),
         b=polygon([(10.0001, 10.0001), (70.0001, 10.0001), (70.0001, 70.0001), (10.0001, 70.0001)]),
         skiaFailures={"union": "Skia's union is a triangle", "exclusiveOr": "Skia's exclusive or covers 5400 of 3600"}),
    dict(name="pentagram-nonzero-and-circle", a=star(50, 50, 45), b=circle(50, 50, 22)),
    dict(name="pentagram-evenodd-and-circle", a=star(50, 50, 45), b=circle(50, 50, 22), ruleA="evenOdd"),
    dict(name="ring-and-bar", a=circle(50, 50, 40) + " " + circle(50, 50, 20, reverse=True),
         b=polygon([(0, 44), (100, 40), (100, 58), (0, 62)])),
    dict(name="ring-evenodd-same-direction", a=circle(50, 50, 40) + " " + circle(50, 50, 20), ruleA="evenOdd",
         b=polygon([(45, 0), (60, 0), (60, 100), (45, 100)]), ruleB="evenOdd"),
    dict(name="cubic-blobs", a="M10 50 C10 0 60 -10 70 30 C80 70 40 90 30 80 C20 70 10 90 10 50 Z",
         b="M30 20 C90 0 100 60 80 80 C60 100 20 60 50 50 C70 40 0 60 30 20 Z"),
    dict(name="self-intersecting-cubic-loop", a="M10 80 C100 0 0 0 90 80 Z", ruleA="evenOdd",
         b="M20 30 L80 30 L80 60 L20 60 Z"),
    dict(name="quadratics", a="M0 50 Q50 -40 100 50 Q50 140 0 50 Z", b="M50 0 Q140 50 50 100 Q-40 50 50 0 Z"),
    dict(name="combs-crossing", a=comb(12, True), b=comb(12, False), ruleA="evenOdd", ruleB="evenOdd"),
    dict(name="bowtie-and-square", a=polygon([(0, 0), (100, 100), (100, 0), (0, 100)]),
         b=polygon([(25, 25), (75, 25), (75, 75), (25, 75)])),
    dict(name="zero-area-spike-and-square", a=polygon([(0, 0), (60, 60), (0, 0), (60, 0), (60, 60), (0, 60)]),
         b=polygon([(30, 30), (90, 30), (90, 90), (30, 90)])),
]


def skia_path(data, rule):
    """Path data (absolute M, L, Q, C and Z only) as a Skia path: skia-python has no SVG
    path parser."""
    tokens = re.findall(r"[MLQCZ]|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", data)
    path = skia.Path()
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        n = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[cmd]
        args = [float(t) for t in tokens[i + 1 : i + 1 + n]]
        i += 1 + n
        {"M": path.moveTo, "L": path.lineTo, "Q": path.quadTo, "C": path.cubicTo, "Z": path.close}[cmd](*args)
    path.setFillType(skia.PathFillType.kEvenOdd if rule == "evenOdd" else skia.PathFillType.kWinding)
    return path


def fmt(v):
    text = "%.6f" % float(v)
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def segments(path):
    """The path as (verb, points) with conics as quadratics, closing lines explicit."""
    out = []
    it = skia.Path.Iter(path, True)
    while True:
        verb, pts = it.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kConic_Verb:
            quads = skia.Path.ConvertConicToQuads(pts[0], pts[1], pts[2], it.conicWeight(), 3)
            for i in range(1, len(quads), 2):
                out.append(("Q", [quads[i - 1], quads[i], quads[i + 1]]))
        else:
            out.append((verb, list(pts)))
    return out


def svg(path):
    out = []
    for verb, pts in segments(path):
        if verb == skia.Path.kMove_Verb:
            out.append("M%s %s" % (fmt(pts[0].x()), fmt(pts[0].y())))
        elif verb == skia.Path.kLine_Verb:
            out.append("L%s %s" % (fmt(pts[1].x()), fmt(pts[1].y())))
        elif verb in ("Q", skia.Path.kQuad_Verb):
            out.append("Q%s %s %s %s" % tuple(fmt(c) for p in pts[1:] for c in (p.x(), p.y())))
        elif verb == skia.Path.kCubic_Verb:
            out.append("C%s %s %s %s %s %s" % tuple(fmt(c) for p in pts[1:] for c in (p.x(), p.y())))
        elif verb == skia.Path.kClose_Verb:
            out.append("Z")
    return " ".join(out)


def area(path, g):
    """The area Skia's result covers with its own fill rule, from Skia's anti-aliased
    coverage of the grid's box at 4096 x 4096 pixels (about 40 per unit): PathOps' output
    does not say which way its contours run, so signed areas cannot be summed."""
    size = 4096
    surface = skia.Surface(size, size)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    sx, sy = size / g["width"], size / g["height"]
    canvas.scale(sx, sy)
    canvas.translate(-g["x"], -g["y"])
    canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=skia.ColorBLACK))
    alpha = surface.makeImageSnapshot().toarray()[:, :, 3].astype(numpy.float64)
    return float(alpha.sum() / 255 / (sx * sy))


def grid(a, b):
    """The probe grid over both operands' bounds, 5 units wider each side."""
    r = a.computeTightBounds()
    r.join(b.computeTightBounds())
    x0, y0 = r.left() - 5, r.top() - 5
    return dict(x=x0, y=y0, width=r.width() + 10, height=r.height() + 10, count=GRID)


def points(g):
    for j in range(g["count"]):
        for i in range(g["count"]):
            yield (g["x"] + (i + 0.5) * g["width"] / g["count"], g["y"] + (j + 0.5) * g["height"] / g["count"])


def bits(path, g):
    value = 0
    for n, (x, y) in enumerate(points(g)):
        if path.contains(x, y):
            value |= 1 << n
    return "%0*x" % ((g["count"] ** 2 + 3) // 4, value)


def main():
    cases = []
    for case in CASES:
        ra, rb = case.get("ruleA", "nonZero"), case.get("ruleB", "nonZero")
        a, b = skia_path(case["a"], ra), skia_path(case["b"], rb)
        g = grid(a, b)
        results = {}
        for name, op in OPS.items():
            r = skia.Op(a, b, op)
            assert r is not None, "%s: Skia gave no result for %s" % (case["name"], name)
            results[name] = dict(skia=svg(r), area=round(area(r, g), 3), inside=bits(r, g))
            if name in case.get("skiaFailures", {}):
                results[name]["skiaFailure"] = case["skiaFailures"][name]
        cases.append(dict(name=case["name"], a=case["a"], b=case["b"], ruleA=ra, ruleB=rb, grid=g, results=results))
    out = dict(generator="Scripts/path-boolean-reference.py", skia=skia.__version__, cases=cases)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    target = os.path.join(root, "Tests", "StrataPathTests", "Fixtures", "skia-booleans.json")
    with open(target, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote %s (%d cases, %d results)" % (target, len(cases), len(cases) * len(OPS)))


if __name__ == "__main__":
    main()
