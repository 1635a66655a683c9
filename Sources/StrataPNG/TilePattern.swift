import Strata

/// The file names of a tile pyramid: a path with `{level}`, `{col}` and `{row}` in it,
/// such as `tiles/{level}/{col}_{row}.png` (level 0 is full resolution; see `TileSource`).
/// Each placeholder may appear more than once; every one must appear.
public struct TilePattern: Hashable, Sendable, CustomStringConvertible {
  enum Piece: Hashable, Sendable {
    case text(String)
    case level, column, row
  }

  /// The pattern as written.
  public let text: String
  let pieces: [Piece]

  /// The placeholders, as written in patterns.
  public static let placeholders = ["{level}", "{col}", "{row}"]

  /// Parses `text`; throws a message that says what is wrong with it.
  public init(_ text: String) throws(TilePatternError) {
    guard !text.isEmpty else { throw TilePatternError("the tile pattern is empty; write one such as \"tiles/{level}/{col}_{row}.png\"") }
    guard !text.utf8.contains(0) else { throw TilePatternError("the tile pattern contains a NUL character") }
    var pieces: [Piece] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      literal += rest[..<open]
      guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
        throw TilePatternError("the tile pattern \"\(text)\" has an unmatched \"\(rest[open])\"; placeholders are \(Self.known)")
      }
      let name = String(rest[open...close])
      let piece: Piece
      switch name {
      case "{level}": piece = .level
      case "{col}": piece = .column
      case "{row}": piece = .row
      default:
        throw TilePatternError("the tile pattern \"\(text)\" has an unknown placeholder \(name); placeholders are \(Self.known)")
      }
      if !literal.isEmpty { pieces.append(.text(literal)) }
      literal = ""
      pieces.append(piece)
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { pieces.append(.text(literal)) }
    for (p, name) in [(Piece.level, "{level}"), (.column, "{col}"), (.row, "{row}")] where !pieces.contains(p) {
      throw TilePatternError("the tile pattern \"\(text)\" has no \(name); it needs \(Self.known)")
    }
    self.text = text
    self.pieces = pieces
  }

  private static var known: String { "{level}, {col} and {row}" }

  /// The file name of `index`, with the numbers in decimal.
  public func name(for index: TileIndex) -> String {
    pieces.map { p -> String in
      switch p {
      case .text(let t): t
      case .level: String(index.level)
      case .column: String(index.column)
      case .row: String(index.row)
      }
    }.joined()
  }

  public var description: String { text }
}

/// A tile pattern that cannot be used, with the reason.
public struct TilePatternError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
