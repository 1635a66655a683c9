import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// Plus-lighter draws add whole levels to the 8-bit target, each draw rounded as it lands
/// (README "Rendering semantics"): the result does not depend on how the sprites reach the
/// render list (an additive emitter's batch, or plus-lighter layers that each draw one
/// image).
@Suite struct AdditiveRunTests {
  /// A faint 4 × 4 image, brighter in the middle: overlapping copies do not saturate.
  static let faint = Image(width: 4, height: 4) { x, y in
    let v = UInt8((x == 1 || x == 2) && (y == 1 || y == 2) ? 9 : 4)
    return (v, v, v, v)
  }

  /// 400 particles born over one second somewhere in a 40 × 40 rectangle, still.
  static func emitter() -> EmitterLayer { stillAdditiveParticles(faint, count: 400, side: 40) }

  static func compile(_ layer: Layer, at t: Double) -> RenderList {
    RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(root(64, 64, [layer]).snapshot(at: t))
  }

  /// The S4 "layers" form of a batch: one plus-lighter layer per sprite, at the sprite's
  /// place (anchored at its corner, so that the layer's map is the sprite's translation
  /// exactly), showing the same image.
  static func layers(of batch: SpriteBatch) -> Layer {
    let host = Layer()
    host.frame = Rect(0, 0, 64, 64)
    for s in batch.sprites {
      let t = s.transform
      precondition(t.b == 0 && t.c == 0, "still particles are not turned")
      let l = Layer()
      l.anchorPoint = Point(x: 0, y: 0)
      l.bounds = Rect(0, 0, t.a, t.d)
      l.position = Point(x: t.tx, y: t.ty)
      l.contents = batch.image
      l.compositingFilter = .plusL
      try! host.addSublayer(l)
    }
    return host
  }

  /// The same sprites as an emitter and as layers give the same bytes: both are the same
  /// plus-lighter draws, in the same order.
  @Test(arguments: Backend.available)
  func layersFormEqualsEmitterForm(_ backend: Backend) throws {
    let emitted = Self.compile(Self.emitter(), at: 1.0)
    let batches = emitted.commands.compactMap { c -> SpriteBatch? in
      if case .sprites(let b) = c { return b } else { return nil }
    }
    try #require(batches.count == 1)
    #expect(batches[0].sprites.count == 400)
    let layered = Self.compile(Self.layers(of: batches[0]), at: 0)
    // The layers form is plain plus-lighter draws, no offscreen groups.
    #expect(layered.commands.count == 400)
    #expect(layered.commands.allSatisfy { if case .draw(let d) = $0 { d.blendMode == .plusLighter } else { false } })
    let a = try backend.render(emitted), b = try backend.render(layered)
    var differing: [(Int, Int)] = []
    for i in 0..<(64 * 64) where a.pixels[(i * 4)..<(i * 4 + 4)] != b.pixels[(i * 4)..<(i * 4 + 4)] {
      differing.append((i % 64, i / 64))
    }
    #expect(differing.isEmpty, "\(differing.count) pixels differ, the first at \(differing.first.map { "\($0)" } ?? "")")
    // Overlaps add up past what one sprite gives (9).
    #expect(a.pixels.max()! > 30)
  }

  /// Each plus-lighter draw adds whole levels, its colour rounded to the nearest level as an
  /// 8-bit target does (README "Rendering semantics"), on every path that adds (solid
  /// colours take the general pixel loop): 200 draws of 0.765 of a level make 200 (summing
  /// first would make 153), half a level rounds up, and 0.45 of a level adds nothing. A
  /// source-over draw between two runs replaces what the first run added.
  @Test(arguments: Backend.available)
  func eachDrawAddsWholeLevels(_ backend: Backend) throws {
    func faint(_ x: Double, _ level: Double) -> RenderCommand {
      let c = level / 255
      var d = Draw.make(
        label: "faint", part: "fill", map: PrimitiveSemanticsTests.affine, rect: Rect(x, 0, 8, 8), shape: .rect,
        paint: .solid(PremultipliedColor(red: c, green: c, blue: c, alpha: c)), opacity: 1, clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas,
        clipBounds: PrimitiveSemanticsTests.canvas)!
      d.blendMode = .plusLighter
      return .draw(d)
    }
    let black = Draw.make(
      label: "black", part: "fill", map: PrimitiveSemanticsTests.affine, rect: Rect(16, 0, 8, 8), shape: .rect,
      paint: .solid(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)), opacity: 1, clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas,
      clipBounds: PrimitiveSemanticsTests.canvas)!
    // x 0: 200 draws of 0.765. x 16: 150, a black square, 150 more on top of it.
    // x 32: 100 draws of exactly half a level. x 48: 100 draws of 0.45 of a level.
    let commands = Array(repeating: faint(0, 0.765), count: 200) + Array(repeating: faint(16, 0.765), count: 150) + [.draw(black)]
      + Array(repeating: faint(16, 0.765), count: 150) + Array(repeating: faint(32, 0.5), count: 100)
      + Array(repeating: faint(48, 0.45), count: 100)
    let out = try backend.render(PrimitiveSemanticsTests.list(commands))
    let pixel = { PrimitiveSemanticsTests.pixel(out, $0, 4) }
    #expect(pixel(4) == SIMD4(repeating: 200), "\(pixel(4))")
    #expect(pixel(20) == SIMD4(150, 150, 150, 255), "\(pixel(20))")
    #expect(pixel(36) == SIMD4(repeating: 100), "\(pixel(36)): half a level rounds up")
    #expect(pixel(52) == SIMD4(repeating: 0), "\(pixel(52)): under half a level adds nothing")
  }

  /// Past 255 a run saturates: 300 draws of (0.9, 0.45) of a level make (255, 0) (each adds
  /// (1, 0)), and (255, 127.5) on (200, 100) makes (255, 228).
  @Test(arguments: Backend.available)
  func runsSaturate(_ backend: Backend) throws {
    func draw(_ x: Double, _ c: Double) -> RenderCommand {
      var d = Draw.make(
        label: "add", part: "fill", map: PrimitiveSemanticsTests.affine, rect: Rect(x, 0, 8, 8), shape: .rect,
        paint: .solid(PremultipliedColor(red: c, green: c / 2, blue: 0, alpha: c)), opacity: 1, clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas,
        clipBounds: PrimitiveSemanticsTests.canvas)!
      d.blendMode = .plusLighter
      return .draw(d)
    }
    let out = try backend.render(PrimitiveSemanticsTests.list(
      Array(repeating: draw(0, 0.9 / 255), count: 300) + [draw(16, 200 / 255), draw(16, 1)]))
    #expect(PrimitiveSemanticsTests.pixel(out, 4, 4) == SIMD4(255, 0, 0, 255), "\(PrimitiveSemanticsTests.pixel(out, 4, 4))")
    #expect(PrimitiveSemanticsTests.pixel(out, 20, 4) == SIMD4(255, 228, 0, 255), "\(PrimitiveSemanticsTests.pixel(out, 20, 4))")
  }

  /// The level a draw adds changes at 0.5 + 1/256 of a level, on every level of the scale
  /// (the GPU's `additiveLevels`, in its exact form or as a bias where the blender rounds
  /// to nearest): 64 squares, square k adding (k + 0.494, k + 0.498, k + 0.2, k + 0.7) levels
  /// times three, which make (k, k + 1, k, k + 1) times three. Twice, as llvmpipe takes
  /// other paths from a program's second frame on.
  @Test(arguments: Backend.available)
  func levelsChangeJustPastHalf(_ backend: Backend) throws {
    var commands: [RenderCommand] = []
    for k in 0..<64 {
      let base = Double(3 * k), at = Rect(Double(k % 8) * 8, Double(k / 8) * 8, 8, 8)
      let c = PremultipliedColor(red: (base + 0.494) / 255, green: (base + 0.498) / 255, blue: (base + 0.2) / 255, alpha: (base + 0.7) / 255)
      var d = Draw.make(
        label: "edge", part: "fill", map: PrimitiveSemanticsTests.affine, rect: at, shape: .rect, paint: .solid(c), opacity: 1,
        clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas, clipBounds: PrimitiveSemanticsTests.canvas)!
      d.blendMode = .plusLighter
      commands.append(.draw(d))
    }
    let list = PrimitiveSemanticsTests.list(commands)
    for frame in 0..<2 {
      let out = try backend.render(list)
      let wrong = (0..<64).filter { k in
        let l = 3 * k
        return PrimitiveSemanticsTests.pixel(out, (k % 8) * 8 + 4, (k / 8) * 8 + 4) != SIMD4(l, l + 1, l, l + 1)
      }
      #expect(wrong.isEmpty, "frame \(frame): squares \(wrong) add other levels")
    }
  }

  /// The same edge for plus-lighter sprite layers, S4's form (a texel times the layer's
  /// opacity): 64 plain 8 × 8 images of texel t at whole-pixel positions, each at the
  /// opacity that makes t · opacity 0.494 (the top half) or 0.498 (the bottom half) of a
  /// level past a whole level m, which add m and m + 1.
  @Test(arguments: Backend.available)
  func spriteLevelsChangeJustPastHalf(_ backend: Backend) throws {
    var layers: [Layer] = [], expected: [Int] = []
    for k in 0..<64 {
      let t = 100 + 2 * k, m = (t * 3) / 5, past = k < 32 ? 0.494 : 0.498
      let l = Layer()
      l.bounds = Rect(0, 0, 8, 8)
      l.position = Point(Double(k % 8) * 8 + 4, Double(k / 8) * 8 + 4)
      l.contents = Image(width: 8, height: 8) { _, _ in (255, 255, 255, UInt8(t)) }
      l.opacity = (Double(m) + past) / Double(t)
      l.compositingFilter = .plusL
      layers.append(l)
      expected.append(k < 32 ? m : m + 1)
    }
    let list = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(root(64, 64, layers).snapshot())
    for frame in 0..<2 {
      let out = try backend.render(list)
      let wrong = (0..<64).filter { k in
        PrimitiveSemanticsTests.pixel(out, (k % 8) * 8 + 4, (k / 8) * 8 + 4) != SIMD4(repeating: expected[k])
      }
      #expect(wrong.isEmpty, "frame \(frame): sprites \(wrong) add other levels")
    }
  }
}
