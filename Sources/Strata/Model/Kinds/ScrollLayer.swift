/// The axes along which a `ScrollLayer` scrolls (`CAScrollLayerScrollMode`).
public enum ScrollLayerScrollMode: String, CaseIterable, Sendable {
  /// Never: `scroll(to:)` changes nothing.
  case none
  /// Along y only.
  case vertically
  /// Along x only.
  case horizontally
  /// Along both axes (the default).
  case both

  var scrollsHorizontally: Bool { self == .horizontally || self == .both }
  var scrollsVertically: Bool { self == .vertically || self == .both }
}

/// A layer whose bounds origin is a scroll position (`CAScrollLayer`): its sublayers move
/// when it scrolls, and it shows them through its bounds, which it masks to by default
/// (Core Animation's `CAScrollLayer` has `masksToBounds` on).
///
/// It draws nothing of its own: scrolling is `bounds.origin` (`scrollPosition` is Strata's
/// name for it in scene files and animations), which the plain layer's geometry already
/// turns into where the sublayers appear. Sublayers at any depth forward their scroll
/// requests to it (`Layer.scroll(_:)`, `Layer.scrollRectToVisible(_:)`), and report what
/// of them it shows (`Layer.visibleRect`).
public final class ScrollLayer: Layer {
  /// The axes `scroll(to:)` may move; `.both` by default.
  public var scrollMode: ScrollLayerScrollMode = .both

  public required init() {
    super.init()
    masksToBounds = true
  }

  public override class var typeName: String { "scroll" }

  public override class var copiedPropertyNames: Set<String> { ["scrollMode"] }
  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? ScrollLayer else { return }
    scrollMode = l.scrollMode
  }

  /// The scroll position: `bounds.origin`, the point of the layer's own coordinates shown
  /// at its top-left corner. Setting it moves both axes whatever `scrollMode` says, as
  /// setting `bounds` does; `scroll(to:)` respects the mode.
  public var scrollPosition: Point {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// `scrollPosition` (with `.x` and `.y`), explicit animations only: a change of it is a
  /// change of `bounds`, whose implicit animation already covers it.
  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.point("scrollPosition", \ScrollLayer.scrollPosition, implicit: false)
  }

  /// Scrolls so that `p` (in this layer's coordinates) is at the top-left corner: sets
  /// `bounds.origin` to `p` on the axes `scrollMode` allows (`scrollToPoint:`).
  public func scroll(to p: Point) {
    guard p.isFinite else { return }
    var origin = bounds.origin
    if scrollMode.scrollsHorizontally { origin.x = p.x }
    if scrollMode.scrollsVertically { origin.y = p.y }
    bounds.origin = origin
  }

  /// Scrolls as little as needed to show `r` (in this layer's coordinates), on the axes
  /// `scrollMode` allows (`scrollToRect:`): an axis along which `r` is already shown does
  /// not move; one along which it is not moves until its near edge shows, or its start when
  /// it is longer than the bounds: `x = min(r.minX, max(b.minX, r.maxX − b.width))`.
  public func scroll(to r: Rect) {
    guard r.isFinite else { return }
    let b = bounds.standardized
    let x = Self.minimalScroll(start: b.minX, length: b.width, rMin: r.minX, rMax: r.maxX)
    let y = Self.minimalScroll(start: b.minY, length: b.height, rMin: r.minY, rMax: r.maxY)
    // The origin as the bounds store it (a negative size keeps its sign).
    scroll(to: Point(x: bounds.origin.x + (x - b.minX), y: bounds.origin.y + (y - b.minY)))
  }

  /// The new start of a window `[start, start + length)` that shows `[rMin, rMax]` after the
  /// least movement (the rectangle's start wins when it does not fit).
  static func minimalScroll(start: Double, length: Double, rMin: Double, rMax: Double) -> Double {
    min(rMin, max(start, rMax - length))
  }
}
