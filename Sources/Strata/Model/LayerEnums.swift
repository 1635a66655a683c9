/// How `contents` is placed in the bounds (`CALayerContentsGravity`). With y growing
/// downward, `top` means the visually top edge.
public enum ContentsGravity: String, CaseIterable, Sendable {
  case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
  case resize, resizeAspect, resizeAspectFill
}

/// Texture filtering for `minificationFilter` and `magnificationFilter`
/// (`CALayerContentsFilter`). `trilinear` samples two mipmap levels.
public enum ContentsFilter: String, CaseIterable, Sendable {
  case nearest, linear, trilinear
}

/// The corners that `cornerRadius` rounds (`CACornerMask`). "Min Y" is the visually top
/// edge, since y grows downward.
public struct CornerMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
  public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
  public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
  public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
  public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The curve of rounded corners (`CALayerCornerCurve`).
public enum CornerCurve: String, CaseIterable, Sendable {
  case circular, continuous
}

/// The edges that are anti-aliased when `allowsEdgeAntialiasing` is on (`CAEdgeAntialiasingMask`).
public struct EdgeAntialiasingMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let layerLeftEdge = EdgeAntialiasingMask(rawValue: 1)
  public static let layerRightEdge = EdgeAntialiasingMask(rawValue: 2)
  public static let layerBottomEdge = EdgeAntialiasingMask(rawValue: 4)
  public static let layerTopEdge = EdgeAntialiasingMask(rawValue: 8)
  public static let all: EdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}

/// A refused change to the layer tree.
public enum LayerTreeError: Error, Equatable, CustomStringConvertible {
  /// The change would make a layer its own ancestor.
  case cycle(layer: String, parent: String)
  /// `replaceSublayer` was given a layer that is not a sublayer.
  case notASublayer(String)
  /// The index of `insertSublayer(_:at:)` is past the end.
  case indexOutOfRange(Int, count: Int)

  public var description: String {
    switch self {
    case .cycle(let l, let p): "adding \(l) to \(p) would make \(l) its own ancestor"
    case .notASublayer(let l): "\(l) is not a sublayer of this layer"
    case .indexOutOfRange(let i, let c): "index \(i) is outside 0...\(c)"
    }
  }
}

/// How a layer's `mask` lets the layer through: a Strata extension of Core Animation,
/// whose masks are always `alpha`. The others are After Effects' track mattes, which Lottie
/// files use: the mask's alpha inverted, its luminance, or its luminance inverted.
///
/// Luminance is Rec. 709's (0.2126 R + 0.7152 G + 0.0722 B) of the mask's premultiplied
/// colour, so a transparent mask pixel has luminance 0, as SVG's `luminanceToAlpha` and
/// Skia's luma filter take it. The inverted forms are 1 minus the plain ones: where the mask
/// draws nothing, an inverted mask shows the layer.
public enum MaskMode: String, CaseIterable, Sendable {
  case alpha, invertedAlpha, luminance, invertedLuminance

  /// Whether pixels the mask does not draw show the layer (the layer's visible area is
  /// then not limited to the mask's).
  public var showsOutsideMask: Bool { self == .invertedAlpha || self == .invertedLuminance }
}
