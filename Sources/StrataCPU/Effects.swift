import StrataPath
import Strata
import StrataRender

/// The offscreen-group operations of the CPU renderer: masks, filters, shadows, backdrops
/// and compositing with opacity, blend mode and clip.
enum Effects {
  /// Coverage of the clip chain starting at `index` at the centre of pixel `(x, y)`.
  @inline(__always)
  static func clipCoverage(_ index: Int?, _ x: Int, _ y: Int, _ clips: [PreparedClip?]) -> Float {
    var c: Float = 1
    var i = index
    while let k = i, let clip = clips[k] {
      if clip.isPixelAligned {
        if !clip.contains(x, y) { return 0 }
      } else {
        c *= clip.coverage(Float(x) + 0.5, Float(y) + 0.5)
        if c <= 0 { return 0 }
      }
      i = clip.parent
    }
    return c
  }

  /// Multiplies `layer` by what `mask` (same bounds) lets through in `mode`
  /// (`MaskMath.weight`).
  static func applyMask(_ layer: Surface, _ mask: Surface, mode: MaskMode) {
    precondition(layer.bounds == mask.bounds, "a mask covers its layer's pixels")
    parallelRows(layer.bounds) { y in
      // Two surfaces; each worker borrows only its own rows of them.
      unsafe mask.readRow(y) { m in
        unsafe layer.withRow(y) { l in
          if mode == .alpha {
            for x in 0..<l.count {
              let a = Float(m[x].w) / 255
              l[x] = PixelMath.bytes(SIMD4<Float>(l[x]) * a)
            }
          } else {
            for x in 0..<l.count {
              let a = MaskMath.weight(mode, SIMD4<Float>(m[x]) / 255)
              l[x] = PixelMath.bytes(SIMD4<Float>(l[x]) * a)
            }
          }
        }
      }
    }
  }

  static func filter(_ f: DeviceFilter, _ s: Surface) {
    var img = FloatImage(s, s.bounds)
    switch f {
    case .blur(let sigma): img.blur(sigma: sigma)
    case .colorMatrix(let m): img.colorMatrix(m)
    }
    img.store(into: s, at: s.bounds)
  }

  /// Composites the shadow of `layer`'s alpha into `parent`: blurred, offset, coloured.
  static func shadow(_ s: GroupShadow, from layer: Surface, into parent: Surface, clips: [PreparedClip?], cache: ShadowCache) {
    let target = s.bounds.intersection(parent.bounds)
    guard !target.isEmpty else { return }
    let blurred = cache.alpha(s.cacheKey, target) { blurredAlpha(s, from: layer, target) }
    let color = SIMD4<Float>(Float(s.color.red), Float(s.color.green), Float(s.color.blue), Float(s.color.alpha)) * 255
    let w = blurred.width
    let origin = parent.bounds.x0
    parallelRows(target) { y in
      // Each worker borrows only its own rows.
      unsafe parent.withRow(y) { row in
        for x in target.x0..<target.x1 {
          var a = blurred.pixels[(y - target.y0) * w + (x - target.x0)].w
          if a <= 0 { continue }
          a *= clipCoverage(s.clip, x, y, clips)
          if a <= 0 { continue }
          blendOver(&row, x - origin, color * a)
        }
      }
    }
  }

  /// The group's alpha placed at the shadow's offset and blurred, over `target`.
  static func blurredAlpha(_ s: GroupShadow, from layer: Surface, _ target: PixelBounds) -> FloatImage {
    let ox = Int(saturating: s.dx.rounded(.down)), oy = Int(saturating: s.dy.rounded(.down))
    let fx = Float(s.dx - Double(ox)), fy = Float(s.dy - Double(oy))
    var alpha = FloatImage(width: target.x1 - target.x0, height: target.y1 - target.y0)
    for y in target.y0..<target.y1 {
      for x in target.x0..<target.x1 {
        // Bilinear in the source for the fractional offset.
        func a(_ sx: Int, _ sy: Int) -> Float {
          guard sx >= layer.bounds.x0, sx < layer.bounds.x1, sy >= layer.bounds.y0, sy < layer.bounds.y1 else { return 0 }
          // Read on this thread only, after the layer was drawn.
          return Float(unsafe layer.pixel(sx, sy).w) / 255
        }
        let sx = x - ox, sy = y - oy
        let top = a(sx, sy) * (1 - fx) + a(sx - 1, sy) * fx
        let bottom = a(sx, sy - 1) * (1 - fx) + a(sx - 1, sy - 1) * fx
        let v = top * (1 - fy) + bottom * fy
        alpha.pixels[(y - target.y0) * alpha.width + (x - target.x0)] = SIMD4(repeating: v)
      }
    }
    alpha.blur(sigma: s.sigma)
    return alpha
  }

  /// Composites `layer` into `parent` with opacity, blend mode and clip.
  static func composite(_ layer: Surface, into parent: Surface, opacity: Float, mode: BlendMode, clip: Int?, clips: [PreparedClip?]) {
    let b = layer.bounds.intersection(parent.bounds)
    guard !b.isEmpty, opacity > 0 else { return }
    let lx = layer.bounds.x0, px = parent.bounds.x0
    parallelRows(b) { y in
      // Two surfaces; each worker borrows only its own rows of them.
      unsafe layer.readRow(y) { source in
        unsafe parent.withRow(y) { row in
          for x in b.x0..<b.x1 {
            var src = SIMD4<Float>(source[x - lx])
            if src.w <= 0 && mode != .plusLighter { continue }
            var k = opacity
            if clip != nil {
              k *= clipCoverage(clip, x, y, clips)
              if k <= 0 { continue }
            }
            src *= k
            if mode == .sourceOver {
              blendOver(&row, x - px, src)
            } else {
              let dst = SIMD4<Float>(row[x - px]) / 255
              let out = BlendMath.blend(mode, src: src / 255, dst: dst) * 255
              row[x - px] = PixelMath.bytes(out.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
            }
          }
        }
      }
    }
  }

  /// Filters what `surface` holds behind a layer and puts it back inside the layer's shape.
  static func backdrop(_ b: Backdrop, surface: Surface, clips: [PreparedClip?]) {
    let read = b.readBounds.intersection(surface.bounds)
    let area = b.bounds.intersection(read)
    guard !area.isEmpty else { return }
    var img = FloatImage(surface, read)
    for f in b.filters {
      switch f {
      case .blur(let s): img.blur(sigma: s)
      case .colorMatrix(let m): img.colorMatrix(m)
      }
    }
    let shape = PreparedClip(
      ClipShape(map: b.map, rect: b.rect, radii: b.radii, curve: b.radii.continuous ? .continuous : .circular,
                parent: nil, deviceBounds: area, isPixelAligned: false))
    let origin = surface.bounds.x0
    for y in area.y0..<area.y1 {
      // One thread, one row at a time.
      unsafe surface.withRow(y) { row in
        for x in area.x0..<area.x1 {
          var c = shape.coverage(Float(x) + 0.5, Float(y) + 0.5)
          if c <= 0 { continue }
          c *= clipCoverage(b.clip, x, y, clips)
          if c <= 0 { continue }
          let old = SIMD4<Float>(row[x - origin])
          let new = img.pixels[(y - read.y0) * img.width + (x - read.x0)] * 255
          let v = (old + (new - old) * c).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
          row[x - origin] = PixelMath.bytes(v)
        }
      }
    }
  }

  /// Premultiplied source-over of `src` (0…255) onto pixel `i` of `row`.
  @inline(__always)
  static func blendOver(_ row: inout MutableSpan<SIMD4<UInt8>>, _ i: Int, _ src: SIMD4<Float>) {
    let dst = SIMD4<Float>(row[i])
    let out = src + dst * (1 - src.w * (1 / 255))
    row[i] = PixelMath.bytes(out.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
  }
}

extension PreparedClip {
  /// For pixel-aligned clips: whether pixel `(x, y)` lies in the clip's box.
  @inline(__always)
  func contains(_ x: Int, _ y: Int) -> Bool {
    x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1
  }
}
