import StrataRender
import Testing

/// Texel addressing at the extremes: any finite coordinate, any level size a PNG can have.
@Suite struct SamplingTests {
  /// Beyond 2^24 texels `Float(size - 1)` is inexact: 33,554,435 rounds up to 33,554,436,
  /// one past the last texel of a 33,554,436-texel row (an image the decoder accepts within
  /// its default pixel budget). Clamping must stay inside the image.
  @Test(arguments: [Int32(33_554_436), 16_777_219, Int32.max])
  func indicesStayInsideHugeLevels(size: Int32) {
    for s: Float in [1e10, 1e30, .greatestFiniteMagnitude, Float(size), Float(size) - 1] {
      #expect(Sampling.nearest(s, size: size) == size - 1, "nearest(\(s))")
      let (i0, i1, _) = Sampling.linear(s, size: size)
      #expect(i0 <= size - 1 && i1 <= size - 1, "linear(\(s)) = \(i0), \(i1)")
    }
    #expect(Sampling.nearest(-1e30, size: size) == 0)
    #expect(Sampling.linear(-1e30, size: size).0 == 0)
  }

  /// Far outside the image both filters take the edge texels (clamp to edge), and inside it
  /// they address as before.
  @Test func farCoordinatesClampToTheEdge() {
    #expect(Sampling.linear(70_000.75, size: 70_000) == (69_999, 69_999, 0.25))
    #expect(Sampling.linear(66_000.75, size: 70_000) == (66_000, 66_001, 0.25))
    #expect(Sampling.linear(-5e20, size: 8) == (0, 0, 0))
    #expect(Sampling.nearest(65_536.5, size: 70_000) == 65_536)
    #expect(Sampling.nearest(.nan, size: 70_000) == 0)
    #expect(Sampling.linear(.infinity, size: 70_000) == (0, 0, 0))
  }
}
