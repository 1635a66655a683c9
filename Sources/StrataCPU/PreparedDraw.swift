import Strata
import StrataRender

/// A texture level ready for sampling.
struct TextureLevel: @unchecked Sendable {
  /// Premultiplied RGBA8 texels; the `PreparedTexture` keeps their image alive.
  let pixels: UnsafePointer<UInt8>
  let width: Int32
  let height: Int32
  /// Texel coordinates of level 0 times this give the level's texel coordinates.
  let scaleX: Float
  let scaleY: Float
}

/// A draw's parameters converted once to the single-precision form the pixel loop uses.
struct PreparedDraw: Sendable {
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
  /// Premultiplied 0…255 colour with the opacity applied (solid paint only).
  let color: SIMD4<Float>
  let opacity: Float
  let texture: PreparedTexture?
  /// Clips that need per-pixel coverage (pixel-aligned ones only narrowed the bounds).
  let clips: [PreparedClip]
  let polygon: [(Float, Float)]
  let bounds: PixelBounds
  /// The row loop that draws it (see `RowPath`).
  private(set) var path: RowPath = .general

  init(_ d: Draw, clips allClips: [PreparedClip?]) {
    let h = d.fromDevice
    inv = (Float(h.0), Float(h.1), Float(h.2), Float(h.3), Float(h.4), Float(h.5), Float(h.6), Float(h.7), Float(h.8))
    isAffine = d.map.toDevice.isAffine
    let r = d.rect.standardized
    x0 = Float(r.minX); y0 = Float(r.minY); x1 = Float(r.maxX); y1 = Float(r.maxY)
    var shadow: (x0: Float, y0: Float, x1: Float, y1: Float, radii: SIMD4<Float>, sigma: Float)? = nil
    var continuous = false
    switch d.shape {
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
    occluder = d.occluder.map { o in
      let r = o.rect.standardized
      return (Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY), o.radii.simd)
    }
    hasRadii = radii != .zero
    softEdges = d.edgeAntialiasing.rawValue
    opacity = Float(min(max(d.opacity, 0), 1))
    switch d.paint {
    case .solid(let c):
      color = SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) * (255 * opacity)
      texture = nil
    case .image(let p):
      color = .zero
      texture = PreparedTexture(p)
    }
    var chain: [PreparedClip] = []
    var c = d.clip
    while let i = c, let pc = allClips[i] {
      if !pc.isPixelAligned { chain.append(pc) }
      c = pc.parent
    }
    clips = chain
    polygon = d.devicePolygon.map { (Float($0.x), Float($0.y)) }
    bounds = d.deviceBounds
    path = Self.rowPath(self)
  }
}

extension Draw {
  var fromDevice: (Double, Double, Double, Double, Double, Double, Double, Double, Double) {
    let v = map.fromDevice.values
    // Normalise so that an affine inverse has W exactly 1.
    let s = map.toDevice.isAffine && v[8] != 0 ? 1 / v[8] : 1
    return (v[0] * s, v[1] * s, v[2] * s, v[3] * s, v[4] * s, v[5] * s, v[6] * s, v[7] * s, v[8] * s)
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

  init(_ c: ClipShape) {
    box = c.deviceBounds
    continuous = c.radii.continuous
    let v = c.map.fromDevice.values
    let s = c.map.toDevice.isAffine && v[8] != 0 ? 1 / v[8] : 1
    inv = (Float(v[0] * s), Float(v[1] * s), Float(v[2] * s), Float(v[3] * s), Float(v[4] * s),
           Float(v[5] * s), Float(v[6] * s), Float(v[7] * s), Float(v[8] * s))
    let r = c.rect.standardized
    x0 = Float(r.minX); y0 = Float(r.minY); x1 = Float(r.maxX); y1 = Float(r.maxY)
    radii = c.radii.simd
    parent = c.parent
    isPixelAligned = c.isPixelAligned
  }

  /// Coverage of the device pixel centre `(X, Y)`; clip edges are always anti-aliased.
  @inline(__always)
  func coverage(_ X: Float, _ Y: Float) -> Float {
    let a = inv.0 * X + inv.1 * Y + inv.2
    let b = inv.3 * X + inv.4 * Y + inv.5
    let w = inv.6 * X + inv.7 * Y + inv.8
    if w <= 0 { return 0 }
    let u = a / w, v = b / w
    let j = Coverage.Jacobian(
      dudx: (inv.0 - u * inv.6) / w, dudy: (inv.1 - u * inv.7) / w,
      dvdx: (inv.3 - v * inv.6) / w, dvdy: (inv.4 - v * inv.7) / w)
    return Coverage.roundedRect(
      u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii, softEdges: 15, jacobian: j, continuous: continuous)
  }
}
