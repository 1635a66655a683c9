import Strata
import StrataRender

/// What the primitives of layer kinds need beyond an instance's 15 vec4s: gradient stops
/// and convex-polygon edges, one row of vec4s per draw, uploaded with the instances as
/// RGBA32F textures and read with `texelFetch` (`Shaders/gradient.glsl`, `draw.frag`).
/// Instances name their row in `a_extra`.
struct KindTables {
  /// Row: `(kind, stops, 0, 0)`, `(start, end)`, `(unit rect origin, size)`, the straight
  /// colours, then the locations four to a texel.
  private(set) var gradients: [[SIMD4<Float>]] = []
  /// Row: `(edges, has a fan, 0, 0)`, then each edge `(nx, ny, c, soft)`, then the fan's
  /// four device points two to a texel (`InstanceData.fan`), when it has one.
  private(set) var polygons: [[SIMD4<Float>]] = []

  mutating func addGradient(_ g: GradientPaint) -> Int {
    let (locations, colors) = g.floatStops
    let r = g.unitRect.standardized
    var row: [SIMD4<Float>] = [
      SIMD4(Float(g.kind.code), Float(colors.count), 0, 0),
      SIMD4(Float(g.start.x), Float(g.start.y), Float(g.end.x), Float(g.end.y)),
      SIMD4(Float(r.minX), Float(r.minY), Float(r.width), Float(r.height)),
    ]
    row += colors
    for i in stride(from: 0, to: locations.count, by: 4) {
      var l = SIMD4<Float>(repeating: 0)
      for k in 0..<min(4, locations.count - i) { l[k] = locations[i + k] }
      row.append(l)
    }
    gradients.append(row)
    return gradients.count - 1
  }

  mutating func addPolygon(_ p: ConvexPolygon, fan: [Point]? = nil) -> Int {
    var row = [SIMD4(Float(p.points.count), fan == nil ? 0 : 1, 0, 0)] + p.floatEdges
    if let f = fan {
      precondition(f.count == 4, "a polygon's fan has four points")
      row.append(SIMD4(Float(f[0].x), Float(f[0].y), Float(f[1].x), Float(f[1].y)))
      row.append(SIMD4(Float(f[2].x), Float(f[2].y), Float(f[3].x), Float(f[3].y)))
    }
    polygons.append(row)
    return polygons.count - 1
  }

  /// A table's texels, rows padded to the longest: its width, height and floats.
  static func packed(_ rows: [[SIMD4<Float>]]) -> (width: Int, height: Int, floats: [Float]) {
    let width = max(1, rows.map(\.count).max() ?? 1)
    var floats: [Float] = []
    floats.reserveCapacity(width * rows.count * 4)
    for row in rows {
      for t in row { floats += [t.x, t.y, t.z, t.w] }
      floats += [Float](repeating: 0, count: (width - row.count) * 4)
    }
    return (width, rows.count, floats)
  }
}
