/// Short, printable excerpts of a scene file's text, for error messages.
///
/// A message quotes what the user wrote ("unknown key path \"positon\""), but a hostile or
/// broken file can hold a 10 MB key; echoing it whole floods the terminal and the logs.
/// Excerpts keep the start of the text and mark the cut.
enum Excerpt {
  /// The most Unicode scalars an excerpt keeps before its "…".
  static let maxScalars = 64

  /// `text` as a message shows it: at most `maxScalars` scalars followed by "…" when
  /// longer, with control characters written as JSON escapes (`\n`, `\u0000`) so that a
  /// message stays one line and cannot drive the terminal.
  ///
  /// - Complexity: O(`maxScalars`), whatever the length of `text`.
  static func of(_ text: String) -> String {
    var out = ""
    var taken = 0
    for scalar in text.unicodeScalars {
      if taken == maxScalars { return out + "…" }
      taken += 1
      out += escaped(scalar)
    }
    return out
  }

  /// Whether `text` has more than `maxScalars` scalars, so that `of` would cut it.
  /// - Complexity: O(`maxScalars`).
  static func isLong(_ text: String) -> Bool {
    var iterator = text.unicodeScalars.makeIterator()
    for _ in 0...maxScalars where iterator.next() == nil { return false }
    return true
  }

  /// The longest message `bounded` leaves whole, in Unicode scalars: several times the
  /// longest message the loader writes (a list of known names), far below an echoed file.
  static let maxMessageScalars = 1000

  /// `message` itself, or for one longer than `maxMessageScalars` its first 600 and last
  /// 300 scalars around " … ". Messages quote the file through `of`; this is the backstop
  /// (`SceneError` applies it) for a quote that does not, so no error carries megabytes.
  /// - Complexity: O(n) for a long message, O(`maxMessageScalars`) otherwise.
  static func bounded(_ message: String) -> String {
    var iterator = message.unicodeScalars.makeIterator()
    for _ in 0...maxMessageScalars where iterator.next() == nil { return message }
    let scalars = message.unicodeScalars
    var head = String.UnicodeScalarView(), tail = String.UnicodeScalarView()
    head.append(contentsOf: scalars.prefix(600))
    tail.append(contentsOf: scalars.suffix(300))
    return String(head) + " … " + String(tail)
  }

  private static func escaped(_ s: Unicode.Scalar) -> String {
    switch s.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0..<0x20, 0x7F, 0x80..<0xA0:
      let hex = String(s.value, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: return String(s)
    }
  }
}
