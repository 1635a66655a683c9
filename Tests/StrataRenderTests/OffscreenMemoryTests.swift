import Strata
import StrataRender
import Testing

/// Issue 10.8 (offscreen part): offscreen groups are sized to what they can show, nested
/// groups only shrink, and a frame whose groups would keep more memory alive at once than
/// the budget is refused with an error that names the limit.
@Suite struct OffscreenMemoryTests {
  /// `depth` layers nested in one another, each `side` points square at the origin with a
  /// translucent background, and `configure`d.
  static func nested(_ depth: Int, side: Double, _ configure: (Layer) -> Void) -> Layer {
    let root = Layer()
    root.bounds = Rect(0, 0, side, side)
    root.anchorPoint = .zero
    var parent = root
    for _ in 0..<depth {
      let l = Layer(frame: Rect(0, 0, side, side))
      l.backgroundColor = Color(1, 0, 0, 0.1)
      configure(l)
      try! parent.addSublayer(l)
      parent = l
    }
    return root
  }

  static func compile(_ root: Layer, _ side: Int) -> RenderList {
    RenderListCompiler(width: side, height: side).compile(root.snapshot())
  }

  static func groups(_ list: RenderList) -> [Group] {
    list.commands.compactMap { if case .beginGroup(let g) = $0 { g } else { nil } }
  }

  /// Twenty nested layers at opacity 0.5 make 19 groups (the innermost has nothing to
  /// overlap), all alive at once: 19 canvases' worth, counted here by hand.
  @Test func nestedOpacityGroupsAddUp() {
    let list = Self.compile(Self.nested(20, side: 100) { $0.opacity = 0.5 }, 100)
    #expect(Self.groups(list).count == 19)
    let peak = OffscreenMemory.peak(of: list)
    #expect(peak.bytes == 19 * 100 * 100 * 4)
    #expect(peak.depth == 19)
  }

  /// Blend modes make a group per layer, and the GPU copies the backdrop of each as it is
  /// composited: the innermost's copy comes on top of twenty surfaces.
  @Test func nestedBlendGroupsAddUp() {
    let list = Self.compile(Self.nested(20, side: 50) { $0.compositingFilter = .multiplyBlendMode }, 50)
    #expect(Self.groups(list).count == 20)
    #expect(OffscreenMemory.peak(of: list).bytes == 21 * 50 * 50 * 4)
  }

  /// The budget refuses what exceeds it, with the figures and the limit in the message,
  /// and lets through what fits.
  @Test func theBudgetRefusesWithAMessage() throws {
    let list = Self.compile(Self.nested(20, side: 100) { $0.opacity = 0.5 }, 100)
    let need = 19 * 100 * 100 * 4
    try RenderLimits(offscreenBytes: need).check(list)
    #expect(throws: RenderError(
      .limitExceeded,
      "the frame needs 1 MiB of offscreen memory at once (19 nested offscreen groups, innermost: layer); the limit is 1 MiB (RenderLimits.offscreenBytes). Nest fewer group effects (opacity over overlapping sublayers, masks, filters, shadows, blend modes), make them smaller, or render at a smaller scale")
    ) {
      try RenderLimits(offscreenBytes: need - 1).check(list)
    }
    // The default for this small canvas is 1 GiB.
    try RenderLimits().check(list)
  }

  /// The default budget: eight canvases' worth, never under 1 GiB.
  @Test func theDefaultBudgetFollowsTheCanvas() {
    #expect(RenderLimits.defaultOffscreenBytes(width: 640, height: 360) == 1 << 30)
    #expect(RenderLimits.defaultOffscreenBytes(width: 10_000, height: 10_000) == 3_200_000_000)
    #expect(RenderLimits().offscreenBudget(for: RenderList(width: 8192, height: 8192, background: .clear)) == 2 << 30)
  }

  /// A group with a mask shows only what the mask covers: a full-canvas layer under a
  /// 20-point mask gets a 20-pixel surface (it took the union of both), and the groups
  /// nested in it shrink to it (they took the whole canvas).
  @Test func maskedGroupsAreSizedToTheMask() {
    let root = Self.nested(5, side: 400) { $0.opacity = 0.5 }
    let outer = root.sublayers[0]
    let mask = Layer(frame: Rect(100, 120, 20, 30))
    mask.backgroundColor = .white
    outer.mask = mask
    let groups = Self.groups(Self.compile(root, 400))
    #expect(groups.count == 4)  // the innermost layer has nothing to overlap
    for g in groups {
      #expect(g.bounds == PixelBounds(x0: 100, y0: 120, x1: 120, y1: 150), "\(g.label) \(g.reasons): \(g.bounds)")
    }
  }

  /// Nested group surfaces never exceed their parent's: a blurred child spreads past its
  /// content, but not past its enclosing group.
  @Test func nestedGroupsOnlyShrink() {
    let root = Self.nested(2, side: 200) { $0.opacity = 0.5 }
    let outer = root.sublayers[0], inner = outer.sublayers[0]
    let mask = Layer(frame: Rect(50, 50, 100, 100))
    mask.backgroundColor = .white
    outer.mask = mask
    inner.filters = [.gaussianBlur(radius: 10)]
    try! inner.addSublayer(Layer(frame: Rect(0, 0, 10, 10)))
    let list = Self.compile(root, 200)
    var stack: [PixelBounds] = []
    for c in list.commands {
      switch c {
      case .beginGroup(let g):
        if let p = stack.last {
          #expect(g.bounds.intersection(p) == g.bounds, "\(g.bounds) lies outside its parent's \(p)")
        }
        stack.append(g.bounds)
      case .beginMask: stack.append(stack.last!)
      case .endGroup, .endMask: stack.removeLast()
      default: break
      }
    }
    #expect(Self.groups(list).map(\.bounds) == Array(repeating: PixelBounds(x0: 50, y0: 50, x1: 150, y1: 150), count: 2))
  }

  /// Filters, shadows and backdrops need working buffers beyond the group's surface.
  @Test func effectsCountTheirWorkingBuffers() {
    let root = Layer()
    root.bounds = Rect(0, 0, 100, 100)
    root.anchorPoint = .zero
    let blurred = Layer(frame: Rect(10, 10, 20, 20))
    blurred.backgroundColor = .white
    blurred.filters = [.gaussianBlur(radius: 2)]
    try! root.addSublayer(blurred)
    let list = Self.compile(root, 100)
    let g = Self.groups(list)[0]
    let a = (g.bounds.x1 - g.bounds.x0) * (g.bounds.y1 - g.bounds.y0)
    // The surface, plus two float images (16 bytes a pixel each).
    #expect(OffscreenMemory.peak(of: list).bytes == (4 + 32) * a)
  }
}
