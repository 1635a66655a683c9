import Foundation

/// What `strata render` writes per frame (`--format`).
enum FrameFormat: String, CaseIterable {
  /// One PNG file per frame.
  case png
  /// One animated PNG holding every frame.
  case apng
  /// Raw RGBA8 frames, straight alpha, top row first, one after another: what
  /// `ffmpeg -f rawvideo -pixel_format rgba` reads.
  case rgba
}

/// A file name with a printf-style frame number: `frames/frame-%04d.png`.
struct FramePattern {
  let prefix: String
  let suffix: String
  /// The minimum number of digits; zero-padded when `zeroPad`.
  let width: Int
  let zeroPad: Bool

  /// The widest frame number a pattern may ask for. Far more than any frame count needs;
  /// `%0999999999d` would otherwise build a gigabyte-long file name.
  static let maxWidth = 32

  /// The pattern in `s`, or nil when it has no `%d` / `%Nd` / `%0Nd` (`%%` is a percent
  /// sign). Throws when the width is more than `maxWidth`.
  init?(_ s: String) throws(UsageError) {
    let chars = Array(s)
    var i = 0
    var prefix = ""
    while i < chars.count {
      if chars[i] == "%" {
        if i + 1 < chars.count && chars[i + 1] == "%" {
          prefix.append("%")
          i += 2
          continue
        }
        var j = i + 1
        let zero = j < chars.count && chars[j] == "0"
        var digits = ""
        while j < chars.count, chars[j].isASCII, chars[j].isNumber {
          digits.append(chars[j])
          j += 1
        }
        guard j < chars.count, chars[j] == "d" else { return nil }
        let rest = String(chars[(j + 1)...])
        // One frame number only: any other % must be a literal %%.
        guard !rest.replacingOccurrences(of: "%%", with: "").contains("%") else { return nil }
        // Leading zeros are the zero flag, as in printf: %0032d is 32 digits wide.
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 2, (Int(significant) ?? 0) <= Self.maxWidth else {
          throw UsageError(message: "-o '\(s)': the frame number width \(significant) is more than \(Self.maxWidth)")
        }
        self.prefix = prefix
        self.suffix = rest.replacingOccurrences(of: "%%", with: "%")
        self.width = Int(significant) ?? 0
        self.zeroPad = zero
        return
      }
      prefix.append(chars[i])
      i += 1
    }
    return nil
  }

  func path(for frame: Int) -> String {
    var n = String(frame)
    if n.count < width { n = String(repeating: zeroPad ? "0" : " ", count: width - n.count) + n }
    return prefix + n + suffix
  }
}

/// A one-line progress bar on standard error, redrawn in place; only when standard error
/// is a terminal, so logs and pipes stay clean.
struct FrameProgress {
  let total: Int
  let console: Console
  let enabled: Bool
  let start = ContinuousClock.now

  init(total: Int, console: Console) {
    self.total = total
    self.console = console
    enabled = total > 1 && Self.standardErrorIsATerminal
  }

  func update(done: Int) {
    guard enabled else { return }
    let elapsed = RenderCommand.seconds(ContinuousClock.now - start)
    let fps = elapsed > 0 ? Double(done) / elapsed : 0
    let left = fps > 0 ? Double(total - done) / fps : 0
    let width = 24, filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    console.err(String(format: "\r[%@] frame %d/%d  %.1f fps  %.1f s left ", bar, done, total, fps, left))
  }

  func finish() {
    guard enabled else { return }
    console.err("\r\u{1B}[K")
  }
}
