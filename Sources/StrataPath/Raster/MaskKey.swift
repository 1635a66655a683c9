/// What a coverage mask depends on: the path, its transform to device space and how it is
/// painted. Hashing is cheap (the hash of the path's points is computed once, when the key
/// is made) so that a renderer can look masks up every frame.
public struct MaskKey: Hashable, Sendable {
  /// How the mask paints the path.
  public enum Style: Hashable, Sendable {
    case fill(FillRule)
    case stroke(StrokeStyle)
  }

  public let path: Path
  public let transform: PathTransform
  public let style: Style
  private let hash: Int

  /// A key for `path` under exactly `transform`.
  public init(path: Path, transform: PathTransform, style: Style) {
    self.path = path
    self.transform = transform
    self.style = style
    var h = Hasher()
    h.combine(path)
    h.combine(transform)
    h.combine(style)
    hash = h.finalize()
  }

  /// A key with the whole pixels of `transform`'s translation taken out, and the offset
  /// that puts its mask in place: a layer that moves by whole pixels keeps its key, so its
  /// mask is reused (`mask.translated(by: offset)`) instead of rasterised again.
  public static func placed(path: Path, transform: PathTransform, style: Style) -> (key: MaskKey, offset: PixelOffset) {
    guard transform.isFinite, abs(transform.tx) < 1e15, abs(transform.ty) < 1e15 else {
      return (MaskKey(path: path, transform: transform, style: style), .zero)
    }
    let dx = transform.tx.rounded(.down), dy = transform.ty.rounded(.down)
    var t = transform
    t.tx -= dx
    t.ty -= dy
    return (MaskKey(path: path, transform: t, style: style), PixelOffset(dx: Int(dx), dy: Int(dy)))
  }

  public static func == (l: MaskKey, r: MaskKey) -> Bool {
    l.hash == r.hash && l.transform == r.transform && l.style == r.style && l.path == r.path
  }

  public func hash(into h: inout Hasher) { h.combine(hash) }
}
