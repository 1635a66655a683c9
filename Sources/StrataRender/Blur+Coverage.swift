/// Blurring 8-bit coverage in Swift, once, for both backends: a `shadowPath` shadow is a
/// path mask blurred here, so the CPU and the GPU composite the very same bytes.
///
/// The blur is the one the backends run on offscreen groups: `kernel(sigma:)` taps,
/// separable, and for large sigmas a box-filtered image at 1/`downsample(for:)` of the
/// size, blurred and enlarged bilinearly (as the CPU's `FloatImage.blur`).
extension Blur {
  /// How far, in device pixels, a blur of `sigma` spreads coverage beyond the mask: the
  /// kernel's reach and, when downsampled, a cell and a half more for the box filter and
  /// the bilinear enlargement.
  public static func reach(sigma: Double) -> Int {
    guard sigma > 0.05 else { return 0 }
    let f = downsample(for: sigma)
    return Int((3 * sigma).rounded(.up)) + 2 * f + 1
  }

  /// `mask` blurred by a Gaussian of standard deviation `sigma` device pixels, grown by
  /// `reach(sigma:)` on every side. A sigma of (nearly) zero returns the mask itself: a
  /// hard-edged shadow is the path's coverage, byte for byte.
  ///
  /// - Complexity: O(pixels × taps), taps at most `2 × maxRadius + 1` per pass.
  public static func blurred(_ mask: DeviceMask, sigma: Double) -> DeviceMask {
    let pad = reach(sigma: sigma)
    guard pad > 0 else { return mask }
    let w = mask.width + 2 * pad, h = mask.height + 2 * pad
    var plane = [Float](repeating: 0, count: w * h)
    for j in 0..<mask.height {
      for i in 0..<mask.width {
        plane[(j + pad) * w + i + pad] = Float(mask.bytes[j * mask.width + i]) / 255
      }
    }
    let f = downsample(for: sigma)
    if f > 1 {
      var (small, sw, sh) = downsampled(plane, w, h, by: f)
      plane = []
      blurSeparable(&small, sw, sh, sigma: sigma / Double(f))
      plane = upsampled(small, sw, sh, to: w, h, by: f)
    } else {
      blurSeparable(&plane, w, h, sigma: sigma)
    }
    let bytes = plane.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) }
    return DeviceMask(originX: mask.originX - pad, originY: mask.originY - pad, width: w, height: h, bytes: bytes)
  }

  /// Two passes of `kernel(sigma:)`, rows then columns; outside the plane is 0.
  static func blurSeparable(_ plane: inout [Float], _ w: Int, _ h: Int, sigma: Double) {
    let k = kernel(sigma: sigma)
    let r = k.count - 1
    guard r > 0 else { return }
    var tmp = [Float](repeating: 0, count: plane.count)
    let weights = k.span
    do {
      let src = plane.span
      var dst = tmp.mutableSpan
      for y in 0..<h {
        let row = y * w
        for x in 0..<w {
          var acc = src[row + x] * weights[0]
          for i in 1...r {
            if x - i >= 0 { acc += src[row + x - i] * weights[i] }
            if x + i < w { acc += src[row + x + i] * weights[i] }
          }
          dst[row + x] = acc
        }
      }
    }
    let src = tmp.span
    var dst = plane.mutableSpan
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
  static func downsampled(_ p: [Float], _ w: Int, _ h: Int, by f: Int) -> ([Float], Int, Int) {
    let sw = (w + f - 1) / f, sh = (h + f - 1) / f
    var out = [Float](repeating: 0, count: sw * sh)
    let inv = 1 / Float(f * f)
    for y in 0..<h {
      for x in 0..<w { out[(y / f) * sw + x / f] += p[y * w + x] * inv }
    }
    return (out, sw, sh)
  }

  /// Bilinearly enlarged by f to `w` × `h` (texel centres aligned, edges clamped).
  static func upsampled(_ p: [Float], _ sw: Int, _ sh: Int, to w: Int, _ h: Int, by f: Int) -> [Float] {
    func at(_ x: Int, _ y: Int) -> Float { p[min(max(y, 0), sh - 1) * sw + min(max(x, 0), sw - 1)] }
    var out = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      let sy = (Float(y) + 0.5) / Float(f) - 0.5
      let y0 = Int(sy.rounded(.down)), fy = sy - Float(y0)
      for x in 0..<w {
        let sx = (Float(x) + 0.5) / Float(f) - 0.5
        let x0 = Int(sx.rounded(.down)), fx = sx - Float(x0)
        let a = at(x0, y0), b = at(x0 + 1, y0), c = at(x0, y0 + 1), d = at(x0 + 1, y0 + 1)
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        out[y * w + x] = top + (bottom - top) * fy
      }
    }
    return out
  }
}
