/// A subcommand's arguments, read one at a time: the shared part of every command's parser.
struct Arguments {
  private let items: [String]
  private var index = 0

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

  /// A finite number greater than zero after option `name`.
  mutating func positiveNumber(for name: String) throws(UsageError) -> Double {
    let v = try value(for: name)
    guard let n = Double(v), n.isFinite, n > 0 else { throw UsageError(message: "\(name) needs a positive number, got '\(v)'") }
    return n
  }
}

/// What parsing a command line gave: options to run with, or an exit status already decided
/// (help printed, or a usage error reported).
enum Parsed<Options> {
  case run(Options)
  case exit(ExitCode)

  /// Parses with `parse` (which returns nil for `--help`): help goes to standard output with
  /// status 0, a usage error to standard error with the usage and status 2.
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
      console.err("strata \(command): \(error.message)\n\n" + usage + "\n")
      return .exit(.usage)
    }
  }
}
