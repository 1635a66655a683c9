/// Path data that could not be read: where (a character offset, from 0), what was expected,
/// and an excerpt around the place, so a scene file's author can find the typo.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// Something other than a command letter where a command must start.
    case expectedCommand
    /// A command letter SVG path data does not have.
    case unknownCommand(Character)
    /// Path data must start with a move (`M` or `m`).
    case expectedMoveFirst
    /// A command's argument is missing or is not a number.
    case expectedNumber
    /// An arc's large-arc or sweep flag is not `0` or `1`.
    case expectedFlag
    /// A number too large for a double (`1e999`).
    case numberOutOfRange

    public var description: String {
      switch self {
      case .expectedCommand: "expected a command letter"
      case .unknownCommand(let c): "unknown command '\(c)'"
      case .expectedMoveFirst: "path data must start with a move (M or m)"
      case .expectedNumber: "expected a number"
      case .expectedFlag: "expected an arc flag (0 or 1)"
      case .numberOutOfRange: "number out of range"
      }
    }
  }

  /// Characters (not bytes) before the place parsing stopped.
  public var offset: Int
  /// The path data around `offset`: up to 8 characters either side.
  public var excerpt: String
  public var reason: Reason

  public init(offset: Int, excerpt: String, reason: Reason) {
    self.offset = offset
    self.excerpt = excerpt
    self.reason = reason
  }

  /// The error at byte `index` of the UTF-8 path data `source`.
  init(_ reason: Reason, at index: Int, in source: [UInt8]) {
    let before = String(decoding: source[..<min(index, source.count)], as: UTF8.self)
    let after = String(decoding: source[min(index, source.count)...], as: UTF8.self)
    self.init(offset: before.count, excerpt: String(before.suffix(8)) + String(after.prefix(8)), reason: reason)
  }

  public var description: String { "malformed path data at offset \(offset) (\"\(excerpt)\"): \(reason)" }
}
