/// A PNG file that could not be read, decoded or written.
///
/// Every case carries the file's name as the caller gave it, so that a message can point
/// at the file the user wrote (a scene file's `"images/logo.png"`, not an absolute path).
public enum PNGError: Error, CustomStringConvertible, Equatable {
  /// The file could not be read; `reason` is the operating system's, e.g. "file not found".
  case unreadable(file: String, reason: String)
  /// The bytes are not a valid PNG: not a PNG at all, truncated, or damaged (bad CRC,
  /// bad zlib data). `reason` says which, with libpng's own message in parentheses.
  case corrupt(file: String, reason: String)
  /// The image has more pixels than the caller's budget; nothing was allocated for it.
  case tooLarge(file: String, width: Int, height: Int, budget: Int)
  /// The file could not be written; no output file was left behind.
  case writeFailed(file: String, reason: String)

  /// The file name given by the caller.
  public var file: String {
    switch self {
    case .unreadable(let f, _), .corrupt(let f, _), .tooLarge(let f, _, _, _), .writeFailed(let f, _): f
    }
  }

  /// What went wrong, without the file name: for callers that name the file their own way.
  public var reason: String {
    switch self {
    case .unreadable(_, let r), .corrupt(_, let r): r
    case .tooLarge(_, let w, let h, let budget):
      "image is \(w) x \(h) pixels, more than the limit of \(budget) pixels"
    case .writeFailed(_, let r): "cannot write (\(r))"
    }
  }

  /// Whether writing failed because the reader closed its end of a pipe (`EPIPE`): the end
  /// of a run that another tool cut short (`strata render … -o - | head -c 100`), which
  /// command-line tools end quietly.
  public var isClosedPipe: Bool {
    if case .writeFailed(_, let r) = self { return r == Errno.brokenPipe.message }
    return false
  }

  /// `images/logo.png: not a PNG file (…)`: the file first, then the reason.
  public var description: String { "\(file): \(reason)" }
}
