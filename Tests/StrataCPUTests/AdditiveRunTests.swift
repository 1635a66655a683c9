import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// Runs of plus-lighter draws are summed at full precision and rounded once when they meet
/// the 8-bit target (README "Rendering semantics"): the sum does not depend on how the
/// sprites reach the render list (an additive emitter's batch, or plus-lighter layers that
/// each draw one image), nor on how many there are.
@Suite struct AdditiveRunTests {
  /// A faint 4 × 4 image, brighter in the middle: overlapping copies do not saturate.
  static let faint = Image(width: 4, height: 4) { x, y in
    let v = UInt8((x == 1 || x == 2) && (y == 1 || y == 2) ? 9 : 4)
    return (v, v, v, v)
  }

  /// 400 particles born over one second somewhere in a 40 × 40 rectangle, still.
  static func emitter() -> EmitterLayer {
    let e = EmitterLayer()
    e.frame = Rect(0, 0, 64, 64)
    e.emitterPosition = Point(x: 32, y: 32)
    e.emitterSize = Size(width: 40, height: 40)
    e.emitterShape = .rectangle
    e.emitterMode = .surface
    e.renderMode = .additive
    var c = EmitterCell()
    c.contents = faint
    c.birthRate = 400
    c.lifetime = 10
    e.emitterCells = [c]
    return e
  }

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

  /// The same sprites as an emitter and as layers give the same bytes: both are one run of
  /// plus-lighter draws, summed and rounded once.
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
    // Overlaps add up past what one sprite gives (9): the sum was not lost to rounding.
    #expect(a.pixels.max()! > 30)
  }

  /// 300 solid draws of alpha 0.003 (0.765 of a level each) on one pixel sum to 230 once
  /// rounded, on every path that adds (solid colours take the general pixel loop); a
  /// source-over draw between two runs ends the first run.
  @Test(arguments: Backend.available)
  func solidRunSumsPrecisely(_ backend: Backend) throws {
    func faint(_ x: Double) -> RenderCommand {
      var d = Draw.make(
        label: "faint", part: "fill", map: PrimitiveSemanticsTests.affine, rect: Rect(x, 0, 8, 8), shape: .rect,
        paint: .solid(PremultipliedColor(red: 0.003, green: 0.003, blue: 0.003, alpha: 0.003)), opacity: 1, clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas,
        clipBounds: PrimitiveSemanticsTests.canvas)!
      d.blendMode = .plusLighter
      return .draw(d)
    }
    let black = Draw.make(
      label: "black", part: "fill", map: PrimitiveSemanticsTests.affine, rect: Rect(16, 0, 8, 8), shape: .rect,
      paint: .solid(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)), opacity: 1, clip: nil, edges: [], canvas: PrimitiveSemanticsTests.canvas,
      clipBounds: PrimitiveSemanticsTests.canvas)!
    // Left: 300 faint draws. Right: 150, a black square, 150 more on top of it.
    let commands = Array(repeating: faint(0), count: 300) + Array(repeating: faint(16), count: 150) + [.draw(black)]
      + Array(repeating: faint(16), count: 150)
    let out = try backend.render(PrimitiveSemanticsTests.list(commands))
    let left = PrimitiveSemanticsTests.pixel(out, 4, 4), right = PrimitiveSemanticsTests.pixel(out, 20, 4)
    #expect(PrimitiveSemanticsTests.near(left, SIMD4(repeating: 230), 1), "\(left), the exact sum gives 229.5")
    // 150 × 0.765 = 114.75 over opaque black: (115, 115, 115, 255).
    #expect(PrimitiveSemanticsTests.near(right, SIMD4(115, 115, 115, 255), 1), "\(right)")
  }
}
