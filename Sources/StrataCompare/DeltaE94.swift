import Foundation

/// CIE ΔE 1994 between premultiplied sRGB pixels: the per-pixel measure of
/// swift-snapshot-testing's `perceptualPrecision`.
///
/// swift-snapshot-testing hands both images to Core Image's `CILabDeltaE`, which Apple
/// documents as "ΔE 1994 values between 0.0 and 100.0" but does not publish. This follows
/// the reading that `Tests/LottieCorpus/compare_lottie.py` takes (and checks against the
/// published example value): Core Image's premultiplied samples, decoded with the sRGB
/// curve, sRGB to XYZ (D65), CIELAB with the D65 white, and ΔE94 with the graphic-arts
/// weights (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015), SC and SH from the reference pixel's
/// chroma. So a transparent pixel is black here: the measure ignores alpha, as Core Image's
/// does on premultiplied colour.
public enum DeltaE94 {
  /// CIELAB coordinates of one pixel.
  public struct Lab: Sendable, Hashable {
    public var l: Double, a: Double, b: Double
    public init(l: Double, a: Double, b: Double) {
      self.l = l
      self.a = a
      self.b = b
    }
  }

  /// The sRGB transfer curve decoded for each 8-bit level.
  static let linear: [Double] = (0..<256).map { level in
    let e = Double(level) / 255
    return e <= 0.04045 ? e / 12.92 : Foundation.pow((e + 0.055) / 1.055, 2.4)
  }

  /// The Lab coordinates of a premultiplied RGBA8 pixel (alpha is not used).
  public static func lab(red: UInt8, green: UInt8, blue: UInt8) -> Lab {
    let r = linear[Int(red)], g = linear[Int(green)], b = linear[Int(blue)]
    // sRGB (D65) to XYZ, each divided by the D65 white.
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    let y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / 1.0
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    let fx = f(x), fy = f(y), fz = f(z)
    return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// The Lab coordinates of a packed pixel (`PackedPixels`: red in the low byte).
  static func lab(packed p: UInt32) -> Lab {
    lab(red: UInt8(truncatingIfNeeded: p), green: UInt8(truncatingIfNeeded: p >> 8), blue: UInt8(truncatingIfNeeded: p >> 16))
  }

  /// CIELAB's companding function.
  private static func f(_ t: Double) -> Double {
    let epsilon = 216.0 / 24389, kappa = 24389.0 / 27
    return t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
  }

  /// ΔE94 of `other` from `reference`, clamped to 0...100 as Core Image's output is.
  public static func difference(_ reference: Lab, _ other: Lab) -> Double {
    let dL = reference.l - other.l
    let c1 = (reference.a * reference.a + reference.b * reference.b).squareRoot()
    let c2 = (other.a * other.a + other.b * other.b).squareRoot()
    let dC = c1 - c2
    let da = reference.a - other.a, db = reference.b - other.b
    let dH2 = max(da * da + db * db - dC * dC, 0)
    let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
    let e = (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    return min(max(e, 0), 100)
  }
}
