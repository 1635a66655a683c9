/// A subcommand's arguments, read one at a time: the shared part of every command's parser.
struct Arguments {
  private let items: [String]
  private var index = 0
  /// Options that may be given once, by key, with the spelling and value seen first.
  private var given: [String: (name: String, value: String)] = [:]

  init(_ items: [String]) { self.items = items }

  /// The next argument, or nil after the last.
  mutating func next() -> String? {
    guard index < items.count else { return nil }
    defer { index += 1 }
    return items[index]
  }

  /// The value that must follow option `name`.
  mutating func value(for name: String) throws(UsageError) -> String {
    guard let v = next() else { throw UsageError(message: "\(name) needs a value") }
    return v
  }

  /// The value of an option that may be given only once; `key` joins its spellings
  /// (`-o` and `--output`). A second one is an error rather than silently winning.
  mutating func onceValue(for name: String, key: String? = nil) throws(UsageError) -> String {
    let v = try value(for: name)
    let k = key ?? name
    if let first = given[k] {
      throw UsageError(message: "\(k) given twice: \(first.name) '\(first.value)', then \(name) '\(v)'; give it once")
    }
    given[k] = (name, v)
    return v
  }

  /// A finite number greater than zero after option `name`.
  mutating func positiveNumber(for name: String) throws(UsageError) -> Double {
    let v = try value(for: name)
    return try Self.positive(v, for: name)
  }

  /// A finite number greater than zero after an option that may be given only once.
  mutating func oncePositiveNumber(for name: String) throws(UsageError) -> Double {
    try Self.positive(try onceValue(for: name), for: name)
  }

  /// A whole number, zero or more, written in decimal digits, after an option that may be
  /// given only once.
  mutating func onceCount(for name: String) throws(UsageError) -> Int {
    let v = try onceValue(for: name)
    guard v.wholeMatch(of: /[0-9]+/) != nil, let n = Int(v) else {
      throw UsageError(message: "\(name) needs a whole number, got '\(v)'")
    }
    return n
  }

  /// A whole number of MiB from 1 to 1048576 (1 TiB), in bytes, after an option that may
  /// be given only once.
  mutating func onceMebibytes(for name: String) throws(UsageError) -> Int {
    let v = try onceValue(for: name)
    guard v.wholeMatch(of: /[0-9]+/) != nil, let n = Int(v), n >= 1, n <= 1 << 20 else {
      throw UsageError(message: "\(name) needs a whole number of MiB from 1 to 1048576, got '\(v)'")
    }
    return n << 20
  }

  private static func positive(_ v: String, for name: String) throws(UsageError) -> Double {
    guard let n = decimal(v), n > 0 else { throw UsageError(message: "\(name) needs a positive number, got '\(v)'") }
    return n
  }

  /// A number as messages write it: whole numbers without a fraction (`12`, `44.75`).
  static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }

  /// A decimal number as the help shows them (`2`, `-0.5`, `.25`, `1e3`), finite; nil for
  /// anything else. `Double("0x10")` would read hexadecimal 16, and `Double("inf")` infinity.
  static func decimal(_ v: String) -> Double? {
    guard v.wholeMatch(of: /[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?/) != nil, let n = Double(v), n.isFinite else {
      return nil
    }
    return n
  }
}

/// What parsing a command line gave: options to run with, or an exit status already decided
/// (help printed, or a usage error reported).
enum Parsed<Options> {
  case run(Options)
  case exit(ExitCode)

  /// Parses with `parse` (which returns nil for `--help`): help goes to standard output with
  /// status 0; a usage error to standard error with status 2, as the message, the one-line
  /// usage and a pointer to `--help` (the whole help would bury the message).
  static func from(
    _ command: String, usage: String, console: Console, _ parse: () throws(UsageError) -> Options?
  ) -> Parsed<Options> {
    do {
      guard let o = try parse() else {
        console.out(usage + "\n")
        return .exit(.success)
      }
      return .run(o)
    } catch {
      console.err(UsageError.report(error, command: "strata \(command)", usage: usage))
      return .exit(.usage)
    }
  }
}

extension UsageError {
  /// `strata render: MESSAGE`, then (for command-line mistakes) the usage's first line and
  /// `Run 'strata render --help' for more.`
  static func report(_ error: UsageError, command: String, usage: String) -> String {
    guard error.showsUsage else { return "\(command): \(error.message)\n" }
    let line = usage.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? usage
    return "\(command): \(error.message)\n\(line)\nRun '\(command) --help' for more.\n"
  }
}
