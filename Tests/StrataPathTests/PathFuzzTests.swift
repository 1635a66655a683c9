import StrataPath
import StrataTestRandom
import Testing

/// Random paths, transforms and styles, degenerate ones on purpose (coincident points,
/// zero-length segments, collinear and cusped curves, huge and tiny coordinates, non-finite
/// values that must be refused): nothing traps, and every mask is well formed.
@Suite struct PathFuzzTests {
  typealias Random = SplitMix64

  static func randomPath(_ g: inout Random, extreme: Bool) -> Path {
    var p = Path()
    var points: [PathPoint] = [PathPoint(g.range(-10, 74), g.range(-10, 74))]
    func point(_ g: inout Random) -> PathPoint {
      switch g.below(10) {
      case 0: return points[g.below(points.count)]  // coincident with an earlier point
      case 1 where extreme: return PathPoint(g.range(-1e12, 1e12), g.range(-1e9, 1e9))
      case 2 where extreme: return PathPoint([Double.nan, .infinity, -.infinity][g.below(3)], 1)
      case 3: return points[points.count - 1] + PathPoint(g.range(-1e-6, 1e-6), g.range(-1e-6, 1e-6))
      default: return PathPoint(g.range(-10, 74), g.range(-10, 74))
      }
    }
    for _ in 0..<(1 + g.below(12)) {
      let a = point(&g), b = point(&g), c = point(&g)
      let added: Bool
      switch g.below(9) {
      case 0: added = p.move(to: a)
      case 1, 2: added = p.addLine(to: a)
      case 3: added = p.addQuadCurve(to: a, control: b)
      case 4, 5: added = p.addCurve(to: a, control1: b, control2: c)
      case 6: added = p.closeSubpath()
      case 7:
        added = p.addArc(
          center: a, radius: g.range(0, 30), startAngle: g.range(-7, 7), endAngle: g.range(-7, 7), clockwise: g.below(2) == 0)
      default:
        added = p.addEllipticalArc(
          to: a, radii: PathPoint(g.range(0, 40), g.range(0, 40)), rotation: g.range(-4, 4), largeArc: g.below(2) == 0,
          sweep: g.below(2) == 0)
      }
      if added && a.isFinite { points.append(a) }
    }
    return p
  }

  static func randomTransform(_ g: inout Random, extreme: Bool) -> PathTransform {
    switch g.below(extreme ? 6 : 4) {
    case 0: return .identity
    case 1: return PathTransform(translationX: g.range(-20, 20), y: g.range(-20, 20))
    case 2:
      return PathTransform(rotationAngle: g.range(-4, 4)).concatenating(PathTransform(scaleX: g.range(0.2, 3), y: g.range(0.2, 3)))
    case 3: return PathTransform(scaleX: g.range(-2, 2), y: 0)  // squashed onto a line
    case 4: return PathTransform(scaleX: 1e200, y: 1e200)
    default: return PathTransform(a: g.range(-1e6, 1e6), b: g.range(-1, 1), c: g.range(-1, 1), d: g.range(-1e-6, 1e-6), tx: 0, ty: 0)
    }
  }

  static func randomStyle(_ g: inout Random, extreme: Bool) -> StrokeStyle {
    var s = StrokeStyle(
      lineWidth: [0, 0.3, 1, 4, 17, -2][g.below(6)] * (extreme && g.below(4) == 0 ? 1e6 : 1),
      lineCap: [.butt, .round, .square][g.below(3)], lineJoin: [.miter, .round, .bevel][g.below(3)],
      miterLimit: [10, 1, 0.5, 100, .nan][g.below(5)])
    if g.below(3) == 0 {
      s.lineDashPattern = (0..<g.below(4)).map { _ in [0, 2, 5, -1][g.below(4)] }
      s.lineDashPhase = g.range(-50, 50)
    }
    if g.below(3) == 0 {
      s.strokeStart = [0, 0.3, -1, .nan, 0.9][g.below(5)]
      s.strokeEnd = [1, 0.7, 2, .nan, 0.1][g.below(5)]
    }
    return s
  }

  static func checkWellFormed(_ m: CoverageMask, clip: PixelRect) {
    #expect(m.coverage.count == m.bounds.area)
    #expect(m.bounds.area == 0 || m.bounds.intersection(clip) == m.bounds)
    #expect(m.tiles.count == m.tilesAcross * m.tilesDown)
    for row in 0..<m.tilesDown {
      for column in 0..<m.tilesAcross {
        let t = m.tileBounds(column: column, row: row)
        var lo: UInt8 = 255, hi: UInt8 = 0
        for y in t.minY..<t.maxY {
          for x in t.minX..<t.maxX {
            lo = min(lo, m[x, y])
            hi = max(hi, m[x, y])
          }
        }
        switch m.tileState(column: column, row: row) {
        case .empty: #expect(hi == 0)
        case .full: #expect(lo == 255)
        case .partial: #expect(hi > 0 && lo < 255)
        }
      }
    }
  }

  @Test(arguments: [false, true])
  func randomPathsNeverTrapAndGiveWellFormedMasks(extreme: Bool) throws {
    var g = Random(state: extreme ? 0xF00D : 0x5EED)
    var r = Rasterizer()
    let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
    // Fewer extreme cases: a curve with a control point 1e12 away that still crosses the
    // clip is flattened in 10 000 steps, slow in a debug build.
    for _ in 0..<(extreme ? 40 : 150) {
      let p = Self.randomPath(&g, extreme: extreme)
      // The path holds finite points only, and its data reads back exactly.
      #expect(p.elements.allSatisfy(Self.isFinite))
      #expect(try Path(svgPathData: p.svgPathData) == p)
      #expect(p.interpolated(to: p, fraction: g.range(-1, 2)) == p)
      let t = Self.randomTransform(&g, extreme: extreme)
      let nonZero = r.fill(p, rule: .nonZero, transform: t, clip: clip)
      let evenOdd = r.fill(p, rule: .evenOdd, transform: t, clip: clip)
      Self.checkWellFormed(nonZero, clip: clip)
      Self.checkWellFormed(evenOdd, clip: clip)
      // Even-odd coverage never exceeds nonzero: |a − 2·round(a/2)| ≤ min(|a|, 1).
      #expect(nonZero.bounds == evenOdd.bounds)
      #expect(zip(nonZero.coverage, evenOdd.coverage).allSatisfy { $0 >= $1 })
      let stroke = r.stroke(p, style: Self.randomStyle(&g, extreme: extreme), transform: t, clip: clip)
      Self.checkWellFormed(stroke, clip: clip)
    }
  }

  static func isFinite(_ e: Path.Element) -> Bool {
    switch e {
    case .move(let p), .line(let p): p.isFinite
    case .quadCurve(let p, let c): p.isFinite && c.isFinite
    case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
    case .close: true
    }
  }
}
