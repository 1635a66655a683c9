import StrataRender

/// Premultiplied RGBA as floats (0…1), row-major: the working format of blurs and colour
/// matrices, which would lose precision in 8 bits between passes.
struct FloatImage {
  var width: Int
  var height: Int
  var pixels: [SIMD4<Float>]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [SIMD4<Float>](repeating: .zero, count: max(0, width * height))
  }

  /// The pixels of `s` inside `bounds` (which must lie inside the surface).
  init(_ s: Surface, _ bounds: PixelBounds) {
    let w = max(0, bounds.x1 - bounds.x0), h = max(0, bounds.y1 - bounds.y0), dx = bounds.x0 - s.bounds.x0
    // Filled in a local array, then moved in: filling a copy of `pixels` would hold two
    // images at once (`OffscreenMemory` counts one, and the blur's second).
    var px = [SIMD4<Float>](repeating: .zero, count: w * h)
    for y in bounds.y0..<bounds.y1 {
      // One thread reads, after the surface was drawn.
      unsafe s.readRow(y) { row in
        for x in 0..<w { px[(y - bounds.y0) * w + x] = SIMD4<Float>(row[dx + x]) / 255 }
      }
    }
    width = w
    height = h
    pixels = px
  }

  /// Gaussian blur with the shared kernel, separable, transparent outside; large sigmas
  /// run at reduced resolution (`Blur.blur`, shared with `shadowPath` masks).
  mutating func blur(sigma: Double) {
    Blur.blur(&pixels, width, height, sigma: sigma)
  }

  /// The colour matrix on straight colour (see `LayerFilter.colorMatrix`).
  mutating func colorMatrix(_ m: [Double]) {
    guard m.count == 20 else { return }
    let f = m.map { Float($0) }
    for i in pixels.indices {
      let p = pixels[i]
      let a = p.w
      let c = a > 0 ? SIMD4(p.x / a, p.y / a, p.z / a, a) : .zero
      var o = SIMD4<Float>.zero
      for r in 0..<4 {
        o[r] = f[r * 5] * c.x + f[r * 5 + 1] * c.y + f[r * 5 + 2] * c.z + f[r * 5 + 3] * c.w + f[r * 5 + 4]
      }
      o = o.clamped(lowerBound: .zero, upperBound: .one)
      pixels[i] = SIMD4(o.x * o.w, o.y * o.w, o.z * o.w, o.w)
    }
  }

  /// Writes the pixels back into `s` at `bounds`' origin.
  func store(into s: Surface, at bounds: PixelBounds) {
    let dx = bounds.x0 - s.bounds.x0
    for y in 0..<height {
      // One thread, one row at a time.
      unsafe s.withRow(bounds.y0 + y) { row in
        for x in 0..<width {
          let v = (pixels[y * width + x] * 255).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
          row[dx + x] = PixelMath.bytes(v)
        }
      }
    }
  }
}
