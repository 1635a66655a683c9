import StrataPath
import Strata
import StrataRender

/// Fills the pixels of one draw within a band of rows: for every pixel centre the device →
/// layer map gives the layer-plane point (perspective-correct by construction), the shape,
/// clips and paint give a premultiplied colour, and the result is composited source-over.
///
/// - Complexity: O(pixels in the draw's rows × clips); no allocation per pixel.
struct Rasterizer {
  let surface: Surface

  /// Draws `d` on the rows `rows` (device rows, inside the surface); plus-lighter draws
  /// are added (`add`).
  func fill(_ d: PreparedDraw, rows: Range<Int>) {
    if d.additive { return add(d, rows: rows) }
    // The texels are read through spans taken here, once per draw and band: copying a
    // level (an array) out per pixel or row would count references, atomically, on
    // memory every worker shares.
    if let t = d.texture {
      let levels = t.levels.span
      fill(d, rows: rows, t.mapping, levels, levels[0].texels.span)
    } else {
      fill(d, rows: rows, nil, Span(), Span())
    }
  }

  @inline(__always)
  private func fill(
    _ d: PreparedDraw, rows: Range<Int>, _ mapping: TexelMapping?, _ levels: Span<TextureLevel>, _ base: Span<SIMD4<UInt8>>
  ) {
    let x0 = max(d.bounds.x0, surface.bounds.x0), x1 = min(d.bounds.x1, surface.bounds.x1)
    guard x0 < x1 else { return }
    let path = d.path
    for y in rows {
      let yc = Float(y) + 0.5
      guard let (xs, xe) = span(d.polygon, yc, x0, x1, reach: d.reach) else { continue }
      // The row belongs to this worker's band, and is borrowed once.
      unsafe surface.withRow(y) { row in
        switch path {
        case .plainImage(let nearest):
          if !plainImageRow(d, nearest: nearest, mapping!, levels[0].size, base, row: &row, y: yc, xs: xs, xe: xe) {
            generalRow(Bytes.self, d, mapping, levels, base, row: &row, y: yc, xs: xs, xe: xe)
          }
        case .axisAlignedSolid:
          if let (fx0, fx1) = solidInterior(d, y: yc, xs: xs, xe: xe) {
            generalRow(Bytes.self, d, nil, levels, base, row: &row, y: yc, xs: xs, xe: fx0)
            fillSolid(&row, fx0, fx1, d.color)
            generalRow(Bytes.self, d, nil, levels, base, row: &row, y: yc, xs: fx1, xe: xe)
          } else {
            generalRow(Bytes.self, d, nil, levels, base, row: &row, y: yc, xs: xs, xe: xe)
          }
        case .solidMask:
          solidMaskRow(d, row: &row, y: y, xs: xs, xe: xe)
        case .perspectiveImage(let nearest):
          perspectiveImageRow(d, nearest: nearest, mapping!, levels, base, row: &row, y: yc, xs: xs, xe: xe)
        case .general:
          generalRow(Bytes.self, d, mapping, levels, base, row: &row, y: yc, xs: xs, xe: xe)
        }
      }
    }
  }

  /// The pixels of row `yc` that the convex polygon may touch, padded by one pixel so that
  /// the per-pixel test (and anti-aliasing) decides at the edges. With a `reach`, the
  /// polygon's extent over the rows `yc ± reach` (the part of each edge in that band),
  /// so that an anti-aliased edge's ramp outside the outline is drawn too (strata-fuzz seed
  /// 906: the row just below a nearly horizontal edge was drawn only near a vertex).
  @inline(__always)
  func span(_ poly: [(Float, Float)], _ yc: Float, _ bx0: Int, _ bx1: Int, reach: Float = 0) -> (Int, Int)? {
    var lo = Float.infinity, hi = -Float.infinity
    var j = poly.count - 1
    if reach > 0 {
      let ya = yc - reach, yb = yc + reach
      for i in 0..<poly.count {
        let (ax, ay) = poly[j], (bx, by) = poly[i]
        j = i
        guard max(ay, by) >= ya, min(ay, by) <= yb else { continue }
        if ay == by {
          lo = min(lo, ax, bx); hi = max(hi, ax, bx)
          continue
        }
        // The edge's ends clamped into the band, on the edge (x is linear in y).
        let s = (bx - ax) / (by - ay)
        let xa = ax + (min(max(ay, ya), yb) - ay) * s, xb = ax + (min(max(by, ya), yb) - ay) * s
        lo = min(lo, xa, xb); hi = max(hi, xa, xb)
      }
    } else {
      for i in 0..<poly.count {
        let (ax, ay) = poly[j], (bx, by) = poly[i]
        if (ay <= yc) != (by <= yc) {
          let x = ax + (yc - ay) * (bx - ax) / (by - ay)
          lo = min(lo, x); hi = max(hi, x)
        }
        j = i
      }
    }
    // Rows that only graze a vertex still get the padded neighbourhood.
    if lo > hi {
      for (px, py) in poly where abs(py - yc) <= 1 { lo = min(lo, px); hi = max(hi, px) }
      if lo > hi { return nil }
    }
    return Self.paddedSpan(lo, hi, bx0, bx1)
  }

  /// The pixels whose centres lie within a pixel of `lo...hi` (device x), inside
  /// `bx0..<bx1`: the last step of `span`, shared with `spriteRows`.
  @inline(__always)
  static func paddedSpan(_ lo: Float, _ hi: Float, _ bx0: Int, _ bx1: Int) -> (Int, Int)? {
    let xs = max(bx0, Int(saturating: ExactRounding.ceil(lo - 0.5)) - 1)
    let xe = min(bx1, Int(saturating: ExactRounding.ceil(hi - 0.5)) + 1)
    return xs < xe ? (xs, xe) : nil
  }

  /// The pixels of row `y` that an axis-aligned solid rounded rectangle covers fully:
  /// inside its straight edges and at least a pixel away from its corner arcs.
  @inline(__always)
  func solidInterior(_ d: PreparedDraw, y: Float, xs: Int, xe: Int) -> (Int, Int)? {
    let i = d.inv
    let v = i.4 * y + i.5
    guard v >= d.y0, v < d.y1, i.0 != 0 else { return nil }
    let top = v < (d.y0 + d.y1) * 0.5
    let rl = top ? d.radii[0] : d.radii[2], rr = top ? d.radii[1] : d.radii[3]
    // Coverage is 1 where the pixel centre lies half a pixel inside the arc: the circle
    // shrunk by that much (plus a little for rounding) bounds the fast run. Half a pixel
    // is `0.5 · |i.0|` layer units across x (`i.0` is du/dx, layer units per pixel; the
    // map has no rotation here), `0.5 · |i.4|` across y. (The reciprocal, pixels per
    // unit, was used before: right at scale 1, too small a margin below it, so at scale
    // 0.5 pixels of the arc's ramp were filled as fully covered; fuzz seeds 783 and 582.)
    let m = 0.51 * max(abs(i.0), abs(i.4))
    func inset(_ r: Float) -> Float {
      guard r > 0 else { return 0 }
      let dy = top ? (d.y0 + r) - v : v - (d.y1 - r)
      guard dy > 0 else { return 0 }
      let rs = r - m
      guard rs > dy else { return r }
      return r - (rs * rs - dy * dy).squareRoot()
    }
    let ua = d.x0 + inset(rl), ub = d.x1 - inset(rr)
    guard ub > ua else { return nil }
    // Pixel x is inside when u(x + 0.5) = i.0 (x + 0.5) + i.2 lies in [ua, ub).
    var a = (ua - i.2) / i.0 - 0.5, b = (ub - i.2) / i.0 - 0.5
    if i.0 < 0 { swap(&a, &b) }
    let fx0 = max(xs, Int(saturating: ExactRounding.ceil(a))), fx1 = min(xe, Int(saturating: ExactRounding.ceil(b)))
    return fx0 < fx1 ? (fx0, fx1) : nil
  }

  /// Fills whole pixels (device x `x0..<x1`) of `row` with a premultiplied colour (0…255):
  /// a store when opaque.
  @inline(__always)
  func fillSolid(_ row: inout MutableSpan<SIMD4<UInt8>>, _ x0: Int, _ x1: Int, _ c: SIMD4<Float>) {
    let origin = surface.bounds.x0
    if c.w >= 254.5 {
      let v = PixelMath.bytes(c), a = x0 - origin, b = x1 - origin
      // Checked once here, so the loop stores without a check per pixel (and vectorises).
      precondition(a >= 0 && a <= b && b <= row.count, "run outside the row")
      for i in a..<b { row[i] = v }
    } else {
      for x in x0..<x1 { blend(&row, x - origin, c) }
    }
  }

  /// Hard-edged, unclipped image in an affine plane with one filter: the S1 and shadow
  /// path. Texel coordinates step in 48.16 fixed point (`Int64`: 32 bits would overflow
  /// past texel 32768); bilinear weights have 8 bits (as GPUs' filtering units), and the
  /// blend is integer source-over.
  ///
  /// Returns false, having drawn nothing, when the row's texel coordinates leave the fixed
  /// point's range (±2^40 texels, far outside any image): `generalRow` then draws it with
  /// float coordinates, which clamp to the edge at any distance.
  @inline(__always)
  func plainImageRow(
    _ d: PreparedDraw, nearest: Bool, _ t: TexelMapping, _ lv: LevelSize, _ px: Span<SIMD4<UInt8>>,
    row dst: inout MutableSpan<SIMD4<UInt8>>, y: Float, xs: Int, xe: Int
  ) -> Bool {
    let origin = surface.bounds.x0
    let w = lv.width, h = lv.height
    let i = d.inv
    let occluder = d.occluder
    let opacity = UInt16(ExactRounding.round(d.opacity * 255))
    _ = occluder
    // A tint scales a shadow mask's alpha into the colour; a sprite's colour tint
    // multiplies every channel (`colourTint`).
    let colourTint = d.tintsColour
    let tinted = t.tint != .one && !colourTint
    let tint = WidePixel.widen(PixelMath.bytes(t.tint * 255))
    guard let (first, last, cu, cv) = Self.insideRun(d, y: y, xs: xs, xe: xe) else { return true }
    // An axis-aligned occluder hides a run of the row: skip it whole.
    var skip0 = last, skip1 = last
    var perPixelOccluder = occluder
    if let o = occluder, i.1 == 0, i.3 == 0, i.0 != 0 {
      perPixelOccluder = nil
      let v = cv
      if v >= o.y0 && v < o.y1 {
        let top = v < (o.y0 + o.y1) * 0.5
        let rl = top ? o.radii[0] : o.radii[2], rr = top ? o.radii[1] : o.radii[3]
        func inset(_ r: Float) -> Float {
          guard r > 0 else { return 0 }
          let dy = top ? (o.y0 + r) - v : v - (o.y1 - r)
          guard dy > 0 else { return 0 }
          return r - max(0, r * r - dy * dy).squareRoot()
        }
        var a = (o.x0 + inset(rl) - cu) / i.0 - 0.5, b = (o.x1 - inset(rr) - cu) / i.0 - 0.5
        if i.0 < 0 { swap(&a, &b) }
        // Whole pixels strictly inside (one pixel of margin for the arcs' rounding).
        skip0 = max(first, Int(saturating: ExactRounding.ceil(a)) + 1)
        skip1 = min(last, Int(saturating: ExactRounding.ceil(b)) - 1)
        if skip0 >= skip1 { skip0 = last; skip1 = last }
      }
    }
    guard let start = Self.fixedPointTexels(d, t, nearest: nearest, cu: cu, cv: cv, first: first, last: last) else {
      return false
    }
    var (s, tt) = (start.s, start.t)
    let (ds, dt) = (start.ds, start.dt)
    let maxX = Int64(w) - 1, maxY = Int64(h) - 1
    // Texel indices are `Int`: an image may hold more than 2^31 texels.
    let rowPixels = Int(w)
    if tinted && !nearest && perPixelOccluder == nil {
      // A shadow mask: only the alpha channel matters (every channel holds it); filtered
      // alone, the tint scaled by it, two pixels blended at a time, around the occluded run.
      maskPairs(
        first, skip0, s: &s, t: &tt, ds: ds, dt: dt, px, rowPixels: rowPixels, maxX: maxX, maxY: maxY,
        tint: tint, opacity: opacity, row: &dst, origin: origin)
      if skip0 < last {
        s &+= ds &* Int64(skip1 - skip0); tt &+= dt &* Int64(skip1 - skip0)
        maskPairs(
          skip1, last, s: &s, t: &tt, ds: ds, dt: dt, px, rowPixels: rowPixels, maxX: maxX, maxY: maxY,
          tint: tint, opacity: opacity, row: &dst, origin: origin)
      }
      return true
    }
    if tinted && !nearest {
      // A shadow mask with a per-pixel occluder: the same, one pixel at a time.
      var x = first
      while x < last {
        if x == skip0 {
          s &+= ds &* Int64(skip1 - skip0); tt &+= dt &* Int64(skip1 - skip0)
          x = skip1
          continue
        }
        let (s0, t0) = (s, tt)
        s &+= ds; tt &+= dt
        let o = x &- origin
        x += 1
        if let oc = perPixelOccluder {
          let X = Float(x - 1) + 0.5
          if Self.inside(i.0 * X + cu, i.3 * X + cv, oc.x0, oc.y0, oc.x1, oc.y1, oc.radii) { continue }
        }
        // The pair loop's alpha, one pixel at a time (the same taps and rounding).
        let a = Self.maskAlpha(s0, t0, px, rowPixels, maxX, maxY, opacity)
        if a == 0 { continue }
        let c = WidePixel.mul255(tint, a)
        if c == .zero { continue }
        dst[o] = WidePixel.narrow(c.w == 255 ? c : WidePixel.over(c, WidePixel.widen(dst[o])))
      }
      return true
    }
    if !nearest && !tinted && perPixelOccluder == nil {
      // Two pixels at a time (`bilinearPairs`), around the occluded run if any.
      let k: WidePixel.Pair? = colourTint ? WidePixel.Pair(lowHalf: tint, highHalf: tint) : nil
      bilinearPairs(
        first, skip0, s: &s, t: &tt, ds: ds, dt: dt, px, rowPixels: rowPixels, maxX: maxX, maxY: maxY,
        colourTint: k, opacity: opacity, row: &dst, origin: origin)
      if skip0 < last {
        s &+= ds &* Int64(skip1 - skip0); tt &+= dt &* Int64(skip1 - skip0)
        bilinearPairs(
          skip1, last, s: &s, t: &tt, ds: ds, dt: dt, px, rowPixels: rowPixels, maxX: maxX, maxY: maxY,
          colourTint: k, opacity: opacity, row: &dst, origin: origin)
      }
      return true
    }
    var x = first
    while x < last {
      if x == skip0 {
        s &+= ds &* Int64(skip1 - skip0); tt &+= dt &* Int64(skip1 - skip0)
        x = skip1
        continue
      }
      if let o = perPixelOccluder {
        let X = Float(x) + 0.5
        if Self.inside(i.0 * X + cu, i.3 * X + cv, o.x0, o.y0, o.x1, o.y1, o.radii) {
          s &+= ds; tt &+= dt; x += 1
          continue
        }
      }
      var c: WidePixel.Lanes
      let ix = s >> 16, iy = tt >> 16
      if nearest {
        // Exact float coordinates: nearest sampling must not drift across texel edges.
        let X = Float(x) + 0.5
        let u = i.0 * X + cu, v = i.3 * X + cv
        let cx = Sampling.nearest(t.a * u + t.c * v + t.tx, size: w), cy = Sampling.nearest(t.b * u + t.d * v + t.ty, size: h)
        c = WidePixel.widen(px[Int(cy) &* rowPixels &+ Int(cx)])
      } else {
        let fx = UInt16(truncatingIfNeeded: (s >> 8) & 0xFF), fy = UInt16(truncatingIfNeeded: (tt >> 8) & 0xFF)
        let x0 = min(max(ix, 0), maxX), x1 = min(max(ix &+ 1, 0), maxX)
        let y0 = min(max(iy, 0), maxY), y1 = min(max(iy &+ 1, 0), maxY)
        let r0 = Int(y0) &* rowPixels, r1 = Int(y1) &* rowPixels
        let a = WidePixel.widen(px[r0 &+ Int(x0)])
        let b = WidePixel.widen(px[r0 &+ Int(x1)])
        let cc = WidePixel.widen(px[r1 &+ Int(x0)])
        let dd = WidePixel.widen(px[r1 &+ Int(x1)])
        c = WidePixel.lerp(WidePixel.lerp(a, b, fx), WidePixel.lerp(cc, dd, fx), fy)
      }
      s &+= ds; tt &+= dt
      let o = x &- origin
      x += 1
      if tinted { c = WidePixel.mul255(tint, c.w) }
      if colourTint { c = WidePixel.mul255(c, tint) }
      if opacity < 255 { c = WidePixel.mul255(c, opacity) }
      if c == .zero { continue }
      dst[o] = WidePixel.narrow(c.w == 255 ? c : WidePixel.over(c, WidePixel.widen(dst[o])))
    }
    return true
  }

  /// A coverage mask tinted with a solid colour, unclipped (a shape's fill or stroke): the
  /// mask's bytes are its coverage, so no pixel needs the map or the rectangle's coverage.
  /// The same arithmetic as `generalRow` (tint × byte / 255, source-over), so the result is
  /// the same; pixels with no coverage are skipped.
  @inline(__always)
  func solidMaskRow(_ d: PreparedDraw, row: inout MutableSpan<SIMD4<UInt8>>, y: Int, xs: Int, xe: Int) {
    guard let m = d.mask, m.width > 0 else { return }
    let r = y - m.originY
    guard r >= 0, r < m.bytes.count / m.width else { return }
    let a = max(xs, m.originX), b = min(xe, m.originX + m.width)
    guard a < b else { return }
    let origin = surface.bounds.x0, color = d.color, start = r * m.width - m.originX
    let bytes = m.bytes.span
    // Most of a shape's box is empty (a stroke's inside, a fill's corners): eight bytes are
    // tested at once and an empty word is passed over whole. `bytes` is the byte view of a
    // bounds-checked span (marked unsafe, the load still checks its range).
    let raw = unsafe bytes.bytes
    // A fully covered pixel's source is the colour itself (255 · (1/255) is exactly 1 in
    // `Float`), so eight of them in a row are blended with the factor computed once here,
    // or stored when the colour is opaque (the factor is then 0): the same bytes as `blend`.
    let keep = 1 - color.w * (1 / 255), opaque = color.w == 255, solid = PixelMath.bytes(color)
    var x = a
    while x + 8 <= b {
      let word = unsafe raw.unsafeLoadUnaligned(fromByteOffset: start + x, as: UInt64.self)
      if word == UInt64.max {
        let o = x - origin
        if opaque {
          for k in 0..<8 { row[o + k] = solid }
        } else {
          for k in 0..<8 { row[o + k] = PixelMath.bytes(color + Self.float4(row[o + k]) * keep) }
        }
      } else if word != 0 {
        for k in 0..<8 {
          let byte = bytes[start + x + k]
          if byte != 0 { blend(&row, x + k - origin, color * (Float(byte) * (1 / 255))) }
        }
      }
      x += 8
    }
    while x < b {
      let byte = bytes[start + x]
      if byte != 0 { blend(&row, x - origin, color * (Float(byte) * (1 / 255))) }
      x += 1
    }
  }

  /// The per-pixel path: coverage of the shape, clips, ring and shadow, then the paint
  /// (the image through `texture`, `levels` and `base`, else the solid colour).
  func generalRow<Sink: PixelSink>(
    _ sink: Sink.Type, _ d: PreparedDraw, _ texture: TexelMapping?, _ levels: Span<TextureLevel>,
    _ base: Span<SIMD4<UInt8>>, row: inout MutableSpan<Sink.Pixel>, origin: Int? = nil, y: Float, xs: Int, xe: Int
  ) {
    let i = d.inv
    // Device x less `origin` indexes `row` (the surface's x0 for its own rows).
    let origin = origin ?? surface.bounds.x0
    let needsJacobian = d.softEdges != 0 || d.hasRadii || d.ring != nil || texture?.needsLevelOfDetail == true
      || d.polygonEdges.contains { $0.w != 0 }
    let clips = d.clips, ring = d.ring, shadow = d.shadow, occluder = d.occluder, gradient = d.gradient
    // Held here: a span of the class's array would outlive the array read out of it.
    let polygonEdges = d.polygonEdges
    let edges = polygonEdges.span
    let iy = Int(y)
    for x in xs..<xe {
      let X = Float(x) + 0.5
      guard let (u, v, w) = Projection.unproject(i.0, i.1, i.2, i.3, i.4, i.5, i.6, i.7, i.8, x: X, y: y) else { continue }
      // Affine maps are normalised (w = 1): their Jacobian is the constant linear part.
      var j = Coverage.Jacobian(dudx: i.0, dudy: i.1, dvdx: i.3, dvdy: i.4)
      if needsJacobian && !d.isAffine { j = Coverage.Jacobian(i.0, i.1, i.3, i.4, i.6, i.7, u: u, v: v, w: w) }
      if let o = occluder, Self.inside(u, v, o.x0, o.y0, o.x1, o.y1, o.radii) { continue }
      var cov = Coverage.roundedRect(
        u: u, v: v, x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1, radii: d.radii, softEdges: d.softEdges, jacobian: j,
        continuous: d.continuous)
      if cov <= 0 { continue }
      if let s = shadow {
        let corner = Coverage.corner(u: u, v: v, x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, radii: s.radii).radius
        cov *= ShadowMath.roundedBoxShadow(px: u, py: v, x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, corner: corner, sigma: s.sigma)
        if cov <= 0 { continue }
      }
      if let m = d.mask {
        // The mask's plane is its pixel grid: pixel x of the row reads byte x − originX.
        cov *= Float(m.bytes[(iy - m.originY) * m.width + (x - m.originX)]) * (1 / 255)
        if cov <= 0 { continue }
      }
      if !edges.isEmpty {
        cov *= Coverage.convexPolygon(u: u, v: v, edges: edges, jacobian: j)
        if cov <= 0 { continue }
      }
      if let r = ring {
        let inner = Coverage.roundedRect(
          u: u, v: v, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, radii: r.radii, softEdges: 15, jacobian: j,
          continuous: d.continuous)
        cov *= 1 - inner
        if cov <= 0 { continue }
      }
      for c in clips {
        cov *= c.coverage(X, y)
        if cov <= 0 { break }
      }
      if cov <= 0 { continue }
      let src: SIMD4<Float>
      if let t = texture {
        src = sample(t, levels, base, u: u, v: v, jacobian: j) * t.tint * (d.opacity * cov)
      } else if let g = gradient {
        src = g.color(u: u, v: v) * (255 * d.opacity * cov)
      } else {
        src = d.color * cov
      }
      Sink.put(&row, x - origin, src)
    }
  }

  /// The image's colour at layer point `(u, v)`: level 0 with the magnification filter
  /// where the image is magnified (level of detail at most 0), else the minification
  /// filter; trilinear blends the two levels `Sampling.mipLevels` picks. The GPU does the
  /// same in `Shaders/draw.frag` (`sampleImage`).
  ///
  /// `base` is the texels of `levels[0]`.
  @inline(__always)
  func sample(
    _ t: TexelMapping, _ levels: Span<TextureLevel>, _ base: Span<SIMD4<UInt8>>, u: Float, v: Float, jacobian j: Coverage.Jacobian
  ) -> SIMD4<Float> {
    let s = t.a * u + t.c * v + t.tx, tt = t.b * u + t.d * v + t.ty
    let lv = levels[0].size
    if !t.needsLevelOfDetail {
      return t.magFilter == .nearest ? TextureSampler.nearest(base, lv, s, tt) : TextureSampler.bilinear(base, lv, s, tt)
    }
    let lod = Sampling.levelOfDetail(texelsPerPixel: t.footprint(j), bias: t.bias)
    if lod <= 0 {
      return t.magFilter == .nearest
        ? TextureSampler.nearest(base, lv, s, tt)
        : TextureSampler.bilinear(base, lv, s, tt)
    }
    switch t.minFilter {
    case .nearest:
      return TextureSampler.nearest(base, lv, s, tt)
    case .linear:
      return TextureSampler.bilinear(base, lv, s, tt)
    case .trilinear:
      let (i0, i1, f) = Sampling.mipLevels(lod: lod, count: levels.count)
      let ca = TextureSampler.bilinear(levels[i0].texels.span, levels[i0].size, s, tt)
      if f == 0 || i1 == i0 { return ca }
      let cb = TextureSampler.bilinear(levels[i1].texels.span, levels[i1].size, s, tt)
      return ca + (cb - ca) * f
    }
  }

  /// Whether `(u, v)` lies inside a rounded rectangle (circular corners, no anti-aliasing).
  @inline(__always)
  static func inside(_ u: Float, _ v: Float, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ radii: SIMD4<Float>) -> Bool {
    Coverage.insideRoundedRect(u: u, v: v, x0: x0, y0: y0, x1: x1, y1: y1, radii: radii)
  }

  /// Premultiplied source-over of `src` (0…255, each colour at most alpha) onto pixel `i`
  /// of `row` (`Bytes.put`).
  @inline(__always)
  func blend(_ row: inout MutableSpan<SIMD4<UInt8>>, _ i: Int, _ src: SIMD4<Float>) { Bytes.put(&row, i, src) }
}

extension PreparedDraw {
  /// Which row loop draws it; decided once per draw (`path`), not per row.
  enum RowPath: Sendable {
    /// Hard-edged, unclipped image in an affine plane with one filter (`nearest` or linear).
    case plainImage(nearest: Bool)
    /// A solid rounded rectangle whose plane maps to the device without rotation: rows of
    /// its interior are filled without per-pixel coverage.
    case axisAlignedSolid
    /// A coverage mask tinted with a solid colour, source-over and unclipped.
    case solidMask
    /// Hard-edged, unclipped, source-over image in a perspective plane with one filter
    /// (`nearest` or linear, no level of detail): eight pixels unprojected at once.
    case perspectiveImage(nearest: Bool)
    case general
  }

  static func rowPath(_ d: PreparedDraw) -> RowPath {
    if d.mask != nil, d.texture == nil, d.gradient == nil, d.polygonEdges.isEmpty, !d.additive, !d.tintsColour,
      d.clips.isEmpty, d.ring == nil, d.shadow == nil, d.occluder == nil, !d.hasRadii, d.softEdges == 0
    {
      return .solidMask
    }
    if d.mask != nil || d.gradient != nil || !d.polygonEdges.isEmpty { return .general }
    // Plus-lighter images that are not alpha-tinted masks (sprites) are summed by the image
    // loop's sum form (`plainImageSumRow`); other plus-lighter draws by the general loop.
    let maskTint = d.texture.map { $0.mapping.tint != .one } == true && !d.tintsColour
    if d.additive && (d.texture == nil || maskTint || d.occluder != nil) { return .general }
    if let t = d.texture?.mapping, !d.isAffine, !d.additive, !t.needsLevelOfDetail, !d.hasRadii, d.ring == nil,
      d.shadow == nil, d.occluder == nil, d.softEdges == 0, d.clips.isEmpty, t.magFilter != .trilinear
    {
      return .perspectiveImage(nearest: t.magFilter == .nearest)
    }
    if let t = d.texture?.mapping {
      guard d.isAffine, !d.hasRadii, d.ring == nil, d.shadow == nil, d.softEdges == 0, d.clips.isEmpty else { return .general }
      let j = Coverage.Jacobian(dudx: d.inv.0, dudy: d.inv.1, dvdx: d.inv.3, dvdy: d.inv.4)
      let lod = Sampling.levelOfDetail(texelsPerPixel: t.footprint(j), bias: t.bias)
      let f = lod <= 0 ? t.magFilter : t.minFilter
      return f == .trilinear ? .general : .plainImage(nearest: f == .nearest)
    }
    let aligned = d.isAffine && d.inv.1 == 0 && d.inv.3 == 0 && d.ring == nil && d.shadow == nil
      && d.occluder == nil && d.softEdges == 0 && d.clips.isEmpty && !d.continuous
    return aligned ? .axisAlignedSolid : .general
  }
}
