import Foundation
import StrataPath

/// The paths of Lottie's parametric shapes at one frame, built point for point as lottie-ios
/// builds them (start vertex and direction matter: trims start there).
extension ShapeItem.PathItem {
  /// The shape at `frame`, in its group's coordinates.
  func bezier(at frame: Double) -> Bezier {
    let b: Bezier
    switch geometry {
    case .bezier(let path): return reversed ? path.value(at: frame).reversed : path.value(at: frame)
    case .rect(let position, let size, let roundness):
      b = Self.rect(center: point(position.value(at: frame)), size: point(size.value(at: frame)), radius: roundness.value(at: frame)[0])
    case .ellipse(let position, let size):
      b = Self.ellipse(center: point(position.value(at: frame)), size: point(size.value(at: frame)))
    case .star(let s): b = Self.star(s, at: frame)
    }
    return reversed ? b.reversed : b
  }

  private func point(_ v: [Double]) -> PathPoint { PathPoint(v[safe: 0] ?? 0, v[safe: 1] ?? 0) }

  /// The circle's Bézier constant for quarter arcs.
  static let kappa = 0.5519

  /// Clockwise from the top-right corner (the top of the right edge when rounded).
  static func rect(center c: PathPoint, size: PathPoint, radius r0: Double) -> Bezier {
    let hw = size.x / 2, hh = size.y / 2
    let r = max(0, min(r0, min(abs(hw), abs(hh))))
    var v: [PathPoint] = [], i: [PathPoint] = [], o: [PathPoint] = []
    func add(_ x: Double, _ y: Double, in ix: Double = 0, _ iy: Double = 0, out ox: Double = 0, _ oy: Double = 0) {
      v.append(PathPoint(c.x + x, c.y + y))
      i.append(PathPoint(c.x + x + ix, c.y + y + iy))
      o.append(PathPoint(c.x + x + ox, c.y + y + oy))
    }
    if r <= 0 {
      add(hw, -hh); add(hw, hh); add(-hw, hh); add(-hw, -hh)
    } else {
      let k = r * kappa
      add(hw, -hh + r, in: 0, -k)
      add(hw, hh - r, out: 0, k)
      add(hw - r, hh, in: k, 0)
      add(-hw + r, hh, out: -k, 0)
      add(-hw, hh - r, in: 0, k)
      add(-hw, -hh + r, out: 0, -k)
      add(-hw + r, -hh, in: -k, 0)
      add(hw - r, -hh, out: k, 0)
    }
    return Bezier(closed: true, vertices: v, inPoints: i, outPoints: o)
  }

  /// Clockwise from the top.
  static func ellipse(center c: PathPoint, size: PathPoint) -> Bezier {
    let hw = size.x / 2, hh = size.y / 2
    let kx = hw * kappa, ky = hh * kappa
    let v = [PathPoint(0, -hh), PathPoint(hw, 0), PathPoint(0, hh), PathPoint(-hw, 0)]
    let i = [PathPoint(-kx, 0), PathPoint(0, -ky), PathPoint(kx, 0), PathPoint(0, ky)]
    let o = [PathPoint(kx, 0), PathPoint(0, ky), PathPoint(-kx, 0), PathPoint(0, -ky)]
    return Bezier(closed: true, vertices: v.map { $0 + c }, inPoints: zip(v, i).map { $0 + $1 + c }, outPoints: zip(v, o).map { $0 + $1 + c })
  }

  /// The most points a polystar is built with: more is refused (warned when decoding).
  static let maxStarPoints = 10_000

  /// A star (outer and inner vertices alternating) or polygon, from the top (turned by
  /// `r` degrees), clockwise; roundness in percent bends the vertices' tangents along
  /// the circle.
  static func star(_ s: ShapeItem.Star, at frame: Double) -> Bezier {
    let count = Int(min(max(s.points.value(at: frame)[0], 0), Double(maxStarPoints)).rounded(.down))
    guard count >= 1 else { return Bezier(closed: true, vertices: [], inPoints: [], outPoints: []) }
    let c = s.position.value(at: frame)
    let center = PathPoint(c[safe: 0] ?? 0, c[safe: 1] ?? 0)
    let outer = s.outerRadius.value(at: frame)[0], inner = s.innerRadius.value(at: frame)[0]
    let outerRound = s.outerRoundness.value(at: frame)[0] / 100, innerRound = s.innerRoundness.value(at: frame)[0] / 100
    let vertexCount = s.isStar ? count * 2 : count
    let step = 2 * Double.pi / Double(vertexCount)
    var angle = -Double.pi / 2 + s.rotation.value(at: frame)[0] * .pi / 180
    var v: [PathPoint] = [], i: [PathPoint] = [], o: [PathPoint] = []
    for k in 0..<vertexCount {
      let isOuter = !s.isStar || k % 2 == 0
      let radius = isOuter ? outer : inner
      let roundness = isOuter ? outerRound : innerRound
      // The tangent's length: a quarter of the arc between two vertices.
      let segment = 2 * Double.pi * radius / Double(vertexCount * (s.isStar ? 2 : 4)) * (s.isStar ? 1 : 1)
      let x = radius * cos(angle), y = radius * sin(angle)
      let len = (x * x + y * y).squareRoot()
      let tx = len == 0 ? 0 : y / len, ty = len == 0 ? 0 : -x / len
      let p = PathPoint(center.x + x, center.y + y)
      v.append(p)
      i.append(PathPoint(p.x + tx * segment * roundness, p.y + ty * segment * roundness))
      o.append(PathPoint(p.x - tx * segment * roundness, p.y - ty * segment * roundness))
      angle += step
    }
    return Bezier(closed: true, vertices: v, inPoints: i, outPoints: o)
  }
}
