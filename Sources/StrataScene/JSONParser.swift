/// A strict RFC 8259 JSON parser that keeps member order and booleans, rejects duplicate
/// keys and numbers that overflow a `Double`, and reports errors by line and column.
///
/// Written by hand because `JSONSerialization` turns `true` into `1`, forgets member order
/// and positions, and silently keeps one of two duplicate keys.
public enum JSONParser {
  /// Nesting deeper than this is refused, so hostile input cannot overflow the stack.
  public static let maxDepth = 256

  /// Parses a whole document: one value, surrounded by optional whitespace. A leading
  /// UTF-8 byte order mark is skipped.
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    var reader = Reader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    reader.skipWhitespace()
    guard reader.i < bytes.count else { throw reader.error("empty document; expected a JSON value") }
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.i == bytes.count else { throw reader.error("unexpected \(reader.found) after the JSON value") }
    return value
  }

  /// Parses UTF-8 text.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue { try parse(Array(text.utf8)) }
}

private struct Reader {
  let bytes: [UInt8]
  var i = 0
  var path: [JSONPath.Component] = []

  init(bytes: [UInt8]) { self.bytes = bytes }

  var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  /// The byte at the read position, as a message shows it.
  var found: String {
    guard let b = peek else { return "end of file" }
    if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    return b < 0x80 ? "control character 0x\(String(b, radix: 16))" : "non-ASCII character"
  }

  func error(_ message: String, at offset: Int? = nil, path: String = "") -> JSONError {
    let p = JSONError.position(of: offset ?? i, in: bytes)
    return JSONError(line: p.line, column: p.column, path: path, message: message)
  }

  mutating func skipWhitespace() {
    while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 }
  }

  mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
    let start = i
    for b in literal.utf8 {
      guard peek == b else { throw error("invalid literal; expected \(literal)", at: start) }
      i += 1
    }
    return value
  }

  mutating func value() throws(JSONError) -> JSONValue {
    switch peek ?? 0 {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("expected a JSON value, found \(found)")
    }
  }

  mutating func enter() throws(JSONError) {
    guard path.count < JSONParser.maxDepth else {
      throw error("nested deeper than \(JSONParser.maxDepth) levels")
    }
  }

  mutating func object() throws(JSONError) -> JSONValue {
    try enter()
    i += 1  // {
    var members: [(key: String, value: JSONValue)] = []
    var seen: [String: Int] = [:]
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      i += 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        throw error(peek == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes, found \(found)")
      }
      let keyStart = i
      let key = try string()
      if let first = seen[key] {
        let line = JSONError.position(of: first, in: bytes).line
        throw error(
          "duplicate key \"\(key)\" (first given on line \(line))", at: keyStart,
          path: JSONPath(path + [.key(key)]).description)
      }
      seen[key] = keyStart
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key, found \(found)") }
      i += 1
      skipWhitespace()
      path.append(.key(key))
      members.append((key, try value()))
      path.removeLast()
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): i += 1
      case UInt8(ascii: "}"):
        i += 1
        return .object(members)
      default: throw error("expected ',' or '}' after an object member, found \(found)")
      }
    }
  }

  mutating func array() throws(JSONError) -> JSONValue {
    try enter()
    i += 1  // [
    var items: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      i += 1
      return .array([])
    }
    while true {
      skipWhitespace()
      if peek == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
      path.append(.index(items.count))
      items.append(try value())
      path.removeLast()
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): i += 1
      case UInt8(ascii: "]"):
        i += 1
        return .array(items)
      default: throw error("expected ',' or ']' after an array element, found \(found)")
      }
    }
  }

  mutating func digits() -> Int {
    let start = i
    while let b = peek, b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { i += 1 }
    return i - start
  }

  mutating func number() throws(JSONError) -> Double {
    let start = i
    if peek == UInt8(ascii: "-") { i += 1 }
    let intStart = i
    guard digits() > 0 else { throw error("expected a digit, found \(found)") }
    if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 {
      throw error("numbers must not have leading zeros", at: start)
    }
    if peek == UInt8(ascii: ".") {
      i += 1
      guard digits() > 0 else { throw error("expected a digit after '.', found \(found)") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      i += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found)") }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let v = Double(text), v.isFinite else {
      throw error("number \(text) is too large for a 64-bit float", at: start)
    }
    return v
  }

  /// A string starting at the opening quote; the text must be valid UTF-8.
  mutating func string() throws(JSONError) -> String {
    let start = i
    i += 1  // "
    var out: [UInt8] = []
    while true {
      guard let b = peek else { throw error("unterminated string", at: start) }
      switch b {
      case UInt8(ascii: "\""):
        i += 1
        guard let s = String(validating: out, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return s
      case UInt8(ascii: "\\"):
        i += 1
        try escape(into: &out)
      case 0..<0x20:
        throw error("control character in a string; write it as an escape such as \\n")
      default:
        out.append(b)
        i += 1
      }
    }
  }

  mutating func escape(into out: inout [UInt8]) throws(JSONError) {
    let start = i - 1
    guard let b = peek else { throw error("unterminated string") }
    i += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let c = simple[b] {
      out.append(c)
      return
    }
    guard b == UInt8(ascii: "u") else { throw error("invalid escape sequence", at: start) }
    var scalar = try hex4(start)
    if (0xD800..<0xDC00).contains(scalar) {
      // A high surrogate must be followed by an escaped low surrogate.
      guard peek == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
        throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
      }
      i += 2
      let low = try hex4(start)
      guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired UTF-16 surrogate in \\u escape", at: start) }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let u = Unicode.Scalar(scalar) else { throw error("unpaired UTF-16 surrogate in \\u escape", at: start) }
    out.append(contentsOf: Array(String(Character(u)).utf8))
  }

  mutating func hex4(_ escapeStart: Int) throws(JSONError) -> UInt32 {
    guard i + 4 <= bytes.count,
      let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16),
      bytes[i..<i + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else { throw error("\\u must be followed by 4 hex digits", at: escapeStart) }
    i += 4
    return v
  }
}
