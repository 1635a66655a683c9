import StrataScene

/// A value of the Lottie document with its path, so that every decoding problem names
/// where it is (`layers[3].shapes[0].it[2].c.k`).
struct Node {
  let value: JSONValue
  let path: JSONPath
  let context: DecodeContext

  init(_ value: JSONValue, _ path: JSONPath, _ context: DecodeContext) {
    self.value = value
    self.path = path
    self.context = context
  }

  func error(_ message: String) -> LottieError {
    LottieError(fileName: context.fileName, path: path.description, message: message)
  }

  /// The member `key`, nil when absent or null (Lottie exporters write null for unset).
  subscript(key: String) -> Node? {
    guard case .object(let members) = value, let v = members.first(where: { $0.key == key })?.value else { return nil }
    if case .null = v { return nil }
    return Node(v, path.appending(key), context)
  }

  func required(_ key: String) throws(LottieError) -> Node {
    guard let n = self[key] else { throw error("missing \"\(key)\"") }
    return n
  }

  var isObject: Bool { if case .object = value { true } else { false } }
  var isArray: Bool { if case .array = value { true } else { false } }
  var isNumber: Bool { if case .number = value { true } else { false } }

  func object() throws(LottieError) -> Node {
    guard isObject else { throw error("expected an object, got \(value.kindDescription)") }
    return self
  }

  func array() throws(LottieError) -> [Node] {
    guard case .array(let items) = value else { throw error("expected an array, got \(value.kindDescription)") }
    return items.enumerated().map { Node($0.element, path.appending($0.offset), context) }
  }

  /// A number; a one-element array of a number is read as that number (exporters write
  /// both forms).
  func number() throws(LottieError) -> Double {
    switch value {
    case .number(let v): return v
    case .bool(let b): return b ? 1 : 0
    case .array(let a) where a.count >= 1:
      if case .number(let v) = a[0] { return v }
    default: break
    }
    throw error("expected a number, got \(value.kindDescription)")
  }

  /// A whole number (layer indices, parents, asset ids, enumerations): a finite number of
  /// magnitude below 1e9, rounded down. Larger values are errors, not traps: a fuzzed
  /// `"ind": 1e300` once crashed the importer converting it to `Int`.
  func wholeNumber() throws(LottieError) -> Int {
    let v = try number()
    guard v.isFinite, abs(v) < 1e9 else { throw error("expected a whole number, got \(v)") }
    return Int(v.rounded(.down))
  }

  /// Numbers: an array of numbers, or one number as a one-element array.
  func numbers() throws(LottieError) -> [Double] {
    switch value {
    case .number(let v): return [v]
    case .array(let items):
      var out: [Double] = []
      out.reserveCapacity(items.count)
      for (i, item) in items.enumerated() {
        guard case .number(let v) = item else {
          throw Node(item, path.appending(i), context).error("expected a number, got \(item.kindDescription)")
        }
        out.append(v)
      }
      return out
    default: throw error("expected a number or an array of numbers, got \(value.kindDescription)")
    }
  }

  func string() throws(LottieError) -> String {
    guard case .string(let s) = value else { throw error("expected a string, got \(value.kindDescription)") }
    return s
  }

  func bool() throws(LottieError) -> Bool {
    switch value {
    case .bool(let b): return b
    case .number(let v): return v != 0
    default: throw error("expected a boolean, got \(value.kindDescription)")
    }
  }

  // MARK: Optional members with defaults

  func number(_ key: String, default d: Double) throws(LottieError) -> Double {
    guard let n = self[key] else { return d }
    let v = try n.number()
    guard v.isFinite else { throw n.error("expected a finite number") }
    return v
  }

  func int(_ key: String, default d: Int) throws(LottieError) -> Int {
    guard let n = self[key] else { return d }
    return try n.wholeNumber()
  }

  func bool(_ key: String) throws(LottieError) -> Bool { try self[key]?.bool() ?? false }

  func string(_ key: String) throws(LottieError) -> String? { try self[key]?.string() }
}

/// What decoding a document shares: the file name for errors, the warnings so far and
/// whether warnings are errors.
final class DecodeContext {
  let fileName: String
  let strict: Bool
  private(set) var warnings: [LottieWarning] = []
  /// Layers made so far, against `maxLayers`.
  private(set) var layerCount = 0

  /// The most layers an animation may become: precompositions used many times over and
  /// nested repeaters multiply, so a small file could otherwise ask for billions.
  static let maxLayers = 200_000

  init(fileName: String, strict: Bool) {
    self.fileName = fileName
    self.strict = strict
  }

  /// Counts `n` more layers made for the layer at `path`; over `maxLayers` is an error.
  func countLayers(_ n: Int, at path: String) throws(LottieError) {
    layerCount += n
    guard layerCount <= Self.maxLayers else {
      throw LottieError(
        fileName: fileName, path: path,
        message: "the animation would need more than \(Self.maxLayers) layers (precompositions or repeaters multiply)")
    }
  }

  /// Records that `feature` at `path` is not rendered (or not exactly); in strict mode
  /// it is an error.
  func warn(_ path: JSONPath, layer: String?, _ message: String) throws(LottieError) {
    try warn(path.description, layer: layer, message)
  }

  func warn(_ path: String, layer: String?, _ message: String) throws(LottieError) {
    let w = LottieWarning(path: path, layerName: layer, message: message)
    if strict { throw LottieError(fileName: fileName, path: w.path, message: (layer.map { "(\"\($0)\") " } ?? "") + message) }
    if !warnings.contains(w) { warnings.append(w) }
  }
}
