import Strata
import StrataRender

/// The rows of an upright plus-lighter sprite (S4's layers and particles: a translated or
/// scaled image, bilinear, unclipped), with the setup that is the same on every row done
/// once per draw and band instead of once per row.
///
/// `add` finds, for each row, the pixels the device polygon may touch (`span`), the
/// pixels whose centres lie inside the rectangle (`insideRun`) and the fixed-point texel
/// start (`fixedPointTexels`); for a 32-pixel sprite row that setup cost as much as the
/// pixels. When the polygon is an axis-aligned rectangle and the map has no rotation or
/// shear (`PreparedDraw.spriteBox`), each of these is one value for all rows, by the same
/// arithmetic:
/// - `span`: a row crosses only the two vertical edges, each at its own x exactly
///   (`ax + (yc − ay) · 0 / (by − ay)`), and a row that grazes a corner takes the
///   corners' x; either way the extent is `left...right`, so every row that has a span has
///   `paddedSpan(left, right)`.
/// - `insideRun`: with `i1 = i3 = 0`, `u = i0 · X + i2` does not depend on the row (the
///   sign of the zero `i1 · y` neither, rows being non-negative), and `v = cv` everywhere
///   on it; so a row with `cv` inside `y0..<y1` has the same inside run as any other.
/// - `fixedPointTexels`: s does not depend on v (`mapping.c == 0`), so only t is per row;
///   it is still computed by `fixedPointTexels` itself, row by row.
/// The pixels are then added by `addRun`, as `plainImageAddRow` adds them, so the pixels are
/// the same to the bit.
extension Rasterizer {
  /// Adds draw `d` on `rows` as `addRows` does, for a draw with a `spriteBox` on the
  /// `.plainImage` path.
  ///
  /// - Complexity: O(rows + pixels); the per-row work is a comparison, `t`'s fixed point
  ///   and the pixels.
  @inline(__always)
  func spriteRows(
    _ d: PreparedDraw, _ box: (left: Float, right: Float, top: Float, bottom: Float), nearest: Bool,
    rows: Range<Int>,
    _ x0: Int, _ x1: Int, _ t: TexelMapping, _ levels: Span<TextureLevel>,
    _ base: Span<SIMD4<UInt8>>
  ) {
    precondition(rows.lowerBound >= 0, "sprite rows start at a non-negative row")
    guard let (xs, xe) = Self.paddedSpan(box.left, box.right, x0, x1) else { return }
    let i = d.inv
    let lv = levels[0].size
    // Every row `span` would give a span to: it crosses the vertical edges, or a corner
    // lies within a pixel of its centre (`span`'s own tests, on the box's edges).
    func hasSpan(_ yc: Float) -> Bool {
      (box.top <= yc) != (box.bottom <= yc) || abs(box.top - yc) <= 1 || abs(box.bottom - yc) <= 1
    }
    // The inside run, found on the first row whose v lies inside the rectangle.
    var run: (first: Int, last: Int, cu: Float)? = nil
    var solved = false
    let origin = surface.bounds.x0
    for y in rows {
      let yc = Float(y) + 0.5
      guard hasSpan(yc) else { continue }
      let cv = i.4 * yc + i.5
      guard cv >= d.y0 && cv < d.y1 else { continue }
      if !solved {
        solved = true
        if let r = Self.insideRun(d, y: yc, xs: xs, xe: xe) { run = (r.first, r.last, r.cu) }
      }
      guard let (first, last, cu) = run else { return }
      unsafe surface.withRow(y) { row in
        if let start = Self.fixedPointTexels(d, t, nearest: nearest, cu: cu, cv: cv, first: first, last: last) {
          addRun(d, nearest: nearest, t, lv, base, row: &row, origin: origin, first: first, last: last, cu: cu, cv: cv, start)
        } else {
          generalRow(Adds.self, d, t, levels, base, row: &row, origin: origin, y: yc, xs: xs, xe: xe)
        }
      }
    }
  }
}
