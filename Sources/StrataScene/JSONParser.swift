import Strata

/// A strict RFC 8259 JSON parser that keeps member order and booleans, rejects duplicate
/// keys and numbers that overflow a `Double`, and reports errors by line and column.
///
/// Written by hand because `JSONSerialization` turns `true` into `1`, forgets member order
/// and positions, and silently keeps one of two duplicate keys.
public enum JSONParser {
  /// Nesting deeper than this is refused, so hostile input cannot overflow the stack.
  public static let maxDepth = Limits.jsonNesting

  /// Parses a whole document: one value, surrounded by optional whitespace. A leading
  /// UTF-8 byte order mark is skipped.
  ///
  /// - Parameter knownKeys: For an object at a path, the keys it may have, or nil for any.
  ///   Parsing stops at the first other key, which the result holds with a `null` value as
  ///   the last member of its object (whose enclosing arrays and objects end there too):
  ///   the caller reports it as unknown, and a huge value under a misspelt key (200 MB of
  ///   `{}`) is never parsed.
  public static func parse(
    _ bytes: [UInt8], knownKeys: (([JSONPath.Component]) -> Set<String>?)? = nil
  ) throws(JSONError) -> JSONValue {
    var reader = Reader(bytes: bytes)
    reader.knownKeys = knownKeys
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    reader.skipWhitespace()
    guard reader.i < bytes.count else { throw reader.error("empty document; expected a JSON value") }
    let value = try reader.value()
    if reader.stoppedAtUnknownKey { return value }
    reader.skipWhitespace()
    guard reader.i == bytes.count else { throw reader.error("unexpected \(reader.found) after the JSON value") }
    return value
  }

  /// Parses UTF-8 text.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue { try parse(Array(text.utf8)) }

  /// Parses a whole document as JavaScript's `JSON.parse` reads objects: a key given twice
  /// keeps its last value (in the place of its first). Lottie players read files this way,
  /// so a Lottie file with a duplicate key is drawn; `duplicates` are the paths of the keys
  /// given again, for warnings.
  public static func parseKeepingLastDuplicates(_ bytes: [UInt8]) throws(JSONError) -> (value: JSONValue, duplicates: [String]) {
    var reader = Reader(bytes: bytes)
    reader.keepsLastDuplicate = true
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    reader.skipWhitespace()
    guard reader.i < bytes.count else { throw reader.error("empty document; expected a JSON value") }
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.i == bytes.count else { throw reader.error("unexpected \(reader.found) after the JSON value") }
    return (value, reader.duplicates)
  }
}

private struct Reader {
  let bytes: [UInt8]
  var i = 0
  var path: [JSONPath.Component] = []
  var knownKeys: (([JSONPath.Component]) -> Set<String>?)?
  var stoppedAtUnknownKey = false
  /// A key given twice replaces its value instead of being an error; its path is noted.
  var keepsLastDuplicate = false
  var duplicates: [String] = []

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
    // Where each key was written, for the duplicate message; `seen` indexes the keys only
    // once an object is large (see `firstOffset`): most have a handful of members, where a
    // linear search is cheaper than hashing.
    var keyOffsets: [Int] = []
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
      var replaces: Int? = nil
      if let first = firstOffset(of: key, members, keyOffsets, &seen) {
        if keepsLastDuplicate, let index = members.firstIndex(where: { $0.key == key }) {
          duplicates.append(JSONPath(path + [.key(key)]).description)
          replaces = index
        } else {
          let line = JSONError.position(of: first, in: bytes).line
          throw error(
            "duplicate key \"\(Excerpt.of(key))\" (first given on line \(line))", at: keyStart,
            path: JSONPath(path + [.key(key)]).description)
        }
      }
      if let knownKeys, let keys = knownKeys(path), !keys.contains(key) {
        members.append((key, .null))
        stoppedAtUnknownKey = true
        return .object(members)
      }
      if replaces == nil { keyOffsets.append(keyStart) }
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key, found \(found)") }
      i += 1
      skipWhitespace()
      path.append(.key(key))
      if let r = replaces { members[r].value = try value() } else { members.append((key, try value())) }
      path.removeLast()
      if stoppedAtUnknownKey { return .object(members) }
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

  /// The offset where `key` was first written in the object being read, if it was.
  /// Objects with more than `linearSearchLimit` members get a hash table, filled on first
  /// need, so that checking stays O(1) per key.
  func firstOffset(
    of key: String, _ members: [(key: String, value: JSONValue)], _ offsets: [Int], _ seen: inout [String: Int]
  ) -> Int? {
    let linearSearchLimit = 16
    if members.count <= linearSearchLimit {
      return members.firstIndex { $0.key == key }.map { offsets[$0] }
    }
    if seen.isEmpty {
      for (n, m) in members.enumerated() { seen[m.key] = offsets[n] }
    } else {
      seen[members[members.count - 1].key] = offsets[members.count - 1]
    }
    return seen[key]
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
      if stoppedAtUnknownKey { return .array(items) }
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

  /// A number, exactly as `Double(String)` reads it: correctly rounded.
  mutating func number() throws(JSONError) -> Double {
    let start = i
    if peek == UInt8(ascii: "-") { i += 1 }
    let intStart = i
    guard digits() > 0 else { throw error("expected a digit, found \(found)") }
    if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 {
      throw error("numbers must not have leading zeros", at: start)
    }
    let intEnd = i
    var fractionStart = i, fractionEnd = i
    if peek == UInt8(ascii: ".") {
      i += 1
      fractionStart = i
      guard digits() > 0 else { throw error("expected a digit after '.', found \(found)") }
      fractionEnd = i
    }
    var exponentStart = i
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      i += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
      exponentStart = i
      guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found)") }
    }
    if let v = fastNumber(start, intStart..<intEnd, fractionStart..<fractionEnd, exponentStart..<i) { return v }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let v = Double(text), v.isFinite else {
      throw error("number \(Excerpt.of(text)) is too large for a 64-bit float", at: start)
    }
    return v
  }

  /// Clinger's fast path: a decimal with at most 15 significant digits and a power of ten
  /// up to 22 is one exact integer times or divided by one exact power of ten, and IEEE
  /// arithmetic rounds that single operation correctly. Nil for anything else, which
  /// `Double(String)` then reads.
  func fastNumber(_ start: Int, _ int: Range<Int>, _ fraction: Range<Int>, _ exponent: Range<Int>) -> Double? {
    var mantissa: UInt64 = 0
    var significant = 0
    guard accumulate(int, &mantissa, &significant), accumulate(fraction, &mantissa, &significant) else { return nil }
    var power = -fraction.count
    if !exponent.isEmpty {
      guard exponent.count <= 4 else { return nil }
      var e = 0
      for k in exponent { e = e * 10 + Int(bytes[k] &- UInt8(ascii: "0")) }
      power += bytes[exponent.lowerBound - 1] == UInt8(ascii: "-") ? -e : e
    }
    let negative = bytes[start] == UInt8(ascii: "-")
    if mantissa == 0 { return negative ? -0.0 : 0 }
    guard (-22...22).contains(power) else { return nil }
    let scale = Self.powersOfTen[abs(power)]
    let v = power < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
    return negative ? -v : v
  }

  /// Appends the digits in `range` to `mantissa`; false past 15 significant digits.
  func accumulate(_ range: Range<Int>, _ mantissa: inout UInt64, _ significant: inout Int) -> Bool {
    for k in range {
      let d = UInt64(bytes[k] &- UInt8(ascii: "0"))
      if mantissa == 0 && d == 0 { continue }  // leading zeros are not significant
      mantissa = mantissa * 10 + d
      significant += 1
      if significant > 15 { return false }
    }
    return true
  }

  /// 1e0 … 1e22: every one is exact in a `Double`.
  static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

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
