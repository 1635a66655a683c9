import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// `TransformLayer` and 3D sorting, on every backend, against a z-buffer picture of the same
/// planes (`ZBufferReference`): faces of a cube in the right order from several angles,
/// crossing opaque and translucent planes, per-plane opacity, culling.
@Suite struct TransformLayerSemanticsTests {
  static let size = 120

  /// A stage with perspective, holding a transform layer turned by `turn`, holding `faces`.
  static func scene(turn: Transform3D, faces: [Layer], configure: (TransformLayer) -> Void = { _ in }) -> (Layer, [Layer]) {
    let s = Double(size)
    let stage = Layer(frame: Rect(0, 0, s, s))
    stage.sublayerTransform = .perspective(300)
    let t = TransformLayer()
    t.bounds = Rect(0, 0, s, s)
    t.position = Point(x: s / 2, y: s / 2)
    t.transform = turn
    configure(t)
    for f in faces { try! t.addSublayer(f) }
    try! stage.addSublayer(t)
    return (root(s, s, [stage]), faces)
  }

  static func face(_ color: Color, _ transform: Transform3D, size side: Double = 50, opacity: Double = 1) -> Layer {
    let f = Layer()
    f.bounds = Rect(0, 0, side, side)
    f.position = Point(x: Double(size) / 2, y: Double(size) / 2)
    f.transform = transform
    f.backgroundColor = color
    f.opacity = opacity
    return f
  }

  static func cube(turn: Transform3D) -> (Layer, [Layer]) {
    let colors = [Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1), Color(1, 1, 0), Color(0, 1, 1), Color(1, 0, 1)]
    let r = Transform3D.rotation
    let places: [Transform3D] = [
      .translation(0, 0, 25), r(.pi, 0, 1, 0).concatenating(.translation(0, 0, -25)),
      r(.pi / 2, 0, 1, 0).concatenating(.translation(25, 0, 0)), r(-.pi / 2, 0, 1, 0).concatenating(.translation(-25, 0, 0)),
      r(.pi / 2, 1, 0, 0).concatenating(.translation(0, -25, 0)), r(-.pi / 2, 1, 0, 0).concatenating(.translation(0, 25, 0)),
    ]
    return scene(turn: turn, faces: zip(colors, places).map { face($0, $1) })
  }

  static func faded(_ c: Color, _ opacity: Double) -> Color { Color(c.red, c.green, c.blue, c.alpha * opacity) }

  /// Renders and compares with the z-buffer picture on reliable pixels (away from edges and
  /// crossings); returns how many pixels were compared.
  static func compare(_ tree: Layer, _ faces: [Layer], on backend: Backend, tolerance: Int = 2) throws -> (compared: Int, worst: Int) {
    let list = RenderListCompiler(width: size, height: size, background: .clear).compile(tree.snapshot(at: 0))
    let out = try backend.render(list)
    let planes = faces.map {
      ZBufferReference.Plane(toDevice: ZBufferReference.toRoot($0), rect: $0.bounds, color: Self.faded($0.backgroundColor!, $0.opacity * ($0.superlayer?.opacity ?? 1)))
    }
    let ref = ZBufferReference(planes, width: size, height: size)
    var compared = 0, worst = 0
    for y in 0..<size {
      for x in 0..<size where ref.reliable[y * size + x] {
        let want = ref.pixels[y * size + x] * 255
        let got = PrimitiveSemanticsTests.pixel(out, x, y)
        let d = [abs(Double(got.x) - want.x), abs(Double(got.y) - want.y), abs(Double(got.z) - want.z), abs(Double(got.w) - want.w)].max()!
        worst = max(worst, Int(d.rounded(.up)))
        compared += 1
      }
    }
    return (compared, worst)
  }

  /// The cube's faces from several angles: what the z-buffer sees, pixel for pixel.
  @Test(arguments: Backend.available)
  func cubeFacesInDepthOrder(_ backend: Backend) throws {
    for degrees in [20.0, 75, 140, 200, 290] {
      let turn = Transform3D.rotation(degrees * .pi / 180, 0, 1, 0).concatenating(.rotation(-0.45, 1, 0, 0))
      let (tree, faces) = Self.cube(turn: turn)
      let (compared, worst) = try Self.compare(tree, faces, on: backend)
      #expect(compared > 2000 && worst <= 2, "at \(degrees)°: \(compared) pixels compared, worst difference \(worst)")
    }
  }

  /// Two opaque planes crossing in an X, and a third crossing both: each is cut where they
  /// meet and the nearest shows everywhere, as with a depth buffer.
  @Test(arguments: Backend.available)
  func crossingOpaquePlanesMatchAZBuffer(_ backend: Backend) throws {
    let r = Transform3D.rotation
    let faces = [
      Self.face(Color(1, 0, 0), r(0.6, 0, 1, 0), size: 70), Self.face(Color(0, 0, 1), r(-0.6, 0, 1, 0), size: 70),
      Self.face(Color(0, 1, 0), r(0.9, 1, 0, 0), size: 60),
    ]
    let (tree, _) = Self.scene(turn: r(0.3, 1, 0, 0), faces: faces)
    let result = try Self.compare(tree, faces, on: backend)
    #expect(result.compared > 2000 && result.worst <= 2, "\(result)")
  }

  /// Translucent crossing planes: both halves of each show, composited in depth order.
  @Test(arguments: Backend.available)
  func crossingTranslucentPlanesShowBothHalvesInOrder(_ backend: Backend) throws {
    let r = Transform3D.rotation
    let faces = [
      Self.face(Color(1, 0, 0), r(0.6, 0, 1, 0), size: 70, opacity: 0.6),
      Self.face(Color(0, 0, 1), r(-0.6, 0, 1, 0), size: 70, opacity: 0.6),
    ]
    let (tree, _) = Self.scene(turn: r(0.3, 1, 0, 0), faces: faces)
    let result = try Self.compare(tree, faces, on: backend)
    #expect(result.compared > 2000 && result.worst <= 2, "\(result)")
  }

  /// The transform layer's opacity applies to each plane on its own (no group: where two
  /// planes overlap, both show through each other), and its own background and border are
  /// not drawn.
  @Test(arguments: Backend.available)
  func opacityPerPlaneAndNoOwnContent(_ backend: Backend) throws {
    let faces = [
      // The nearer plane first: the order comes from depth, not from the document.
      Self.face(Color(0, 0, 1), .translation(10, 0, 10), size: 50),
      Self.face(Color(1, 0, 0), .translation(-10, 0, 0), size: 50),
    ]
    let (tree, _) = Self.scene(turn: .identity, faces: faces) {
      $0.opacity = 0.5
      $0.backgroundColor = Color(0, 1, 0)
      $0.borderWidth = 4
      $0.borderColor = Color(1, 1, 1)
    }
    let result = try Self.compare(tree, faces, on: backend)
    #expect(result.compared > 5000 && result.worst <= 2, "\(result)")
  }

  /// A plane that is not double-sided and faces away is culled; a double-sided one is not.
  @Test(arguments: Backend.available)
  func singleSidedPlanesFacingAwayAreCulled(_ backend: Backend) throws {
    let away = Self.face(Color(1, 0, 0), .rotation(.pi, 0, 1, 0), size: 50)
    away.isDoubleSided = false
    let (tree, _) = Self.scene(turn: .identity, faces: [away])
    let list = RenderListCompiler(width: Self.size, height: Self.size, background: .clear).compile(tree.snapshot(at: 0))
    let out = try backend.render(list)
    #expect(PrimitiveSemanticsTests.pixel(out, 60, 60).w == 0)
    away.isDoubleSided = true
    let shown = try backend.render(RenderListCompiler(width: Self.size, height: Self.size, background: .clear).compile(tree.snapshot(at: 0)))
    #expect(PrimitiveSemanticsTests.pixel(shown, 60, 60) == SIMD4(255, 0, 0, 255))
  }

  /// A replicator with `preservesDepth` is a rendering context of its copies: three copies
  /// of one plane turned 60° apart about the vertical axis cross each other, and each is
  /// tinted and faded by its instance colour, as a z-buffer draws them.
  @Test(arguments: Backend.available)
  func replicatorPreservingDepthSortsItsCopies(_ backend: Backend) throws {
    let s = Double(Self.size)
    let stage = Layer(frame: Rect(0, 0, s, s))
    stage.sublayerTransform = .perspective(300)
    let replicator = ReplicatorLayer()
    replicator.bounds = Rect(0, 0, s, s)
    replicator.position = Point(x: s / 2, y: s / 2)
    replicator.transform = .rotation(0.35, 1, 0, 0)
    replicator.instanceCount = 3
    replicator.instanceTransform = .rotation(.pi / 3, 0, 1, 0)
    replicator.instanceBlueOffset = -0.5
    replicator.instanceAlphaOffset = -0.2
    replicator.preservesDepth = true
    replicator.backgroundColor = Color(0, 1, 0)  // ignored, as a transform layer's
    let face = Self.face(Color(1, 1, 1), .rotation(0.2, 0, 1, 0), size: 70)
    try replicator.addSublayer(face)
    try stage.addSublayer(replicator)
    let tree = root(s, s, [stage])

    let list = RenderListCompiler(width: Self.size, height: Self.size, background: .clear).compile(tree.snapshot(at: 0))
    #expect(list.depthSorting.planes == 3 && list.depthSorting.pieces > 3, "\(list.depthSorting)")
    let out = try backend.render(list)
    let snapshot = try #require(replicator.kindSnapshot() as? ReplicatorLayer.Snapshot)
    let centre = replicator.bounds
    let inReplicator = LayerGeometry.sublayerSpace(
      bounds: replicator.bounds, anchorPoint: replicator.anchorPoint, anchorPointZ: replicator.anchorPointZ,
      sublayerTransform: replicator.sublayerTransform, isGeometryFlipped: replicator.isGeometryFlipped
    ).concatenating(ZBufferReference.toRoot(replicator))
    let local = LayerGeometry.toSuperlayer(
      bounds: face.bounds, position: face.position, zPosition: face.zPosition, anchorPoint: face.anchorPoint,
      anchorPointZ: face.anchorPointZ, transform: face.transform)
    var power = Transform3D.identity
    var planes: [ZBufferReference.Plane] = []
    for k in 0..<3 {
      if k > 0 { power = power.concatenating(replicator.instanceTransform) }
      let move = Transform3D.translation(-centre.midX, -centre.midY).concatenating(power)
        .concatenating(.translation(centre.midX, centre.midY))
      let c = snapshot.color(k)
      planes.append(
        ZBufferReference.Plane(
          toDevice: local.concatenating(move).concatenating(inReplicator), rect: face.bounds,
          color: Color(c.red, c.green, c.blue, c.alpha)))
    }
    let ref = ZBufferReference(planes, width: Self.size, height: Self.size)
    var compared = 0, worst = 0
    for y in 0..<Self.size {
      for x in 0..<Self.size where ref.reliable[y * Self.size + x] {
        let want = ref.pixels[y * Self.size + x] * 255
        let got = PrimitiveSemanticsTests.pixel(out, x, y)
        let d = [abs(Double(got.x) - want.x), abs(Double(got.y) - want.y), abs(Double(got.z) - want.z), abs(Double(got.w) - want.w)].max()!
        worst = max(worst, Int(d.rounded(.up)))
        compared += 1
      }
    }
    #expect(compared > 2000 && worst <= 2, "\(compared) pixels compared, worst difference \(worst)")
  }

  /// An emitter with `preservesDepth` in a transform layer: its particles inhabit the
  /// context at their z, sorted with the other planes. Two emitters before a green plane in
  /// document order, each with one still, opaque square particle: the red one at z = +15
  /// (in front of the plane) shows, the blue one at z = −15 is hidden, as a z-buffer of the
  /// particle squares and the plane draws them. Without `preservesDepth` each emitter is
  /// flattened into its own plane (z = 0, coplanar with the green one, which comes later
  /// and covers both).
  @Test(arguments: Backend.available)
  func emitterPreservingDepthSortsItsParticles(_ backend: Backend) throws {
    let s = Double(Self.size)
    let square = Image(width: 4, height: 4) { _, _ in (255, 255, 255, 255) }
    func emitter(_ color: Color, at p: Point, z: Double) -> EmitterLayer {
      var c = EmitterCell()
      c.contents = square
      c.birthRate = 1
      c.lifetime = 100
      c.scale = 3  // 12 x 12 points
      c.color = color
      let e = EmitterLayer()
      e.bounds = Rect(0, 0, s, s)
      e.position = Point(x: s / 2, y: s / 2)
      e.emitterPosition = p
      e.emitterZPosition = z
      e.emitterCells = [c]
      e.preservesDepth = true
      return e
    }
    let front = emitter(Color(1, 0, 0), at: Point(x: 45, y: 60), z: 15)
    let back = emitter(Color(0, 0, 1), at: Point(x: 75, y: 60), z: -15)
    let plane = Self.face(Color(0, 1, 0), .identity, size: 80)
    let (tree, _) = Self.scene(turn: .rotation(0.5, 0, 1, 0), faces: [front, back, plane])
    let t = 1.5  // one particle each, born at 1 s
    let list = RenderListCompiler(width: Self.size, height: Self.size, background: .clear).compile(tree.snapshot(at: t))
    #expect(list.depthSorting.planes == 3, "\(list.depthSorting)")  // the plane and two particles (the emitters draw nothing)
    let out = try backend.render(list)
    func particle(_ e: EmitterLayer) -> ZBufferReference.Plane {
      let p = e.emitterPosition
      return ZBufferReference.Plane(
        toDevice: Transform3D.translation(p.x - 6, p.y - 6, e.emitterZPosition).concatenating(ZBufferReference.toRoot(e)),
        rect: Rect(0, 0, 12, 12), color: e.emitterCells[0].color)
    }
    let ref = ZBufferReference(
      [particle(front), particle(back), ZBufferReference.Plane(toDevice: ZBufferReference.toRoot(plane), rect: plane.bounds, color: Color(0, 1, 0))],
      width: Self.size, height: Self.size)
    var compared = 0, worst = 0, red = 0
    for y in 0..<Self.size {
      for x in 0..<Self.size where ref.reliable[y * Self.size + x] {
        let want = ref.pixels[y * Self.size + x] * 255
        let got = PrimitiveSemanticsTests.pixel(out, x, y)
        let d = [abs(Double(got.x) - want.x), abs(Double(got.y) - want.y), abs(Double(got.z) - want.z), abs(Double(got.w) - want.w)].max()!
        worst = max(worst, Int(d.rounded(.up)))
        compared += 1
        if got == SIMD4(255, 0, 0, 255) { red += 1 }
      }
    }
    #expect(compared > 4000 && worst <= 2 && red > 60, "\(compared) pixels compared, worst difference \(worst), \(red) red")

    // Flattened, the particles are under the later, coplanar green plane.
    front.preservesDepth = false
    back.preservesDepth = false
    let flat = try backend.render(RenderListCompiler(width: Self.size, height: Self.size, background: .clear).compile(tree.snapshot(at: t)))
    var redFlat = 0
    for y in 0..<Self.size { for x in 0..<Self.size where PrimitiveSemanticsTests.pixel(flat, x, y) == SIMD4(255, 0, 0, 255) { redFlat += 1 } }
    #expect(redFlat == 0)
  }
}
