import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// What `EmitterLayer` draws, probed on every backend against the particle formulas of
/// ca-layer-kinds.md §5 worked out here by hand (births at k / rate, position
/// p₀ + v·d·a + ½·g·a²), never against the renderers' own output.
@Suite struct EmitterSemanticsTests {
  /// An opaque white 4 × 4 image: a particle is a 4 × 4 point square tinted by its colour.
  static let square = Image(width: 4, height: 4) { _, _ in (255, 255, 255, 255) }

  /// A 64 × 64 emitter at (32, 32) with one cell born once a second (the first at t = 1).
  static func emitter(_ cells: [EmitterCell], renderMode: EmitterRenderMode = .unordered) -> EmitterLayer {
    let e = EmitterLayer()
    e.frame = Rect(0, 0, 64, 64)
    e.emitterPosition = Point(x: 32, y: 32)
    e.emitterCells = cells
    e.renderMode = renderMode
    return e
  }

  static func cell(_ configure: (inout EmitterCell) -> Void) -> EmitterCell {
    var c = EmitterCell()
    c.contents = square
    c.birthRate = 1
    c.lifetime = 10
    configure(&c)
    return c
  }

  static func render(_ layer: Layer, at t: Double, on backend: Backend) throws -> PixelBuffer {
    let tree = root(64, 64, [layer])
    let list = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(tree.snapshot(at: t))
    return try backend.render(list)
  }

  static func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Int> { PrimitiveSemanticsTests.pixel(b, x, y) }

  /// Longitude 0 emits towards +x, π/2 towards +y (down), −π/2 up: the one particle born
  /// at t = 1 has moved 20 · 0.5 = 10 points by t = 1.5.
  @Test(arguments: Backend.available)
  func directionOfLongitude(_ backend: Backend) throws {
    for (lon, x, y) in [(0.0, 42, 32), (Double.pi / 2, 32, 42), (-Double.pi / 2, 32, 22), (Double.pi, 22, 32)] {
      let out = try Self.render(Self.emitter([Self.cell { $0.velocity = 20; $0.emissionLongitude = lon }]), at: 1.5, on: backend)
      #expect(Self.pixel(out, x, y) == SIMD4(255, 255, 255, 255), "longitude \(lon): the particle should be at (\(x), \(y))")
      #expect(Self.pixel(out, 32, 32).w == 0, "longitude \(lon): nothing is left at the emitter")
      let lit = (0..<64).flatMap { yy in (0..<64).map { xx in (xx, yy) } }.filter { Self.pixel(out, $0.0, $0.1).w > 0 }
      #expect(lit.allSatisfy { abs($0.0 - x) <= 2 && abs($0.1 - y) <= 2 }, "longitude \(lon): one 4 × 4 particle only")
    }
  }

  /// A positive yAcceleration falls down the screen: ½ · 40 · 0.5² = 5 points at age 0.5.
  @Test(arguments: Backend.available)
  func gravityFallsDown(_ backend: Backend) throws {
    let out = try Self.render(Self.emitter([Self.cell { $0.yAcceleration = 40 }]), at: 1.5, on: backend)
    #expect(Self.pixel(out, 32, 37) == SIMD4(255, 255, 255, 255))
    #expect(Self.pixel(out, 32, 32).w == 0)
    #expect(Self.pixel(out, 32, 27).w == 0)
  }

  /// Nothing lies beyond velocity × lifetime (plus the particle's half size) from the
  /// emitter, whatever the direction; and the particles do reach most of that disk.
  @Test(arguments: Backend.available)
  func nothingBeyondVelocityTimesLifetime(_ backend: Backend) throws {
    let c = Self.cell { $0.birthRate = 200; $0.lifetime = 1; $0.velocity = 20; $0.emissionRange = 2 * .pi }
    let out = try Self.render(Self.emitter([c]), at: 3, on: backend)
    var far = 0.0, lit = 0
    for y in 0..<64 {
      for x in 0..<64 where Self.pixel(out, x, y).w > 0 {
        lit += 1
        far = max(far, hypot(Double(x) + 0.5 - 32, Double(y) + 0.5 - 32))
      }
    }
    #expect(lit > 100)
    #expect(far <= 20 + 2 * 2.0.squareRoot() + 1, "a pixel \(far) points from the emitter")
    #expect(far > 15)
  }

  /// Where particles overlap, oldestFirst puts the newest on top and oldestLast the
  /// oldest; unordered draws cell by cell. Cell 0 (blue) is born at t = 2, cell 1 (red)
  /// at t = 1/0.7 ≈ 1.43 (and next at 2.86), both staying at the emitter.
  @Test(arguments: Backend.available)
  func renderModeOrder(_ backend: Backend) throws {
    let blue = Self.cell { $0.birthRate = 0.5; $0.color = Color(0, 0, 1) }
    let red = Self.cell { $0.birthRate = 0.7; $0.color = Color(1, 0, 0) }
    for (mode, want) in [(EmitterRenderMode.oldestFirst, SIMD4(0, 0, 255, 255)), (.oldestLast, SIMD4(255, 0, 0, 255)), (.unordered, SIMD4(255, 0, 0, 255))] {
      let out = try Self.render(Self.emitter([blue, red], renderMode: mode), at: 2.5, on: backend)
      #expect(Self.pixel(out, 32, 32) == want, "\(mode)")
    }
  }

  /// Additive particles add up: two of (0.4, 0.2, 0.1) give (0.8, 0.4, 0.2); source-over
  /// shows one.
  @Test(arguments: Backend.available)
  func additiveBrightens(_ backend: Backend) throws {
    let a = Self.cell { $0.color = Color(0.4, 0.2, 0.1) }
    let add = try Self.render(Self.emitter([a, a], renderMode: .additive), at: 1.5, on: backend)
    #expect(PrimitiveSemanticsTests.near(Self.pixel(add, 32, 32), SIMD4(204, 102, 51, 255), 1), "\(Self.pixel(add, 32, 32))")
    let over = try Self.render(Self.emitter([a, a]), at: 1.5, on: backend)
    #expect(PrimitiveSemanticsTests.near(Self.pixel(over, 32, 32), SIMD4(102, 51, 26, 255), 1), "\(Self.pixel(over, 32, 32))")
  }

  /// Hundreds of faint additive particles on one spot: each adds its colour rounded to a
  /// whole level, as an 8-bit target does (200 × 0.765 of a level → 200; rounding the sum
  /// once would give 153), and particles under half a level add nothing.
  @Test(arguments: Backend.available)
  func manyAdditiveParticlesAddWholeLevels(_ backend: Backend) throws {
    let faint = Self.cell { $0.birthRate = 200; $0.color = Color(1, 1, 1, 0.003) }
    let out = try Self.render(Self.emitter([faint], renderMode: .additive), at: 1.0, on: backend)
    #expect(Self.pixel(out, 32, 32) == SIMD4(repeating: 200), "\(Self.pixel(out, 32, 32))")
    let fainter = Self.cell { $0.birthRate = 200; $0.color = Color(1, 1, 1, 0.0017) }
    let none = try Self.render(Self.emitter([fainter], renderMode: .additive), at: 1.0, on: backend)
    #expect(Self.pixel(none, 32, 32) == SIMD4(repeating: 0), "\(Self.pixel(none, 32, 32))")
  }

  /// Another seed, another picture; the same seed, the same bytes.
  @Test(arguments: Backend.available)
  func seedChangesAndReproduces(_ backend: Backend) throws {
    func make(_ seed: UInt32) -> EmitterLayer {
      let e = Self.emitter([Self.cell { $0.birthRate = 30; $0.velocity = 15; $0.velocityRange = 5; $0.emissionRange = 2 * .pi }])
      e.seed = seed
      return e
    }
    let a = try Self.render(make(7), at: 2, on: backend), b = try Self.render(make(7), at: 2, on: backend)
    let c = try Self.render(make(8), at: 2, on: backend)
    #expect(a.pixels == b.pixels)
    #expect(a.pixels != c.pixels)
  }

  /// Frame t drawn alone is frame t drawn after others, with an animated birth rate too.
  @Test(arguments: Backend.available)
  func frameAloneEqualsFrameAfterOthers(_ backend: Backend) throws {
    var c = Self.cell { $0.birthRate = 20; $0.velocity = 15; $0.emissionRange = 2 * .pi; $0.spin = 2; $0.scaleSpeed = 0.3 }
    c.name = "dot"
    let e = Self.emitter([c])
    let a = BasicAnimation(keyPath: AnimatableKeyPath(String("emitterCells.dot.birthRate"))!)
    a.fromValue = 0.0; a.toValue = 40.0; a.duration = 3
    e.add(a, forKey: "rate")
    let tree = root(64, 64, [e])
    func frame(_ t: Double) throws -> [UInt8] {
      let list = RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(tree.snapshot(at: t))
      return try backend.render(list).pixels
    }
    let alone = try frame(2.5)
    for t in stride(from: 0.0, through: 2.4, by: 0.3) { _ = try frame(t) }
    #expect(try frame(2.5) == alone)
  }

  /// A runaway emitter (a billion births a second) is refused with a clear error, before
  /// any memory is taken, on every backend.
  @Test(arguments: Backend.available)
  func runawayEmitterIsRefused(_ backend: Backend) throws {
    let e = Self.emitter([Self.cell { $0.birthRate = 1e9 }])
    e.name = "runaway"
    #expect {
      _ = try Self.render(e, at: 5, on: backend)
    } throws: { error in
      "\(error)".contains("maximumLiveParticles") && "\(error)".contains("runaway")
    }
  }
}

