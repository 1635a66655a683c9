import Foundation
import Strata
import StrataRender
import StrataTesting
import Testing

/// What a replicator layer draws, probed pixel by pixel on every backend against positions
/// and colours computed here from Core Animation's rules (not from the renderers' output).
@Suite struct ReplicatorSemanticsTests {
  /// A 100 × 100 canvas, clear, with `layers` in it, at time `t`.
  static func render(_ layers: [Layer], at t: Double = 0, on backend: Backend) throws -> PixelBuffer {
    let root = Layer(frame: Rect(0, 0, 100, 100))
    for l in layers { try root.addSublayer(l) }
    let list = RenderListCompiler(width: 100, height: 100).compile(root.snapshot(at: t))
    return try backend.render(list)
  }

  static func replicator(_ count: Int, _ transform: Transform3D, _ sublayers: [Layer], _ configure: (ReplicatorLayer) -> Void = { _ in }) -> ReplicatorLayer {
    let r = ReplicatorLayer(frame: Rect(0, 0, 100, 100))
    r.instanceCount = count
    r.instanceTransform = transform
    for s in sublayers { try! r.addSublayer(s) }
    configure(r)
    return r
  }

  static func square(_ frame: Rect, _ color: Color = Color(1, 1, 1)) -> Layer {
    let l = Layer(frame: frame)
    l.backgroundColor = color
    return l
  }

  static func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Int> {
    let i = (y * b.width + x) * 4
    return SIMD4(Int(b.pixels[i]), Int(b.pixels[i + 1]), Int(b.pixels[i + 2]), Int(b.pixels[i + 3]))
  }
  static func alpha(_ b: PixelBuffer, _ x: Int, _ y: Int) -> Int { pixel(b, x, y).w }

  /// Copy k is the sublayer moved by k × 20: 3 copies at x = 0, 20, 40, none beyond; 1 is
  /// the sublayer alone; 0 draws no sublayer, but the replicator's own background (drawn
  /// once, never copied).
  @Test(arguments: Backend.available)
  func instanceCountCountsTheOriginal(_ backend: Backend) throws {
    func draw(_ n: Int) throws -> PixelBuffer {
      try Self.render([Self.replicator(n, .translation(20, 0), [Self.square(Rect(0, 0, 10, 10))])], on: backend)
    }
    let three = try draw(3), one = try draw(1), none = try draw(0)
    #expect([5, 25, 45].allSatisfy { Self.alpha(three, $0, 5) == 255 })
    #expect([15, 35, 65, 85].allSatisfy { Self.alpha(three, $0, 5) == 0 })
    #expect(Self.alpha(one, 5, 5) == 255 && Self.alpha(one, 25, 5) == 0)
    #expect(Self.alpha(none, 5, 5) == 0)
    let background = try Self.render(
      [Self.replicator(0, .translation(20, 0), [Self.square(Rect(0, 0, 10, 10))]) { $0.backgroundColor = Color(0, 0, 1) }], on: backend)
    #expect(Self.pixel(background, 5, 5) == SIMD4(0, 0, 255, 255))
    let once = try Self.render(
      [Self.replicator(3, .translation(0, 30), []) { r in r.frame = Rect(0, 0, 10, 10); r.backgroundColor = Color(0, 0, 1) }], on: backend)
    #expect(Self.alpha(once, 5, 5) == 255 && Self.alpha(once, 5, 35) == 0)
  }

  /// A quarter turn, four times, about the centre of the bounds (50, 50), not the anchor
  /// point (here the top-left corner): the square centred on (50, 20) goes to (80, 50),
  /// (50, 80) and (20, 50), clockwise on screen.
  @Test(arguments: Backend.available)
  func theTransformTurnsAboutTheCentreOfTheBounds(_ backend: Backend) throws {
    let r = Self.replicator(4, .rotation(.pi / 2, 0, 0, 1), [Self.square(Rect(45, 15, 10, 10))]) { r in
      r.anchorPoint = Point(x: 0, y: 0)
      r.position = Point(x: 0, y: 0)
    }
    let out = try Self.render([r], on: backend)
    for (x, y) in [(50, 20), (80, 50), (50, 80), (20, 50)] {
      #expect(Self.alpha(out, x, y) == 255, "a copy centred on (\(x), \(y))")
    }
    #expect(Self.alpha(out, 50, 50) == 0 && Self.alpha(out, 80, 20) == 0)
    // In the sublayer space: a sublayerTransform (here a shift of 5) applies outside the copies' moves.
    let shifted = Self.replicator(2, .rotation(.pi / 2, 0, 0, 1), [Self.square(Rect(45, 15, 10, 10))]) { r in
      r.sublayerTransform = .translation(0, 5)
    }
    let s = try Self.render([shifted], on: backend)
    #expect(Self.alpha(s, 50, 17) == 0 && Self.alpha(s, 50, 28) == 255)
    // Copy 1 turned first, then shifted: 75…85 × 50…60 (shifted first, then turned, it
    // would cover 70…80 × 45…55).
    #expect(Self.alpha(s, 82, 58) == 255 && Self.alpha(s, 72, 47) == 0)
  }

  /// Copy k's colour is clamp(instanceColor + k·offset, 0, 1) per straight component, and
  /// multiplies the white sublayer: red falls 1, 0.6, 0.2, 0 (not below), green rises 0.5,
  /// 0.8, 1 (not above), alpha falls by a quarter a copy, the fifth copy invisible.
  @Test(arguments: Backend.available)
  func colourOffsetsAreClamped(_ backend: Backend) throws {
    let r = Self.replicator(5, .translation(20, 0), [Self.square(Rect(0, 0, 10, 10))]) { r in
      r.instanceColor = Color(1, 0.5, 1, 1)
      r.instanceRedOffset = -0.4
      r.instanceGreenOffset = 0.3
      r.instanceBlueOffset = 0
      r.instanceAlphaOffset = -0.25
    }
    let out = try Self.render([r], on: backend)
    for k in 0..<5 {
      let c = (red: max(0, 1 - 0.4 * Double(k)), green: min(1, 0.5 + 0.3 * Double(k)), alpha: 1 - 0.25 * Double(k))
      let want = SIMD4(Int((c.red * c.alpha * 255).rounded()), Int((c.green * c.alpha * 255).rounded()), Int((c.alpha * 255).rounded()), Int((c.alpha * 255).rounded()))
      let got = Self.pixel(out, 20 * k + 5, 5)
      let d = got &- want
      #expect([d.x, d.y, d.z, d.w].allSatisfy { abs($0) <= 1 }, "copy \(k): \(got), want \(want)")
    }
  }

  /// Copy k at time t is the sublayer as it is at t − k·delay: each row of copies is
  /// compared with the sublayer alone rendered at that earlier time, including a time before
  /// the animation starts (the model value shows).
  @Test(arguments: Backend.available)
  func instanceDelayShowsEachCopyEarlier(_ backend: Backend) throws {
    func moving() -> Layer {
      let l = Self.square(Rect(10, 0, 10, 10))
      l.add(BasicAnimation(keyPath: "position.x", from: 15, to: 85, duration: 1))
      return l
    }
    let t = 0.6, delay = 0.25
    let out = try Self.render([Self.replicator(4, .translation(0, 25), [moving()]) { $0.instanceDelay = delay }], at: t, on: backend)
    var moved = Set<Int>()
    for k in 0..<4 {
      let alone = try Self.render([moving()], at: t - Double(k) * delay, on: backend)
      var row: [SIMD4<Int>] = [], want: [SIMD4<Int>] = []
      for x in 0..<100 {
        row.append(Self.pixel(out, x, 25 * k + 5))
        want.append(Self.pixel(alone, x, 5))
      }
      #expect(row.elementsEqual(want), "copy \(k): first difference at x = \(String(describing: (0..<100).first { row[$0] != want[$0] }))")
      moved.insert(row.firstIndex { $0.w > 0 } ?? -1)
    }
    // Four different places (t − 3·delay < 0 shows the model position, x = 10).
    #expect(moved.count == 4 && moved.contains(10))
  }

  /// Two nested replicators make a grid: 3 copies across inside, 2 rows outside.
  @Test(arguments: Backend.available)
  func nestedReplicatorsMultiply(_ backend: Backend) throws {
    let inner = Self.replicator(3, .translation(30, 0), [Self.square(Rect(0, 0, 10, 10))])
    let outer = Self.replicator(2, .translation(0, 40), [inner])
    let out = try Self.render([outer], on: backend)
    for (x, y) in [(5, 5), (35, 5), (65, 5), (5, 45), (35, 45), (65, 45)] {
      #expect(Self.alpha(out, x, y) == 255, "a copy at (\(x), \(y))")
    }
    for (x, y) in [(95, 5), (5, 85), (20, 5), (5, 25)] {
      #expect(Self.alpha(out, x, y) == 0, "nothing at (\(x), \(y))")
    }
  }
}
