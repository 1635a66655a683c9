import StrataRender
import Testing

/// A conic gradient's parameter at its seam (the ray start → end): 0 on the ray and on
/// the side the angle grows towards (+x towards +y), just below 1 on the other side, on
/// the seam's side of the centre; the opposite ray (half a turn) is not touched.
@Suite struct ConicSeamTests {
  func t(_ x: Float, _ y: Float, _ s: SIMD2<Float>, _ e: SIMD2<Float>) -> Float {
    GradientMath.parameter(kind: 2, x: x, y: y, start: s, end: e)
  }

  @Test func theSideOfTheSeamDecides() {
    let s = SIMD2<Float>(0.5, 0.5)
    for e in [SIMD2<Float>(1, 0.5), SIMD2(1, 1), SIMD2(0.61, 0.9), SIMD2(0.2, 0.1)] {
      let d = e - s
      for r: Float in [0.1, 0.5, 1] {
        for offset: Float in [1e-7, 1e-6, 1e-4] {
          // Turned towards +y from the ray (the direction the angle grows): just past 0.
          let ahead = t(s.x + r * d.x - offset * d.y, s.y + r * d.y + offset * d.x, s, e)
          // Turned the other way: just before 1.
          let behind = t(s.x + r * d.x + offset * d.y, s.y + r * d.y - offset * d.x, s, e)
          #expect(ahead >= 0 && ahead < 0.01, "\(e) r \(r) offset \(offset): \(ahead)")
          #expect(behind > 0.99 && behind < 1, "\(e) r \(r) offset \(offset): \(behind)")
        }
        // On the ray: 0 where the cross product is exactly 0.
        if d.x == 0 || d.y == 0 { #expect(t(s.x + r * d.x, s.y + r * d.y, s, e) == 0) }
        // The opposite ray is half a turn away, whichever side.
        let opposite = t(s.x - r * d.x, s.y - r * d.y, s, e)
        #expect(abs(opposite - 0.5) < 0.01, "\(e) r \(r): \(opposite)")
      }
    }
    #expect(GradientMath.seamBelow < 1 && GradientMath.seamBelow > 0.9999999)
  }
}

extension ConicSeamTests {
  @Test func seamBelowIsTheFloatBelowOne() {
    #expect(GradientMath.seamBelow == Float(1).nextDown)
  }
}
