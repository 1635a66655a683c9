import Strata

/// How much of a group a mask pixel lets through, for each `MaskMode`: shared by both
/// backends (`Shaders/mask.glsl` mirrors it; `ShaderMirrorTests` checks).
///
/// The mask pixel is premultiplied colour in 0…1. Luminance is Rec. 709's of the
/// premultiplied colour, so it never exceeds the pixel's alpha and is 0 where the mask
/// draws nothing; the inverted modes are 1 minus the plain ones.
public enum MaskMath {
  /// Rec. 709 luma weights (SVG's `luminanceToAlpha`, Skia's luma colour filter).
  public static let lumaWeights = SIMD3<Float>(0.2126, 0.7152, 0.0722)

  @inlinable @inline(__always)
  public static func weight(_ mode: MaskMode, _ pixel: SIMD4<Float>) -> Float {
    switch mode {
    case .alpha: return pixel.w
    case .invertedAlpha: return 1 - pixel.w
    case .luminance: return luminance(pixel)
    case .invertedLuminance: return 1 - luminance(pixel)
    }
  }

  @inlinable @inline(__always)
  static func luminance(_ p: SIMD4<Float>) -> Float {
    let l = p.x * lumaWeights.x + p.y * lumaWeights.y + p.z * lumaWeights.z
    return min(max(l, 0), 1)
  }
}

extension MaskMode {
  /// The mode's number in the shaders (`u_maskMode` in `Shaders/effect.frag`).
  public var shaderIndex: Int32 {
    switch self {
    case .alpha: 0
    case .invertedAlpha: 1
    case .luminance: 2
    case .invertedLuminance: 3
    }
  }
}
