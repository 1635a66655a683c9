import Foundation
import StrataPath
import StrataTestRandom
import Testing

/// Path booleans checked against what follows from their definition: areas computed from
/// the operands' geometry, and membership of points in the result against membership in
/// the operands with their fill rules.
@Suite struct PathBooleanTests {
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    Path(rect: PathRect(x: x, y: y, width: w, height: h))
  }

  static func polygon(_ points: [(Double, Double)]) -> Path {
    var p = Path()
    p.move(to: PathPoint(points[0].0, points[0].1))
    for q in points.dropFirst() { p.addLine(to: PathPoint(q.0, q.1)) }
    p.closeSubpath()
    return p
  }

  /// The signed area of the flattened path (positive clockwise on screen): for a boolean's
  /// output, whose holes run the other way, the area it covers.
  static func area(_ p: Path) -> Double {
    var sum = 0.0
    for line in Flattener.polylines(of: p, tolerance: 0.001) {
      let q = line.points
      for i in q.indices {
        let a = q[i], b = q[(i + 1) % q.count]
        sum += a.x * b.y - b.x * a.y
      }
    }
    return sum / 2
  }

  /// Whether `rule` fills `p` in `path`.
  static func fills(_ region: Region, _ p: PathPoint, _ rule: FillRule) -> Bool {
    let w = region.winding(at: p)
    return rule == .nonZero ? w != 0 : w & 1 != 0
  }

  // MARK: Areas

  /// The example in docs/Paths.md, as written there: a ring of radii 30 and 10, within the
  /// flattening tolerance (0.05 over both circles) of its area.
  @Test func docsExample() throws {
    let ring = try Path(ellipseIn: PathRect(x: 0, y: 0, width: 60, height: 60))
      .subtracting(Path(ellipseIn: PathRect(x: 20, y: 20, width: 20, height: 20)))
    #expect(abs(Self.area(ring) - Double.pi * (900 - 100)) < 0.05 * 2 * Double.pi * 40 + 1)
  }

  /// Two overlapping squares, 100 and 64 with an overlap of 4 x 6.
  @Test(arguments: PathOperation.allCases)
  func overlappingSquares(_ op: PathOperation) throws {
    let a = Self.rect(0, 0, 10, 10), b = Self.rect(6, 4, 8, 8)
    let overlap = 4.0 * 6
    let expected: Double =
      switch op {
      case .union: 100 + 64 - overlap
      case .intersection: overlap
      case .difference: 100 - overlap
      case .exclusiveOr: 100 + 64 - 2 * overlap
      }
    let r = try a.combined(with: b, operation: op)
    #expect(abs(Self.area(r) - expected) < 1e-9, "\(op): \(r)")
  }

  /// Two unit-radius circles' centres 1 apart overlap in a lens of 2π/3 − √3/2; flattened
  /// within 0.001 the area is within 2 · perimeter · tolerance of the exact one.
  @Test(arguments: PathOperation.allCases)
  func overlappingCircles(_ op: PathOperation) throws {
    let r = 10.0, d = 10.0
    let a = Path(ellipseIn: PathRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
    let b = Path(ellipseIn: PathRect(x: d - r, y: -r, width: 2 * r, height: 2 * r))
    let disc = Double.pi * r * r
    let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
    let expected: Double =
      switch op {
      case .union: 2 * disc - lens
      case .intersection: lens
      case .difference: disc - lens
      case .exclusiveOr: 2 * disc - 2 * lens
      }
    let result = try a.combined(with: b, operation: op, tolerance: 0.001)
    // Path(ellipseIn:) itself is within 0.03 % of the radius of a circle.
    let allowance = 4 * 2 * Double.pi * r * (0.001 + 3e-4 * r)
    #expect(abs(Self.area(result) - expected) < allowance, "\(op): \(Self.area(result)) vs \(expected)")
  }

  // MARK: Degenerate cases

  /// Squares sharing an edge make one rectangle: the shared edge leaves no seam, and the
  /// straight runs come out as single edges.
  @Test func sharedEdgeUnionIsOneRectangle() throws {
    let r = try Self.rect(0, 0, 10, 10).union(Self.rect(10, 0, 10, 10))
    #expect(abs(Self.area(r) - 200) < 1e-9)
    #expect(r.elements.count == 5, "\(r)")  // move, three lines, close
    #expect(try Self.rect(0, 0, 10, 10).intersection(Self.rect(10, 0, 10, 10)).isEmpty)
    // Part of an edge shared, the other square offset along it.
    let s = try Self.rect(0, 0, 10, 10).union(Self.rect(10, 5, 10, 10))
    #expect(abs(Self.area(s) - 200) < 1e-9)
  }

  /// A path combined with itself: union and intersection are the path, difference and
  /// exclusive or are empty.
  @Test func identicalOperands() throws {
    let p = Path(ellipseIn: PathRect(x: 0, y: 0, width: 30, height: 20))
    let a = Self.area(try p.normalized(tolerance: 0.01))
    #expect(abs(try Self.area(p.union(p, tolerance: 0.01)) - a) < 1e-9)
    #expect(abs(try Self.area(p.intersection(p, tolerance: 0.01)) - a) < 1e-9)
    #expect(try p.subtracting(p).isEmpty)
    #expect(try p.symmetricDifference(p).isEmpty)
  }

  /// Squares touching at one corner: their union is two squares, their intersection empty.
  @Test func sharedVertex() throws {
    let a = Self.rect(0, 0, 10, 10), b = Self.rect(10, 10, 10, 10)
    let u = try a.union(b)
    #expect(abs(Self.area(u) - 200) < 1e-9)
    #expect(Flattener.polylines(of: u).count == 2, "\(u)")
    #expect(try a.intersection(b).isEmpty)
  }

  /// A pentagram: nonzero fills its centre, even-odd leaves it empty; normalised, either
  /// rule then fills the result the same.
  @Test func selfIntersectingOperand() throws {
    var star: [(Double, Double)] = []
    for k in 0..<5 {
      let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
      star.append((50 + 40 * cos(angle), 50 + 40 * sin(angle)))
    }
    let p = Self.polygon(star)
    let nonZero = try p.normalized(using: .nonZero), evenOdd = try p.normalized(using: .evenOdd)
    #expect(Region(nonZero).contains(PathPoint(50, 52)))
    #expect(!Region(evenOdd).contains(PathPoint(50, 52)))
    #expect(Self.area(nonZero) > Self.area(evenOdd) + 100)
    // The centre pentagon is in nonzero and not in even-odd: their difference is it.
    let centre = try nonZero.subtracting(evenOdd)
    #expect(Region(centre).contains(PathPoint(50, 52)) && !Region(centre).contains(PathPoint(50, 15)))
  }

  /// Zero-length segments, a zero-area subpath (a line out and back), a square of zero
  /// width, a lone move and an open subpath (filled as if closed).
  @Test func degenerateSubpaths() throws {
    var p = Self.rect(0, 0, 10, 10)
    p.move(to: PathPoint(2, 2))
    p.addLine(to: PathPoint(2, 2))
    p.addLine(to: PathPoint(30, 30))
    p.addLine(to: PathPoint(2, 2))
    p.closeSubpath()
    p.addRect(PathRect(x: 40, y: 0, width: 0, height: 10))
    p.move(to: PathPoint(60, 60))
    var curve = Path()
    curve.move(to: PathPoint(5, 5))
    curve.addCurve(to: PathPoint(5, 5), control1: PathPoint(5, 5), control2: PathPoint(5, 5))
    let r = try p.union(curve)
    #expect(abs(Self.area(r) - 100) < 1e-9, "\(r)")
    var open = Path()
    open.move(to: PathPoint(0, 0))
    open.addLine(to: PathPoint(10, 0))
    open.addLine(to: PathPoint(10, 10))
    #expect(abs(Self.area(try open.normalized()) - 50) < 1e-9)
    #expect(try Path().union(Path()).isEmpty)
    #expect(try Self.rect(0, 0, 5, 5).intersection(Path()).isEmpty)
  }

  /// Paths refuse non-finite points, so a boolean never sees one; coordinates too large to
  /// intersect safely are refused with an error, and large finite ones work.
  @Test func extremeCoordinates() throws {
    var p = Self.rect(0, 0, 10, 10)
    let addedNaN = p.addLine(to: PathPoint(.nan, 3)), addedInfinity = p.move(to: PathPoint(.infinity, 3))
    #expect(!addedNaN && !addedInfinity)
    #expect(abs(Self.area(try p.union(Self.rect(5, 0, 10, 10))) - 150) < 1e-9)
    let huge = Self.rect(-1e200, -1e200, 2e200, 2e200)
    #expect(throws: PathBooleanError.coordinatesOutOfRange) { try huge.union(p) }
    let big = try Self.rect(-1e100, -1e100, 2e100, 2e100).subtracting(Self.rect(0, 0, 1e100, 1e100))
    #expect(abs(Self.area(big) / 3e200 - 1) < 1e-9)
    let tiny = try Self.rect(0, 0, 1e-100, 1e-100).union(Self.rect(5e-101, 0, 1e-100, 1e-100))
    #expect(abs(Self.area(tiny) / 1.5e-200 - 1) < 1e-9)
  }

  /// Hostile input fails fast with an error: too many segments, or too many crossings.
  @Test func workBudget() throws {
    let circle = Path(ellipseIn: PathRect(x: 0, y: 0, width: 100, height: 100))
    #expect(throws: PathBooleanError.self) {
      try circle.combined(with: circle, operation: .union, tolerance: 0.001, limits: PathBooleanLimits(maxSegments: 100))
    }
    // A million-unit curve at a tiny tolerance (10 000 lines) is refused before it is
    // flattened.
    var long = Path()
    long.move(to: .zero)
    long.addCurve(to: PathPoint(1e6, 0), control1: PathPoint(0, 1e6), control2: PathPoint(1e6, -1e6))
    #expect(throws: PathBooleanError.tooManySegments(count: 10_001, limit: 5000)) {
      try long.combined(with: Path(), operation: .union, tolerance: 1e-9, limits: PathBooleanLimits(maxSegments: 5000))
    }
    // Two combs of 60 teeth across each other: 14 400 crossings, 120 edges across most bands.
    var a: [(Double, Double)] = [], b: [(Double, Double)] = []
    for i in 0..<60 {
      a += [(Double(i), 0), (Double(i) + 0.5, 60)]
      b += [(0, Double(i)), (60, Double(i) + 0.5)]
    }
    #expect(throws: PathBooleanError.tooMuchWork(limit: 100_000)) {
      try Self.polygon(a).combined(with: Self.polygon(b), operation: .union, limits: PathBooleanLimits(maxWork: 100_000))
    }
    // Within the default limits it finishes, every crossing resolved: where the combs
    // overlap, random points agree with the operands.
    let r = try Self.polygon(a).intersection(Self.polygon(b), using: .evenOdd)
    let ra = Region(Self.polygon(a)), rb = Region(Self.polygon(b)), rr = Region(r)
    var g = SplitMix64(state: 7)
    for _ in 0..<2000 {
      let p = PathPoint(g.range(0, 60), g.range(0, 60))
      let expected = ra.winding(at: p) & 1 != 0 && rb.winding(at: p) & 1 != 0
      guard Self.distance(p, a) > 1e-6, Self.distance(p, b) > 1e-6 else { continue }
      #expect(rr.contains(p) == expected, "\(p)")
    }
  }

  // MARK: Random operands

  /// A random polygon of `n` vertices in a 100-point box, often self-intersecting, with
  /// some vertices repeated and some edges axis-aligned (coincident edges, shared
  /// vertices).
  static func randomPolygon(_ g: inout SplitMix64, _ n: Int) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    for _ in 0..<n {
      switch g.below(6) {
      case 0 where !out.isEmpty: out.append(out[g.below(out.count)])
      case 1 where !out.isEmpty: out.append((out[out.count - 1].0, Double(g.below(11) * 10)))
      case 2: out.append((Double(g.below(11) * 10), Double(g.below(11) * 10)))
      default: out.append((g.range(0, 100), g.range(0, 100)))
      }
    }
    return out
  }

  /// The distance from `p` to the nearest edge of the polygon.
  static func distance(_ p: PathPoint, _ poly: [(Double, Double)]) -> Double {
    var best = Double.infinity
    for i in poly.indices {
      let a = PathPoint(poly[i].0, poly[i].1), b = PathPoint(poly[(i + 1) % poly.count].0, poly[(i + 1) % poly.count].1)
      let ab = b - a
      let t = ab.lengthSquared > 0 ? min(max((p - a).dot(ab) / ab.lengthSquared, 0), 1) : 0
      best = min(best, (a + ab * t - p).length)
    }
    return best
  }

  /// For 200 pairs of random polygons, every operation and both fill rules: at 500 random
  /// points each (those within 1e-6 of an operand's edge aside), the result fills a point
  /// exactly when the operation of the operands' membership says so, its winding number
  /// is 0 or 1 (no overlapping or crossing contours), and both fill rules agree on it.
  @Test func randomPolygonsAgreeWithMembership() throws {
    var g = SplitMix64(state: 0xB001_EA45)
    var checked = 0
    var failures: [String] = []
    for round in 0..<200 {
      let pa = Self.randomPolygon(&g, 3 + g.below(12)), pb = Self.randomPolygon(&g, 3 + g.below(12))
      let a = Self.polygon(pa), b = Self.polygon(pb)
      let ra = Region(a), rb = Region(b)
      let rules = (g.below(2) == 0 ? FillRule.nonZero : .evenOdd, g.below(2) == 0 ? FillRule.nonZero : .evenOdd)
      let points = (0..<500).map { _ in PathPoint(g.range(-5, 105), g.range(-5, 105)) }.filter {
        Self.distance($0, pa) > 1e-6 && Self.distance($0, pb) > 1e-6
      }
      for op in PathOperation.allCases {
        let result = try a.combined(with: b, operation: op, fillRule: rules.0, otherFillRule: rules.1)
        let rr = Region(result)
        for p in points {
          let expected = op.keeps(Self.fills(ra, p, rules.0), Self.fills(rb, p, rules.1))
          let w = rr.winding(at: p)
          checked += 1
          if (w != 0) != expected || abs(w) > 1 {
            failures.append("round \(round) \(op) \(rules) at \(p): winding \(w), expected \(expected)")
          }
        }
      }
    }
    #expect(checked > 300_000)
    #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
  }

  /// Random curved operands (ellipses and cubic blobs), at points 0.01 clear of either
  /// flattened operand's boundary: the result agrees with the operands' membership.
  @Test func randomCurvesAgreeWithMembership() throws {
    var g = SplitMix64(state: 0xC0FF_EE11)
    var failures: [String] = []
    for round in 0..<40 {
      func blob(_ g: inout SplitMix64) -> Path {
        if g.below(3) == 0 {
          return Path(ellipseIn: PathRect(x: g.range(0, 60), y: g.range(0, 60), width: g.range(1, 40), height: g.range(1, 40)))
        }
        var p = Path()
        p.move(to: PathPoint(g.range(0, 100), g.range(0, 100)))
        for _ in 0..<(2 + g.below(4)) {
          p.addCurve(
            to: PathPoint(g.range(0, 100), g.range(0, 100)), control1: PathPoint(g.range(0, 100), g.range(0, 100)),
            control2: PathPoint(g.range(0, 100), g.range(0, 100)))
        }
        p.closeSubpath()
        return p
      }
      let a = blob(&g), b = blob(&g)
      let ra = Region(a, tolerance: 0.001), rb = Region(b, tolerance: 0.001)
      for op in PathOperation.allCases {
        let result = try a.combined(with: b, operation: op, tolerance: 0.001)
        let rr = Region(result)
        for _ in 0..<300 {
          let p = PathPoint(g.range(0, 100), g.range(0, 100))
          let expected = op.keeps(ra.contains(p), rb.contains(p))
          guard ra.isUniform(around: p, radius: 0.01), rb.isUniform(around: p, radius: 0.01) else { continue }
          if rr.contains(p) != expected { failures.append("round \(round) \(op) at \(p)") }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
  }
}
