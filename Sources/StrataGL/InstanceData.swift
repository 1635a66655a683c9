import Strata
import StrataRender

/// The per-draw attributes of `Shaders/draw.vert`, packed as 15 vec4s per instance, and the
/// batches (runs of instances that share their textures) to draw them in. What does not fit
/// in an instance (a gradient's stops, a polygon's edges) goes into per-frame tables that
/// instances name by row (`KindTables`).
struct InstanceData {
  static let vec4sPerInstance = 15
  static let floatsPerInstance = vec4sPerInstance * 4
  /// One instance's attributes as computed (double precision; uploaded as floats):
  /// fixed-size, so that an instance costs no allocation.
  typealias InstanceValues = InlineArray<60, Double>

  struct Batch {
    var texture: GLTexture?
    /// The R8 coverage texture of `.mask` draws.
    var mask: GLTexture?
    var variant: Variant
    var first: Int
    var count: Int
    /// The device pixels its instances may touch, together.
    var bounds: PixelBounds
  }

  /// Which build of `draw.frag` a batch needs.
  struct Variant: Hashable {
    /// The SIMPLE build: hard-edged rectangle, no clip coverage, one filter everywhere.
    var simple: Bool
    var textured: Bool
    /// A pixel-aligned clip narrows the draw below its own pixels.
    var bounded: Bool
    /// The texture filter for SIMPLE textured batches.
    var linear: Bool
    /// SIMPLE solid rounded rectangle in an affine plane.
    var rounded = false
    /// Plus-lighter blending (additive sprites): blend state, and the ADDITIVE build,
    /// which outputs each source rounded to a level (`additiveLevels` in draw.frag).
    var additive = false
    /// SIMPLE solid coverage mask, unclipped (shape fills and strokes).
    var mask = false
    /// SIMPLE quad that is not screen-aligned: its hard edges are decided per fragment on
    /// the layer point, exactly (draw.vert), in a quad grown by 1/32 px.
    var exact = false

    var defines: [String] {
      let levels = additive ? ["ADDITIVE"] : []
      guard simple else { return levels }
      return ["SIMPLE"] + (textured ? ["TEXTURED"] : []) + (bounded ? ["BOUNDED"] : []) + (rounded ? ["ROUNDED"] : [])
        + (mask ? ["MASK"] : []) + (exact ? ["EXACT"] : []) + levels
    }
  }

  var floats: [Float] = []
  var batches: [Batch] = []
  /// Gradient stops and polygon edges of the instances.
  var tables = KindTables()
  var count: Int { floats.count / Self.floatsPerInstance }
  /// Device pixels the quads of `.mask` draws cover (`GLRenderer.FrameCounts`).
  var maskPixels = 0

  /// A texel map from the layer plane to the bound texture's texels.
  struct TexelMap {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
  }

  /// The canvas in device pixels.
  let canvas: PixelBounds

  init(canvas: PixelBounds) { self.canvas = canvas }

  /// Makes room at once for the instances of the run of draws and sprite batches that
  /// starts at `start` (up to the next group or backdrop, which draw elsewhere): grown
  /// instance by instance, the floats of 20000 sprites (4.8 MB) were copied to a larger
  /// buffer again and again.
  mutating func reserve(forRunAt start: Int, of commands: ArraySlice<RenderCommand>) {
    var instances = 0
    var i = start
    while i < commands.endIndex {
      switch commands[i] {
      case .beginGroup, .backdrop: i = commands.endIndex
      default: instances += commands[i].drawCount
      }
      i += 1
    }
    floats.reserveCapacity(floats.count + instances * Self.floatsPerInstance)
  }

  /// Adds one instance of `draw` over `rect`. `mask` is the atlas page holding a `.mask`
  /// draw's bytes, their first at texel `maskTexel`.
  mutating func append(
    _ draw: Draw, rect: Rect, softEdges: EdgeAntialiasingMask, clip: Int?, texture: GLTexture?,
    texelMap: TexelMap?, paint: ImagePaint?, mask: GLTexture? = nil, maskTexel: (x: Int, y: Int) = (0, 0)
  ) {
    let variant = instance(
      draw, rect: rect, softEdges: softEdges, clip: clip, texelMap: texelMap, paint: paint, maskTexel: maskTexel)
    if case .mask = draw.shape {
      let b = draw.deviceBounds
      maskPixels += (b.x1 - b.x0) * (b.y1 - b.y0)
    }
    extendBatch(texture: texture, mask: mask, variant: variant, bounds: draw.deviceBounds)
  }

  /// Appends an instance's floats to the batch it extends, or to a new one.
  mutating func push(_ values: [Float], texture: GLTexture?, mask: GLTexture?, variant: Variant, bounds: PixelBounds) {
    precondition(values.count == Self.floatsPerInstance, "an instance has \(Self.floatsPerInstance) floats")
    floats.append(contentsOf: values)
    extendBatch(texture: texture, mask: mask, variant: variant, bounds: bounds)
  }

  /// Counts the last instance written into the batch it extends, or into a new one.
  private mutating func extendBatch(texture: GLTexture?, mask: GLTexture?, variant: Variant, bounds: PixelBounds) {
    let index = count - 1
    // In place, not through `batches.last`, which copied the batch (retaining and
    // releasing its two textures) for every instance.
    let n = batches.count - 1
    if n >= 0, batches[n].texture === texture, batches[n].mask === mask, batches[n].variant == variant,
      batches[n].first + batches[n].count == index
    {
      batches[n].count += 1
      batches[n].bounds = batches[n].bounds.union(bounds)
    } else {
      batches.append(Batch(texture: texture, mask: mask, variant: variant, first: index, count: 1, bounds: bounds))
    }
  }

  /// Writes the floats of one instance after the others, and returns the build of
  /// `draw.frag` it needs (adding the draw's gradient and polygon to the tables). The
  /// caller counts it into a batch.
  mutating func instance(
    _ draw: Draw, rect: Rect, softEdges: EdgeAntialiasingMask, clip: Int?, texelMap: TexelMap?, paint: ImagePaint?,
    maskTexel: (x: Int, y: Int)
  ) -> Variant {
    // Tuples, not arrays: every draw of the frame passes here (20000 sprites).
    let fwd = draw.map.toDevice.m
    let inv = draw.map.normalizedInverseMatrix.m
    let expand = softEdges.isEmpty ? 0 : Self.expansion(draw, rect: rect)
    var radii = CornerRadii.zero, innerRect = Rect.zero, innerRadii = CornerRadii.zero
    var flags = 0
    var sigma = 0.0
    var occluder: Rect? = nil
    switch draw.shape {
    case .rect: break
    case .roundedRect(let r): radii = r
    case .ring(let o, let i, let ir):
      radii = o; innerRect = i.standardized; innerRadii = ir; flags |= 1
    case .mask: flags |= 64
    case .shadow(let shape, let r, let s):
      // The shape rides in the inner slots, sigma in texel2.w, the occluder in the radii
      // and texel slots (see draw.frag).
      innerRect = shape.standardized; innerRadii = r; sigma = s; flags |= 8
      if let o = draw.occluder {
        radii = o.radii; occluder = o.rect.standardized; flags |= 32
      }
    }
    if radii.continuous { flags |= 16 }
    // Solid: the colour with the opacity; images: what every texel is multiplied by (the
    // tint of a shadow mask, else white) with the opacity.
    let o = min(max(draw.opacity, 0), 1)
    var color = SIMD4<Double>(repeating: o)
    // The kind primitives: table rows and the mask's origin less its atlas texel, so that
    // device pixel minus it is the texel (see draw.frag).
    var extra = (-1.0, -1.0, 0.0, 0.0)
    if case .mask(let m) = draw.shape { extra.2 = Double(m.originX - maskTexel.x); extra.3 = Double(m.originY - maskTexel.y) }
    // One look at the paint (each `if case` on it copied and destroyed it, its image's
    // reference count included).
    var levels: SIMD4<Double>? = nil
    switch draw.paint {
    case .solid(let c):
      color = SIMD4(c.red * o, c.green * o, c.blue * o, c.alpha * o)
      levels = draw.wholeLevels(c, coverageClip: clip != nil)
    case .gradient(let g):
      flags |= 128
      extra.0 = Double(tables.addGradient(g))
    case .image:
      if let t = paint?.tint { color = SIMD4(t.red * o, t.green * o, t.blue * o, t.alpha * o) }
    }
    if draw.polygon != nil { flags |= 256 }
    var filters = (0.0, 0.0, 0.0)
    if let p = paint {
      flags |= 2
      filters = (Double(Self.code(p.minificationFilter)), Double(Self.code(p.magnificationFilter)), p.minificationFilterBias)
    }
    var t = texelMap ?? TexelMap(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    if let o = occluder { t = TexelMap(a: o.minX, b: o.minY, c: o.maxX, d: o.maxY, tx: 0, ty: 0) }
    if flags & 8 != 0 { filters.2 = sigma }
    // Hard edges of a screen-aligned rectangle on the device rule's pixel boundaries, as
    // the CPU tests them (`HardEdges`): SIMPLE quads are drawn on those boundaries as they are.
    let r = draw.hardEdgeRect(rect, softEdges: softEdges)
    let b = draw.deviceBounds
    // Bounds narrower than the quad's own pixels (a pixel-aligned clip) need a test.
    let own = DevicePolygon.pixelBounds(of: r, draw.map.toDevice, pad: 0, canvas: canvas)
    if own.intersection(b) != own { flags |= 4 }
    var values: InstanceValues = [
      inv.0, inv.1, inv.2, expand,
      inv.3, inv.4, inv.5, Double(softEdges.rawValue),
      inv.6, inv.7, inv.8, min(max(draw.opacity, 0), 1),
      fwd.0, fwd.1, fwd.2, fwd.3,
      fwd.4, fwd.5, fwd.6, fwd.7,
      r.minX, r.minY, r.maxX, r.maxY,
      radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight,
      innerRect.minX, innerRect.minY, innerRect.maxX, innerRect.maxY,
      innerRadii.topLeft, innerRadii.topRight, innerRadii.bottomLeft, innerRadii.bottomRight,
      color.x, color.y, color.z, color.w,
      t.a, t.b, t.c, t.d,
      t.tx, t.ty, fwd.8, filters.2,
      Double(b.x0), Double(b.y0), Double(b.x1), Double(b.y1),
      Double(clip ?? -1), Double(flags), filters.0, filters.1,
      extra.0, extra.1, extra.2, extra.3,
    ]
    // A solid mask alone needs only its bytes: the SIMPLE MASK build.
    let solidMask = flags & (1 | 8 | 16 | 128 | 256) == 0 && flags & 64 != 0 && paint == nil && radii.isZero
      && draw.map.toDevice.isAffine
    var simple = flags & (1 | 8 | 16 | 64 | 128 | 256) == 0 || solidMask
    let rounded = simple && !radii.isZero && paint == nil && draw.map.toDevice.isAffine
    simple = simple && (radii.isZero || rounded) && softEdges.isEmpty && clip == nil && !Self.nearTheEye(draw.map.toDevice, r)
    var linear = false
    if let p = paint {
      simple = simple && p.minificationFilter == p.magnificationFilter && p.minificationFilter != .trilinear
      linear = p.magnificationFilter == .linear
    }
    // The full build decides hard edges per pixel, exactly (u >= x0, u < x1), but only on
    // the pixels the GPU rasterises, and it snaps the quad's corners to its sub-pixel grid
    // first (1/256 px on llvmpipe): a quad exactly the rectangle lost or gained the pixels
    // whose centres lie within 1/512 px of an edge. Grown by 1/32 px, the quad holds them
    // all, and the shader's test decides as the CPU does.
    // The SIMPLE ROUNDED build decides its hard edges per pixel too (draw.frag), and so do
    // SIMPLE quads that are not screen-aligned, whose edges `HardEdges` cannot put on pixel boundaries (EXACT).
    let exact = simple && !rounded && !solidMask && !Self.isScreenAligned(draw.map.toDevice)
    if (!simple || rounded || exact) && softEdges.isEmpty && Self.decidesEdgesPerPixel(draw.shape) {
      values[3] = Self.expansion(draw, rect: rect) / 64
    }
    // The polygon's row, with the fan that draw.vert draws instead of the quad (+Fan).
    if let p = draw.polygon {
      let fan = Self.fan(p, rect: r, expand: values[3], map: draw.map.toDevice)
      values[57] = Double(tables.addPolygon(p, fan: fan))
    }
    let variant = Variant(
      simple: simple, textured: paint != nil, bounded: simple && flags & 4 != 0, linear: simple && linear,
      rounded: simple && rounded, additive: draw.blendMode == .plusLighter, mask: simple && solidMask, exact: exact)
    // A hard-edged solid takes whole levels, as on the CPU (`Draw.wholeLevels`): llvmpipe's
    // linear rasteriser (which takes SIMPLE solids once their shader has run, so from a
    // process's second frame on) converts any other value as trunc(c · 256), not
    // round(c · 255): 0.77 became 197, not 196, and a colour dodge over it 3 levels off
    // (strata-fuzz seed 774, which agreed when rendered first).
    if let l = levels {
      values[36] = l.x / 255; values[37] = l.y / 255; values[38] = l.z / 255; values[39] = l.w / 255
    }
    write(values)
    return variant
  }

  /// One instance of zeros, the room `write` appends (a copy of an array: `repeatElement`
  /// went element by element).
  private static let zeros = [Float](repeating: 0, count: floatsPerInstance)

  /// Appends `values` in single precision: one growth of the buffer, then a span's stores
  /// (no uniqueness check per float).
  private mutating func write(_ values: borrowing InstanceValues) {
    let base = floats.count
    floats.append(contentsOf: Self.zeros)
    // Through spans: subscripting the InlineArray itself copied all 60 values per read.
    let source = values.span
    var out = floats.mutableSpan
    for i in 0..<Self.floatsPerInstance { out[base + i] = Float(source[i]) }
  }

  /// Whether an image draw of `rect` (shape `.rect`, no polygon) takes the SIMPLE build:
  /// the conditions of `instance` for a textured rectangle.
  static func isSimpleImageDraw(
    _ draw: Draw, rect: Rect, softEdges: EdgeAntialiasingMask, clip: Int?, paint: ImagePaint
  ) -> Bool {
    guard case .rect = draw.shape, draw.polygon == nil else { return false }
    return softEdges.isEmpty && clip == nil && !nearTheEye(draw.map.toDevice, rect.standardized)
      && paint.minificationFilter == paint.magnificationFilter && paint.minificationFilter != .trilinear
  }

  /// True when part of the rectangle comes close to (or passes behind) the eye: there the
  /// rasteriser's interpolated layer point loses precision, so the exact per-pixel inverse
  /// of the full shader is used instead.
  static func nearTheEye(_ map: Homography, _ r: Rect) -> Bool {
    guard !map.isAffine else { return false }
    let ws = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)].map { map.homogeneous($0.0, $0.1).w }
    let lo = ws.min()!, hi = ws.max()!
    return lo <= 0 || hi / lo > 8
  }

  /// Whether draw.vert moves the quad of the layer → device map `fwd` (nine values) to the
  /// pixel boundaries of the pixel-centre rule: a scale and translation, the condition
  /// there (the expansion, zero for SIMPLE hard edges, is the other).
  static func isScreenAligned(_ map: Homography) -> Bool {
    let m = map.m  // in single precision, as the shader reads them
    return Float(m.1) == 0 && Float(m.3) == 0 && Float(m.6) == 0 && Float(m.7) == 0 && Float(m.8) == 1 && Float(m.0) != 0
      && Float(m.4) != 0
  }

  /// Shapes whose coverage the full build computes from the layer point alone, zero
  /// outside the shape, so that a larger quad draws nothing more.
  static func decidesEdgesPerPixel(_ shape: DrawShape) -> Bool {
    switch shape {
    case .rect, .roundedRect, .ring: true
    case .mask, .shadow: false
    }
  }

  static func code(_ f: ContentsFilter) -> Int {
    switch f {
    case .nearest: 0
    case .linear: 1
    case .trilinear: 2
    }
  }

  /// How far (in layer units) to grow a draw with anti-aliased edges so that its quad
  /// covers every pixel within one device pixel of the edge: twice the largest layer
  /// distance per device pixel at the corners.
  static func expansion(_ draw: Draw, rect: Rect) -> Double {
    let inv = draw.map.fromDevice
    var most = 0.0
    for p in [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
              Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)] {
      guard let d = draw.map.toDevice.apply(p) else { continue }
      guard let (u, v, w) = Projection.unproject(inv, x: d.x, y: d.y) else { continue }
      let j = Projection.derivatives(inv, u: u, v: v, w: w)
      most = max(most, (j.dudx * j.dudx + j.dudy * j.dudy).squareRoot(), (j.dvdx * j.dvdx + j.dvdy * j.dvdy).squareRoot())
    }
    return most.isFinite ? 2 * most : 0
  }
}

extension PixelBounds {
  /// The smallest bounds holding both.
  func union(_ o: PixelBounds) -> PixelBounds {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelBounds(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }
}
