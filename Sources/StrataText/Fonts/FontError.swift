/// A font that could not be found or opened: the name or file asked for, and why.
public struct FontError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What was asked for: a family or PostScript name, or a font file's path.
  public enum Subject: Equatable, Sendable {
    case name(String)
    case file(String)
  }

  public var subject: Subject
  /// What is wrong, in words (`file not found`, `not a font file`, `no font named …`).
  public var reason: String

  public init(_ subject: Subject, _ reason: String) {
    self.subject = subject
    self.reason = reason
  }

  /// `fonts/Title.ttf: not a font file`, or `font "Helvtica": no such font …`.
  public var description: String {
    switch subject {
    case .name(let n): "font \"\(n)\": \(reason)"
    case .file(let f): "\(f): \(reason)"
    }
  }
}
