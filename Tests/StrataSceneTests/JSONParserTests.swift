import StrataScene
import Testing

/// The parser keeps what scene files need (order, booleans) and pinpoints malformed text.
struct JSONParserTests {
  func parseError(_ text: String) -> JSONError? {
    do {
      _ = try JSONParser.parse(text)
      Issue.record("expected a JSONError for \(text)")
      return nil
    } catch {
      return error
    }
  }

  @Test func keepsMemberOrderAndBooleans() throws {
    let v = try JSONParser.parse(#" { "z": true, "a": 1, "m": [null, false, -0.5e1, "x"] } "#)
    #expect(v == .object([
      ("z", .bool(true)), ("a", .number(1)),
      ("m", .array([.null, .bool(false), .number(-5), .string("x")])),
    ]))
    guard case .object(let members) = v else { return }
    #expect(members.map(\.key) == ["z", "a", "m"])
    #expect(v["a"] != .bool(true), "1 and true stay different")
  }

  @Test func decodesEscapes() throws {
    let v = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\uD83D\uDE00""#)
    #expect(v == .string("a\"b\\c/d\n\té😀"))
  }

  @Test func acceptsAByteOrderMark() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
  }

  @Test(arguments: [
    ("{\n  \"a\": 1\n  \"b\": 2\n}", "3:3: expected ',' or '}' after an object member, found '\"'"),
    ("[1, 2,]", "1:7: trailing comma before ']'"),
    ("{\"a\": 1,}", "1:9: trailing comma before '}'"),
    ("[1e999]", "1:2: number 1e999 is too large for a 64-bit float"),
    ("[-1e999]", "1:2: number -1e999 is too large for a 64-bit float"),
    ("[012]", "1:2: numbers must not have leading zeros"),
    ("[1.]", "1:4: expected a digit after '.', found ']'"),
    ("\"abc", "1:1: unterminated string"),
    ("\"a\tb\"", "1:3: control character in a string; write it as an escape such as \\n"),
    ("\"\\x\"", "1:2: invalid escape sequence"),
    ("\"\\uD800\"", "1:2: unpaired UTF-16 surrogate in \\u escape"),
    ("[tru]", "1:2: invalid literal; expected true"),
    ("", "1:1: empty document; expected a JSON value"),
    ("{} x", "1:4: unexpected 'x' after the JSON value"),
    ("{'a': 1}", "1:2: expected a key in double quotes, found '''"),
    ("[\"é\", ?]", "1:7: expected a JSON value, found '?'"),
  ])
  func reportsLineAndColumn(text: String, expected: String) {
    #expect(parseError(text)?.description == expected)
  }

  @Test func rejectsDuplicateKeysWithTheirPath() {
    let e = parseError("{\"layers\": [{\n  \"opacity\": 1,\n  \"opacity\": 0.5\n}]}")
    #expect(e == JSONError(line: 3, column: 3, path: "layers[0].opacity", message: "duplicate key \"opacity\" (first given on line 2)"))
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
  }

  @Test func limitsNesting() {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(parseError(deep)?.message == "nested deeper than 256 levels")
  }

  /// Large objects switch from a linear search to a hash table for duplicate keys; both
  /// find the first spelling, wherever the duplicate is.
  @Test(arguments: [(3, 1), (20, 0), (20, 15), (20, 16), (20, 19), (40, 33)])
  func findsDuplicatesInObjectsOfAnySize(members: Int, duplicate: Int) {
    let text = "{\n" + (0..<members).map { "\"k\($0)\": \($0),\n" }.joined() + "\"k\(duplicate)\": 0\n}"
    let e = parseError(text)
    #expect(e?.message == "duplicate key \"k\(duplicate)\" (first given on line \(duplicate + 2))")
    #expect(e?.line == members + 2)
  }

  @Test func objectsWithManyDistinctKeysParse() throws {
    let text = "{" + (0..<1000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    guard case .object(let members) = try JSONParser.parse(text) else {
      Issue.record("expected an object")
      return
    }
    #expect(members.count == 1000 && members[999].key == "k999" && members[999].value == .number(999))
  }

  /// The parser reads short numbers itself (Clinger's fast path) and the rest with
  /// `Double(String)`; both must give exactly what `Double(String)` gives.
  @Test func numbersMatchTheStandardLibrary() throws {
    var texts = [
      "0", "-0", "1", "-1", "0.1", "0.2", "0.3", "1e22", "1e23", "9007199254740993", "123456789012345",
      "1234567890123456", "0.000001", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2",
      "1e-22", "1e-23", "0.00000000000000000000001", "123.456e-7", "99999999999999.9", "3.141592653589793",
      "100000000000000000000000000", "0e5", "-0.0e-3", "4.9e-324", "8.98846567431158e307",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let digits = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(Int.random(in: 1...18, using: &generator))
      let point = Int.random(in: 0...digits.count, using: &generator)
      var t = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      if t.hasPrefix(".") { t = "0" + t }
      if t.hasSuffix(".") { t += "0" }
      t = t.replacing(/^0+(?=\d)/, with: "")
      if Bool.random(using: &generator) { t += "e" + String(Int.random(in: -30...30, using: &generator)) }
      texts.append(Bool.random(using: &generator) ? "-" + t : t)
    }
    for t in texts {
      let parsed = try JSONParser.parse("[\(t)]")
      let expected = try #require(Double(t), "\(t)")
      guard case .array(let items) = parsed, case .number(let v) = items[0] else {
        Issue.record("\(t) did not parse to a number")
        continue
      }
      #expect(v.bitPattern == expected.bitPattern, "\(t): \(v) != \(expected)")
    }
  }
}
