/// A filter in a layer's `filters` or `backgroundFilters` (Core Animation takes `CIFilter`s
/// there; these are the two that Strata renders).
public enum LayerFilter: Hashable, Sendable, CustomStringConvertible {
  /// `CIGaussianBlur` with `inputRadius`: a Gaussian of standard deviation `radius` points
  /// (Core Image's radius is the sigma).
  case gaussianBlur(radius: Double)
  /// `CIColorMatrix`: straight-alpha colour `(r, g, b, a)` becomes `M · (r, g, b, a) + bias`,
  /// rows R, G, B, A; 20 numbers, row-major, the bias last in each row (`r' = m0 r + m1 g +
  /// m2 b + m3 a + m4`).
  case colorMatrix([Double])

  public var description: String {
    switch self {
    case .gaussianBlur(let r): "gaussianBlur(\(r))"
    case .colorMatrix(let m): "colorMatrix(\(m.map { String($0) }.joined(separator: " ")))"
    }
  }
}
