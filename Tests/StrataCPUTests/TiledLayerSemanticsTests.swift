import Foundation
import Strata
import StrataCPU
import StrataGoldenScenes
import StrataPNG
import StrataRender
import Testing

/// Pixel probes of `TiledLayer` on the CPU: tiles join without seams (a tiled picture is
/// the plain picture, pixel for pixel, magnified, turned, translucent, minified to a
/// coarser level and in perspective), missing tiles leave holes, and fades follow time.
@Suite struct TiledLayerSemanticsTests {
  static func render(_ root: Layer, at t: Double? = nil) -> PixelBuffer {
    let list = TileCache.$current.withValue(TileCache()) {
      RenderListCompiler(width: 240, height: 170).compile(t.map { root.snapshot(at: $0) } ?? root.snapshot())
    }
    #expect(list.refusals == [])
    return try! CPURenderer().render(list)
  }

  /// The largest difference of any channel between two renderings, and how many pixels
  /// differ at all.
  static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (largest: Int, pixels: Int) {
    var largest = 0, pixels = 0
    for i in 0..<(a.width * a.height) {
      var d = 0
      for c in 0..<4 { d = max(d, abs(Int(a.pixels[i * 4 + c]) - Int(b.pixels[i * 4 + c]))) }
      largest = max(largest, d)
      if d > 0 { pixels += 1 }
    }
    return (largest, pixels)
  }

  @Test(arguments: TiledProbes.cases.map(\.name))
  func tilesJoinWithoutSeams(_ name: String) throws {
    let c = try #require(TiledProbes.cases.first { $0.name == name })
    let tiled = Self.render(TiledProbes.scene(tiled: true, transform: c.transform, alpha: c.alpha, level: c.level, antialiased: c.antialiased))
    let plain = Self.render(TiledProbes.scene(tiled: false, transform: c.transform, alpha: c.alpha, level: c.level, antialiased: c.antialiased))
    let d = Self.difference(tiled, plain)
    if d.largest > 1 {
      try? PNG.write(tiled, to: FileManager.default.temporaryDirectory.appendingPathComponent("tiled-\(name).png").path)
      try? PNG.write(plain, to: FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(name).png").path)
    }
    // A seam would differ by far more: a gap shows the white background, a border texel
    // that is not the neighbour's moves a stripe (contrast 200) by half, a pixel drawn twice
    // changes a translucent one by about 60. What remains is float rounding: a tile's
    // texel coordinates are the picture's less a whole number of texels, which can move a
    // bilinear weight across a rounding step, along each axis when the picture is turned.
    let allowed = name == "turned 20 degrees" ? 2 : 1
    #expect(d.largest <= allowed, "\(name): tiled differs from plain by up to \(d.largest) at \(d.pixels) pixels")
    // The scene draws something: the picture covers many pixels.
    let covered = (0..<(240 * 170)).filter { tiled.pixels[$0 * 4] != 255 || tiled.pixels[$0 * 4 + 1] != 255 }.count
    #expect(covered > 1000)
  }

  @Test func missingTilesAreHolesAndFadesFollowTime() throws {
    let image = TiledProbes.picture()
    var source = ProbeSource(base: ImageTileSource(image, tileWidth: 16, tileHeight: 16))
    source.missing = [TileIndex(level: 0, column: 2, row: 1)]
    let t = TiledLayer()
    t.tileSource = source
    t.missingTiles = .transparent
    t.frame = Rect(0, 0, 80, 60)
    let r = Layer()
    r.bounds = Rect(0, 0, 240, 170)
    r.anchorPoint = .zero
    r.backgroundColor = Color(1, 1, 1)
    try r.addSublayer(t)
    let px = Self.render(r)
    func at(_ x: Int, _ y: Int) -> [UInt8] { Array(px.pixels[(y * 240 + x) * 4..<(y * 240 + x) * 4 + 4]) }
    // The hole (32...47, 16...31) shows the white background; its neighbours the picture.
    #expect(at(40, 24) == [255, 255, 255, 255])
    let p = image[50, 24]
    #expect(at(50, 24) == [p.0, p.1, p.2, p.3])
    // Fading in over 2 s: at 0.5 s a quarter of the picture over white.
    t.missingTiles = .error
    t.tileSource = nil
    t.contents = image
    t.fadeDuration = 2
    let faded = Self.render(r, at: 0.5)
    let q = image[10, 10]
    let want = [q.0, q.1, q.2].map { UInt8((Double($0) * 0.25 + 255 * 0.75).rounded()) }
    let got = Array(faded.pixels[(10 * 240 + 10) * 4..<(10 * 240 + 10) * 4 + 3])
    #expect(zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(got) vs \(want)")
  }
}

/// An image's tiles with some missing.
struct ProbeSource: TileSource {
  var base: ImageTileSource
  var missing: Set<TileIndex> = []
  var identity: String { base.identity + " missing \(missing.sorted())" }
  var pixelWidth: Int { base.pixelWidth }
  var pixelHeight: Int { base.pixelHeight }
  var tileWidth: Int { base.tileWidth }
  var tileHeight: Int { base.tileHeight }
  var levelCount: Int { base.levelCount }
  func tile(_ index: TileIndex) throws(TileError) -> Image {
    if missing.contains(index) { throw TileError(.missing, tile: index, "\(index): missing") }
    return try base.tile(index)
  }
}
