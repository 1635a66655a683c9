/// A parsed JSON value that keeps what scene files need and Foundation's
/// `JSONSerialization` loses: booleans apart from numbers, and object members in the order
/// written (so that errors and round trips follow the file).
///
/// A value takes 16 bytes in an array (a member, 32): `string` is `indirect` because a
/// `String` inline would make every value 24 bytes, and numbers, which a file can hold by
/// the million, are far more common than strings.
public enum JSONValue: Equatable, Sendable {
  /// Members in the order written. Keys are unique: the parser rejects duplicates.
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  indirect case string(String)
  /// Always finite: the parser rejects numbers that overflow a `Double`.
  case number(Double)
  case bool(Bool)
  case null

  /// "a number", "an object" and so on, for "expected …, got …" messages.
  public var kindDescription: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// The member named `key`, if this is an object that has one.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  // Tuples are not Equatable, so the object case needs comparing by hand.
  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let x), .array(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.bool(let x), .bool(let y)): x == y
    case (.null, .null): true
    default: false
    }
  }
}

/// Where a value sits in a JSON document, written as in JavaScript:
/// `layers[0].sublayers[3].cornerRadius`. The empty path is the document itself.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) { self.components = components }

  public static let root = JSONPath()

  public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
  public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

  /// Keys longer than 64 characters are cut short (see `Excerpt`): a path is part of
  /// every error message, and a key can be megabytes long.
  public var description: String {
    var s = ""
    for c in components {
      switch c {
      case .key(let k):
        let k = Excerpt.of(k)
        s += s.isEmpty ? k : "." + k
      case .index(let i): s += "[\(i)]"
      }
    }
    return s
  }
}
