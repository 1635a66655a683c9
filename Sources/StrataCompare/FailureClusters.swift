/// Finds failing pixels that crowd together.
///
/// Two renderers that draw the same picture differ at scattered pixels: here a pixel of a
/// hairline that one multisamples and the other covers analytically, there a corner of a
/// blurred shadow. Such pixels lie on edges, one or two at a time. A real change (a dot in
/// the wrong colour, a block of wrong pixels, a missing detail) makes failing pixels that
/// touch on all sides. The cross-backend tier therefore lets the number of scattered
/// failures grow with the picture's edges, but allows no cluster.
enum FailureClusters {
  /// The pixels whose 3x3 neighbourhood (the pixel included) holds at least `size`
  /// pixels with any of `bits` set in `mask`. A chain of failures one pixel wide along an
  /// edge has at most three in any 3x3 window; a 2x2 block has four.
  static func count(in mask: [UInt8], width w: Int, height h: Int, bits: UInt8, size: Int) -> Int {
    guard size > 0 else { return 0 }
    // Failing pixels per row triple, column by column: vertical sums, then horizontal.
    var column = [Int](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var s = 0
        for yy in max(y - 1, 0)...min(y + 1, h - 1) where mask[yy * w + x] & bits != 0 { s += 1 }
        column[y * w + x] = s
      }
    }
    var clustered = 0
    for y in 0..<h {
      for x in 0..<w where mask[y * w + x] & bits != 0 {
        var s = 0
        for xx in max(x - 1, 0)...min(x + 1, w - 1) { s += column[y * w + xx] }
        if s >= size { clustered += 1 }
      }
    }
    return clustered
  }
}
