import Foundation
import Strata
import StrataRender
import StrataTesting
import Testing

/// Anti-aliased coverage at layer edges and rounded corners, probed at every pixel on every
/// backend against the README's rule computed here in double precision: a pixel's coverage
/// is `clamp(0.5 + d, 0, 1)`, with `d` the signed distance in device pixels from its centre
/// to the edge or corner arc (README "Rendering semantics"), hard straight edges take the
/// centres in `[x0, x1) × [y0, y1)`. Both cases were found by the differential fuzzer
/// (`strata-fuzz`, docs/Testing.md), where the CPU renderer's fast paths broke the rule.
@Suite struct EdgeCoverageSemanticsTests {
  static func render(_ layer: Layer, _ w: Double, _ h: Double, scale: Double, on backend: Backend) throws -> PixelBuffer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: w, height: h)
    root.anchorPoint = .zero
    try root.addSublayer(layer)
    let list = RenderListCompiler(width: Int(w), height: Int(h), scale: scale, background: .clear).compile(root.snapshot(at: 0))
    return try backend.render(list)
  }

  static func ramp(_ d: Double) -> Double { min(max(0.5 + d, 0), 1) }

  static func alpha(_ b: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + 3]) }

  /// A rounded rectangle at scale 0.5 (a 3.5-pixel radius, edges off the pixel grid): its
  /// corner pixels have the arc's ramp, not full coverage. The CPU's fast run for axis-
  /// aligned solids kept half a pixel in points, not in layer units, from the arcs, so at
  /// scale 0.5 it filled pixels of the ramp as fully covered (seeds 783 and 582: alpha
  /// 255 for 219 and 185).
  @Test(arguments: Backend.available)
  func roundedCornersBelowScaleOneKeepTheirRamp(_ backend: Backend) throws {
    let l = Layer()
    l.frame = Rect(x: 2.1, y: 4.9, width: 14, height: 27)
    l.backgroundColor = Color(1, 1, 1)
    l.cornerRadius = 7
    let out = try Self.render(l, 40, 40, scale: 0.5, on: backend)
    // The device rectangle and radius.
    let (x0, y0, x1, y1, r) = (1.05, 2.45, 8.05, 15.95, 3.5)
    var ramps = 0
    for y in 0..<20 {
      for x in 0..<20 {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        var c = px >= x0 && px < x1 && py >= y0 && py < y1 ? 1.0 : 0
        let cx = px < (x0 + x1) / 2 ? x0 + r : x1 - r, cy = py < (y0 + y1) / 2 ? y0 + r : y1 - r
        if c > 0 && (px < (x0 + x1) / 2 ? px < cx : px > cx) && (py < (y0 + y1) / 2 ? py < cy : py > cy) {
          c = min(c, Self.ramp(r - ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()))
          if c > 0 && c < 1 { ramps += 1 }
        }
        let want = Int((c * 255).rounded())
        #expect(abs(Self.alpha(out, x, y) - want) <= 1, "\(backend) pixel \(x) \(y): \(Self.alpha(out, x, y)), want \(want)")
      }
    }
    #expect(ramps >= 8)
  }

  /// A layer with anti-aliased edges turned by 3°: the pixels just outside its nearly
  /// horizontal long edges have the edge's ramp all along them, not only near the corners.
  /// The CPU took a row's pixels from where the outline crosses the row's centre (padded
  /// by a pixel), which misses the ramp's centres half a pixel outside a shallow edge
  /// (seed 906, a gradient turned 14° whose row below its edge was drawn near a vertex only).
  @Test(arguments: Backend.available)
  func antialiasedShallowEdgesHaveTheirRampAllAlong(_ backend: Backend) throws {
    let l = Layer()
    l.bounds = Rect(x: 0, y: 0, width: 40, height: 8)
    l.position = Point(x: 32, y: 16)
    l.backgroundColor = Color(1, 1, 1)
    l.allowsEdgeAntialiasing = true
    let angle = 3 * Double.pi / 180
    l.transform = Transform3D.rotation(angle, 0, 0, 1)
    let out = try Self.render(l, 64, 32, scale: 1, on: backend)
    var outside = 0
    for y in 0..<32 {
      for x in 0..<64 {
        // The centre in the layer's bounds (turned back about the position).
        let (dx, dy) = (Double(x) + 0.5 - 32, Double(y) + 0.5 - 16)
        let u = cos(angle) * dx + sin(angle) * dy + 20, v = -sin(angle) * dx + cos(angle) * dy + 4
        let c = min(Self.ramp(u), Self.ramp(40 - u), Self.ramp(v), Self.ramp(8 - v))
        if c > 0 && (v < 0 || v > 8) { outside += 1 }
        let want = Int((c * 255).rounded())
        #expect(abs(Self.alpha(out, x, y) - want) <= 2, "\(backend) pixel \(x) \(y): \(Self.alpha(out, x, y)), want \(want)")
      }
    }
    #expect(outside >= 30)
  }
}
