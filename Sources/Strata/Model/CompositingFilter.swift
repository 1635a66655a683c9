/// How a layer's composited colour combines with what lies below it (`CALayer.compositingFilter`).
///
/// Core Animation takes a filter name there (`"multiplyBlendMode"`, the `kCAFilter…`
/// constants); the cases are those names, so `layer.compositingFilter = .multiplyBlendMode`
/// reads as the Core Animation string does and a misspelt name does not compile. Scene
/// files write the raw values. The blend modes are those of the W3C Compositing and
/// Blending specification, on straight colour (the four non-separable ones, hue to
/// luminosity, are Core Image's `CIHueBlendMode` … `CILuminosityBlendMode`); renderers map
/// each case to their own blend mode.
public enum CompositingFilter: String, CaseIterable, Sendable {
  /// Source-over, the same as no filter (`nil`).
  case normalBlendMode
  case multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode
  case colorDodgeBlendMode, colorBurnBlendMode, softLightBlendMode, hardLightBlendMode
  case differenceBlendMode, exclusionBlendMode
  /// Additive ("plus lighter"), saturating at white: particles and glows use it.
  case plusL
  /// The non-separable modes: the source's hue, saturation, hue and saturation ("color"),
  /// or luminosity, with the rest of the backdrop's.
  case hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode
}
