import Strata
import StrataRender
import Testing

/// `Blur.blurred(_:sigma:within:)`: a blur cut to a window is the whole blur's bytes there,
/// and a blur far larger than the window costs only the window.
@Suite struct BlurWindowTests {
  /// A 20 x 14 mask of varied coverage at (5, 7).
  static let mask: DeviceMask = {
    var bytes = [UInt8](repeating: 0, count: 20 * 14)
    for i in bytes.indices {
      let v: Int = (i * 37 + (i / 20) * 11) % 256
      bytes[i] = UInt8(v)
    }
    return DeviceMask(originX: 5, originY: 7, width: 20, height: 14, bytes: bytes)
  }()

  /// Windows that cut through the blur on each side, and one inside the mask, for sigmas
  /// blurred at full size and at 1/4, 1/16 and 1/32 of it (the downsampling cells must be
  /// the whole blur's).
  @Test(arguments: [2.0, 40, 90, 200])
  func aWindowHoldsTheWholeBlursBytes(_ sigma: Double) throws {
    let whole = try #require(Blur.blurred(Self.mask, sigma: sigma))
    let pad = Blur.reach(sigma: sigma)
    // The whole blur is `Blur.blur` (the CPU's groups') of the mask grown by the reach.
    let (w, h) = (Self.mask.width + 2 * pad, Self.mask.height + 2 * pad)
    var plane = [Float](repeating: 0, count: w * h)
    for y in 0..<Self.mask.height {
      for x in 0..<Self.mask.width { plane[(y + pad) * w + x + pad] = Float(Self.mask.bytes[y * Self.mask.width + x]) / 255 }
    }
    Blur.blur(&plane, w, h, sigma: sigma)
    #expect(whole.originX == Self.mask.originX - pad && whole.width == w && whole.height == h)
    #expect(whole.bytes == plane.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) })
    let windows = [
      PixelBounds(x0: 0, y0: 0, x1: 30, y1: 30), PixelBounds(x0: 12, y0: 9, x1: 17, y1: 13),
      PixelBounds(x0: -pad - 7, y0: 3, x1: 11, y1: 40), PixelBounds(x0: 20, y0: -pad, x1: 25 + pad + 3, y1: 8),
      PixelBounds(x0: 26, y0: 22, x1: 60, y1: 50),
    ]
    for w in windows {
      let part = try #require(Blur.blurred(Self.mask, sigma: sigma, within: w))
      let box = PixelBounds(
        x0: whole.originX, y0: whole.originY, x1: whole.originX + whole.width, y1: whole.originY + whole.height)
      let expected: PixelBounds = box.intersection(w)
      #expect(part.originX == expected.x0 && part.originY == expected.y0)
      let (ew, eh) = (expected.x1 - expected.x0, expected.y1 - expected.y0)
      #expect(part.width == ew && part.height == eh)
      var worst = 0
      for y in 0..<part.height {
        for x in 0..<part.width {
          let a = Int(part.bytes[y * part.width + x])
          let wy: Int = y + part.originY - whole.originY, wx: Int = x + part.originX - whole.originX
          let b = Int(whole.bytes[wy * whole.width + wx])
          worst = max(worst, abs(a - b))
        }
      }
      #expect(worst == 0, "sigma \(sigma), window \(w): differs by \(worst)")
    }
    // A window the blur does not reach.
    #expect(Blur.blurred(Self.mask, sigma: sigma, within: PixelBounds(x0: 10_000_000, y0: 0, x1: 10_000_010, y1: 10)) == nil)
  }

  /// A shadow radius of 1e9 (sigma 5e8 device pixels): its whole blur would be 3e9 pixels
  /// wide (it overflowed); in a 640 x 360 window it is at most the window.
  @Test func aHugeBlurCostsOnlyItsWindow() throws {
    let canvas = PixelBounds(x0: 0, y0: 0, x1: 640, y1: 360)
    let part = try #require(Blur.blurred(Self.mask, sigma: 5e8, within: canvas))
    #expect(part.width <= 640 && part.height <= 360)
    #expect(part.bytes.allSatisfy { $0 == 0 })  // spread that thin, nothing is left to see
  }
}
