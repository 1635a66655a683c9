import Strata
import StrataPath
import StrataRender
import Testing

/// Path masks: exact coverage in device pixels for any map, the whole-pixel translation out
/// of the cache key (a moved-only layer is not rasterised again), bounded by the clip.
@Suite struct PathMaskCacheTests {
  static let canvas = PixelBounds(x0: 0, y0: 0, x1: 200, y1: 200)

  func map(_ h: Homography) throws -> PlaneMap { try #require(PlaneMap(toDevice: h)) }
  func translation(_ x: Double, _ y: Double, scale: Double = 1) -> Homography { Homography(scale, 0, x, 0, scale, y, 0, 0, 1) }
  func sum(_ m: DeviceMask) -> Double { m.bytes.reduce(0) { $0 + Double($1) } / 255 }

  @Test func aRectangleOnWholePixelsCoversExactlyItsPixels() throws {
    let cache = PathMaskCache()
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 10, height: 10))
    let m = try #require(cache.mask(square, style: .fill(.nonZero), map: map(translation(5, 7, scale: 2)), clip: Self.canvas))
    // 20 × 20 device pixels from (5, 7).
    #expect(m.coverage(x: 5, y: 7) == 255 && m.coverage(x: 24, y: 26) == 255)
    #expect(m.coverage(x: 4, y: 7) == 0 && m.coverage(x: 25, y: 7) == 0 && m.coverage(x: 5, y: 27) == 0)
    #expect(sum(m) == 400)
    // Half a pixel to the right: the columns at both ends are half covered.
    let half = try #require(cache.mask(square, style: .fill(.nonZero), map: map(translation(5.5, 7, scale: 2)), clip: Self.canvas))
    #expect(half.coverage(x: 5, y: 10) == 128 && half.coverage(x: 25, y: 10) == 128 && half.coverage(x: 6, y: 10) == 255)
    #expect(abs(sum(half) - 400) < 0.2)
  }

  @Test func aMaskThatOnlyMovedByWholePixelsIsNotRasterisedAgain() throws {
    let cache = PathMaskCache()
    let shape = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 30, height: 20))
    let style = MaskKey.Style.stroke(StrokeStyle(lineWidth: 3))
    // Well inside the canvas (the clip then plays no part in the key), miters included.
    let a = try #require(cache.mask(shape, style: style, map: map(translation(30.25, 20.5)), clip: Self.canvas))
    #expect(cache.rasterizations == 1)
    let b = try #require(cache.mask(shape, style: style, map: map(translation(47.25, 61.5)), clip: Self.canvas))
    #expect(cache.rasterizations == 1)
    #expect(b.contentID == a.contentID && b.id != a.id && b.bytes == a.bytes)
    #expect(b.originX == a.originX + 17 && b.originY == a.originY + 41)
    // A fraction of a pixel changes the coverage: a new mask.
    let c = try #require(cache.mask(shape, style: style, map: map(translation(47.5, 61.5)), clip: Self.canvas))
    #expect(cache.rasterizations == 2 && c.contentID != a.contentID)
  }

  @Test func theClipBoundsTheMask() throws {
    let cache = PathMaskCache()
    // A square a million pixels across: the mask is the clip, full.
    let huge = StrataPath.Path(rect: PathRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
    let clip = PixelBounds(x0: 10, y0: 20, x1: 50, y1: 40)
    let m = try #require(cache.mask(huge, style: .fill(.nonZero), map: map(translation(0.5, 0.5)), clip: clip))
    #expect(m.pixelBounds == clip && m.bytes.allSatisfy { $0 == 255 })
    // A shape entirely outside the clip has no mask.
    let off = StrataPath.Path(rect: PathRect(x: 300, y: 300, width: 10, height: 10))
    #expect(cache.mask(off, style: .fill(.nonZero), map: try map(translation(0, 0)), clip: clip) == nil)
  }

  /// Under perspective the outline is projected before rasterising: the covered area is the
  /// projected quadrilateral's (shoelace formula), and the edges stay sharp.
  @Test func perspectiveProjectsThePathBeforeRasterising() throws {
    let cache = PathMaskCache()
    let h = Homography(1, 0, 40, 0, 1, 30, 0.004, 0.001, 1)
    let quad = [(0.0, 0.0), (100.0, 0.0), (100.0, 80.0), (0.0, 80.0)].map { p in
      let w = 0.004 * p.0 + 0.001 * p.1 + 1
      return ((p.0 + 40) / w, (p.1 + 30) / w)
    }
    var area = 0.0
    for i in 0..<4 { area += quad[i].0 * quad[(i + 1) % 4].1 - quad[(i + 1) % 4].0 * quad[i].1 }
    area = abs(area) / 2
    let square = StrataPath.Path(rect: PathRect(x: 0, y: 0, width: 100, height: 80))
    let m = try #require(cache.mask(square, style: .fill(.nonZero), map: map(h), clip: Self.canvas))
    #expect(abs(sum(m) - area) < 0.5, "covered \(sum(m)) of \(area)")
    // Sharp: the left edge (u = 0) crosses y = 45.5 at v = 15.5/0.9545, x = 40/w ≈ 39.38,
    // so pixel 39 is 62 % covered and its neighbours are full and empty.
    let v = 15.5 / 0.9545, x = 40 / (1 + 0.001 * v)
    let expected = (40 - x) * 255
    #expect(m.coverage(x: 40, y: 45) == 255 && m.coverage(x: 38, y: 45) == 0)
    #expect(abs(Double(m.coverage(x: 39, y: 45)) - expected) < 3, "\(m.coverage(x: 39, y: 45)) vs \(expected)")
  }
}
