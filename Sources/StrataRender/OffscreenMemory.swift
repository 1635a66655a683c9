/// The offscreen memory a render list keeps alive at once, estimated from the list alone:
/// an upper bound of what either renderer allocates for it, so that `RenderLimits` can
/// refuse a frame before any of it is allocated.
///
/// Both renderers draw a group the same way (`CPURenderer.renderGroup`,
/// `GLRenderer.State.renderGroup`): a surface covering the group's bounds within its
/// parent's lives while its content draws (nested groups on top of it), a mask surface
/// while the mask draws, and working buffers while the group is finished. Per pixel of the
/// group (A) the model counts the larger of the two backends' needs:
///
/// | step                         | CPU                         | GPU                          | counted |
/// |------------------------------|-----------------------------|------------------------------|---------|
/// | content                      | surface 4                   | target 4                     | 4       |
/// | mask                         | + mask 4                    | + mask 4, + result 4         | + 8     |
/// | filters                      | + float image 16, blur 16   | + blur 8 (colour matrix 4)   | + 32    |
/// | shadow (per shadow pixel S)  | + float alpha 16, blur 16   | + alpha 4, blur 8            | + 32·S  |
/// | blend mode other than normal | (in place)                  | + copy of the backdrop 4     | + 4     |
/// | backdrop (per pixel read R)  | + float image 16, blur 16   | + 2 copies 8, blur 8         | + 32·R  |
///
/// Surfaces kept by caches (`shouldRasterize` bitmaps, blurred shadows) and pools are
/// bounded by their own limits, not by this one.
public enum OffscreenMemory {
  /// The most bytes alive at once, and where.
  public struct Peak: Sendable, Equatable {
    public var bytes: Int
    /// Offscreen groups open at the peak (masks not counted).
    public var depth: Int
    /// The innermost open group's label ("the canvas" when none).
    public var label: String
  }

  /// Bytes per pixel of a surface (RGBA8), and of the working buffers of filters,
  /// shadows and backdrops (two float images of 16).
  static let surfaceBytes = 4, workingBytes = 32

  /// The peak of `list`'s offscreen memory; commands are walked once, without recursion
  /// (nesting may be as deep as the scene's layers).
  ///
  /// - Complexity: O(commands).
  public static func peak(of list: RenderList) -> Peak {
    let canvas = PixelBounds(x0: 0, y0: 0, x1: list.width, y1: list.height)
    struct Open {
      var bounds: PixelBounds
      var bytes: Int
      var group: Group?
    }
    var stack: [Open] = []
    var live = 0, groups = 0
    var peak = Peak(bytes: 0, depth: 0, label: "the canvas")
    // Only groups, masks and backdrops need memory: a list of draws alone (20000 sprites)
    // is settled by a look at each command's case, which copies nothing, where the pass
    // below copies every command.
    let needsMemory = list.commands.contains { c in
      switch c {
      case .beginGroup, .beginMask, .backdrop: true
      default: false
      }
    }
    guard needsMemory else { return peak }
    func note(_ bytes: Int) {
      guard bytes > peak.bytes else { return }
      peak = Peak(bytes: bytes, depth: groups, label: stack.last(where: { $0.group != nil })?.group?.label ?? "the canvas")
    }
    for command in list.commands {
      let parent = stack.last?.bounds ?? canvas
      switch command {
      case .draw, .sprites:
        break
      case .beginGroup(let g):
        let b = g.bounds.intersection(parent)
        let bytes = surfaceBytes * area(b)
        stack.append(Open(bounds: b, bytes: bytes, group: g))
        live += bytes
        groups += 1
        note(live)
      case .beginMask:
        // The mask covers its group's pixels.
        let bytes = surfaceBytes * area(parent)
        stack.append(Open(bounds: parent, bytes: bytes, group: nil))
        live += bytes
        note(live)
      case .endMask:
        guard let mask = stack.popLast() else { break }
        // The GPU writes the masked result to a third surface while both are alive.
        note(live + mask.bytes)
        live -= mask.bytes
      case .endGroup:
        guard let open = stack.popLast() else { break }
        let outside = stack.last?.bounds ?? canvas
        if let g = open.group {
          let a = area(open.bounds)
          var work = 0
          if !g.filters.isEmpty { work += workingBytes * a }
          if let s = g.shadow { work += workingBytes * area(s.bounds.intersection(outside)) }
          if g.blendMode != .sourceOver { work += surfaceBytes * a }
          note(live + work)
          groups -= 1
        }
        live -= open.bytes
      case .backdrop(let b):
        let read = b.readBounds.intersection(parent)
        if !b.bounds.intersection(read).isEmpty { note(live + workingBytes * area(read)) }
      }
    }
    return peak
  }

  /// Pixels in `b` (0 when empty).
  static func area(_ b: PixelBounds) -> Int {
    b.isEmpty ? 0 : (b.x1 - b.x0) * (b.y1 - b.y0)
  }
}
