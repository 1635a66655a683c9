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

  /// Gaussian blur with the shared kernel, separable, transparent outside. Large sigmas
  /// run at reduced resolution (`Blur.downsample`).
  mutating func blur(sigma: Double) {
    guard sigma > 0.05, width > 0, height > 0 else { return }
    let f = Blur.downsample(for: sigma)
    if f > 1 {
      var small = downsampled(by: f)
      // The full-size pixels are not needed again: freed before the small image is blurred
      // and enlarged, so that at most two float images are alive (`OffscreenMemory`).
      pixels = []
      small.blur(sigma: sigma / Double(f))
      self = small.upsampled(to: width, height, by: f)
      return
    }
    let k = Blur.kernel(sigma: sigma)
    let r = k.count - 1
    var tmp = [SIMD4<Float>](repeating: .zero, count: pixels.count)
    let w = width, h = height
    let weights = k.span
    do {
      let src = pixels.span
      var dst = tmp.mutableSpan
      for y in 0..<h {
        for x in 0..<w {
          var acc = src[y * w + x] * weights[0]
          for i in 1...r {
            if x - i >= 0 { acc += src[y * w + x - i] * weights[i] }
            if x + i < w { acc += src[y * w + x + i] * weights[i] }
          }
          dst[y * w + x] = acc
        }
      }
    }
    let src = tmp.span
    var dst = pixels.mutableSpan
    for y in 0..<h {
      for x in 0..<w {
        var acc = src[y * w + x] * weights[0]
        for i in 1...r {
          if y - i >= 0 { acc += src[(y - i) * w + x] * weights[i] }
          if y + i < h { acc += src[(y + i) * w + x] * weights[i] }
        }
        dst[y * w + x] = acc
      }
    }
  }

  /// Box-filtered to 1/f of the size (rounded up).
  func downsampled(by f: Int) -> FloatImage {
    var out = FloatImage(width: (width + f - 1) / f, height: (height + f - 1) / f)
    let inv = 1 / Float(f * f)
    for y in 0..<height {
      for x in 0..<width {
        out.pixels[(y / f) * out.width + x / f] += pixels[y * width + x] * inv
      }
    }
    return out
  }

  /// Bilinearly enlarged by f to `w` × `h` (texel centres aligned).
  func upsampled(to w: Int, _ h: Int, by f: Int) -> FloatImage {
    var out = FloatImage(width: w, height: h)
    for y in 0..<h {
      let sy = (Float(y) + 0.5) / Float(f) - 0.5
      let y0 = Int(sy.rounded(.down)), fy = sy - Float(y0)
      for x in 0..<w {
        let sx = (Float(x) + 0.5) / Float(f) - 0.5
        let x0 = Int(sx.rounded(.down)), fx = sx - Float(x0)
        let a = at(x0, y0), b = at(x0 + 1, y0), c = at(x0, y0 + 1), d = at(x0 + 1, y0 + 1)
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        out.pixels[y * w + x] = top + (bottom - top) * fy
      }
    }
    return out
  }

  /// The pixel at `(x, y)`, clamped to the edge.
  func at(_ x: Int, _ y: Int) -> SIMD4<Float> {
    pixels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
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
