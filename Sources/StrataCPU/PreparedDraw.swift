import Strata
import StrataRender

/// A texture level ready for sampling.
struct TextureLevel: Sendable {
  /// The image's `rgbaPixels` (shared, not copied).
  let texels: [SIMD4<UInt8>]
  let size: LevelSize
}

/// A texture level's size, and its scale from level 0.
struct LevelSize: Sendable {
  let width: Int32
  let height: Int32
  /// Texel coordinates of level 0 times this give the level's texel coordinates.
  let scaleX: Float
  let scaleY: Float
}

/// A draw's parameters converted once to the single-precision form the pixel loop uses.
///
/// A class: `CPURenderer.fill` reads each draw on every band it touches, and a struct of
/// this size was copied there (`memmove`, 6% of S4's frame even out of a box holding it;
/// before the box, with its arrays' counts, 7%). A reference is counted instead.
final class PreparedDraw: Sendable {
  /// Device → layer plane: `u = (i0 X + i1 Y + i2) / W`, `W = i6 X + i7 Y + i8`.
  let inv: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
  let isAffine: Bool
  let x0: Float, y0: Float, x1: Float, y1: Float
  let radii: SIMD4<Float>
  let hasRadii: Bool
  let ring: (x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>)?
  /// Continuous (squircle) corners for `radii` and the ring's inner radii.
  let continuous: Bool
  /// An analytic shadow: the blurred shape, in the layer plane.
  let shadow: (x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>, sigma: Float)?
  /// Pixels the next draw paints opaquely (skipped here).
  let occluder: (x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>)?
  let softEdges: UInt8
  /// How far above and below a row's centre (device pixels) the outline is looked at for
  /// the row's pixels: 1 when an edge is anti-aliased (its ramp reaches centres half a pixel
  /// outside it, which on a nearly horizontal edge lie many pixels beyond where the outline
  /// crosses the row), else 0 (hard edges are decided at the centre).
  let reach: Float
  /// Premultiplied 0…255 colour with the opacity applied (solid paint only).
  let color: SIMD4<Float>
  let opacity: Float
  let texture: PreparedTexture?
  /// Clips that need per-pixel coverage (pixel-aligned ones only narrowed the bounds).
  let clips: [PreparedClip]
  let polygon: [(Float, Float)]
  let bounds: PixelBounds
  /// A coverage mask (`.mask` shapes), read at device pixel minus origin.
  let mask: (originX: Int, originY: Int, width: Int, bytes: [UInt8])?
  /// The edges of `Draw.polygon` (`ConvexPolygon.floatEdges`); empty when uncut.
  let polygonEdges: [SIMD4<Float>]
  /// A gradient paint.
  let gradient: PreparedGradient?
  /// Plus-lighter (additive) instead of source-over.
  let additive: Bool
  /// A tint on an image that is not a mask (a sprite's colour): the fast image loop
  /// tints by alpha alone, which only a mask allows.
  let tintsColour: Bool
  /// The row loop that draws it (see `RowPath`). Derived from the fields on each read (a
  /// `Sendable` class stores nothing after its init): read it once per draw and band.
  var path: RowPath { Self.rowPath(self) }
  /// The device polygon's extent when it is an axis-aligned rectangle (finite) and the
  /// draw's rows repeat the same setup (`Rasterizer.spriteRows`): an affine map without
  /// rotation or shear, hard edges, and a texel map whose s does not depend on v.
  var spriteBox: (left: Float, right: Float, top: Float, bottom: Float)? {
    guard isAffine, inv.1 == 0, inv.3 == 0, inv.0 != 0, reach == 0, let t = texture, t.mapping.c == 0 else { return nil }
    return Self.axisAlignedBox(polygon)
  }

  init(_ d: borrowing Draw, clips allClips: [PreparedClip?]) {
    inv = d.map.floatInverse
    isAffine = d.map.toDevice.isAffine
    // Hard edges of a screen-aligned rectangle on the device rule's pixel boundaries (`HardEdges`).
    let r = d.hardEdgeRect(d.rect, softEdges: d.edgeAntialiasing)
    x0 = Float(r.minX); y0 = Float(r.minY); x1 = Float(r.maxX); y1 = Float(r.maxY)
    var shadow: (x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>, sigma: Float)? = nil
    var continuous = false
    var mask: (originX: Int, originY: Int, width: Int, bytes: [UInt8])? = nil
    switch d.shape {
    case .mask(let m):
      radii = .zero; ring = nil
      mask = (m.originX, m.originY, m.width, m.bytes)
    case .rect:
      radii = .zero; ring = nil
    case .roundedRect(let c):
      radii = c.simd; ring = nil; continuous = c.continuous
    case .ring(let o, let inner, let ir):
      radii = o.simd; continuous = o.continuous
      ring = (Float(inner.minX), Float(inner.minY), Float(inner.maxX), Float(inner.maxY), ir.simd)
    case .shadow(let shape, let c, let sigma):
      radii = .zero; ring = nil
      let r = shape.standardized
      shadow = (Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY), c.simd, Float(sigma))
    }
    self.shadow = shadow
    self.continuous = continuous
    self.mask = mask
    polygonEdges = d.polygon?.floatEdges ?? []
    additive = d.blendMode == .plusLighter
    occluder = d.occluder.map { o in
      let r = o.rect.standardized
      return (Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY), o.radii.simd)
    }
    hasRadii = radii != .zero
    softEdges = d.edgeAntialiasing.rawValue
    reach = softEdges != 0 || polygonEdges.contains { $0.w != 0 } ? 1 : 0
    opacity = Float(min(max(d.opacity, 0), 1))
    var gradient: PreparedGradient? = nil
    var tints = false
    var solid = SIMD4<Float>.zero
    var solidPaint: PremultipliedColor? = nil
    switch d.paint {
    case .solid(let c):
      solid = SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) * (255 * opacity)
      solidPaint = c
      texture = nil
    case .image(let p):
      texture = PreparedTexture(p)
      tints = p.tint != nil && !p.isMask
    case .gradient(let g):
      texture = nil
      gradient = PreparedGradient(g)
    }
    self.gradient = gradient
    tintsColour = tints
    var chain: [PreparedClip] = []
    var c = d.clip
    while let i = c, let pc = allClips[i] {
      if !pc.isPixelAligned { chain.append(pc) }
      c = pc.parent
    }
    clips = chain
    // A hard-edged solid lands as whole levels, as on the GPU (`Draw.wholeLevels`).
    if let c = solidPaint, let l = d.wholeLevels(c, coverageClip: !chain.isEmpty) { solid = SIMD4<Float>(l) }
    color = solid
    // An uncut quad's corners straight into the one array (`devicePolygon` makes one more).
    if let c = d.deviceCorners {
      polygon = [(Float(c.0.x), Float(c.0.y)), (Float(c.1.x), Float(c.1.y)), (Float(c.2.x), Float(c.2.y)), (Float(c.3.x), Float(c.3.y))]
    } else {
      polygon = d.devicePolygon.map { (Float($0.x), Float($0.y)) }
    }
    bounds = d.deviceBounds
  }

  /// The extent of `poly` when it is a rectangle with edges along the axes, all finite.
  static func axisAlignedBox(_ poly: [(Float, Float)]) -> (left: Float, right: Float, top: Float, bottom: Float)? {
    guard poly.count == 4, poly.allSatisfy({ $0.0.isFinite && $0.1.isFinite }) else { return nil }
    let (p0, p1, p2, p3) = (poly[0], poly[1], poly[2], poly[3])
    let across = p0.1 == p1.1 && p1.0 == p2.0 && p2.1 == p3.1 && p3.0 == p0.0
    let down = p0.0 == p1.0 && p1.1 == p2.1 && p2.0 == p3.0 && p3.1 == p0.1
    guard across || down else { return nil }
    return (min(p0.0, p2.0), max(p0.0, p2.0), min(p0.1, p2.1), max(p0.1, p2.1))
  }
}

/// A gradient paint in single precision (see `GradientMath`).
struct PreparedGradient: Sendable {
  let kind: Int32
  let start: SIMD2<Float>, end: SIMD2<Float>
  /// The unit square's rectangle in the plane: origin and size.
  let origin: SIMD2<Float>, size: SIMD2<Float>
  let locations: [Float]
  /// Straight colours, 0…1.
  let colors: [SIMD4<Float>]

  init(_ g: GradientPaint) {
    kind = g.kind.code
    start = SIMD2(Float(g.start.x), Float(g.start.y))
    end = SIMD2(Float(g.end.x), Float(g.end.y))
    let r = g.unitRect.standardized
    origin = SIMD2(Float(r.minX), Float(r.minY))
    size = SIMD2(Float(r.width), Float(r.height))
    (locations, colors) = g.floatStops
  }

  /// The premultiplied colour (0…1) at plane point `(u, v)`.
  @inline(__always)
  func color(u: Float, v: Float) -> SIMD4<Float> {
    let p = (SIMD2(u, v) - origin) / size
    let t = GradientMath.parameter(kind: kind, x: p.x, y: p.y, start: start, end: end)
    return GradientMath.color(at: t, locations: locations.span, colors: colors.span)
  }
}

extension PlaneMap {
  /// `normalizedInverse` in single precision, as the pixel loops read it.
  var floatInverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float) {
    // From the matrix, not the array (`normalizedInverse`): two arrays a draw otherwise.
    let v = normalizedInverseMatrix.m
    return (Float(v.0), Float(v.1), Float(v.2), Float(v.3), Float(v.4), Float(v.5), Float(v.6), Float(v.7), Float(v.8))
  }
}

extension CornerRadii {
  var simd: SIMD4<Float> { SIMD4(Float(topLeft), Float(topRight), Float(bottomLeft), Float(bottomRight)) }
}

/// A clip in single precision.
struct PreparedClip: Sendable {
  let inv: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
  let x0: Float, y0: Float, x1: Float, y1: Float
  let radii: SIMD4<Float>
  let parent: Int?
  let isPixelAligned: Bool
  /// The clip's pixels (exactly the clip when pixel-aligned).
  let box: PixelBounds
  let continuous: Bool
  /// The edges of `ClipShape.polygon` (`ConvexPolygon.floatEdges`); empty without one.
  let polygonEdges: [SIMD4<Float>]

  init(_ c: ClipShape) {
    box = c.deviceBounds
    continuous = c.radii.continuous
    inv = c.map.floatInverse
    let r = c.rect.standardized
    x0 = Float(r.minX); y0 = Float(r.minY); x1 = Float(r.maxX); y1 = Float(r.maxY)
    radii = c.radii.simd
    parent = c.parent
    isPixelAligned = c.isPixelAligned
    polygonEdges = c.polygon?.floatEdges ?? []
  }

  /// Coverage of the device pixel centre `(X, Y)`: the rectangle's edges are always
  /// anti-aliased, the polygon's as each edge says (hard ones decided at the centre).
  @inline(__always)
  func coverage(_ X: Float, _ Y: Float) -> Float {
    let i = inv
    guard let (u, v, w) = Projection.unproject(i.0, i.1, i.2, i.3, i.4, i.5, i.6, i.7, i.8, x: X, y: Y) else { return 0 }
    let j = Coverage.Jacobian(i.0, i.1, i.3, i.4, i.6, i.7, u: u, v: v, w: w)
    let c = Coverage.roundedRect(
      u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii, softEdges: 15, jacobian: j, continuous: continuous)
    if c <= 0 || polygonEdges.isEmpty { return c }
    return c * Coverage.convexPolygon(u: u, v: v, edges: polygonEdges.span, jacobian: j)
  }
}
