import StrataPath

/// Blurring 8-bit coverage in Swift, once, for both backends: a `shadowPath` shadow is a
/// path mask blurred here, so the CPU and the GPU composite the very same bytes.
///
/// The blur is the one the backends run on offscreen groups: `kernel(sigma:)` taps,
/// separable, and for large sigmas a box-filtered image at 1/`downsample(for:)` of the
/// size, blurred and enlarged bilinearly (`Blur.blur`, which the CPU's groups use too).
extension Blur {
  /// How far, in device pixels, a blur of `sigma` spreads coverage beyond the mask: the
  /// kernel's reach and, when downsampled, a cell and a half more for the box filter and
  /// the bilinear enlargement.
  public static func reach(sigma: Double) -> Int {
    let sigma = clamped(sigma: sigma)
    guard sigma > 0.05 else { return 0 }
    let f = downsample(for: sigma)
    return Int(saturating: (3 * sigma).rounded(.up)) + 2 * f + 1
  }

  /// `mask` blurred by a Gaussian of standard deviation `sigma` device pixels, grown by
  /// `reach(sigma:)` on every side, and then cut to `window` (device pixels) when one is
  /// given; nil when nothing of it lies there. A sigma of (nearly) zero returns the mask
  /// itself: a hard-edged shadow is the path's coverage, byte for byte.
  ///
  /// With a window only the part of the plane that can reach it is blurred, on the same
  /// grid of downsampling cells, so the bytes in the window are those of the whole blur: a
  /// huge `shadowRadius` costs the window's pixels, not the reach's square.
  ///
  /// - Complexity: O(pixels × taps), taps at most `2 × maxRadius + 1` per pass.
  public static func blurred(_ mask: DeviceMask, sigma: Double, within window: PixelBounds? = nil) -> DeviceMask? {
    let sigma = clamped(sigma: sigma)
    let pad = reach(sigma: sigma)
    guard pad > 0 else { return mask }
    let source = PixelBounds(x0: mask.originX, y0: mask.originY, x1: mask.originX + mask.width, y1: mask.originY + mask.height)
    let whole = PixelBounds(x0: source.x0 - pad, y0: source.y0 - pad, x1: source.x1 + pad, y1: source.y1 + pad)
    let out = window.map { whole.intersection($0) } ?? whole
    guard !out.isEmpty else { return nil }
    let f = downsample(for: sigma)
    let values = f == 1 ? fullSize(mask, sigma: sigma, source: source, whole: whole, out: out) : cells(mask, sigma: sigma, f: f, source: source, whole: whole, out: out)
    let bytes = values.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) }
    return DeviceMask(originX: out.x0, originY: out.y0, width: out.x1 - out.x0, height: out.y1 - out.y0, bytes: bytes)
  }

  /// A blur at full size (`downsample(for:)` is 1), over the part of the whole blur's plane
  /// that reaches `out` (the taps reach 3 sigma, within `pad`), cut to `out`.
  private static func fullSize(
    _ mask: DeviceMask, sigma: Double, source: PixelBounds, whole: PixelBounds, out: PixelBounds
  ) -> [Float] {
    let r = kernel(sigma: sigma).count - 1
    let x0 = max(whole.x0, min(out.x0, source.x0) - r), y0 = max(whole.y0, min(out.y0, source.y0) - r)
    let x1 = min(whole.x1, max(out.x1, source.x1) + r), y1 = min(whole.y1, max(out.y1, source.y1) + r)
    let w = x1 - x0, h = y1 - y0
    var plane = [Float](repeating: 0, count: w * h)
    for j in 0..<mask.height {
      for i in 0..<mask.width {
        plane[(j + source.y0 - y0) * w + i + source.x0 - x0] = Float(mask.bytes[j * mask.width + i]) / 255
      }
    }
    blurSeparable(&plane, w, h, sigma: sigma)
    let ow = out.x1 - out.x0
    var values = [Float](repeating: 0, count: ow * (out.y1 - out.y0))
    for j in 0..<(out.y1 - out.y0) {
      let row = (j + out.y0 - y0) * w + out.x0 - x0
      for i in 0..<ow { values[j * ow + i] = plane[row + i] }
    }
    return values
  }

  /// A downsampled blur (`Blur.blur`'s: box cells of `f` pixels from the whole plane's
  /// origin, blurred, enlarged bilinearly with edges clamped to the whole plane), made
  /// without the full-size plane: the mask's pixels go straight into their cells, and only
  /// the cells from the mask to `out` (two more each way, which the enlargement reads) are
  /// blurred. The same sums in the same order, so the same bytes as the whole blur.
  private static func cells(
    _ mask: DeviceMask, sigma: Double, f: Int, source: PixelBounds, whole: PixelBounds, out: PixelBounds
  ) -> [Float] {
    let sw = (whole.x1 - whole.x0 + f - 1) / f, sh = (whole.y1 - whole.y0 + f - 1) / f
    func cell(_ v: Int, _ origin: Int) -> Int { (v - origin) / f }  // v ≥ origin
    let cx0 = max(0, cell(min(out.x0, source.x0), whole.x0) - 2), cy0 = max(0, cell(min(out.y0, source.y0), whole.y0) - 2)
    let cx1 = min(sw, cell(max(out.x1, source.x1) - 1, whole.x0) + 3), cy1 = min(sh, cell(max(out.y1, source.y1) - 1, whole.y0) + 3)
    let w = cx1 - cx0, h = cy1 - cy0
    var small = [Float](repeating: 0, count: w * h)
    let inv = 1 / Float(f * f)
    for j in 0..<mask.height {
      let cy = cell(source.y0 + j, whole.y0) - cy0
      for i in 0..<mask.width {
        let k = cy * w + cell(source.x0 + i, whole.x0) - cx0
        small[k] = small[k] + Float(mask.bytes[j * mask.width + i]) / 255 * inv
      }
    }
    blurSeparable(&small, w, h, sigma: sigma / Double(f))
    func at(_ x: Int, _ y: Int) -> Float {
      small[(min(max(y, 0), sh - 1) - cy0) * w + min(max(x, 0), sw - 1) - cx0]
    }
    let ow = out.x1 - out.x0
    var values = [Float](repeating: 0, count: ow * (out.y1 - out.y0))
    for j in 0..<(out.y1 - out.y0) {
      let sy = (Float(out.y0 + j - whole.y0) + 0.5) / Float(f) - 0.5
      let y0 = Int(sy.rounded(.down)), fy = sy - Float(y0)
      for i in 0..<ow {
        let sx = (Float(out.x0 + i - whole.x0) + 0.5) / Float(f) - 0.5
        let x0 = Int(sx.rounded(.down)), fx = sx - Float(x0)
        let a = at(x0, y0), b = at(x0 + 1, y0), c = at(x0, y0 + 1), d = at(x0 + 1, y0 + 1)
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        values[j * ow + i] = top + (bottom - top) * fy
      }
    }
    return values
  }
}
