/// A straight (not premultiplied) RGBA colour, components in 0…1, like a `CGColor` in
/// device RGB. Stored 8-bit values are blended directly, without colour management, as Core
/// Animation does by default.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var red: Double, green: Double, blue: Double, alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
  }

  public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    self.init(red: r, green: g, blue: b, alpha: a)
  }

  /// From 8-bit components.
  public init(r8: UInt8, g8: UInt8, b8: UInt8, a8: UInt8 = 255) {
    self.init(Double(r8) / 255, Double(g8) / 255, Double(b8) / 255, Double(a8) / 255)
  }

  public static let clear = Color(0, 0, 0, 0)
  public static let black = Color(0, 0, 0, 1)
  public static let white = Color(1, 1, 1, 1)

  public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

  /// The colour premultiplied by its alpha, after clamping each component to 0…1.
  public var premultiplied: PremultipliedColor {
    let a = min(max(alpha, 0), 1)
    return PremultipliedColor(
      red: min(max(red, 0), 1) * a, green: min(max(green, 0), 1) * a,
      blue: min(max(blue, 0), 1) * a, alpha: a)
  }

  /// `#RRGGBBAA`, each component rounded to 8 bits.
  public var hexString: String {
    func h(_ v: Double) -> String {
      let b = Int((min(max(v, 0), 1) * 255).rounded())
      let s = String(b, radix: 16, uppercase: true)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(red) + h(green) + h(blue) + h(alpha)
  }

  public var description: String { hexString }
}

/// A premultiplied RGBA colour (`red <= alpha` and so on), components in 0…1. Kept a
/// separate type so that premultiplication can be neither forgotten nor done twice.
public struct PremultipliedColor: Hashable, Sendable {
  public var red: Double, green: Double, blue: Double, alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double) {
    self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
  }

  public static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// The colour scaled by `opacity`, as compositing with layer opacity does.
  public func scaled(by opacity: Double) -> PremultipliedColor {
    PremultipliedColor(red: red * opacity, green: green * opacity, blue: blue * opacity, alpha: alpha * opacity)
  }

  /// 8-bit premultiplied components, rounded.
  public var bytes: (UInt8, UInt8, UInt8, UInt8) {
    func q(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
    return (q(red), q(green), q(blue), q(alpha))
  }

  /// `#RRGGBBAA` of the premultiplied 8-bit components.
  public var hexString: String {
    let b = bytes
    return "#" + [b.0, b.1, b.2, b.3].map { v in
      let s = String(v, radix: 16, uppercase: true)
      return s.count == 1 ? "0" + s : s
    }.joined()
  }
}
