/// Plus-lighter onto the 8-bit surface, as a blend into an 8-bit target does (README
/// "Rendering semantics"): each draw's source is rounded to whole levels, then added to the
/// pixel and saturated at 255.
///
/// Adding each draw straight into the surface keeps no other buffer: the sums of a band
/// in `Float` took 16 bytes a pixel (33 MB at 1920 x 1080) and a flush of every touched
/// pixel at the end of each run of plus-lighter draws. Saturating after every draw is what
/// the GPU's ONE, ONE blending into RGBA8 does, so the bytes are the GPU's.
enum AdditiveLevels {
  /// A draw's source (0…255 premultiplied) rounded to the level the 8-bit target adds:
  /// the GPU's `additiveLevels` (draw.frag), half a level and 1/256 more, rounded down.
  @inline(__always)
  static func level(_ src: SIMD4<Float>) -> SIMD4<Float> {
    ExactRounding.floor(src + 0.50390625)
  }

  /// `dst` plus the level of `src`, saturated: `min(255, dst + level(src))` per channel.
  @inline(__always)
  static func add(_ dst: SIMD4<UInt8>, _ src: SIMD4<Float>) -> SIMD4<UInt8> {
    let l = level(src)
    let add = PixelMath.bytes(l.replacing(with: 255, where: l .> 255))
    let sum = dst &+ add
    // Wrapped past 255 exactly where the sum is below either part (an unsigned add).
    return sum.replacing(with: 255, where: sum .< add)
  }
}
