import Strata
import StrataRender

/// An independent picture of flat, solid-coloured planes in 3D, for checking `DepthSort`
/// and the transform layer's context: at each pixel centre every plane is hit by the view
/// ray (the plane point the pixel shows, through its own homography), the hits are sorted
/// by depth after the perspective divide, and composited back to front. It shares no code
/// with the compiler's sorting, only Core Animation's geometry formulas.
struct ZBufferReference {
  struct Plane {
    /// The layer plane → device space, unflattened (x, y, depth before the divide, w).
    var toDevice: Transform3D
    var rect: Rect
    /// Straight colour, opacity in alpha.
    var color: Color
  }

  /// Premultiplied 0…1 per pixel, and whether it is away from every edge and every line
  /// where two planes meet (the same planes in the same order at 4 points 0.9 px around).
  var pixels: [SIMD4<Double>] = []
  var reliable: [Bool] = []

  init(_ planes: [Plane], width: Int, height: Int) {
    for y in 0..<height {
      for x in 0..<width {
        let X = Double(x) + 0.5, Y = Double(y) + 0.5
        let order = Self.hits(planes, X, Y)
        let around = [(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)].map { Self.hits(planes, X + $0.0, Y + $0.1) }
        reliable.append(around.allSatisfy { $0 == order })
        var c = SIMD4<Double>.zero
        for i in order {
          let s = planes[i].color
          let src = SIMD4(s.red * s.alpha, s.green * s.alpha, s.blue * s.alpha, s.alpha)
          c = src + c * (1 - s.alpha)
        }
        pixels.append(c)
      }
    }
  }

  /// The planes hit at device point (X, Y), back to front.
  static func hits(_ planes: [Plane], _ X: Double, _ Y: Double) -> [Int] {
    var found: [(Int, Double)] = []
    for (i, p) in planes.enumerated() {
      guard let inverse = Homography(p.toDevice).inverted,
        let (u, v, _) = Projection.unproject(inverse, x: X, y: Y),
        u >= p.rect.minX, u < p.rect.maxX, v >= p.rect.minY, v < p.rect.maxY
      else { continue }
      let h = p.toDevice.apply(x: u, y: v)
      guard h.w > 0 else { continue }
      found.append((i, h.z / h.w))
    }
    return found.sorted { $0.1 < $1.1 }.map(\.0)
  }

  /// A layer's plane → the root's plane, unflattened: Core Animation's geometry up the
  /// tree (the ancestors here flatten nothing that matters: z is dropped at the root).
  static func toRoot(_ layer: Layer) -> Transform3D {
    var t = LayerGeometry.toSuperlayer(
      bounds: layer.bounds, position: layer.position, zPosition: layer.zPosition, anchorPoint: layer.anchorPoint,
      anchorPointZ: layer.anchorPointZ, transform: layer.transform)
    var a = layer.superlayer
    while let s = a {
      t = t.concatenating(
        LayerGeometry.sublayerSpace(
          bounds: s.bounds, anchorPoint: s.anchorPoint, anchorPointZ: s.anchorPointZ,
          sublayerTransform: s.sublayerTransform, isGeometryFlipped: s.isGeometryFlipped))
      if let up = s.superlayer {
        _ = up
        t = t.concatenating(
          LayerGeometry.toSuperlayer(
            bounds: s.bounds, position: s.position, zPosition: s.zPosition, anchorPoint: s.anchorPoint,
            anchorPointZ: s.anchorPointZ, transform: s.transform))
      }
      a = s.superlayer
    }
    return t
  }
}
