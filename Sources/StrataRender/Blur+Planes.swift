/// The separable Gaussian both blurs in Swift share: the CPU's offscreen groups
/// (`FloatImage`, RGBA as `SIMD4<Float>`) and `shadowPath` masks (coverage as `Float`), so
/// the kernel, the edges and the reduced-resolution path are written once.
public protocol BlurSample: Sendable {
  static var zero: Self { get }
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, k: Float) -> Self
}

extension Float: BlurSample {}
extension SIMD4<Float>: BlurSample {}

extension Blur {
  /// `plane` (`w` × `h`, row-major) blurred by a Gaussian of `sigma` pixels, transparent
  /// outside; large sigmas run at 1/`downsample(for:)` of the size, box-filtered down and
  /// enlarged bilinearly.
  ///
  /// Inlinable so that each caller gets a copy specialised to its sample type.
  @inlinable
  public static func blur<T: BlurSample>(_ plane: inout [T], _ w: Int, _ h: Int, sigma: Double) {
    let sigma = clamped(sigma: sigma)
    guard sigma > 0.05, w > 0, h > 0 else { return }
    let f = downsample(for: sigma)
    if f > 1 {
      var (small, sw, sh) = downsampled(plane, w, h, by: f)
      // The full-size plane is not needed again: freed before the small one is blurred and
      // enlarged, so that at most two planes are alive (`OffscreenMemory`).
      plane = []
      blurSeparable(&small, sw, sh, sigma: sigma / Double(f))
      plane = upsampled(small, sw, sh, to: w, h, by: f)
    } else {
      blurSeparable(&plane, w, h, sigma: sigma)
    }
  }

  /// Two passes of `kernel(sigma:)`, rows then columns; outside the plane is 0.
  @inlinable
  static func blurSeparable<T: BlurSample>(_ plane: inout [T], _ w: Int, _ h: Int, sigma: Double) {
    let k = kernel(sigma: sigma)
    let r = k.count - 1
    guard r > 0 else { return }
    var tmp = [T](repeating: .zero, count: plane.count)
    let weights = k.span
    do {
      let src = plane.span
      var dst = tmp.mutableSpan
      for y in 0..<h {
        let row = y * w
        for x in 0..<w {
          var acc = src[row + x] * weights[0]
          for i in 1...r {
            if x - i >= 0 { acc = acc + src[row + x - i] * weights[i] }
            if x + i < w { acc = acc + src[row + x + i] * weights[i] }
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
          if y - i >= 0 { acc = acc + src[(y - i) * w + x] * weights[i] }
          if y + i < h { acc = acc + src[(y + i) * w + x] * weights[i] }
        }
        dst[y * w + x] = acc
      }
    }
  }

  /// Box-filtered to 1/f of the size (rounded up).
  @inlinable
  static func downsampled<T: BlurSample>(_ p: [T], _ w: Int, _ h: Int, by f: Int) -> ([T], Int, Int) {
    let sw = (w + f - 1) / f, sh = (h + f - 1) / f
    var out = [T](repeating: .zero, count: sw * sh)
    let inv = 1 / Float(f * f)
    for y in 0..<h {
      for x in 0..<w { out[(y / f) * sw + x / f] = out[(y / f) * sw + x / f] + p[y * w + x] * inv }
    }
    return (out, sw, sh)
  }

  /// Bilinearly enlarged by f to `w` × `h` (texel centres aligned, edges clamped).
  @inlinable
  static func upsampled<T: BlurSample>(_ p: [T], _ sw: Int, _ sh: Int, to w: Int, _ h: Int, by f: Int) -> [T] {
    func at(_ x: Int, _ y: Int) -> T { p[min(max(y, 0), sh - 1) * sw + min(max(x, 0), sw - 1)] }
    var out = [T](repeating: .zero, count: w * h)
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
