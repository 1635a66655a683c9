import Testing

@testable import StrataCPU

/// `ExactRounding` replaces `rounded(.up)` and `rounded()` in the image loops' row setup;
/// the pixels stay the same only if it gives the standard library's result for every
/// input (up to the sign of zero, which the callers' integer conversions do not see).
@Suite struct ExactRoundingTests {
  /// Ties, the edges of the fast range, the largest values below a whole number, huge,
  /// infinite and tiny values.
  static let edges: [Float] = {
    var v: [Float] = [0, 0.5, 1.5, 2.5, 3.5, 0.49999997, 0.50000006, 1, 0x1p-149, 0x1p-126, 0x1p22, 0x1p23, 0x1p24, 1e30]
    let p22: Float = 0x1p22
    v += [p22 - 0.5, p22 - 1, p22 - 1.5, p22.nextDown, p22.nextUp, 8_388_607.5, 4_194_303.75]
    v += [Float.infinity, Float.greatestFiniteMagnitude, 0.1, 0.9, 12_582_912, 12_582_912.5]
    return v + v.map { -$0 }
  }()

  /// Every 65521st bit pattern: all exponents and signs, with varied mantissas.
  static let sweep: [Float] = stride(from: UInt64(0), to: 1 << 32, by: 65521).map { Float(bitPattern: UInt32($0)) }

  @Test func ceilMatchesTheLibrary() {
    var checked = 0
    for x in Self.edges + Self.sweep where !x.isNaN {
      let want = x.rounded(.up), got = ExactRounding.ceil(x)
      #expect(got == want, "ceil(\(x)) = \(got), not \(want)")
      checked += 1
    }
    #expect(checked > 60_000)
    #expect(ExactRounding.ceil(.nan).isNaN)
  }

  @Test func roundMatchesTheLibrary() {
    for x in Self.edges + Self.sweep where !x.isNaN {
      let want = x.rounded(), got = ExactRounding.round(x)
      #expect(got == want, "round(\(x)) = \(got), not \(want)")
    }
    // Ties go away from zero, not to even.
    #expect(ExactRounding.round(2.5) == 3 && ExactRounding.round(-2.5) == -3 && ExactRounding.round(3.5) == 4)
    #expect(ExactRounding.round(.nan).isNaN)
  }

  /// The vector floor, for lanes in 0…2^22: every edge and swept value in that range,
  /// four at a time in rotated lanes.
  @Test func vectorFloorMatchesTheLibrary() {
    let xs = (Self.edges + Self.sweep).filter { $0 >= 0 && $0 <= 0x1p22 } + [0.99999994, 254.99998, 255.5, 2.0.nextDown].map { Float($0) }
    #expect(xs.count > 15_000)
    for k in xs.indices {
      let v = SIMD4<Float>(xs[k], xs[(k + 1) % xs.count], xs[(k + 2) % xs.count], xs[(k + 3) % xs.count])
      let got = ExactRounding.floor(v)
      for lane in 0..<4 { #expect(got[lane] == v[lane].rounded(.down), "floor(\(v[lane])) = \(got[lane])") }
    }
  }

  /// A plus-lighter draw's level: half a level rounds up, just below stays down.
  @Test func additiveLevels() {
    let got = AdditiveLevels.level(SIMD4<Float>(0.5, 0.49, 127.5, 254.6))
    #expect(got == SIMD4(1, 0, 128, 255))
    // Added: saturated, never wrapped.
    #expect(AdditiveLevels.add(SIMD4(250, 3, 127, 0), SIMD4<Float>(5.6, 0.2, 128.5, 300)) == SIMD4(255, 3, 255, 255))
    #expect(AdditiveLevels.add(SIMD4(250, 3, 126, 0), SIMD4<Float>(4.4, 0.5, 128.4, 254.5)) == SIMD4(254, 4, 254, 255))
  }
}
