"""Renders skia-gradients.png, the independent reference of GradientSkiaTests.

Three 64 x 64 panels over opaque black: an axial, a radial and a conic (sweep) gradient of
the same three translucent stops, drawn by Skia (skia-python) with straight (unpremultiplied)
interpolation, its default. On a square layer Skia's geometry equals Core Animation's unit
space one: axial between the two points; radial a circle of radius |end - start| (the
ellipse with equal radii); sweep around the centre, 0 along +x, growing towards +y
(clockwise on screen), as CAGradientLayer's conic with endPoint to the right of startPoint.

Run: python make_skia_gradients.py   (needs skia-python; writes next to this file)
"""
import os
import skia

SIZE = 64
# Straight ARGB, 8-bit, so both sides use exactly the same colours.
COLORS = [0xFFFF3B30, 0x66FFCC00, 0xCC007AFF]
POSITIONS = [0.0, 0.3, 1.0]


def unit(x, y):
    return skia.Point(x * SIZE, y * SIZE)


def main():
    surface = skia.Surface(3 * SIZE, SIZE)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)
    shaders = [
        skia.GradientShader.MakeLinear([unit(0.1, 0.2), unit(0.9, 0.7)], COLORS, POSITIONS),
        skia.GradientShader.MakeRadial(unit(0.4, 0.45), 0.35 * SIZE, COLORS, POSITIONS),
        skia.GradientShader.MakeSweep(0.5 * SIZE, 0.5 * SIZE, COLORS, POSITIONS),
    ]
    for i, shader in enumerate(shaders):
        paint = skia.Paint(Shader=shader, AntiAlias=False, Dither=False)
        canvas.save()
        canvas.translate(i * SIZE, 0)
        canvas.drawRect(skia.Rect.MakeWH(SIZE, SIZE), paint)
        canvas.restore()
    image = surface.makeImageSnapshot()
    image.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "skia-gradients.png"), skia.kPNG)

    # Skia's default is straight interpolation: white to transparent black is a grey band
    # halfway (premultiplied 0.25 at alpha 0.5), not a clean fade (premultiplied 0.5).
    probe = skia.Surface(64, 1)
    probe.getCanvas().clear(skia.ColorTRANSPARENT)
    probe.getCanvas().drawRect(skia.Rect.MakeWH(64, 1), skia.Paint(Shader=skia.GradientShader.MakeLinear(
        [skia.Point(0, 0), skia.Point(64, 0)], [0xFFFFFFFF, 0x00000000])))
    mid = probe.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)[0][31]
    assert abs(int(mid[0]) - 64) <= 2 and abs(int(mid[3]) - 128) <= 2, f"Skia interpolated premultiplied: {mid}"


if __name__ == "__main__":
    main()
