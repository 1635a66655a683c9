/// Navigating the nesting of a render list's groups, for backends: where a group ends, and
/// which of its commands draw the content and which the mask.
public enum CommandNesting {
  /// The index of the `endGroup` that closes the group opened at `start` (the list's last
  /// index if it is unbalanced, which the compiler never produces).
  public static func matchingEnd(_ c: ArraySlice<RenderCommand>, from start: Int) -> Int {
    var depth = 0
    for i in start..<c.endIndex {
      switch c[i] {
      case .beginGroup: depth += 1
      case .endGroup:
        depth -= 1
        if depth == 0 { return i }
      default: break
      }
    }
    return c.endIndex - 1
  }

  /// A group's commands (those between `beginGroup` and `endGroup`) split into its content
  /// and, when it has one, its mask (between `beginMask` and `endMask` at the group's level).
  public static func parts(of inner: ArraySlice<RenderCommand>) -> (content: ArraySlice<RenderCommand>, mask: ArraySlice<RenderCommand>?) {
    var depth = 0
    for i in inner.indices {
      switch inner[i] {
      case .beginGroup: depth += 1
      case .endGroup: depth -= 1
      case .beginMask where depth == 0:
        let end = inner[(i + 1)...].lastIndex { if case .endMask = $0 { true } else { false } } ?? inner.endIndex
        return (inner[inner.startIndex..<i], inner[(i + 1)..<end])
      default: break
      }
    }
    return (inner, nil)
  }
}
