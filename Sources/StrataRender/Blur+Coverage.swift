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
    blur(&plane, w, h, sigma: sigma)
    let bytes = plane.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) }
    return DeviceMask(originX: mask.originX - pad, originY: mask.originY - pad, width: w, height: h, bytes: bytes)
  }
}
