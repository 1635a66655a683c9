import Strata
import StrataPath

#if canImport(Glibc)
  import Glibc
#endif

/// Gaussian blur weights, shared by both backends (the GL shader receives these exact
/// weights as a uniform array), so the two blur identically.
public enum Blur {
  /// The most taps on either side of the centre; larger sigmas are blurred at a reduced
  /// resolution (see `downsample(for:)`).
  public static let maxRadius = 32

  /// The largest standard deviation, in device pixels, any blur runs with: 2^20 (about a
  /// million pixels). Larger sigmas (a `shadowRadius` or `gaussianBlur` of 1e12, an
  /// animation running away) are blurred with this one, which is provably invisible: a
  /// blur's surface is at most a canvas (16,384 pixels a side, cut to the clip), and a
  /// Gaussian of sigma s spreads it to at most (16,384 / (s·√(2π)))² of its value, which
  /// at s = 2^20 is 4·10⁻⁵, under half of 1/255: every 8-bit value it produces is 0, as
  /// it is for any larger sigma. (`Limits` in the Strata module lists every limit.)
  public static let maxSigma: Double = Limits.blurSigma

  /// Whether a Gaussian of `sigma` pixels blurs anything of at most `width` x `height`
  /// pixels (alpha at most 1) to under a quarter of 1/255 everywhere: its peak is at most
  /// (width / (sigma·√(2π))) · (height / (sigma·√(2π))), a little more for the kernel's cut
  /// at 3 sigma (0.3%). Such a blur rounds to 0 in every 8-bit pixel, so the compiler drops
  /// what it blurs instead of blurring it: both backends then agree exactly, where their
  /// reduced-resolution blurs of an almost empty surface would differ by a level or two.
  public static func isInvisible(sigma: Double, width: Int, height: Int) -> Bool {
    guard sigma > 0 else { return false }
    let k = sigma * (2 * Double.pi).squareRoot()
    return Double(max(width, 1)) / k * (Double(max(height, 1)) / k) < 0.25 / 255
  }

  /// `sigma` clamped to `0...maxSigma`, NaN as 0: what every blur and every reach is
  /// computed from.
  public static func clamped(sigma: Double) -> Double { sigma.isNaN ? 0 : min(max(sigma, 0), maxSigma) }

  /// Normalised weights `w[0…radius]` (centre first) of a Gaussian with standard deviation
  /// `sigma` pixels, cut at 3 sigma.
  public static func kernel(sigma: Double) -> [Float] {
    let sigma = clamped(sigma: sigma)
    guard sigma > 0.05 else { return [1] }
    let radius = min(maxRadius, max(1, Int(saturating: (3 * sigma).rounded(.up))))
    var w = (0...radius).map { i in Float(exp(-Double(i * i) / (2 * sigma * sigma))) }
    let sum = w[0] + 2 * w.dropFirst().reduce(0, +)
    w = w.map { $0 / sum }
    return w
  }

  /// The factor (1, 2, 4, …) by which a blur of `sigma` pixels is done at lower resolution
  /// so that its kernel fits `maxRadius` taps.
  public static func downsample(for sigma: Double) -> Int {
    let sigma = clamped(sigma: sigma)
    var f = 1
    while 3 * sigma / Double(f) > Double(maxRadius) { f *= 2 }
    return f
  }
}
