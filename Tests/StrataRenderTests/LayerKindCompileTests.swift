import Strata
import StrataRender
import Testing

/// A kind used only here: its compile step draws one of each primitive through the
/// context, so the text form shows where and how they land.
final class StampLayer: Layer {
  var above = false
  var seed = 0
  var onlySprites = false
  override class var typeName: String { "test-stamp" }
  override class var copiedPropertyNames: Set<String> { ["above", "seed", "onlySprites"] }
  override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? StampLayer else { return }
    (above, seed, onlySprites) = (l.above, l.seed, l.onlySprites)
  }
  override func kindSnapshot() -> (any LayerKindSnapshot)? { Stamp(above: above, seed: seed, onlySprites: onlySprites) }
}

struct Stamp: LayerKindCompiling {
  var above: Bool
  var seed: Int
  var onlySprites: Bool
  static let image = Image(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 16))

  var placement: LayerKindPlacement { above ? .aboveBorder : .belowSublayers }

  func compile(into c: inout LayerKindContext) {
    let white = Color.white.premultiplied
    if !onlySprites {
      c.fillLayerShape(
        with: .gradient(GradientPaint(kind: .radial, start: Point(0.5, 0.5), end: Point(1, 1),
                                      stops: [GradientStop(0, Color(1, 0, 0)), GradientStop(1, Color(0, 0, 1))], unitRect: c.bounds)),
        part: "gradient")
      c.fill(ConvexPolygon([Point(0, 0), Point(10, 0), Point(10, 10), Point(5, 15), Point(0, 10)])!, paint: .solid(white), part: "polygon")
      c.fill(DeviceMask(originX: 30, originY: 12, width: 2, height: 1, bytes: [255, 128]), color: white, part: "mask")
    }
    c.drawSprites(
      [Sprite(transform: AffineTransform(a: 4, b: 0, c: 0, d: 4, tx: 1, ty: 2), texels: Rect(0, 0, 2, 2), color: white)],
      image: Self.image, blendMode: .plusLighter)
  }
}

@Suite struct LayerKindCompileTests {
  func compile(_ build: (Layer) throws -> Void) rethrows -> RenderList {
    let root = Layer()
    root.bounds = Rect(0, 0, 100, 50)
    root.anchorPoint = .zero
    try build(root)
    return RenderListCompiler(width: 100, height: 50, background: Color(0, 0, 0, 1)).compile(root.snapshot())
  }

  /// The kind's draws come in the layer's plane, after its background and before its
  /// sublayers and border; the mask at its device offset; the sprites as one batch.
  @Test func aKindsDrawsLandBetweenContentsAndSublayers() throws {
    let text = try compile { root in
      let s = StampLayer(frame: Rect(20, 10, 40, 20))
      s.backgroundColor = Color(0, 0, 0, 1)
      s.borderWidth = 1
      s.borderColor = .white
      let child = Layer(frame: Rect(0, 0, 4, 4))
      child.name = "child"
      child.backgroundColor = Color(0, 1, 0, 1)
      try s.addSublayer(child)
      try root.addSublayer(s)
    }.textDescription
    #expect(text == """
      canvas 100x50 background #000000FF
      draw test-stamp background rect (0 0 40 20) solid #000000FF map [1 0 20 0 1 10] pixels [20 10 60 30]
      draw test-stamp gradient rect (0 0 40 20) gradient radial 0.5 0.5 to 1 1 in (0 0 40 20) stops 0 #FF0000FF, 1 #0000FFFF map [1 0 20 0 1 10] pixels [20 10 60 30]
      draw test-stamp polygon rect (0 0 10 15) polygon [0 0, 10 0, 10 10, 5 15, 0 10] solid #FFFFFFFF map [1 0 20 0 1 10] pixels [20 10 30 25]
      draw test-stamp mask rect (0 0 2 1) mask 2x1 at 30 12 sum 383 solid #FFFFFFFF map [1 0 30 0 1 12] pixels [30 12 32 13]
      sprites test-stamp 1 of image 2x2 filter linear/linear blend plusLighter map [1 0 20 0 1 10] pixels [20 11 26 17]
        sprite [4 0 0 4 1 2] texels (0 0 2 2) color #FFFFFFFF
      draw "child" background rect (0 0 4 4) solid #00FF00FF map [1 0 20 0 1 10] pixels [20 10 24 14]
      draw test-stamp border rect (0 0 40 20) ring inner (1 1 38 18) solid #FFFFFFFF map [1 0 20 0 1 10] pixels [20 10 60 30]

      """)
  }

  /// `.aboveBorder` puts the kind's draws last; `masksToBounds` clips them like contents.
  @Test func placementAndClip() throws {
    let list = try compile { root in
      let s = StampLayer(frame: Rect(20, 10, 40, 20))
      s.above = true
      s.masksToBounds = true
      s.borderWidth = 1
      try root.addSublayer(s)
    }
    let parts = list.commands.map { c -> String in
      switch c {
      case .draw(let d): return d.part + (d.clip.map { " #\($0)" } ?? "")
      case .sprites(let b): return "sprites" + (b.clip.map { " #\($0)" } ?? "")
      default: return "other"
      }
    }
    #expect(parts == ["border", "gradient #0", "polygon #0", "mask #0", "sprites #0"])
  }

  /// A layer's opacity reaches sprites as it reaches draws; with several sprites (which
  /// overlap as a rule) it becomes a group.
  @Test func opacityReachesSprites() throws {
    let list = try compile { root in
      let s = StampLayer(frame: Rect(20, 10, 40, 20))
      s.onlySprites = true
      s.opacity = 0.5
      try root.addSublayer(s)
    }
    guard case .sprites(let b) = list.commands.first else { Issue.record("no sprites"); return }
    #expect(b.opacity == 0.5 && list.commands.count == 1)
  }

  /// The kind's content is part of a rasterized layer's identity: a change redraws it.
  @Test func kindContentChangesTheRasterizationKey() throws {
    func key(_ seed: Int) throws -> Int? {
      let list = try compile { root in
        let s = StampLayer(frame: Rect(20, 10, 40, 20))
        s.seed = seed
        s.shouldRasterize = true
        try root.addSublayer(s)
      }
      guard case .beginGroup(let g) = list.commands.first else { return nil }
      return g.rasterizationKey
    }
    let a = try #require(try key(1))
    #expect(try key(1) == a)
    #expect(try key(2) != a)
  }

  /// A layer whose kind draws is not a plain rounded rectangle: its shadow comes from its
  /// composited alpha (a group), not from the analytic shape.
  @Test func aKindsShadowIsTheGeneralOne() throws {
    let list = try compile { root in
      let s = StampLayer(frame: Rect(20, 10, 40, 20))
      s.backgroundColor = .white
      s.shadowOpacity = 1
      try root.addSublayer(s)
    }
    guard case .beginGroup(let g) = list.commands.first else { Issue.record("no group"); return }
    #expect(g.reasons == ["shadow"] && g.shadow != nil)
  }
}

@Suite struct PrimitiveGeometryTests {
  @Test func convexPolygonsAreCheckedAndOriented() throws {
    #expect(ConvexPolygon([Point(0, 0), Point(1, 0)]) == nil)
    #expect(ConvexPolygon([Point(0, 0), Point(4, 0), Point(1, 1), Point(0, 4)]) == nil)  // concave
    #expect(ConvexPolygon([Point(0, 0), Point(1, 1), Point(2, 2)]) == nil)  // no area
    // Either winding gives inward normals: the centre is inside every edge.
    for pts in [[Point(0, 0), Point(4, 0), Point(4, 2), Point(0, 2)], [Point(0, 0), Point(0, 2), Point(4, 2), Point(4, 0)]] {
      let p = try #require(ConvexPolygon(pts))
      #expect(p.edges.allSatisfy { e in e.x * 2 + e.y * 1 + e.z == 1 || e.x * 2 + e.y * 1 + e.z == 2 })
    }
  }

  /// Two polygons sharing an edge, walked in opposite directions, get exactly opposite
  /// lines, so the tie rule gives a centre on the edge to exactly one of them.
  @Test func sharedEdgesAreExactlyOpposite() throws {
    let a = try #require(ConvexPolygon([Point(0.3, 0.1), Point(7.7, 3.9), Point(0.2, 5)]))
    let b = try #require(ConvexPolygon([Point(7.7, 3.9), Point(0.3, 0.1), Point(9, 0)]))
    #expect(a.edges[0] == -b.edges[0])
    let j = Coverage.Jacobian(dudx: 1, dudy: 0, dvdx: 0, dvdy: 1)
    let ea = a.floatEdges[0], eb = b.floatEdges[0]
    // A point exactly on the line (in single precision) and points around it.
    for t: Float in stride(from: 0, through: 1, by: 0.125) {
      let u = 0.3 + 7.4 * t, v = 0.1 + 3.8 * t
      let ca = Coverage.halfPlane(u: u, v: v, edge: ea, jacobian: j), cb = Coverage.halfPlane(u: u, v: v, edge: eb, jacobian: j)
      #expect(ca + cb == 1, "\(u) \(v)")
    }
  }

  @Test func gradientParameters() {
    let s = SIMD2<Float>(0, 0), e = SIMD2<Float>(1, 1)
    #expect(GradientMath.parameter(kind: 0, x: 1, y: 0, start: s, end: e) == 0.5)
    #expect(GradientMath.parameter(kind: 0, x: 2, y: 2, start: s, end: e) == 2)
    #expect(GradientMath.parameter(kind: 0, x: 1, y: 0, start: s, end: s) == GradientMath.beyond)
    // Radial: radii 0.5 and 0.25 about (0.5, 0.5).
    let c = SIMD2<Float>(0.5, 0.5)
    #expect(GradientMath.parameter(kind: 1, x: 1, y: 0.5, start: c, end: SIMD2(1, 0.75)) == 1)
    #expect(GradientMath.parameter(kind: 1, x: 0.5, y: 0.625, start: c, end: SIMD2(1, 0.75)) == 0.5)
    // Conic: a quarter turn from +x towards +y (clockwise on screen, y down).
    #expect(abs(GradientMath.parameter(kind: 2, x: 0.5, y: 1, start: c, end: SIMD2(1, 0.5)) - 0.25) < 1e-6)
    #expect(abs(GradientMath.parameter(kind: 2, x: 0.5, y: 0, start: c, end: SIMD2(1, 0.5)) - 0.75) < 1e-6)
  }

  /// Straight interpolation, then premultiplication; padding; the later colour at a hard stop.
  @Test func gradientColours() {
    func colour(_ t: Float, _ l: [Float], _ c: [SIMD4<Float>]) -> SIMD4<Float> {
      GradientMath.color(at: t, locations: l.span, colors: c.span)
    }
    let white = SIMD4<Float>(1, 1, 1, 1), clear = SIMD4<Float>(0, 0, 0, 0)
    #expect(colour(0.5, [0, 1], [white, clear]) == SIMD4(0.25, 0.25, 0.25, 0.5))
    #expect(colour(-1, [0.2, 0.8], [white, clear]) == white && colour(0.9, [0.2, 0.8], [white, clear]) == clear)
    let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)
    #expect(colour(0.5, [0, 0.5, 0.5, 1], [red, red, blue, blue]) == blue)
    #expect(colour(0.4999, [0, 0.5, 0.5, 1], [red, red, blue, blue]) == red)
    #expect(colour(0.3, [0.5], [red]) == red)
  }
}
