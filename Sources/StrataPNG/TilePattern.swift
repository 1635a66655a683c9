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

  /// The tile whose file `path` names, read from the path's last components (those from
  /// the pattern's first component with a placeholder), or nil when it does not end the
  /// way the pattern does. Only the spelling is matched: whether the two name one file is
  /// for the caller to check (an output that would overwrite a tile).
  public func index(matchingEndOf path: String) -> TileIndex? {
    guard let first = pieces.firstIndex(where: { if case .text = $0 { false } else { true } }) else { return nil }
    // The directories before that component may be spelled otherwise (`./map`, absolute).
    var tail = Array(pieces[first...])
    if first > 0, case .text(let t) = pieces[first - 1] {
      let component = t.lastIndex(of: "/").map { String(t[t.index(after: $0)...]) } ?? t
      if !component.isEmpty { tail.insert(.text(component), at: 0) }
    }
    let chars = Array(path)
    // Backtracking over the pieces; numbers are runs of digits, so this stays small.
    func match(_ p: Int, _ at: Int, _ found: [Piece: Int]) -> [Piece: Int]? {
      if p == tail.count { return at == chars.count ? found : nil }
      switch tail[p] {
      case .text(let t):
        let tc = Array(t)
        guard at + tc.count <= chars.count, Array(chars[at..<at + tc.count]) == tc else { return nil }
        return match(p + 1, at + tc.count, found)
      case let piece:
        var end = at
        while end < chars.count, chars[end].isASCII, chars[end].isNumber, end - at < 12 { end += 1 }
        for stop in stride(from: end, to: at, by: -1) {
          guard let n = Int(String(chars[at..<stop])), found[piece].map({ $0 == n }) ?? true else { continue }
          var f = found
          f[piece] = n
          if let r = match(p + 1, stop, f) { return r }
        }
        return nil
      }
    }
    for start in chars.indices.reversed() where start == 0 || chars[start - 1] == "/" {
      if let f = match(0, start, [:]), let level = f[.level], let column = f[.column], let row = f[.row] {
        return TileIndex(level: level, column: column, row: row)
      }
    }
    return nil
  }

  public var description: String { text }
}

/// A tile pattern that cannot be used, with the reason.
public struct TilePatternError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
