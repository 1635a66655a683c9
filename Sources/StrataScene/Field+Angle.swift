import Strata

/// Angles in scene files: a plain number is radians everywhere, as in Core Animation; a
/// string with a unit, `"90deg"` or `"1.5rad"`, is accepted wherever an angle goes
/// (transform `rotate` steps and values of the `rotation` key paths).
extension Field {
  static let angleUnits = ["deg", "rad"]
  static let angleHint = #"(an angle is a number of radians, or a string such as "90deg" or "1.5rad")"#

  /// An angle in radians.
  func angle() throws(SceneError) -> Double {
    switch value {
    case .number(let v): return v
    case .string(let s): return try Self.angle(s, at: self)
    default: throw typeError(#"an angle (radians, or a string such as "90deg")"#)
    }
  }

  /// `"<number><unit>"`, the number as JSON writes numbers (a leading `+` allowed), the unit
  /// right after it. Degrees convert as `d × π / 180`, in that order, so that a scene
  /// rewritten from degree numbers to `"…deg"` strings gives the same bits.
  static func angle(_ s: String, at field: Field) throws(SceneError) -> Double {
    let unit = String(s.reversed().prefix { $0.isASCII && $0.isLetter }.reversed())
    let written = s.dropLast(unit.count)
    let number = written.trimmingSuffix(while: \.isWhitespace)
    let value = Self.plainNumber(number)
    if let v = value, number.count == written.count {
      switch unit {
      case "deg": return v * .pi / 180
      case "rad": return v
      case "":
        let n = Excerpt.of(String(number))
        throw field.error(#"the angle "\#(Excerpt.of(s))" has no unit: write "\#(n)deg", or the number \#(n) for radians"#)
      default: break
      }
    }
    // A suggestion only when the number is right and the unit is nearly one.
    let spelled = ["deg": "deg", "rad": "rad", "degree": "deg", "degrees": "deg", "radian": "rad", "radians": "rad"]
    if value != nil, let close = Suggestion.closest(to: unit, in: Array(spelled.keys).sorted(), maxDistance: 2),
      let canonical = spelled[close]
    {
      throw field.error(#"unknown angle "\#(Excerpt.of(s))"; did you mean "\#(Excerpt.of(number + canonical))"? \#(angleHint)"#)
    }
    throw field.error(#"unknown angle "\#(Excerpt.of(s))" \#(angleHint)"#)
  }

  /// A finite number written with digits, an optional sign, point and exponent; nil for
  /// anything else (`Double(_:)` alone would take "inf", "nan" and hexadecimal).
  static func plainNumber(_ s: Substring) -> Double? {
    guard !s.isEmpty, s.allSatisfy({ "+-.eE0123456789".contains($0) }), s.contains(where: \.isNumber),
      let v = Double(String(s)), v.isFinite
    else { return nil }
    return v
  }
}

extension Substring {
  fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
