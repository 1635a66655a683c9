import Foundation
import StrataPath

extension Bezier {
  /// The most points one zig-zag adds to a segment, and to a path: more ridges are
  /// refused, drawing the most allowed.
  static let maxZigZagRidges = 1000, maxZigZagPoints = 100_000

  /// Zig-zag (`zz`), point for point as lottie-web (`ZigZagModifier`) builds it: `ridges`
  /// points evenly spaced in parameter along each segment and one at each vertex, each
  /// pushed `size` off the path along its normal, alternately to one side and the other
  /// (vertices first inwards on a clockwise path). Smooth points (`smooth`) get tangents
  /// along the path a quarter of the ridge spacing long, corner points none.
  func zigZagged(ridges: Int, size: Double, smooth: Bool) -> Bezier {
    let n = vertices.count
    let count = closed ? n : n - 1
    guard count > 0, size != 0, size.isFinite else { return self }
    let ridges = min(max(ridges, 0), Self.maxZigZagRidges, Self.maxZigZagPoints / count)
    var v: [PathPoint] = [], ins: [PathPoint] = [], outs: [PathPoint] = []
    /// A point pushed `direction · size` along the normal at `angle` (lottie-web's angles:
    /// the normal is (cos, −sin)), with tangents `outLength` forward and `inLength` back.
    func add(_ p: PathPoint, angle: Double, direction: Double, outLength: Double, inLength: Double) {
      let q = PathPoint(p.x + cos(angle) * direction * size, p.y - sin(angle) * direction * size)
      let forward = PathPoint(sin(angle), cos(angle))
      v.append(q)
      outs.append(q + forward * outLength)
      ins.append(q - forward * inLength)
    }
    func corner(_ k: Int, direction: Double) {
      let p = vertices[k % n], previous = vertices[k == 0 ? n - 1 : k - 1], next = vertices[(k + 1) % n]
      let d = next - previous
      let angle = -atan2(-d.x, d.y)
      let spacing = 2 * Double(ridges + 1)
      add(
        p, angle: angle, direction: direction, outLength: smooth ? p.distance(to: next) / spacing : 0,
        inLength: smooth ? p.distance(to: previous) / spacing : 0)
    }
    var direction = -1.0
    corner(0, direction: direction)
    for k in 0..<count {
      let segment = ZigZagSegment(self, k)
      direction = -direction
      let length = smooth ? segment.p0.distance(to: segment.p3) / (2 * Double(ridges + 1)) : 0
      for r in 0..<ridges {
        let t = Double(r + 1) / Double(ridges + 1)
        let d = segment.derivative(t)
        add(segment.point(t), angle: atan2(d.x, d.y), direction: direction, outLength: length, inLength: length)
        direction = -direction
      }
      corner(k + 1, direction: direction)
    }
    return Bezier(closed: closed, vertices: v, inPoints: ins, outPoints: outs)
  }
}

/// Segment `k` of a Lottie path as lottie-web's `PolynomialBezier.shapeSegment` takes it:
/// a tangent that sits on its vertex is moved a third of the way along the chord, so that
/// a straight segment is walked at constant speed.
private struct ZigZagSegment {
  var p0, p1, p2, p3: PathPoint

  init(_ b: Bezier, _ k: Int) {
    let next = (k + 1) % b.vertices.count
    p0 = b.vertices[k]
    p1 = b.outPoints[k]
    p2 = b.inPoints[next]
    p3 = b.vertices[next]
    if Self.nearlyEqual(p0, p1) { p1 = p0.interpolated(to: p3, fraction: 1.0 / 3) }
    if Self.nearlyEqual(p2, p3) { p2 = p0.interpolated(to: p3, fraction: 2.0 / 3) }
  }

  /// lottie-web's `pointEqual`: each coordinate equal to 1 part in 100 000.
  static func nearlyEqual(_ a: PathPoint, _ b: PathPoint) -> Bool {
    func equal(_ x: Double, _ y: Double) -> Bool { abs(x - y) * 100_000 <= min(abs(x), abs(y)) }
    return equal(a.x, b.x) && equal(a.y, b.y)
  }

  func point(_ t: Double) -> PathPoint {
    let u = 1 - t
    return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
  }

  func derivative(_ t: Double) -> PathPoint {
    let u = 1 - t
    return ((p1 - p0) * (u * u) + (p2 - p1) * (2 * u * t) + (p3 - p2) * (t * t)) * 3
  }
}
