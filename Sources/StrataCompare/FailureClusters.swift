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
  ///
  /// - Complexity: one read per pixel, nine more per failing pixel; no allocation.
  static func count(in mask: [UInt8], width w: Int, height h: Int, bits: UInt8, size: Int) -> Int {
    guard size > 0 else { return 0 }
    var clustered = 0
    var y = 0
    while y < h {
      let row = y * w, y0 = y > 0 ? y - 1 : y, y1 = y + 1 < h ? y + 1 : y
      var x = 0
      while x < w {
        if mask[row + x] & bits != 0 {
          let x0 = x > 0 ? x - 1 : x, x1 = x + 1 < w ? x + 1 : x
          var s = 0, yy = y0
          while yy <= y1 {
            var xx = x0
            while xx <= x1 {
              if mask[yy * w + xx] & bits != 0 { s += 1 }
              xx += 1
            }
            yy += 1
          }
          if s >= size { clustered += 1 }
        }
        x += 1
      }
      y += 1
    }
    return clustered
  }
}
