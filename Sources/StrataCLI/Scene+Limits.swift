import StrataScene

extension Scene {
  /// Why the canvas at `scale` pixels per point is too large to render, or nil: the limits
  /// scene files are held to (`Scene.maxPixelsPerSide`, `Scene.maxPixels`), checked before
  /// a pixel is allocated. Every command that takes `--scale` checks it.
  func canvasProblem(scale: Double) -> String? {
    let w = (Double(width) * scale).rounded(.up), h = (Double(height) * scale).rounded(.up)
    guard w <= Double(Scene.maxPixelsPerSide), h <= Double(Scene.maxPixelsPerSide), w * h <= Double(Scene.maxPixels) else {
      return "--scale \(scale): the canvas would be \(Self.format(w)) x \(Self.format(h)) pixels; the limits are \(Scene.maxPixelsPerSide) per side and \(Scene.maxPixels) in all"
    }
    return nil
  }

  /// A whole number of pixels, in digits while it fits an `Int`.
  private static func format(_ v: Double) -> String {
    v < 1e15 ? String(Int(v)) : "\(v)"
  }
}
