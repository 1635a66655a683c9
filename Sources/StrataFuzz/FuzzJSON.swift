/// A JSON value as the differential fuzzer writes and edits it: objects keep their members'
/// order, so that a generated scene file reads as it was made, and every edit of the
/// reducer is one removal at one place.
public indirect enum FuzzJSON: Equatable, Sendable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case null
  case array([FuzzJSON])
  case object([(String, FuzzJSON)])

  public static func == (a: FuzzJSON, b: FuzzJSON) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.bool(let x), .bool(let y)): x == y
    case (.null, .null): true
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The member `key` of an object, nil for anything else.
  public subscript(key: String) -> FuzzJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The text of a scene file: one member per line at the top two levels, the rest inline.
  public func text(indent: Int = 0) -> String {
    switch self {
    case .number(let v): return Self.format(v)
    case .string(let s): return Self.quote(s)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let items):
      guard indent < 2, items.contains(where: { if case .object = $0 { true } else { false } }) else {
        return "[" + items.map { $0.text(indent: 9) }.joined(separator: ", ") + "]"
      }
      let pad = String(repeating: "  ", count: indent + 1)
      return "[\n" + items.map { pad + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n"
        + String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      let parts = members.map { Self.quote($0.0) + ": " + $0.1.text(indent: indent + 1) }
      guard indent < 2 else { return "{" + parts.joined(separator: ", ") + "}" }
      let pad = String(repeating: "  ", count: indent + 1)
      return "{\n" + parts.map { pad + $0 }.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "}"
    }
  }

  /// A number as JSON writes it: whole numbers without a fraction.
  static func format(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where u.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }
}
