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
}
