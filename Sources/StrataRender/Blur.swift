#if canImport(Glibc)
  import Glibc
#endif

/// Gaussian blur weights, shared by both backends (the GL shader receives these exact
/// weights as a uniform array), so the two blur identically.
public enum Blur {
  /// The most taps on either side of the centre; larger sigmas are blurred at a reduced
  /// resolution (see `downsample(for:)`).
  public static let maxRadius = 32

  /// Normalised weights `w[0…radius]` (centre first) of a Gaussian with standard deviation
  /// `sigma` pixels, cut at 3 sigma.
  public static func kernel(sigma: Double) -> [Float] {
    guard sigma > 0.05 else { return [1] }
    let radius = min(maxRadius, max(1, Int((3 * sigma).rounded(.up))))
    var w = (0...radius).map { i in Float(exp(-Double(i * i) / (2 * sigma * sigma))) }
    let sum = w[0] + 2 * w.dropFirst().reduce(0, +)
    w = w.map { $0 / sum }
    return w
  }

  /// The factor (1, 2, 4, …) by which a blur of `sigma` pixels is done at lower resolution
  /// so that its kernel fits `maxRadius` taps.
  public static func downsample(for sigma: Double) -> Int {
    var f = 1
    while 3 * sigma / Double(f) > Double(maxRadius) { f *= 2 }
    return f
  }
}
