#!/usr/bin/env python3
"""Pictures drawn by an engine this project does not control, on two of its backends.

Writes `IndependentPairs/` beside this file, for `IndependentPairsTests.swift`:

  <scene>.raster.png          Skia's raster backend (the expected side, like our CPU)
  <scene>.gl.png              Skia's Ganesh backend on OpenGL ES (EGL, Mesa llvmpipe)
  <scene>.gl-msaa4.png        the same with a 4x multisampled render target
  <scene>.<regression>.gl.png the scene with one planted regression, drawn on GL

The honest pairs (raster vs gl, raster vs gl-msaa4) must pass StrataTesting's default
cross-backend tier with no budget file; every regression must fail it. Run with a Python
that has skia-python, numpy and pillow, on a machine with Mesa's EGL (surfaceless):

  python Tests/StrataTestingTests/Fixtures/make_independent_pairs.py

Versions used for the committed files: skia-python 144.1 (Skia m144), Mesa 22.3.6
llvmpipe, numpy 2.4.6, pillow; re-running them may change pixels by a level here and there.
"""
from __future__ import annotations

import ctypes
import os
import sys

import numpy as np
import skia
from PIL import Image

W, H = 160, 128
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "IndependentPairs")


# --- a headless GLES 3 context (EGL_PLATFORM_SURFACELESS_MESA, no surface) -------------

def egl_context():
    egl = ctypes.CDLL("libEGL.so.1")
    vp, ci = ctypes.c_void_p, ctypes.c_int
    egl.eglGetPlatformDisplay.restype = vp
    egl.eglGetPlatformDisplay.argtypes = [ctypes.c_uint, vp, vp]
    egl.eglInitialize.argtypes = [vp, ctypes.POINTER(ci), ctypes.POINTER(ci)]
    egl.eglChooseConfig.argtypes = [vp, ctypes.POINTER(ci), ctypes.POINTER(vp), ci, ctypes.POINTER(ci)]
    egl.eglCreateContext.restype = vp
    egl.eglCreateContext.argtypes = [vp, vp, vp, ctypes.POINTER(ci)]
    egl.eglMakeCurrent.argtypes = [vp] * 4
    egl.eglBindAPI.argtypes = [ctypes.c_uint]
    dpy = egl.eglGetPlatformDisplay(0x31DD, None, None)  # EGL_PLATFORM_SURFACELESS_MESA
    if not dpy or not egl.eglInitialize(dpy, None, None):
        sys.exit("no surfaceless EGL display (install libegl-mesa0 and libgl1-mesa-dri)")
    attrs = (ci * 13)(0x3040, 0x40, 0x3033, 0x1, 0x3024, 8, 0x3023, 8, 0x3022, 8, 0x3021, 8, 0x3038)
    cfg, n = vp(), ci()
    egl.eglChooseConfig(dpy, attrs, ctypes.byref(cfg), 1, ctypes.byref(n))
    egl.eglBindAPI(0x30A0)  # EGL_OPENGL_ES_API
    ctx = egl.eglCreateContext(dpy, cfg, None, (ci * 5)(0x3098, 3, 0x30FB, 0, 0x3038))
    if not ctx or not egl.eglMakeCurrent(dpy, None, None, ctx):
        sys.exit("cannot make a GLES 3 context current")
    return egl, ctx  # kept alive by the caller


# --- the scenes: draw(canvas, regression) ----------------------------------------------

def paint(color, **kw):
    return skia.Paint(AntiAlias=True, Color=color, **kw)


def radial(cv, r):
    """A circle filled with a radial gradient, on a dark background."""
    cv.clear(skia.Color(30, 30, 36))
    cx = 80 + (1 if r == "shift" else 0)
    stops = [skia.Color(250, 230, 120), skia.Color(230, 90, 40), skia.Color(90, 20, 110)]
    if r == "wrong-colour":
        stops[1] = skia.Color(40, 120, 230)
    shader = skia.GradientShader.MakeRadial((cx, 64), 48, stops, [0, 0.55, 1])
    cv.drawCircle(cx, 64, 48, skia.Paint(AntiAlias=True, Shader=shader))


def shadow(cv, r):
    """A rounded card over a blurred drop shadow, on a light background."""
    cv.clear(skia.Color(232, 232, 238))
    sigma = {"blur-radius": 6.0}.get(r, 4.0)
    if r != "missing-shadow":
        s = paint(skia.ColorSetARGB(110, 0, 0, 0))
        s.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))
        cv.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(36, 32, 88, 60), 12, 12), s)
    x = 35 if r == "shift" else 34
    cv.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, 24, 92, 64), 12, 12), paint(skia.Color(70, 120, 220)))


def hairlines(cv, r):
    """1-pixel lines at several angles and positions, and a 1-pixel outline."""
    cv.clear(skia.Color(24, 26, 30))
    width = 2.0 if r == "stroke-width" else 1.0
    p = paint(skia.Color(235, 235, 235), StrokeWidth=width, Style=skia.Paint.kStroke_Style)
    dy = 1 if r == "shift" else 0
    lines = [((10, 12.5), (150, 12.5)), ((10, 20), (150, 20)), ((12, 30), (148, 58)),
             ((12, 110), (148, 66)), ((20, 30), (60, 118)), ((100.5, 70), (100.5, 120))]
    if r == "missing-line":
        lines = lines[:-1]
    for (a, b) in lines:
        cv.drawLine(a[0], a[1] + dy, b[0], b[1] + dy, p)
    q = paint(skia.Color(120, 200, 140), StrokeWidth=width, Style=skia.Paint.kStroke_Style)
    cv.drawRoundRect(skia.Rect.MakeXYWH(70.5, 76.5 + dy, 60, 36), 8, 8, q)


def shapes(cv, r):
    """Filled and stroked shapes: circles, a star path, a rounded rect, a translucent overlap."""
    cv.clear(skia.Color(245, 244, 240))
    fill = skia.Color(60, 140, 90) if r != "fill-off" else skia.Color(68, 140, 90)
    cv.drawCircle(40, 40, 26, paint(fill))
    sw = 4.0 if r == "stroke-width" else 3.0
    cv.drawCircle(40, 40, 26, paint(skia.Color(20, 60, 40), StrokeWidth=sw, Style=skia.Paint.kStroke_Style))
    star = skia.Path()
    dx = 1 if r == "shift" else 0
    import math
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rad = 30 if i % 2 == 0 else 13
        pt = (118 + dx + rad * math.cos(a), 44 - rad * math.sin(a))
        star.moveTo(*pt) if i == 0 else star.lineTo(*pt)
    star.close()
    cv.drawPath(star, paint(skia.Color(230, 170, 30)))
    cv.drawRoundRect(skia.Rect.MakeXYWH(20, 78, 70, 38), 10, 10, paint(skia.ColorSetARGB(200, 200, 60, 70)))
    cv.drawRoundRect(skia.Rect.MakeXYWH(60, 86, 80, 30), 6, 6, paint(skia.ColorSetARGB(140, 40, 90, 220)))
    if r == "dot-wrong-colour":
        cv.drawRect(skia.Rect.MakeXYWH(150, 8, 2, 2), paint(skia.Color(40, 90, 220)))
    else:
        cv.drawRect(skia.Rect.MakeXYWH(150, 8, 2, 2), paint(skia.Color(220, 50, 50)))


def checker():
    a = np.zeros((32, 32, 4), np.uint8)
    yy, xx = np.mgrid[0:32, 0:32]
    on = ((xx // 4 + yy // 4) % 2) == 0
    a[on] = (240, 240, 240, 255)
    a[~on] = (40, 60, 200, 255)
    return skia.Image.fromarray(a, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)


def rotated_image(cv, r):
    """A checkerboard image, rotated and scaled, sampled bilinearly, on a transparent canvas."""
    cv.clear(skia.Color4f(0, 0, 0, 0))
    cv.save()
    cv.translate(80 + (1 if r == "shift" else 0), 64)
    cv.rotate(22 if r != "angle" else 24)
    cv.scale(2.2, 2.2)
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
    if r == "nearest":
        sampling = skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone)
    cv.drawImageRect(checker(), skia.Rect.MakeXYWH(-16, -16, 32, 32), sampling, paint(skia.ColorWHITE))
    cv.restore()


def linear_blend(cv, r):
    """A linear gradient band, a translucent overlay and a soft (blurred) disc."""
    cv.clear(skia.Color(20, 22, 28))
    stops = [skia.Color(30, 60, 200), skia.Color(240, 240, 240), skia.Color(210, 40, 30)]
    pos = [0, 0.55 if r == "gradient-stop" else 0.5, 1]
    cv.drawRect(skia.Rect.MakeXYWH(10, 10, 140, 30),
                skia.Paint(Shader=skia.GradientShader.MakeLinear([(10, 0), (150, 0)], stops, pos)))
    disc = paint(skia.Color(250, 200, 60))
    disc.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 3.0))
    cv.drawCircle(50, 84, 24, disc)
    alpha = 0.9 if r == "opacity" else 1.0
    cv.saveLayerAlpha(None, round(alpha * 255))
    cv.drawRoundRect(skia.Rect.MakeXYWH(70, 56, 76, 56), 14, 14, paint(skia.ColorSetARGB(170, 90, 200, 160)))
    cv.restore()


SCENES = {
    "radial-gradient": (radial, ["shift", "wrong-colour"]),
    "shadow": (shadow, ["missing-shadow", "blur-radius", "shift"]),
    "hairlines": (hairlines, ["missing-line", "shift", "stroke-width"]),
    "shapes": (shapes, ["fill-off", "stroke-width", "shift", "dot-wrong-colour"]),
    "rotated-image": (rotated_image, ["shift", "angle", "nearest"]),
    "linear-blend": (linear_blend, ["gradient-stop", "opacity"]),
}


# --- rendering and saving --------------------------------------------------------------

INFO = skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)


def render(surface, draw, regression, gr=None):
    draw(surface.getCanvas(), regression)
    if gr is not None:
        gr.flushAndSubmit(skia.GrSyncCpu.kYes)
    pixels = np.zeros((H, W, 4), np.uint8)
    assert surface.readPixels(skia.Pixmap(INFO, pixels, W * 4))
    return pixels


def save(name, premultiplied):
    """Straight-alpha PNG, unpremultiplied with StrataPNG's rounding: c = (c'·255 + a/2) / a."""
    p = premultiplied.astype(np.uint32)
    a = p[..., 3:4]
    straight = np.where(a == 0, 0, np.minimum(255, (p[..., :3] * 255 + a // 2) // np.maximum(a, 1)))
    out = np.concatenate([straight, a], axis=2).astype(np.uint8)
    Image.fromarray(out, "RGBA").save(os.path.join(OUT, name), optimize=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    keep = egl_context()
    gr = skia.GrDirectContext.MakeGL(skia.GrGLInterface.MakeEGL())
    if gr is None:
        sys.exit("skia: GrDirectContext.MakeGL failed")
    for name, (draw, regressions) in SCENES.items():
        raster = skia.Surface.MakeRaster(INFO)
        save(f"{name}.raster.png", render(raster, draw, None))
        gl = skia.Surface.MakeRenderTarget(gr, skia.Budgeted.kNo, INFO, 0)
        save(f"{name}.gl.png", render(gl, draw, None, gr))
        msaa = skia.Surface.MakeRenderTarget(gr, skia.Budgeted.kNo, INFO, 4)
        if msaa is None:
            sys.exit("skia: no 4x multisampled render target")
        save(f"{name}.gl-msaa4.png", render(msaa, draw, None, gr))
        for r in regressions:
            save(f"{name}.{r}.gl.png", render(gl, draw, r, gr))
    del keep
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
