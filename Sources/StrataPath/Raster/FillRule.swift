/// Which points a path encloses (`CAShapeLayerFillRule`).
///
/// In coverage terms, with `a` the signed area a pixel accumulates from the edges that
/// cross it: nonzero covers `min(|a|, 1)`, even-odd the triangle wave `|a − 2·round(a/2)|`
/// (as FreeType and vello compute them).
public enum FillRule: Hashable, Sendable {
  /// Inside where the winding number is not zero: Core Animation's default, and always the
  /// rule for stroke outlines (their pieces overlap).
  case nonZero
  /// Inside where a ray crosses the path an odd number of times.
  case evenOdd
}
