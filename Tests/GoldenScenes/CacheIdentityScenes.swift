import Strata

/// Scenes and allocation helpers for the cache-identity tests of both backends: a cache
/// that recognises an image by its address hands a new image, allocated where a freed one
/// lived, the freed one's bitmap.
public enum CacheIdentityScenes {
  /// An 8x8 image of one premultiplied grey level `value` with alpha `alpha`.
  public static func uniform(_ value: UInt8, alpha: UInt8 = 255) -> Image {
    Image(width: 8, height: 8, premultipliedPixels: [UInt8](repeating: 0, count: 8 * 8 * 4).enumerated().map { i, _ in
      i % 4 == 3 ? alpha : value
    })
  }

  /// An image from `make` that sits at `address`, where an image that has since been freed
  /// lived; nil when the allocator does not hand that address out within `tries`.
  ///
  /// Candidates at other addresses stay alive until the search ends, so each try gets an
  /// address not tried before instead of the one just freed.
  public static func image(at address: ObjectIdentifier, tries: Int = 10_000, _ make: () -> Image) -> Image? {
    // Reserved at once: a list growing by steps would itself take, and hold, freed blocks
    // of the image's size (seen in full test runs, where the search then missed).
    var misses: [Image] = []
    misses.reserveCapacity(tries)
    for _ in 0..<tries {
      let candidate = make()
      if ObjectIdentifier(candidate) == address { return candidate }
      misses.append(candidate)
    }
    return nil
  }

  /// Makes an image with `first`, hands it to `round` (which shows it, draws it and lets it
  /// go), then returns an image from `second` at the freed image's address, or nil. The
  /// round is tried up to 20 times: in a full test run another thread allocating at the
  /// same moment can take the freed block from an arena they share (the search missed in
  /// about half of the full runs of 2026-12-06), and one round that gets the address is all
  /// a test needs.
  public static func imageAtAFreedAddress(
    first: () -> Image, round: (Image) throws -> Void, second: () -> Image
  ) rethrows -> Image? {
    for _ in 0..<20 {
      var address: ObjectIdentifier
      do {
        let a = first()
        address = ObjectIdentifier(a)
        try round(a)
      }
      if let b = image(at: address, tries: 2000, second) { return b }
    }
    return nil
  }

  /// A 60x60 canvas with one `shouldRasterize` layer at (10, 10, 40, 40) showing `image`.
  public static func rasterized() -> (root: Layer, layer: Layer) {
    let l = layer(Rect(10, 10, 40, 40)) { $0.shouldRasterize = true }
    return (root(60, 60, [l]), l)
  }

  /// A 100x100 canvas with one layer at (10, 10, 40, 40) casting a black shadow offset by
  /// (30, 30) with radius 2: pixel (65, 65) lies in the shadow's solid middle, outside the
  /// layer, so over white it reads `255 · (1 − contents alpha)`.
  public static func shadowed() -> (root: Layer, layer: Layer) {
    let l = layer(Rect(10, 10, 40, 40)) { l in
      l.shadowOpacity = 1; l.shadowRadius = 2; l.shadowOffset = Size(30, 30); l.shadowColor = .black
    }
    return (root(100, 100, [l]), l)
  }
}
