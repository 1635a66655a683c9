import Strata

extension Image {
  /// The image as it comes back from a PNG file: straight alpha, then premultiplied again.
  ///
  /// References went through this round trip when they were written, so a fresh rendering
  /// goes through it too before it is compared; otherwise translucent pixels could differ
  /// by a rounding step that no renderer caused.
  package var pngRoundTripped: Image {
    Image(width: width, height: height, straightPixels: straightPixels)
  }
}
