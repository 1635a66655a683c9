import Strata
import Testing

/// `Image.contentBox`: the smallest box of texels that are not zero in all four bytes.
@Suite struct ImageContentBoxTests {
  @Test func theBoxHoldsEveryTexelThatIsNotZero() {
    let img = Image(width: 9, height: 7, rgbaPixels: (0..<63).map { i in
      let (x, y) = (i % 9, i / 9)
      return (x == 2 && y == 5) || (x == 6 && y == 1) ? SIMD4(10, 10, 10, 10) : .zero
    })
    #expect(img.contentBox == Image.TexelBox(x0: 2, y0: 1, x1: 7, y1: 6))
  }

  @Test func aZeroImageHasNoBoxAndAFullOneIsWhole() {
    #expect(Image(width: 4, height: 3, rgbaPixels: Array(repeating: .zero, count: 12)).contentBox == nil)
    let full = Image(width: 4, height: 3, rgbaPixels: Array(repeating: SIMD4(0, 0, 0, 1), count: 12))
    #expect(full.contentBox == Image.TexelBox(x0: 0, y0: 0, x1: 4, y1: 3))
  }

  /// Colour without alpha (light that plus-lighter adds) is content too.
  @Test func colourWithoutAlphaCounts() {
    let img = Image(width: 3, height: 3, rgbaPixels: (0..<9).map { $0 == 8 ? SIMD4(5, 0, 0, 0) : .zero })
    #expect(img.contentBox == Image.TexelBox(x0: 2, y0: 2, x1: 3, y1: 3))
  }
}
