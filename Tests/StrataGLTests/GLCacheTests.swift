import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataPath
import StrataRender
import Testing

/// Whether there is a context, or the tests must run and fail without one (on CI).
/// The GPU renderer's caches: they recognise `contents` by an identity no later image can
/// have, and hand the targets they evict back to the pool only when no pass still reads them.
///
/// Skipped when there is no EGL context, except on CI (`CI=true`), where the GPU tests
/// must run.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLCacheTests {
  /// A renderer with no texture budget: textures of earlier frames go at the next upload,
  /// so the store lets go of a freed image (see `evictTextures`).
  func renderer() throws -> GLRenderer {
    var options = GLRenderer.Options()
    options.textureBudgetBytes = 0
    return try GLRenderer(options: options)
  }

  func render(_ gl: GLRenderer, _ root: Layer, _ size: Int, background: Color) throws -> PixelBuffer {
    try gl.render(RenderListCompiler(width: size, height: size, background: background).compile(root.snapshot()))
  }

  /// Draws a frame with another image, so the texture of the last one is released (and,
  /// before images had an `id`, the image the store kept alive with it). Runs before the
  /// image is dropped: the frame's own allocations would otherwise take its address.
  func evictTextures(_ gl: GLRenderer) throws {
    let other = root(8, 8, [layer(Rect(0, 0, 8, 8)) { $0.contents = CacheIdentityScenes.uniform(7) }])
    _ = try render(gl, other, 8, background: .black)
  }

  @Test func rasterizedContentsAtAFreedImagesAddressAreDrawnAnew() throws {
    let gl = try renderer()
    let (root, l) = CacheIdentityScenes.rasterized()
    let b = try #require(
      try CacheIdentityScenes.imageAtAFreedAddress(
        first: { CacheIdentityScenes.uniform(255) },
        round: { a in
          l.contents = a
          let frame = try render(gl, root, 60, background: .black)
          #expect(frame[30, 30].0 == 255)
          try evictTextures(gl)
          l.contents = nil
        },
        second: { CacheIdentityScenes.uniform(100) }),
      "the allocator did not reuse the freed image's address; the test cannot provoke the bug")
    l.contents = b
    #expect(try render(gl, root, 60, background: .black)[30, 30].0 == 100)
  }

  @Test func shadowOfContentsAtAFreedImagesAddressIsMadeAnew() throws {
    let gl = try renderer()
    let (root, l) = CacheIdentityScenes.shadowed()
    let b = try #require(
      try CacheIdentityScenes.imageAtAFreedAddress(
        first: { CacheIdentityScenes.uniform(255) },
        round: { a in
          l.contents = a
          let frame = try render(gl, root, 100, background: .white)
          #expect(frame[65, 65].0 <= 2)
          try evictTextures(gl)
          l.contents = nil
        },
        second: { CacheIdentityScenes.uniform(100, alpha: 100) }),
      "the allocator did not reuse the freed image's address; the test cannot provoke the bug")
    l.contents = b
    // Alpha 100 casts a shadow of alpha 100/255: 255 · (1 − 100/255) = 155.
    let shadow = try render(gl, root, 100, background: .white)[65, 65].0
    #expect(abs(Int(shadow) - 155) <= 2, "shadow pixel \(shadow)")
  }

  /// More rasterized, shadowed layers than the caches keep (32 each): the first frame
  /// evicts while later groups take targets from the pool, and the next frame draws 32 groups
  /// from kept targets. A target released while a pass still reads it, or while a cache
  /// still keeps it, would be cleared and redrawn by another group.
  @Test func keptAndEvictedTargetsStayIntact() throws {
    let gl = try GLRenderer()
    let cells = (0..<40).map { (i: Int) -> Layer in
      let frame = Rect(Double(4 + 20 * (i % 8)), Double(4 + 20 * (i / 8)), 14, 14)
      return layer(frame, Color(Double(i) / 40, 0.4, 0.8)) { l in
        l.shouldRasterize = true
        l.contents = i % 3 == 0 ? TestImages.picture : TestImages.nineSlice  // group shadows
        l.shadowOpacity = 0.6; l.shadowRadius = 2; l.shadowOffset = Size(1, 2)
      }
    }
    let r = root(164, 104, cells)
    func check(_ what: String) throws {
      let list = RenderListCompiler(width: 164, height: 104, background: .white).compile(r.snapshot())
      let d = Difference(try gl.render(list), try CPURenderer().render(list))
      #expect(d.largest <= 3, "\(what): \(d)")
    }
    try check("all 40, 8 evicted from each cache")
    #expect(gl.rasterizationHits == 0 && gl.shadowHits == 0)
    for c in cells[..<8] { c.isHidden = true }
    try check("the 32 kept")
    #expect(gl.rasterizationHits == 32 && gl.shadowHits == 32)
  }
}

/// A shape layer that only moves by whole pixels keeps its masks: they are not rasterised
/// again (same `contentID`) nor uploaded again (the renderer's mask uploads stay put).
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLShapeMaskCacheTests {
  @Test func aMovedShapeIsNotUploadedAgain() throws {
    let gl = try GLRenderer()
    let root = Layer(frame: Rect(0, 0, 120, 120))
    let s = ShapeLayer(frame: Rect(10, 10, 50, 30))
    s.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 50, height: 30))
    s.strokeColor = .white
    try root.addSublayer(s)
    func frame() throws -> PixelBuffer { try gl.render(RenderListCompiler(width: 120, height: 120).compile(root.snapshot())) }
    let first = try frame()
    #expect(gl.maskUploads == 2)
    s.position = Point(s.position.x + 30, s.position.y + 40)
    let moved = try frame()
    #expect(gl.maskUploads == 2)
    // Drawn at the new place: the fill's centre moved from (35, 25) to (65, 65).
    #expect(first[35, 25].3 == 255 && moved[35, 25].3 == 0 && moved[65, 65].3 == 255)
    s.position = Point(s.position.x + 0.5, s.position.y)
    _ = try frame()
    #expect(gl.maskUploads == 4)
  }
}
