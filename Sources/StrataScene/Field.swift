import Strata

/// One JSON value of a scene file together with where it is, so that every check on it can
/// throw an error that names the file and the path.
struct Field {
  let value: JSONValue
  let path: JSONPath
  let file: String

  func error(_ message: String) -> SceneError {
    SceneError(file: file, path: path.description, message: message)
  }

  func typeError(_ expected: String) -> SceneError {
    error("expected \(expected), got \(value.kindDescription)")
  }

  func child(_ key: String, _ value: JSONValue) -> Field { Field(value: value, path: path.appending(key), file: file) }

  var isNull: Bool { value == .null }

  // MARK: Scalars

  func bool() throws(SceneError) -> Bool {
    guard case .bool(let b) = value else { throw typeError("true or false") }
    return b
  }

  func string() throws(SceneError) -> String {
    guard case .string(let s) = value else { throw typeError("a string") }
    return s
  }

  func number() throws(SceneError) -> Double {
    guard case .number(let v) = value else { throw typeError("a number") }
    return v
  }

  func number(in range: ClosedRange<Double>) throws(SceneError) -> Double {
    let v = try number()
    guard range.contains(v) else {
      throw error("must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), got \(Self.format(v))")
    }
    return v
  }

  func nonNegative() throws(SceneError) -> Double {
    let v = try number()
    guard v >= 0 else { throw error("must not be negative, got \(Self.format(v))") }
    return v
  }

  func positive() throws(SceneError) -> Double {
    let v = try number()
    guard v > 0 else { throw error("must be greater than 0, got \(Self.format(v))") }
    return v
  }

  /// One of an enum's raw values; the message lists them all.
  func name<E: RawRepresentable & CaseIterable>(_: E.Type) throws(SceneError) -> E where E.RawValue == String {
    let s = try string()
    guard let e = E(rawValue: s) else {
      let known = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw error(Suggestion.message("unknown value \"\(s)\"", s, E.allCases.map(\.rawValue)) + " (known: \(known))")
    }
    return e
  }

  // MARK: Containers

  /// The elements, each at its own index path, made as they are read (see `FieldList`).
  func array() throws(SceneError) -> FieldList {
    guard case .array(let items) = value else { throw typeError("an array") }
    return FieldList(items: items, path: path, file: file)
  }

  /// The members of an object, checked against `known`: an unknown key is an error at that
  /// key's path, with a suggestion when one is close.
  func members(known: [String], what: String = "property") throws(SceneError) -> [String: Field] {
    guard case .object(let members) = value else { throw typeError("an object") }
    var out: [String: Field] = [:]
    for (key, v) in members {
      let field = child(key, v)
      guard known.contains(key) else { throw field.error(Suggestion.message("unknown \(what)", key, known)) }
      out[key] = field
    }
    return out
  }

  /// `count` numbers (each checked by `check`, at its own index path).
  func numbers(
    _ count: ClosedRange<Int>, _ what: String, check: (Field) throws(SceneError) -> Double = { f throws(SceneError) in try f.number() }
  ) throws(SceneError) -> [Double] {
    let items = try array()
    guard count.contains(items.count) else {
      let n = count.count == 1 ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)"
      throw error("expected \(what): an array of \(n) numbers, got \(items.count)")
    }
    var out: [Double] = []
    for item in items { out.append(try check(item)) }
    return out
  }

  // MARK: Geometry

  /// `[x, y]`.
  func point() throws(SceneError) -> Point {
    let v = try numbers(2...2, "[x, y]")
    return Point(x: v[0], y: v[1])
  }

  /// `[width, height]`, either sign.
  func size() throws(SceneError) -> Size {
    let v = try numbers(2...2, "[width, height]")
    return Size(width: v[0], height: v[1])
  }

  /// `[x, y, width, height]` with a size that is not negative.
  func rect() throws(SceneError) -> Rect {
    let items = try array()
    guard items.count == 4 else {
      throw error("expected [x, y, width, height]: an array of 4 numbers, got \(items.count)")
    }
    return Rect(x: try items[0].number(), y: try items[1].number(), width: try items[2].nonNegative(), height: try items[3].nonNegative())
  }

  /// A number as a user wrote it: `3`, not `3.0`.
  static func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
  }
}
