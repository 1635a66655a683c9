import Foundation
import Strata
import StrataPath

/// Golden scenes of `ShapeLayer`: every property, in small images.
extension GoldenScenes {
  static func shape(_ frame: Rect, _ svg: String, _ configure: (ShapeLayer) -> Void = { _ in }) -> ShapeLayer {
    let s = ShapeLayer(frame: frame)
    s.path = try! StrataPath.Path(svgPathData: svg)
    configure(s)
    return s
  }

  /// Fills and strokes. Top row: a nonzero and an even-odd star, a filled and stroked
  /// cubic blob, a hairline triangle (lineWidth 0). Middle row: butt, round and square
  /// caps; miter, round and bevel joins. Bottom row: a sharp angle under the default miter
  /// limit (10: mitred) and under 4 (bevelled), a translucent fill under a translucent
  /// stroke, arcs and quadratic curves from SVG path data.
  public static func shapeFillAndStroke() -> GoldenScene {
    let star = "M30 4 L45 52 L4 22 L56 22 L15 52 Z"
    let white = Color(1, 1, 1)
    let r = root(240, 180, [
      shape(Rect(0, 0, 60, 60), star) { $0.fillColor = blue },
      shape(Rect(60, 0, 60, 60), star) { $0.fillColor = blue; $0.fillRule = .evenOdd },
      shape(Rect(120, 0, 60, 60), "M8 30 C8 4 52 4 52 26 C52 50 30 40 20 54 C12 62 8 44 8 30 Z") { s in
        s.fillColor = orange; s.strokeColor = white; s.lineWidth = 3
      },
      shape(Rect(180, 0, 60, 60), "M10 50 L30 8 L52 50 Z") { s in s.fillColor = nil; s.strokeColor = white; s.lineWidth = 0 },
      shape(Rect(0, 60, 120, 60), "M14 12 L50 12 M14 30 L50 30 M14 48 L50 48") { s in
        s.fillColor = nil; s.strokeColor = green; s.lineWidth = 9; s.lineCap = .butt
      },
      shape(Rect(0, 60, 120, 60), "M70 12 L106 12") { s in s.fillColor = nil; s.strokeColor = green; s.lineWidth = 9; s.lineCap = .round },
      shape(Rect(0, 60, 120, 60), "M70 36 L106 36") { s in s.fillColor = nil; s.strokeColor = green; s.lineWidth = 9; s.lineCap = .square },
      shape(Rect(120, 60, 40, 60), "M8 44 L20 14 L32 44") { s in s.fillColor = nil; s.strokeColor = white; s.lineWidth = 7 },
      shape(Rect(160, 60, 40, 60), "M8 44 L20 14 L32 44") { s in
        s.fillColor = nil; s.strokeColor = white; s.lineWidth = 7; s.lineJoin = .round
      },
      shape(Rect(200, 60, 40, 60), "M8 44 L20 14 L32 44") { s in
        s.fillColor = nil; s.strokeColor = white; s.lineWidth = 7; s.lineJoin = .bevel
      },
      shape(Rect(0, 120, 40, 60), "M12 56 L20 16 L28 56") { s in s.fillColor = nil; s.strokeColor = orange; s.lineWidth = 4 },
      shape(Rect(40, 120, 40, 60), "M12 56 L20 16 L28 56") { s in
        s.fillColor = nil; s.strokeColor = orange; s.lineWidth = 4; s.miterLimit = 4
      },
      shape(Rect(80, 120, 80, 60), "M10 10 H70 V50 H10 Z") { s in
        s.fillColor = Color(0.2, 0.47, 0.96, 0.6); s.strokeColor = Color(1, 1, 1, 0.5); s.lineWidth = 8
      },
      shape(Rect(160, 120, 80, 60), "M10 40 A 20 20 0 0 1 50 40 Q 60 10 72 40 T 76 52") { s in
        s.fillColor = Color(0.2, 0.8, 0.4, 0.5); s.strokeColor = white; s.lineWidth = 2; s.lineJoin = .round
      },
    ])
    return GoldenScene(name: "shape-fill-stroke", width: 240, height: 180, scale: 1, root: r)
  }

  /// Dashes and trims. Dashes with a phase, an odd pattern, round-capped zero-length dashes
  /// (dots), dashes on a closed rounded rectangle; strokeStart/End over two subpaths, a
  /// trimmed closed circle with round caps at the cut, start >= end (no stroke, fill kept).
  public static func shapeDashAndTrim() -> GoldenScene {
    let white = Color(1, 1, 1)
    let r = root(240, 160, [
      shape(Rect(0, 0, 120, 80), "M10 12 H110 M10 30 H110 M10 48 H110 M10 66 H110") { s in
        s.fillColor = nil; s.strokeColor = white; s.lineWidth = 5; s.lineDashPattern = [12, 6]
        // Every subpath restarts the pattern at the phase.
        s.lineDashPhase = 5
      },
      shape(Rect(120, 0, 120, 40), "M10 12 H110 M10 30 H110") { s in
        s.fillColor = nil; s.strokeColor = orange; s.lineWidth = 4; s.lineDashPattern = [10, 4, 3]  // odd: repeats
      },
      shape(Rect(120, 40, 120, 40), "M10 20 H110") { s in
        s.fillColor = nil; s.strokeColor = green; s.lineWidth = 8; s.lineCap = .round; s.lineDashPattern = [0, 14]
      },
      shape(Rect(0, 80, 80, 80), "M10 10 H70 V70 H10 Z") { s in
        s.fillColor = Color(0.2, 0.47, 0.96, 0.5); s.strokeColor = white; s.lineWidth = 4; s.lineDashPattern = [16, 8]
        s.lineJoin = .round; s.lineDashPhase = 4
      },
      shape(Rect(80, 80, 80, 80), "M10 20 H70 M10 50 C30 30 50 70 70 50") { s in
        s.fillColor = nil; s.strokeColor = orange; s.lineWidth = 6; s.strokeStart = 0.3; s.strokeEnd = 0.85
        s.lineCap = .round
      },
      shape(Rect(160, 80, 80, 80), "M70 40 A30 30 0 1 1 10 40 A30 30 0 1 1 70 40 Z") { s in
        s.fillColor = Color(0.2, 0.8, 0.4, 0.4); s.strokeColor = white; s.lineWidth = 8; s.lineCap = .round
        s.strokeStart = 0.1; s.strokeEnd = 0.7
      },
    ])
    return GoldenScene(name: "shape-dash-trim", width: 240, height: 160, scale: 1, root: r)
  }

  /// Shapes under transforms and in the layer stack: scaled 2 × 1 (the stroke stretches),
  /// rotated, in perspective (sharp, rasterised in device space), clipped by masksToBounds
  /// (and not clipped without it), between contents and a sublayer, as a mask, casting a
  /// shadow, and at scale 2.
  public static func shapeLayers() -> GoldenScene {
    let white = Color(1, 1, 1)
    let blob = "M6 20 C6 6 34 6 34 18 C34 32 20 26 12 34 C6 38 6 28 6 20 Z"
    func styled(_ s: ShapeLayer) { s.fillColor = orange; s.strokeColor = white; s.lineWidth = 2 }
    let r = root(160, 120, [
      shape(Rect(4, 4, 40, 40), blob) { s in styled(s); s.transform = .scale(1.6, 0.8, 1); s.position = Point(34, 24) },
      shape(Rect(60, 4, 40, 40), blob) { s in styled(s); s.transform = .rotation(0.6, 0, 0, 1) },
      shape(Rect(112, 4, 40, 40), blob) { s in
        styled(s); s.transform = Transform3D.rotation(1.0, 0, 1, 0).concatenating(.perspective(120))
      },
      shape(Rect(8, 60, 30, 30), "M-6 -6 L40 10 L10 40 Z") { s in
        s.fillColor = green; s.backgroundColor = Color(1, 1, 1, 0.2); s.masksToBounds = true
      },
      shape(Rect(44, 60, 30, 30), "M-6 -6 L40 10 L10 40 Z") { s in s.fillColor = green; s.backgroundColor = Color(1, 1, 1, 0.2) },
      shape(Rect(84, 56, 36, 36), "M4 4 H32 V32 H4 Z") { s in
        s.contents = TestImages.picture; s.fillColor = Color(0.2, 0.47, 0.96, 0.7); s.strokeColor = white; s.lineWidth = 3
        try! s.addSublayer(layer(Rect(20, 20, 14, 14), orange))
      },
      layer(Rect(126, 56, 30, 30), blue) { l in
        l.mask = shape(Rect(0, 0, 30, 30), "M15 2 L28 28 L2 28 Z") { s in s.fillColor = .white; s.strokeColor = .white; s.lineWidth = 3 }
      },
      shape(Rect(8, 96, 24, 20), "M2 18 L12 2 L22 18 Z") { s in
        s.fillColor = blue; s.shadowOpacity = 0.8; s.shadowRadius = 2; s.shadowOffset = Size(5, 2); s.shadowColor = Color(1, 0.9, 0.5)
      },
      shape(Rect(44, 96, 60, 20), "M4 10 C14 -4 24 24 34 10 S 50 0 56 10") { s in
        s.fillColor = nil; s.strokeColor = white; s.lineWidth = 1.5
      },
    ])
    return GoldenScene(name: "shape-layers", width: 160, height: 120, scale: 1, root: r)
  }

  /// At 2 device pixels per point the shape is rasterised at device resolution: as sharp
  /// as at scale 1, twice the size.
  public static func shapeAtScale2() -> GoldenScene {
    let r = root(60, 40, [
      shape(Rect(0, 0, 60, 40), "M6 20 C6 6 28 6 28 18 C28 30 16 26 10 34 Z M36 8 H54 V32 H36 Z") { s in
        s.fillColor = blue; s.fillRule = .evenOdd; s.strokeColor = Color(1, 1, 1); s.lineWidth = 1.5
        s.lineDashPattern = [4, 2]
      }
    ])
    return GoldenScene(name: "shape-scale-2x", width: 120, height: 80, scale: 2, root: r)
  }
}
