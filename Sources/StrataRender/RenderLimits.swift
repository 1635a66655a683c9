/// How much memory drawing one frame may take beyond its canvas: the numbers both
/// renderers hold to, in one place.
///
/// A frame's offscreen groups (opacity, masks, filters, shadows, blend modes) each draw
/// into a surface of their own, and nested groups are alive at once: 20 nested groups on
/// a large canvas once reached 5.5 GB. Before a frame is drawn, `check` estimates the most
/// offscreen memory it keeps alive at any moment (`OffscreenMemory`); a frame over the
/// budget is refused with `RenderError.Kind.limitExceeded`, before anything is allocated,
/// on either backend. The estimate is the same on both, so a frame one backend refuses the
/// other refuses too, and the verdict does not depend on caches or threads.
public struct RenderLimits: Sendable, Hashable {
  /// The smallest default offscreen budget: 1 GiB.
  public static let minimumOffscreenBytes = 1 << 30
  /// The default budget in canvases' worth of RGBA8 pixels: a canvas can always afford
  /// eight full-size surfaces (a blurred full-canvas group takes about five on the CPU).
  public static let canvasesOfOffscreen = 8

  /// The most bytes of offscreen memory a frame may keep alive at once, all surfaces
  /// together (groups, masks, filter and shadow buffers); nil for the default,
  /// `defaultOffscreenBytes(width:height:)`.
  public var offscreenBytes: Int?

  /// Offscreen surfaces each renderer keeps for reuse between groups and frames, at most:
  /// memory held, not in use, so it is outside the budget above.
  public static let pooledBytes = 256 << 20

  public init(offscreenBytes: Int? = nil) {
    precondition((offscreenBytes ?? 0) >= 0, "RenderLimits.offscreenBytes must not be negative")
    self.offscreenBytes = offscreenBytes
  }

  /// The default budget for a `width` x `height` canvas: eight canvases' worth of RGBA8,
  /// at least 1 GiB. (Canvases themselves are limited to 100 million pixels by the scene
  /// loader, so the default never exceeds 3.2 GB.)
  public static func defaultOffscreenBytes(width: Int, height: Int) -> Int {
    max(minimumOffscreenBytes, canvasesOfOffscreen * 4 * max(0, width) * max(0, height))
  }

  /// The budget in force for `list`.
  public func offscreenBudget(for list: RenderList) -> Int {
    offscreenBytes ?? Self.defaultOffscreenBytes(width: list.width, height: list.height)
  }

  /// Refuses a list whose offscreen memory would exceed the budget.
  ///
  /// - Complexity: O(commands).
  public func check(_ list: RenderList) throws(RenderError) {
    if let first = list.refusals.first { throw RenderError(.limitExceeded, first) }
    let budget = offscreenBudget(for: list)
    let peak = OffscreenMemory.peak(of: list)
    guard peak.bytes > budget else { return }
    let which = offscreenBytes == nil ? "eight canvases' worth, at least 1 GiB" : "RenderLimits.offscreenBytes"
    throw RenderError(
      .limitExceeded,
      "the frame needs \(Self.format(peak.bytes)) of offscreen memory at once (\(peak.depth) nested offscreen groups, innermost: \(peak.label)); the limit is \(Self.format(budget)) (\(which)). Nest fewer group effects (opacity over overlapping sublayers, masks, filters, shadows, blend modes), make them smaller, or render at a smaller scale")
  }

  /// Bytes in MiB for messages, rounded up so that a figure over the limit never reads as
  /// equal to it.
  static func format(_ bytes: Int) -> String {
    let mib = (bytes + (1 << 20) - 1) >> 20
    return "\(mib) MiB"
  }
}
