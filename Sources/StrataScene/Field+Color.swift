import Strata

extension Field {
  static let colorForms = "\"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b] / [r, g, b, a] in 0…1"

  /// A straight colour: a CSS-style hex string, or 3 or 4 numbers in 0…1 (alpha defaults
  /// to 1). One-digit hex components repeat, as in CSS: `#F80` is `#FF8800`.
  func color() throws(SceneError) -> Color {
    switch value {
    case .string(let s):
      guard let c = Self.hexColor(s) else { throw error("invalid colour \"\(Excerpt.of(s))\"; use \(Self.colorForms)") }
      return c
    case .array:
      let v = try numbers(3...4, "[r, g, b] or [r, g, b, a]") { f throws(SceneError) in try f.number(in: 0...1) }
      return Color(v[0], v[1], v[2], v.count == 4 ? v[3] : 1)
    default:
      throw typeError("a colour (\(Self.colorForms))")
    }
  }

  static func hexColor(_ s: String) -> Color? {
    guard s.first == "#" else { return nil }
    let digits = Array(s.dropFirst())
    guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
    let values = digits.map { UInt8(String($0), radix: 16)! }
    let bytes: [UInt8]
    switch values.count {
    case 3, 4: bytes = values.map { $0 * 17 }
    case 6, 8: bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
    default: return nil
    }
    return Color(r8: bytes[0], g8: bytes[1], b8: bytes[2], a8: bytes.count == 4 ? bytes[3] : 255)
  }
}
